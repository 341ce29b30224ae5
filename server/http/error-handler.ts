/**
 * The error side of the API pipeline (server/http.ts step 3): the app's `onError` (errorHandler)
 * and the one HTTP answer of a DomainError (domainErrorResponse), in the language of
 * Accept-Language (issue 14 §1).
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { msg } from "../../lib/i18n/message.ts";
import { StatementBudgetExceeded } from "../db/statement-budget.ts";
import {
  type DomainError,
  isDomainError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from "../errors.ts";
import { apiLocale, translateFor } from "../i18n.ts";
import type { Logger } from "../logger.ts";
import { reportRequestError } from "../ops/request-log.ts";
import type { ErrorBody } from "./error-body.ts";
import {
  BAD_JSON_MESSAGE,
  bodyTooLargeMessage,
  DEFAULT_BODY_LIMIT_BYTES,
  NOT_JSON_MESSAGE,
} from "./request-body.ts";

/**
 * The DomainError of anything a handler or middleware threw, or null for an unexpected failure:
 * a DomainError as is; Hono's HTTP exceptions (the JSON validator's malformed body, the media type
 * gate of @hono/zod-openapi, a body limit) as the hierarchy's class of their status.
 */
export function domainErrorOf(err: unknown): DomainError | null {
  if (isDomainError(err)) return err;
  if (!(err instanceof HTTPException)) return null;
  switch (err.status) {
    case 400:
      return new ValidationError(
        /malformed json/i.test(err.message) ? BAD_JSON_MESSAGE : err.message || msg("errors:http.badRequest"),
      );
    case 404:
      return new NotFoundError(err.message || msg("errors:http.notFound"));
    case 413:
      return new PayloadTooLargeError(bodyTooLargeMessage(DEFAULT_BODY_LIMIT_BYTES));
    case 415:
      return new UnsupportedMediaTypeError(NOT_JSON_MESSAGE);
    default:
      return null;
  }
}

/**
 * The HTTP answer of a DomainError: its status with `{ message, fieldErrors? }`, the message and
 * every field error translated for the request's `Accept-Language` (issue 14 §1: English when
 * no supported language is asked for; `Content-Language` says which, `Vary: Accept-Language`
 * tells caches); on 429 `Retry-After` (whole seconds), on 401 `WWW-Authenticate: Bearer`
 * (RFC 6750), on 413 `Connection: close` (the unread rest of the body must not be taken for a
 * next request).
 */
export function domainErrorResponse(c: Context, err: DomainError): Response {
  if (err.retryAfterSeconds !== undefined) c.header("Retry-After", String(err.retryAfterSeconds));
  if (err.status === 401) c.header("WWW-Authenticate", 'Bearer realm="LexAtlas"');
  if (err.status === 413) c.header("Connection", "close");
  const locale = apiLocale(c.req.header("Accept-Language"));
  c.header("Content-Language", locale);
  c.header("Vary", "Accept-Language", { append: true });
  const body: ErrorBody = { message: translateFor(locale, err.message) };
  if (err.fieldErrors)
    body.fieldErrors = Object.fromEntries(
      Object.entries(err.fieldErrors).map(([field, list]) => [
        field,
        list.map((m) => translateFor(locale, m)),
      ]),
    );
  return c.json(body, err.status);
}

/** Retry-After (seconds) of the 503 a statement past its budget answers (issue 29). */
export const WARMING_UP_RETRY_SECONDS = 5;

/**
 * The app's `onError`: a DomainError (or a Hono HTTP exception of a known status) becomes
 * domainErrorResponse; a Hono exception carrying its own response keeps it; anything else is
 * answered 500 `{ message }` (both in the language of Accept-Language, issue 14 §1) and becomes
 * the cause on the request's error line (server/ops/request-log.ts, issue 27 §2). A statement
 * cancelled for its time budget (StatementBudgetExceeded, issue 29) is answered 503 with
 * `Retry-After` and the one error body: the directory is still warming up, nothing failed.
 */
export function errorHandler(logger: Logger) {
  // Issue 27 §2: the request's one log line carries the cause (server/ops/request-log.ts); an
  // app without the request log (a test's) logs it here.
  const report = (err: Error, c: Context) => {
    if (!reportRequestError(c, err)) logger.error({ err, requestId: c.get("requestId") }, "unhandled error");
  };
  return (err: Error, c: Context): Response => {
    const domain = domainErrorOf(err);
    if (domain) return domainErrorResponse(c, domain);
    const locale = apiLocale(c.req.header("Accept-Language"));
    c.header("Content-Language", locale);
    c.header("Vary", "Accept-Language", { append: true });
    if (err instanceof StatementBudgetExceeded) {
      // Issue 29: a count or ranking the database could not finish within its budget while the
      // search facts build (server/db/statement-budget.ts): a temporary state, said as one.
      c.header("Retry-After", String(WARMING_UP_RETRY_SECONDS));
      return c.json({ message: translateFor(locale, msg("errors:http.warmingUp")) }, 503);
    }
    if (err instanceof HTTPException) {
      if (err.status >= 500) report(err, c);
      if (err.res) return err.res;
      return c.json(
        { message: translateFor(locale, err.message || msg("errors:http.failed")) },
        err.status as ContentfulStatusCode,
      );
    }
    report(err, c);
    return c.json({ message: translateFor(locale, msg("errors:http.internal")) }, 500);
  };
}
