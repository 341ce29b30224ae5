/**
 * Where a request's session token comes from (issue 3 "Sessions"): the `Authorization: Bearer`
 * header for API clients (the spec's authToken, §4) or the web app's SESSION_COOKIE, and the
 * Set-Cookie values that set and clear that cookie. Cookies are read and written with hono's
 * cookie utility, never by concatenating request data.
 */
import { serialize } from "hono/utils/cookie";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { readCookie } from "../../lib/cookies.ts";

/** A token found on a request and how it came. */
export interface RequestToken {
  token: string;
  via: "cookie" | "bearer";
}

/**
 * The bearer token of an `Authorization` header ("Bearer <token>", scheme case-insensitive), or
 * null when the header is absent or uses another scheme.
 */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

/** True when the request carries an `Authorization: Bearer …` header (any token). */
export function usesBearer(request: Request): boolean {
  return /^Bearer\b/i.test(request.headers.get("authorization") ?? "");
}

/**
 * The value of the session cookie, or null. Tolerates any Cookie header (other cookies, odd
 * spacing, quoted values, broken pairs, values that do not decode); the first well-formed
 * SESSION_COOKIE pair wins (lib/cookies.ts readCookie, issue 27).
 */
export function sessionCookieValue(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), SESSION_COOKIE) || null;
}

/**
 * The session token of a request: the Bearer header when present (then the cookie is not
 * consulted, so a request that chose bearer is judged by it alone), else the session cookie.
 */
export function requestToken(request: Request): RequestToken | null {
  if (usesBearer(request)) {
    const token = bearerToken(request);
    return token ? { token, via: "bearer" } : null;
  }
  const cookie = sessionCookieValue(request);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/**
 * Set-Cookie value for a new session: `__Host-lexatlas_session=<token>; Max-Age=…; Path=/; Expires=…;
 * HttpOnly; Secure; SameSite=Lax` (issue 3 "Sessions"). `expiresAt` is the session's expiry;
 * Max-Age counts the seconds from `now` (the accounts service's clock; default the real time).
 */
export function sessionCookie(token: string, expiresAt: Date, now: Date = new Date()): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return serialize(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    expires: expiresAt,
    maxAge,
  });
}

/** Set-Cookie value that removes the session cookie (same attributes, Max-Age=0, Expires in 1970). */
export function clearedSessionCookie(): string {
  return serialize(SESSION_COOKIE, "", {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    expires: new Date(0),
    maxAge: 0,
  });
}
