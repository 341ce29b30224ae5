import { type FormResult, formFailureOf } from "../../form-result";

/**
 * The review forms' failure shape (issue 16 §1): what the dashboard's and the back office's
 * review actions answer, already in the page's language, with what was typed.
 */

/** A failed review form (app/form-result.ts FormResult, the one shape, issue 30): which form (`intent:reviewId`), the message, each field's message, the values typed. */
export interface ReviewActionFailure extends FormResult {
  ok: false;
  formId: string;
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** The failure in `actionData`, if it is one. */
export function reviewFailureOf(actionData: unknown): ReviewActionFailure | null {
  return formFailureOf<ReviewActionFailure>(actionData);
}
