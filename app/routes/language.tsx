/**
 * GET /language?locale=de&to=/browse-lawyers?q=x — the language switcher's target (issue 14 §1):
 * remembers the explicit choice in the `lexatlas_locale` cookie (one year; it wins over the
 * browser's Accept-Language on later visits), stores it on a signed-in user's account
 * (`users.locale`, so the emails sent to them follow it) and sends the visitor to the same page in
 * the chosen locale. `to` is a site path (lib/redirects.ts: never another site, checked again
 * after its locale prefix is replaced); an unknown locale is a 400 whose message follows
 * Accept-Language.
 */
import { data } from "react-router";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  localizePath,
  negotiateLocale,
  splitLocalePath,
} from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { safeRedirect, siteRedirect } from "../../lib/redirects.ts";
import { ensureLocale } from "../i18n/i18n";
import { translateFor } from "../i18n/messages";
import { pageHeaders } from "../route-headers";
import { accountsOf, authenticate } from "../session.server";
import type { Route } from "./+types/language";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** One year, in seconds. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Sets the locale cookie, stores the choice on the signed-in user (if any, and only when the
 * request comes from the site itself or was typed: Sec-Fetch-Site) and redirects (302) to
 * `to` in that locale. Throws a 400 `{ message }` (in the language of Accept-Language) for a
 * locale that is not supported; the redirect never leaves the site: the final URL, after the
 * prefix of `to` is replaced by the chosen one, is what siteRedirect checks (issue 27:
 * "to=/de//evil.example" had become "//evil.example"), else the chosen locale's home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = url.searchParams.get("locale");
  if (!isLocale(locale)) {
    const reader = negotiateLocale(request.headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
    await ensureLocale(reader);
    throw data({ message: translateFor(reader, msg("errors:language.unknown")) }, { status: 400 });
  }
  const target = safeRedirect(url.searchParams.get("to"), "/");
  // A prefixed target ("/de/about") is reduced to its page first, so the choice always wins.
  const parsed = new URL(target, "http://site.invalid");
  const page = `${splitLocalePath(parsed.pathname).path}${parsed.search}${parsed.hash}`;
  // Issue 14 §1: emails follow the language a signed-in person reads the site in. A link on
  // another site (Sec-Fetch-Site: cross-site) switches this browser only, not the account.
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const current =
    fetchSite === null || fetchSite === "same-origin" || fetchSite === "none"
      ? await authenticate(request, context)
      : null;
  if (current) await accountsOf(context).setLocale(current.user.id, locale);
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return siteRedirect(
    localizePath(page, locale),
    {
      status: 302,
      headers: {
        "Set-Cookie": `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
        "Cache-Control": "no-store",
      },
    },
    localizePath("/", locale),
  );
}
