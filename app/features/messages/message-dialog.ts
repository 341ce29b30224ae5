/**
 * The Send Message dialog's way to the server (issue 30: one path for the message form): the
 * dialog posts with a fetcher to the same lawyer route action as the in-page form (issue 13 §4),
 * with `?dialog=1` on the action's address. The action then answers the dialog with data instead
 * of the in-page form's redirect (a fetcher would follow a redirect away from the dialog), the
 * profile does not reload after it, and a post that cannot reach the server comes back to the
 * dialog as the spec's failure text instead of replacing the page with the error boundary.
 */
import { isRouteErrorResponse } from "react-router";
import { msg } from "../../../lib/i18n/message.ts";
import type { CustomerMessageField } from "../../../lib/messages.ts";

/** The search parameter that marks a post from the dialog. */
const DIALOG_PARAM = "dialog";

/** The address the dialog posts to: the profile `/lawyer/{lawyerId}` (localize it) with `?dialog=1`. */
export function messageDialogAction(lawyerId: number): string {
  return `/lawyer/${lawyerId}?${DIALOG_PARAM}=1`;
}

/** True when `url` (absolute, or a path as React Router's `formAction`) is a post from the dialog. */
export function isMessageDialogPost(url: string | undefined): boolean {
  if (!url) return false;
  return new URL(url, "http://localhost").searchParams.has(DIALOG_PARAM);
}

/** The action's answer to the dialog: sent, or the message and each field's error (catalog references or text). */
export type MessageDialogAnswer =
  | { intent: "message"; sent: true }
  | {
      intent: "message";
      message: string;
      fieldErrors: Partial<Record<CustomerMessageField, string>>;
    };

/** The answer when the post did not reach the server (offline, a proxy's error page): the spec's failure text. */
const UNREACHABLE: MessageDialogAnswer = {
  intent: "message",
  message: msg("messages:failureBody"),
  fieldErrors: {},
};

/**
 * The lawyer route's client action: every post goes to the server action unchanged
 * (`serverAction`); for a dialog post (`request.url` with `?dialog=1`) a failure to reach the
 * server answers UNREACHABLE. Redirects and error responses the server sends are passed on.
 */
export async function messageDialogClientAction<T>(
  request: Request,
  serverAction: () => Promise<T>,
): Promise<T | MessageDialogAnswer> {
  if (!isMessageDialogPost(request.url)) return serverAction();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return UNREACHABLE;
  }
}
