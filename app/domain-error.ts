/**
 * The services' expected failures as the pages see them (issue 13 §3: one DomainError hierarchy,
 * server/errors.ts, for every domain). Page loaders and actions catch what a service throws and
 * answer it in the page; app/ must not import server/ code at run time (only its types: the
 * import rule in .dependency-cruiser.mjs), so the check is by shape, not `instanceof`.
 */
import type { DomainError } from "../server/errors.ts";

export type { DomainError };

/**
 * True for a DomainError of server/errors.ts: an Error marked `isDomainError` with a numeric HTTP
 * `status`, its `message`, `fieldErrors` (all messages per field), `field` (the first field),
 * `fieldMessages` (the first message per field) and, on 429, `retryAfterSeconds`.
 */
export function isDomainError(error: unknown): error is DomainError {
  return (
    error instanceof Error &&
    (error as { isDomainError?: unknown }).isDomainError === true &&
    typeof (error as { status?: unknown }).status === "number"
  );
}

/**
 * The `Retry-After` header a page action answers a 429 DomainError with: the service's wait in
 * whole seconds, rounded up (RFC 9110 §10.2.3), or no header when the error names no wait. The
 * API sets the same header in server/http.ts errorHandler.
 */
export function retryAfterHeaders(error: { retryAfterSeconds?: number }): HeadersInit | undefined {
  const wait = error.retryAfterSeconds;
  return wait ? { "Retry-After": String(Math.ceil(wait)) } : undefined;
}
