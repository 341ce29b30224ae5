/**
 * Guard for form posts to the pages (React Router actions, including their `.data` requests):
 * a body must be a form (urlencoded, or multipart with a boundary) of bounded size, so an action's
 * `request.formData()` never reads an unbounded body into memory and never fails with a 500 on a
 * body that is not a form (security review of issue 3). The JSON API has its own limits per route.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { splitLocalePath } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../errors.ts";
import { domainErrorResponse } from "../http.ts";

/** Largest form post to a page: 16 KB (sign-up, login, profile and listing forms fit easily). */
export const PAGE_FORM_LIMIT_BYTES = 16 * 1024;

/** Message of the 415 for a post that is not a form (a catalog reference, issue 14 §1). */
export const NOT_A_FORM_MESSAGE = msg("errors:pageForm.notForm");
/** Message of the 400 for a multipart body that cannot be read (a catalog reference). */
export const BAD_FORM_MESSAGE = msg("errors:upload.unreadable");

/** Message of the 413 for a form over `maxSize` bytes (a catalog reference), e.g. "… (at most 16 KB)." */
export function formTooLargeMessage(maxSize: number): string {
  return msg("errors:pageForm.tooLarge", { size: `${Math.round(maxSize / 1024)} KB` });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Options (paths without a locale prefix; they hold for the page in every locale): per-path larger limits, e.g. `{ "/dashboard/listing": 2 MB + 16 KB }` for the logo
 * upload, and the pages whose action streams a multipart body itself.
 */
export interface PageFormGuardOptions {
  /** Larger limits by page path (the `.data` form of the path gets the same limit). */
  largerLimits?: Record<string, number>;
  /**
   * Pages (by path pattern, `.data` included by the pattern) whose action reads a multipart body
   * as a stream with its own limits, e.g. the profile's Submit Case form (ten 10 MB documents,
   * checked by content: server/cases/intake.ts; issue 13 §4). Their multipart posts are neither
   * limited nor parsed here, never buffered; their url-encoded posts get `urlencodedLimit`.
   */
  streamedMultipart?: { path: RegExp; urlencodedLimit: number }[];
}

/**
 * Middleware for page routes (mount it after /api/* is handled): on unsafe methods, answers
 * through the one error pipeline (server/http.ts domainErrorResponse: the message in the
 * language of Accept-Language, issue 14 §1) 415 `{ message }` unless the body is `application/x-www-form-urlencoded` or
 * `multipart/form-data` with a boundary (browsers send one even for an empty form), 413 `{ message }`
 * past the limit (16 KB, or the path's larger limit), counted while streaming, and 400 when a
 * multipart body cannot be parsed. Multipart posts to a `streamedMultipart` page go to its action
 * unread (the action bounds them).
 */
export function pageFormGuard(options: PageFormGuardOptions = {}): MiddlewareHandler {
  const limits = new Map<string, number>();
  for (const [path, bytes] of Object.entries(options.largerLimits ?? {})) {
    limits.set(path, bytes);
    limits.set(`${path}.data`, bytes);
  }
  const tooLarge = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => domainErrorResponse(c, new PayloadTooLargeError(formTooLargeMessage(maxSize))),
    });
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterFor = (maxSize: number) => {
    let limiter = limiters.get(maxSize);
    if (!limiter) {
      limiter = tooLarge(maxSize);
      limiters.set(maxSize, limiter);
    }
    return limiter;
  };

  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const type = (c.req.header("Content-Type") ?? "").toLowerCase();
    const multipart = type.startsWith("multipart/form-data");
    const isForm =
      type.startsWith("application/x-www-form-urlencoded") || (multipart && /;\s*boundary=\S/.test(type));
    if (!isForm) return domainErrorResponse(c, new UnsupportedMediaTypeError(NOT_A_FORM_MESSAGE));
    // Paths are the spec's: a page in another locale ("/de/contact") gets its page's rule.
    const path = splitLocalePath(c.req.path).path;
    const streamed = options.streamedMultipart?.find((s) => s.path.test(path));
    if (streamed) return multipart ? next() : limiterFor(streamed.urlencodedLimit)(c, next);
    const maxSize = limits.get(path) ?? PAGE_FORM_LIMIT_BYTES;
    return limiterFor(maxSize)(c, async () => {
      if (multipart) {
        try {
          await c.req.raw.clone().formData();
        } catch {
          c.res = domainErrorResponse(c, new ValidationError(BAD_FORM_MESSAGE));
          return;
        }
      }
      await next();
    });
  };
}
