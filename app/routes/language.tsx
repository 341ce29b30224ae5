/**
 * GET /language?locale=de&to=/browse-lawyers?q=x — the language switcher's target (issue 14 §1):
 * remembers the explicit choice in the `lexatlas_locale` cookie (one year; it wins over the
 * browser's Accept-Language on later visits) and sends the visitor to the same page in the chosen
 * locale. `to` is an unprefixed site path (lib/account.ts safeRedirect: never another site);
 * an unknown locale is a 400.
 */
import { data, redirect } from "react-router";
import { safeRedirect } from "../../lib/account.ts";
import { isLocale, LOCALE_COOKIE, localizePath, splitLocalePath } from "../../lib/i18n/locales.ts";
import type { Route } from "./+types/language";

/** One year, in seconds. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Sets the locale cookie and redirects (302) to `to` in that locale. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = url.searchParams.get("locale");
  if (!isLocale(locale)) {
    throw data({ message: "Unknown language." }, { status: 400 });
  }
  const target = safeRedirect(url.searchParams.get("to"), "/");
  // A prefixed target ("/de/about") is reduced to its page first, so the choice always wins.
  const parsed = new URL(target, "http://site.invalid");
  const page = `${splitLocalePath(parsed.pathname).path}${parsed.search}${parsed.hash}`;
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return redirect(localizePath(page, locale), {
    status: 302,
    headers: {
      "Set-Cookie": `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
      "Cache-Control": "no-store",
    },
  });
}
