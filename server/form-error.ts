/**
 * An expected failure of a form-like write (Send Message, the contact form; issue 4) with the
 * message of each invalid field. Extends AccountError, so the app's error handler (server/app.ts)
 * answers it as JSON `{ message, field? }` with its 4xx status and, for 429, `Retry-After`.
 */
import { AccountError } from "./accounts/service.ts";

/** `fields`: message per form field (invalid input only); `field` is the first of them. */
export class FormError extends AccountError {
  /** Message per form field (invalid input only). */
  readonly fields: Record<string, string> | undefined;

  constructor(
    status: AccountError["status"],
    message: string,
    fields?: Record<string, string>,
    retryAfterSeconds?: number,
  ) {
    super(status, message, fields ? Object.keys(fields)[0] : undefined, retryAfterSeconds);
    this.name = "FormError";
    this.fields = fields;
  }
}
