/**
 * Send Message on a lawyer profile (spec §2 "Lawyer profile", §3 "CustomerMessage"; issue 4): a
 * button that opens a form (name, email, optional phone, subject, message) stored as a
 * CustomerMessage for the lawyer's inbox.
 */

/** The lawyer the message goes to, and the signed-in user's name and email to prefill. */
export interface SendMessageButtonProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { name: string; email: string } | null;
}

/** Send Message button and its dialog; renders nothing until issue 4 builds it. */
export function SendMessageButton(props: SendMessageButtonProps) {
  void props;
  return null;
}
