/**
 * The device cookie of the review checks (issue 27 §2 "the same IP or device cookie as the
 * lawyer's account"): a long-lived random identifier of one browser, `__Host-lexatlas_device`
 * (lib/privacy.ts DEVICE_COOKIE; HttpOnly, Secure, SameSite=Lax, Path=/, DEVICE_COOKIE_DAYS). It
 * is read on every request but SET only on the answer to a request that recorded a review signal
 * (a sign-up, a sign-in, a case, a review: server/reviews/signals.ts marks the handle `used`), so
 * browsing alone never stores it. Only its keyed hash is stored (review_signals.device_hash).
 *
 * A small reader of its own (hono's cookie parser, like server/accounts/cookies.ts); a value that
 * is not exactly what this module writes (43 base64url characters) counts as none.
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { parse, serialize } from "hono/utils/cookie";
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from "../../lib/privacy.ts";

/** The browser of one request: its device id (from the cookie, or new), and whether a signal used it. */
export interface DeviceHandle {
  /** 32 random bytes, base64url (43 characters). */
  readonly id: string;
  /** True when the request had no valid cookie: the id is set as a cookie if `used` becomes true. */
  readonly isNew: boolean;
  /** Set by the signal recorder when it stored this device's hash. */
  used: boolean;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The request's device cookie value, or null when absent or not shaped like one this module wrote. */
export function deviceCookieValue(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const value = parse(header, DEVICE_COOKIE)[DEVICE_COOKIE];
  return value && DEVICE_ID.test(value) ? value : null;
}

/** The handle of `request`'s browser: its cookie's id, or a fresh random one (isNew). */
export function deviceOfRequest(request: Request): DeviceHandle {
  const id = deviceCookieValue(request);
  return id
    ? { id, isNew: false, used: false }
    : { id: randomBytes(32).toString("base64url"), isNew: true, used: false };
}

/** Set-Cookie value of the device cookie for `id`: HttpOnly; Secure; SameSite=Lax; Path=/; DEVICE_COOKIE_DAYS. */
export function deviceCookie(id: string): string {
  const maxAge = DEVICE_COOKIE_DAYS * 86_400;
  return serialize(DEVICE_COOKIE, id, {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    maxAge,
  });
}

/** The Hono variables deviceCookies sets: the request's DeviceHandle, null for an API request without the cookie. */
export type DeviceVariables = { device: DeviceHandle | null };

/**
 * Middleware (server/app.ts, before the API and the pages): puts the request's DeviceHandle in
 * `c.var.device` (the page handler hands it to the actions: services.ts rememberDevice); after
 * the answer of a page, sets the cookie when the handle is new and a review signal used it. An
 * API request without the cookie has no device (null): the API never sets one, so a new id would
 * name nothing. Never rejects a request.
 */
export function deviceCookies(): MiddlewareHandler<{ Variables: DeviceVariables }> {
  return async (c, next) => {
    const api = c.req.path.startsWith("/api/");
    const device = api && !deviceCookieValue(c.req.raw) ? null : deviceOfRequest(c.req.raw);
    c.set("device", device);
    await next();
    if (device?.isNew && device.used) c.header("Set-Cookie", deviceCookie(device.id), { append: true });
  };
}
