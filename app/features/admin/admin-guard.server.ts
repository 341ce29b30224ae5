/**
 * The back office's page guard (issue 15 §1 "Signed-out visitors are sent to /login; clients and
 * lawyers get 403"), run first by every /admin loader and action (docs/design.md §3: a route module's
 * loader or action starts with its own guard). Server-only (`.server.ts`).
 */
import { data, type RouterContextProvider } from "react-router";
import { isStaffRole, type PublicUser, type StaffRole } from "../../../lib/account.ts";
import { localizePath } from "../../../lib/i18n/locales.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { siteRedirect } from "../../../lib/redirects.ts";
import { servicesContext } from "../../context";
import { requestLocale } from "../../i18n/locale";
import { getOptionalUser, hasSessionCookie, requireUser, returnPath } from "../../session.server";

/** A signed-in staff member. */
export type StaffUser = PublicUser & { role: StaffRole };

/** The message of the back office's 403 (a catalog reference). */
export const NOT_STAFF = msg("admin:forbidden.notStaff");

/** The second-factor page that returns to `path` afterwards, in the request's locale. */
export function secondFactorPath(request: Request, path: string): string {
  return localizePath(
    `/login/second-factor?${new URLSearchParams({ redirectTo: path })}`,
    requestLocale(request),
  );
}

/**
 * The signed-in staff member of a page request whose session passed the second factor.
 * @throws redirect to the second-factor page for a staff session that has only passed the password
 * @throws redirect to /login?redirectTo=… (in the request's locale) for a signed-out visitor
 * @throws 403 `{ message: NOT_STAFF }` for a client or a lawyer (the site's 403 page)
 */
export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffUser> {
  const user = await getOptionalUser(request, context);
  if (user) {
    if (isStaffRole(user.role)) return user as StaffUser;
    throw data({ message: NOT_STAFF }, { status: 403 });
  }
  if (hasSessionCookie(request)) {
    const pending = await context.get(servicesContext).staff.pendingSession(request);
    if (pending)
      throw siteRedirect(
        secondFactorPath(request, returnPath(request)),
        302,
        localizePath("/login/second-factor", requestLocale(request)),
      );
  }
  await requireUser(request, context);
  // requireUser always throws for a signed-out visitor; this line is never reached.
  throw data({ message: NOT_STAFF }, { status: 403 });
}

/** The client IP of the page request (rate limits, audit). */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(servicesContext).clientIp(context);
}
