/**
 * Request authentication for every API router (issue 3 "Sessions"): who is calling, and guards
 * that answer 401/403 JSON. server/app.ts runs `authenticate` once on `/api/*`, so a router's
 * handler only calls a guard:
 *
 * ```ts
 * app.openapi(route, async (c) => {
 *   const { user } = requireRole(c, "lawyer"); // 401 signed out, 403 a client
 *   …
 * });
 * ```
 *
 * A request is authenticated by `Authorization: Bearer <token>` (API clients, the spec's
 * authToken) or by the web app's session cookie; state-changing cookie requests also pass the
 * cross-site check (server/security/origin.ts).
 */

import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { ACCOUNT_MESSAGES, type UserRole } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import type { AccountsService, Authenticated, RequestMeta } from "../accounts/service.ts";
import { type Config, emailLinkOrigin } from "../config.ts";
import { ForbiddenError, UnauthorizedError } from "../errors.ts";
import { apiLocale } from "../i18n.ts";
import type { DeviceHandle, DeviceVariables } from "../security/device-cookie.ts";
import { clientIp } from "../security/rate-limit.ts";

/** The context variable `authenticate` sets: the caller's session, or null when signed out. */
export type AuthVariables = { auth: Authenticated | null };
/** Hono env of a router that uses the guards: `new OpenAPIHono<AuthEnv>()` or any env extending it. */
export type AuthEnv = { Variables: AuthVariables };

/** Message of the 403 answered to a signed-in user without the required role. */
export const FORBIDDEN_MESSAGE = msg("errors:auth.forbidden");

/**
 * Middleware: resolves the caller once per request and sets `c.var.auth` to the Authenticated
 * session (user, sessionId, via "bearer" | "cookie", token) or null. With no bearer header and no
 * session cookie it sets null without touching the database; an unknown, revoked or expired token
 * also gives null (the guards then answer 401). Never rejects a request by itself.
 */
export function authenticate(accounts: Pick<AccountsService, "userFromRequest">): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (c.var.auth === undefined) c.set("auth", await accounts.userFromRequest(c.req.raw));
    await next();
  };
}

/** The session `authenticate` found; throws if the middleware did not run (a wiring mistake). */
function authOf(c: Context): Authenticated | null {
  const auth = (c as Context<AuthEnv>).get("auth");
  if (auth === undefined)
    throw new Error(`authenticate() did not run before a guard on ${c.req.method} ${c.req.path}`);
  return auth;
}

/**
 * Guard: the signed-in caller. Throws UnauthorizedError (401) `ACCOUNT_MESSAGES.signedOut`
 * when there is no valid session (no credentials, unknown, revoked or expired token; spec §4: a
 * 401 signs the client out). The app's error handler (server/http.ts) turns it into the error body.
 */
export function requireUser(c: Context): Authenticated {
  const auth = authOf(c);
  if (!auth) throw new UnauthorizedError(ACCOUNT_MESSAGES.signedOut);
  return auth;
}

/**
 * Guard: the signed-in caller with one of `roles` ("user" is a client, "lawyer" has a practice).
 * Throws UnauthorizedError (401) when signed out, ForbiddenError (403) FORBIDDEN_MESSAGE for another
 * role.
 */
export function requireRole(c: Context, ...roles: [UserRole, ...UserRole[]]): Authenticated {
  const auth = requireUser(c);
  if (!roles.includes(auth.user.role)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  return auth;
}

/**
 * Route middleware form of the guards, for `createRoute({ middleware: [signedIn()] })`: runs
 * before the body is validated, so a signed-out caller gets 401 rather than a 400 about its body.
 * With roles, a signed-in caller of another role gets 403.
 */
export function signedIn(...roles: UserRole[]): MiddlewareHandler {
  return async (c, next) => {
    if (roles.length > 0) requireRole(c, ...(roles as [UserRole, ...UserRole[]]));
    else requireUser(c);
    await next();
  };
}

/** The caller if signed in, else null (for routes open to everyone that say more to members). */
export function optionalUser(c: Context): Authenticated | null {
  return authOf(c);
}

/** The TCP peer address of a request served by @hono/node-server, or undefined (app.request in tests). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Who is asking, for the accounts service: the client IP (socket address, or the last
 * X-Forwarded-For hop with TRUST_PROXY; see clientIp), the origin for links in emails
 * (emailLinkOrigin: PUBLIC_URL's origin, else http://HOST:PORT; never the Host header) and the
 * caller's language from Accept-Language (English when none is supported; issue 14 §1), which a
 * new account keeps for its emails, and the browser's device cookie (issue 27 §2).
 */
export function requestMeta(
  c: Context,
  config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "PORT" | "HOST">,
): RequestMeta {
  return {
    ip: clientIp(c.req.raw, socketAddress(c), config.TRUST_PROXY),
    origin: emailLinkOrigin(config),
    locale: apiLocale(c.req.header("Accept-Language")),
    device: deviceOf(c),
  };
}

/** The request's browser (server/security/device-cookie.ts deviceCookies sets it), or null without that middleware. */
export function deviceOf(c: Context): DeviceHandle | null {
  return (c as Context<{ Variables: DeviceVariables }>).get("device") ?? null;
}

/** The site's origin: PUBLIC_URL's origin when set ("https://lexatlas.example"), else the request URL's. */
export function siteOrigin(requestUrl: string, publicUrl: string | undefined): string {
  return new URL(publicUrl ?? requestUrl).origin;
}
