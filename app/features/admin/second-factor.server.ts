/**
 * Where the second-factor page (app/routes/login.second-factor.tsx; issue 15 §1) sends a visitor:
 * after a passed code the safe `redirectTo` (docs/security.md "Redirects"), else /admin; without
 * a pending staff session the target when already signed in, else /login.
 */
import type { RouterContextProvider } from "react-router";
import { localizePath } from "../../../lib/i18n/locales.ts";
import { safeRedirect, siteRedirect } from "../../../lib/redirects.ts";
import { requestLocale } from "../../i18n/locale";
import { getOptionalUser, loginPath } from "../../session.server";

/** Where a passed second factor goes: the safe `redirectTo`, else /admin in the request's locale. */
export function secondFactorTarget(request: Request, redirectTo: FormDataEntryValue | string | null): string {
  return safeRedirect(redirectTo, localizePath("/admin", requestLocale(request)));
}

/** Where a visitor without a pending staff session goes: signed in → the target; else /login. */
export async function withoutPendingStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
  redirectTo: string | null,
) {
  if (await getOptionalUser(request, context)) return siteRedirect(secondFactorTarget(request, redirectTo));
  const back = redirectTo ?? localizePath("/admin", requestLocale(request));
  return siteRedirect(localizePath(loginPath(back), requestLocale(request)));
}
