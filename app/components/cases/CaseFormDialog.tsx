/**
 * Submit Case on a lawyer profile (spec §2 "Case form dialog", §4 "Case form", §5, §8, §9; issue 4
 * "Case submission"): a button that opens the dialog titled Legal Case Management.
 */

/** The lawyer the case goes to, and the signed-in client's name and email to prefill. */
export interface SubmitCaseButtonProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { clientName: string; clientEmail: string } | null;
}

/** Submit Case button and its dialog; renders nothing until issue 4 builds it. */
export function SubmitCaseButton(props: SubmitCaseButtonProps) {
  void props;
  return null;
}
