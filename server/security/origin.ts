/**
 * Cross-site request check (issue 3 "Cross-site requests": a state-changing request authenticated
 * by cookie must come from the site's own origin; otherwise 403). Runs on every path in
 * server/app.ts, so it covers the JSON API and the React Router page actions (login, logout …).
 *
 * SameSite=Lax already keeps the session cookie off cross-site POSTs in current browsers; this
 * check is the second lock for older browsers, same-site-but-cross-origin attackers (a sibling
 * subdomain) and any future cookie change. It follows OWASP's "verify origin with standard
 * headers": the `Origin` header, else Fetch Metadata (`Sec-Fetch-Site`).
 */
import type { MiddlewareHandler } from "hono";
import { msg } from "../../lib/i18n/message.ts";
import { sessionCookieValue, usesBearer } from "../accounts/cookies.ts";
import { ForbiddenError } from "../errors.ts";
import { domainErrorResponse } from "../http.ts";

/** Message of the 403 answered to a cross-site state-changing request (a catalog reference, issue 14 §1). */
export const CROSS_SITE_MESSAGE = msg("errors:security.crossSite");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why a request was refused, or null when it may pass; see sameOriginOnly for the rules. */
export function crossSiteVerdict(request: Request, siteOrigin: string): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  // A Bearer header cannot be attached by another site (no CORS is offered), and with it the
  // cookie is not consulted (server/accounts/cookies.ts requestToken).
  if (usesBearer(request)) return null;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === siteOrigin ? null : `Origin ${origin.slice(0, 100)}`;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null)
    return fetchSite === "same-origin" || fetchSite === "none"
      ? null
      : `Sec-Fetch-Site ${fetchSite.slice(0, 30)}`;
  // Neither header: not a current browser. Only a request that carries the session cookie matters.
  if (sessionCookieValue(request)) return "session cookie without Origin or Sec-Fetch-Site";
  return hasCaseTrackingCookie(request) ? "case tracking cookie without Origin or Sec-Fetch-Site" : null;
}

/**
 * True when the request carries a non-empty case tracking cookie (`lexatlas_case_{id}`, set by
 * the case page's emailed link; server/cases/index.ts): it lets a visitor act on their case, so
 * it is a credential like the session cookie (security review of issue 4).
 */
function hasCaseTrackingCookie(request: Request): boolean {
  return /(?:^|;)\s*lexatlas_case_[^=;\s]+=[^;\s]/.test(request.headers.get("cookie") ?? "");
}

/**
 * Middleware: for unsafe methods (anything but GET, HEAD, OPTIONS) without an
 * `Authorization: Bearer` header, answers 403 `{ message: CROSS_SITE_MESSAGE }` (through the
 * one error pipeline, in the language of Accept-Language: issue 14 §1) when
 * - `Origin` is present and is not the site's origin (PUBLIC_URL's origin when set, else the
 *   request URL's origin; `Origin: null` is refused too), or
 * - `Origin` is absent and `Sec-Fetch-Site` is present and neither `same-origin` nor `none`, or
 * - both are absent and the request carries the session cookie or a case's tracking cookie.
 * Everything else passes. `onRefused` is told why (for a log line).
 */
export function sameOriginOnly(options: {
  publicUrl: string | undefined;
  onRefused?: (reason: string, request: Request) => void;
}): MiddlewareHandler {
  const fixed = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  return async (c, next) => {
    const reason = crossSiteVerdict(c.req.raw, fixed ?? new URL(c.req.url).origin);
    if (reason === null) return next();
    options.onRefused?.(reason, c.req.raw);
    return domainErrorResponse(c, new ForbiddenError(CROSS_SITE_MESSAGE));
  };
}
