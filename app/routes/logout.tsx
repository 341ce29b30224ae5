/**
 * /logout (spec §2 "Header": the Logout button; §4 "Logout"; issue 3 "Logout ... revoke sessions
 * on the server"): a POST-only endpoint the header's Logout form submits to. It revokes the
 * session on the server, removes the cookie and goes home. A GET changes nothing and goes home,
 * so a link or prefetch cannot sign anyone out.
 */
import { localizedRedirect } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { accountsOf, authenticate } from "../session.server";
import type { Route } from "./+types/logout";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/**
 * Signs out: revokes the request's session (if any; an unknown or expired one is ignored) and
 * answers a redirect to the home page of the page's locale ("/", "/de") that clears the session
 * cookie (issue 14 §1).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const accounts = accountsOf(context);
  const session = await authenticate(request, context);
  if (session) await accounts.logOut(session.token);
  return localizedRedirect(request, "/", { headers: { "Set-Cookie": accounts.clearedSessionCookie() } });
}

/** GET /logout signs nobody out; it goes home (in the page's locale). */
export function loader({ request }: Route.LoaderArgs) {
  return localizedRedirect(request, "/");
}
