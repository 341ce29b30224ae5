/**
 * Page-side sign-in state (issue 3 "Screens", docs/design.md §3 "A route module's loader or action
 * starts with its own guard"): who the visitor of a page request is, the guard that sends
 * signed-out visitors to /login and back, and the request facts the accounts service needs.
 * The work is done by the accounts service of the router context
 * (`context.get(servicesContext).accounts`, server/accounts/); app/ imports only its types.
 */

import type { RouterContextProvider } from "react-router";
import { type PublicUser, SESSION_COOKIE, type SubscriptionTier, type UserRole } from "../lib/account.ts";
import { readCookie } from "../lib/cookies.ts";
import { type Locale, localizePath, splitLocalePath } from "../lib/i18n/locales.ts";
import { siteRedirect } from "../lib/redirects.ts";
import type {
  AccountsService,
  Authenticated,
  IssuedSession,
  RequestMeta,
} from "../server/accounts/service.ts";
import { servicesContext } from "./context";
import { requestLocale } from "./i18n/locale";

/** The router context a loader or action receives. */
type Context = Readonly<RouterContextProvider>;

/** The accounts service of this request's services. */
export function accountsOf(context: Context): AccountsService {
  return context.get(servicesContext).accounts;
}

/**
 * True when the request carries a session cookie (valid or not). Used to decide whether a page
 * may be cached publicly and whether looking the user up is worth a database query.
 */
export function hasSessionCookie(request: Request): boolean {
  return Boolean(readCookie(request.headers.get("Cookie"), SESSION_COOKIE));
}

/**
 * One lookup per request: the root loader, the page's loader and its guard share it. Keyed by the
 * router context, which server/app.ts creates once per request.
 */
const lookups = new WeakMap<object, Promise<Authenticated | null>>();

/**
 * The session of the request's cookie, or null when there is none, or it is unknown, revoked or
 * expired (spec §4: a 401 treats the visitor as signed out). At most one database lookup per
 * request; none without a session cookie.
 */
export function authenticate(request: Request, context: Context): Promise<Authenticated | null> {
  if (!hasSessionCookie(request)) return Promise.resolve(null);
  let lookup = lookups.get(context);
  if (!lookup) {
    lookup = accountsOf(context).userFromRequest(request);
    lookups.set(context, lookup);
  }
  return lookup;
}

/**
 * Revokes the session the request's cookie carries, if any: called when sign-in or sign-up
 * replaces the cookie, so the earlier session (perhaps planted by someone else) stops working.
 */
export async function revokeCurrentSession(request: Request, context: Context): Promise<void> {
  const current = await authenticate(request, context);
  if (current) await accountsOf(context).logOut(current.token);
}

/**
 * The answer of a successful sign-in or sign-up (issue 3; security review): revokes the session
 * the request's cookie carried, then redirects to `redirectTo` (the form's field, made safe by
 * lib/redirects.ts siteRedirect: a same-site path, kept as it is, so "/de/claim-listing?token=…" stays German;
 * else the dashboard in the request's locale, "/de/dashboard" after a sign-in at /de/login; issue
 * 14 §1) with the new `session`'s cookie.
 */
export async function startSession(
  request: Request,
  context: Context,
  session: IssuedSession,
  redirectTo: FormDataEntryValue | null,
): Promise<Response> {
  await revokeCurrentSession(request, context);
  return siteRedirect(
    redirectTo,
    { headers: { "Set-Cookie": accountsOf(context).sessionCookie(session.token, session.expiresAt) } },
    dashboardPath(request),
  );
}

/** The dashboard in the request's locale ("/dashboard", "/de/dashboard"): where a sign-in lands by default. */
export function dashboardPath(request: Request): string {
  return localizePath("/dashboard", requestLocale(request));
}

/** The signed-in user of a page request, or null for a signed-out visitor (stale cookies included). */
export async function getOptionalUser(request: Request, context: Context): Promise<PublicUser | null> {
  return (await authenticate(request, context))?.user ?? null;
}

/**
 * What every page knows about the signed-in visitor (root loader data `user`; the header shows
 * Dashboard and Logout when it is set). Only what the layout needs: no email, no ids.
 */
export interface UserSummary {
  firstName: string;
  lastName: string;
  role: UserRole;
  subscriptionTier: SubscriptionTier;
}

/** The UserSummary of a user. */
export function userSummary(user: PublicUser): UserSummary {
  const { firstName, lastName, role, subscriptionTier } = user;
  return { firstName, lastName, role, subscriptionTier };
}

/**
 * The page path and query of `request`, e.g. "/dashboard?view=upgrade": where to come back to
 * after signing in. A React Router data request ("/dashboard.data?_routes=…", "/_root.data")
 * gives the page it loads data for ("/dashboard", "/"), without the router's own parameters;
 * otherwise the visitor would come back to raw data or a 404 (found in QA).
 */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith(".data")) {
    pathname = pathname.slice(0, -".data".length);
    if (pathname === "/_root" || pathname === "") pathname = "/";
    url.searchParams.delete("_routes");
    url.searchParams.delete("index");
  }
  return `${pathname}${url.search}`;
}

/**
 * The sign-in page that returns to `path` afterwards: "/login?redirectTo=%2Fdashboard".
 * @param path a same-site path with its query, e.g. "/dashboard"
 */
export function loginPath(path: string): string {
  return `/login?${new URLSearchParams({ redirectTo: path })}`;
}

/**
 * Page guard (issue 3 "Dashboard shell": "others are redirected to /login and back after"):
 * the signed-in user, or throws a 302 redirect to `/login?redirectTo=<path+search>` in the
 * request's locale ("/de/login?redirectTo=%2Fde%2Fdashboard"; issue 14 §1). A stale cookie is
 * removed with the same redirect.
 * @throws Response redirect for signed-out visitors
 */
export async function requireUser(request: Request, context: Context): Promise<PublicUser> {
  const user = await getOptionalUser(request, context);
  if (user) return user;
  const headers = new Headers();
  if (hasSessionCookie(request)) headers.append("Set-Cookie", accountsOf(context).clearedSessionCookie());
  const locale = requestLocale(request);
  // A return path too long for a Location (lib/redirects.ts) still leads to the sign-in page.
  throw siteRedirect(
    localizePath(loginPath(returnPath(request)), locale),
    { headers },
    localizePath("/login", locale),
  );
}

/** What a feature's page loader or action takes: the route's request and router context. */
export interface PageArgs {
  request: Request;
  context: Context;
}

/**
 * The page guard and the request's services at once (requireUser, then the router context's
 * services): what a signed-in page's loader or action starts with (docs/design.md §3).
 * @throws Response redirect to /login for signed-out visitors (requireUser)
 */
export async function requireUserServices({ request, context }: PageArgs) {
  const user = await requireUser(request, context);
  return { user, services: context.get(servicesContext) };
}

/**
 * Who is asking, for the accounts service: the client IP (rate limits; a React Router action sees
 * only the Web Request, so server/app.ts records the socket's address, or the proxy's
 * X-Forwarded-For hop with TRUST_PROXY, under the request's router context) and the origin for
 * links in emails (server/config.ts emailLinkOrigin: PUBLIC_URL, else http://HOST:PORT; never
 * the request's Host header, which a client controls) and, when given, the page's locale (a new
 * account keeps it for its emails; issue 14 §1), and the browser's device cookie (a sign-up or a
 * sign-in records it for the review checks; issue 27 §2).
 */
export function requestMeta(context: Context, locale?: Locale): RequestMeta {
  const services = context.get(servicesContext);
  return {
    ip: services.clientIp(context),
    origin: services.emailLinkOrigin,
    locale,
    device: services.device(context),
  };
}

/**
 * The change-password page that returns to `path` afterwards, in the request's locale
 * ("/de/change-password?redirectTo=%2Fde%2Fdashboard"; issue 27 §2).
 * @param path a same-site path with its query, e.g. "/de/dashboard"
 */
export function changePasswordPath(request: Request, path: string): string {
  return localizePath(
    `/change-password?${new URLSearchParams({ redirectTo: path })}`,
    requestLocale(request),
  );
}

/**
 * The pages a session that must change its password may still open (issue 27 §2): the change
 * itself, logout and the language switch. Paths without the locale prefix.
 */
export const OPEN_DURING_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  "/change-password",
  "/logout",
  "/language",
]);

/**
 * Where a page request must go first (issue 27 §2 "asked to change it at their next sign-in"):
 * the change-password page, returning to this page afterwards, when the request's session signed
 * in with a password the policy no longer accepts; null otherwise (no session cookie, a full
 * session, or a page of OPEN_DURING_PASSWORD_CHANGE). The root middleware asks it for every page
 * request, documents and data requests alike, so no page can forget it.
 */
export async function passwordChangeRedirect(request: Request, context: Context): Promise<string | null> {
  if (!hasSessionCookie(request)) return null;
  const page = returnPath(request);
  if (OPEN_DURING_PASSWORD_CHANGE.has(splitLocalePath(page.split("?")[0] ?? "/").path)) return null;
  const session = await authenticate(request, context);
  if (!session?.passwordChangeRequired) return null;
  return changePasswordPath(request, page);
}
