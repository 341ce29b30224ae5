/** The listings domain's expected failure (issue 3 "Lawyer onboarding"). */
import type { ListingFieldErrors } from "../../lib/listing-owner.ts";
import { AccountError } from "../accounts/service.ts";

/**
 * An expected failure of the listings service: an HTTP status (400, 403, 404, 409, 413, 422,
 * 429), the message shown to the user and, for invalid input, the message per form field.
 * Extends AccountError so a handler that answers AccountError as JSON `{ message }` answers this
 * one too; server/api/listings.ts answers it itself with `{ message, errors? }`.
 */
export class ListingError extends AccountError {
  /** Message per form field (invalid input only). */
  readonly fields: ListingFieldErrors | undefined;

  constructor(
    status: AccountError["status"],
    message: string,
    fields?: ListingFieldErrors,
    retryAfterSeconds?: number,
  ) {
    super(status, message, fields ? Object.keys(fields)[0] : undefined, retryAfterSeconds);
    this.name = "ListingError";
    this.fields = fields;
  }
}
