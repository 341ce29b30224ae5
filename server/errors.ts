/**
 * The one hierarchy of expected failures (issue 13 §3 "One domain error hierarchy"): every domain
 * (accounts, listings, cases, messages, contact, billing, matching) throws a subclass of
 * DomainError, and nothing else, for a failure the person can act on. Each subclass stands for
 * one HTTP status; server/http.ts maps them to the one error body
 * `{ message, fieldErrors? }` in one place (the app's error handler), and page actions read the
 * same fields (`status`, `message`, `fieldErrors`, `retryAfterSeconds`) to show the message next
 * to its form field.
 *
 * | class                      | status | when                                              |
 * | -------------------------- | ------ | ------------------------------------------------- |
 * | ValidationError            | 400    | invalid input; `fieldErrors` per field            |
 * | UnauthorizedError          | 401    | not signed in, bad credentials                    |
 * | ForbiddenError             | 403    | signed in, but not allowed                        |
 * | NotFoundError              | 404    | unknown (or malformed) id, someone else's record  |
 * | ConflictError              | 409    | the state forbids it (already linked, already paid) |
 * | GoneError                  | 410    | a listing a moderator hid (issue 15 §3)           |
 * | PayloadTooLargeError       | 413    | a body or a file over its limit                   |
 * | UnsupportedMediaTypeError  | 415    | a body type the route does not take               |
 * | UnprocessableError         | 422    | well-formed but unusable content (a file type)    |
 * | RateLimitedError           | 429    | past a rate limit; `retryAfterSeconds`            |
 */
import { nullRecord } from "../lib/input-boundary.ts";

/** The message(s) of each invalid field, by field name (the payload key), e.g. `{ email: ["…"] }`. */
export type FieldErrors = Record<string, string[]>;

/**
 * Where a failure belongs: a field name (the message is that field's), or messages per field
 * (one string or several each). Normalized to FieldErrors.
 */
export type FieldsInput = string | Record<string, string | readonly string[] | undefined>;

/** The HTTP statuses of the hierarchy's classes (4xx only; a 5xx is never an expected failure). */
export type DomainStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

/**
 * FieldErrors of a FieldsInput for `message`; undefined when there is none. A null-prototype
 * record (issue 27 §2): a field named `__proto__` or `toString` is an ordinary key.
 */
function toFieldErrors(message: string, fields: FieldsInput | undefined): FieldErrors | undefined {
  if (fields === undefined) return undefined;
  const out = nullRecord<string[]>();
  if (typeof fields === "string") {
    out[fields] = [message];
    return out;
  }
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const list = typeof value === "string" ? [value] : [...value];
    if (list.length > 0) out[name] = list;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * An expected failure: the message shown to the person, the HTTP status of its class and, when it
 * belongs to form fields, `fieldErrors`. Abstract: throw one of the subclasses.
 */
export abstract class DomainError extends Error {
  /** The HTTP status of this kind of failure (server/http.ts answers with it). */
  abstract readonly status: DomainStatus;
  /** Marks a DomainError for checks by shape (page code that does not import server/ at run time). */
  readonly isDomainError = true;
  /** The message(s) per invalid field; absent when the failure belongs to no field. */
  readonly fieldErrors: FieldErrors | undefined;
  /** Seconds until a retry may succeed (RateLimitedError only). */
  readonly retryAfterSeconds: number | undefined = undefined;

  /**
   * @param message the sentence shown to the person
   * @param fields the field it belongs to, or the message(s) per field (see FieldsInput)
   */
  constructor(message: string, fields?: FieldsInput) {
    super(message);
    this.name = new.target.name;
    this.fieldErrors = toFieldErrors(message, fields);
  }

  /** The first field named in fieldErrors, e.g. to put the message next to that form field. */
  get field(): string | undefined {
    return this.fieldErrors ? Object.keys(this.fieldErrors)[0] : undefined;
  }

  /** The first message of each field (what a form shows next to each one); `{}` without fieldErrors (no prototype). */
  get fieldMessages(): Record<string, string> {
    const out = nullRecord<string>();
    for (const [name, list] of Object.entries(this.fieldErrors ?? {})) if (list[0]) out[name] = list[0];
    return out;
  }
}

/** 400: invalid input (a field's value, a bad token, a body that is not valid JSON). */
export class ValidationError extends DomainError {
  readonly status = 400;
}

/** 401: not signed in (no, unknown, revoked or expired session) or wrong credentials. */
export class UnauthorizedError extends DomainError {
  readonly status = 401;
}

/** 403: signed in, but this account may not do this (another role, its own listing…). */
export class ForbiddenError extends DomainError {
  readonly status = 403;
}

/** 404: no such record for this caller (unknown, malformed or someone else's id: never told apart). */
export class NotFoundError extends DomainError {
  readonly status = 404;
}

/** 409: the record's state forbids the change (already linked, already Premium, different answers…). */
export class ConflictError extends DomainError {
  readonly status = 409;
}

/** 410: the record existed and was removed on purpose (a listing a moderator hid, issue 15 §3). */
export class GoneError extends DomainError {
  readonly status = 410;
}

/** 413: a request body or an uploaded file over its limit. */
export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
}

/** 415: a request body of a media type the route does not take (e.g. not JSON on a JSON route). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
}

/** 422: readable but unusable content (a document that is not PDF, DOC, DOCX, JPEG or PNG; an image too large in pixels). */
export class UnprocessableError extends DomainError {
  readonly status = 422;
}

/**
 * 429: past a rate limit (server/security/rate-limit.ts throws it with the default message; a
 * domain rethrows it with its own). The HTTP answer carries `Retry-After: retryAfterSeconds`.
 */
export class RateLimitedError extends DomainError {
  readonly status = 429;
  override readonly retryAfterSeconds: number;

  /**
   * @param message the sentence shown to the person
   * @param retryAfterSeconds whole seconds until the window resets (rounded up, at least 1)
   */
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/**
 * True for a DomainError, checked by shape so that page code (app/), which must not import
 * server/ at run time, can use the same test through its own copy (app/components/account-form.ts).
 */
export function isDomainError(error: unknown): error is DomainError {
  return (
    error instanceof Error &&
    (error as { isDomainError?: unknown }).isDomainError === true &&
    typeof (error as { status?: unknown }).status === "number"
  );
}
