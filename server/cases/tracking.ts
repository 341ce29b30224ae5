/**
 * A case's private tracking link (issue 4 "private tracking links"; issue 16 §1/§3 access tokens):
 * the page cookie that keeps its token, reading it back from a request, and checking a token
 * against the case. Only the token's SHA-256 is stored (cases.tracking_token_hash).
 */
import { readCookie } from "../../lib/cookies.ts";
import { isUuid } from "../../lib/ids.ts";
import { hashToken, looksLikeToken } from "../security/tokens.ts";
import type { CasesDeps } from "./context.ts";

/** Name of the page cookie that holds the tracking token of case `id` (Path=/, read only by the case pages). */
export function trackingCookieName(id: string): string {
  return `lexatlas_case_${id.toLowerCase()}`;
}

/** Lifetime of the tracking cookie: one year, in seconds (the emailed link itself never expires). */
export const TRACKING_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** SHA-256 of a tracking token, hex (what cases.tracking_token_hash stores). */
export const hashTrackingToken = hashToken;

/** The Set-Cookie value that keeps case `id`'s token `token` for the case pages (HttpOnly, Secure, SameSite=Lax). */
export function trackingCookie(id: string, token: string): string {
  return `${trackingCookieName(id)}=${token}; Path=/; Max-Age=${TRACKING_COOKIE_MAX_AGE}; HttpOnly; Secure; SameSite=Lax`;
}

/** The token of case `id` in the request's tracking cookie, or null (malformed id, no cookie, not a token). */
export function trackingTokenFromRequest(request: Request, id: string): string | null {
  if (!isUuid(id)) return null;
  const value = readCookie(request.headers.get("Cookie"), trackingCookieName(id));
  return value !== null && looksLikeToken(value) ? value : null;
}

/**
 * Which of case `id`'s tokens `token` is: "tracking", "access" (an unexpired emailed access
 * token), or null (neither, or no such case).
 */
export async function checkTrackingToken(
  deps: Pick<CasesDeps, "reads">,
  input: { id: string; token: string },
): Promise<"tracking" | "access" | null> {
  const row = await deps.reads.loadCase(input.id);
  return row ? deps.reads.tokenKind(row, input.token) : null;
}
