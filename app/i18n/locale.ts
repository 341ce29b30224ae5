/**
 * The page's locale on both sides (issue 14 §1): read from the URL prefix, so it is right in
 * every render (error boundaries included) without loader data. Also the helpers that keep a
 * link or a redirect in the visitor's language.
 */
import { type NavigateOptions, type To, useLocation, useNavigate } from "react-router";
import { type Locale, localizePath, splitLocalePath } from "../../lib/i18n/locales.ts";
import { siteRedirect } from "../../lib/redirects.ts";

/** The locale of the current page ("en" for the spec's unprefixed routes). */
export function useLocale(): Locale {
  return splitLocalePath(useLocation().pathname).locale;
}

/**
 * A function that turns a site path of the spec ("/browse-lawyers?q=x") into the current
 * locale's URL ("/de/browse-lawyers?q=x"); external and relative targets pass through.
 */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}

/**
 * `useNavigate()` whose targets stay in the page's locale (issue 28 §2): a site-absolute string
 * ("/personality-matches/1-x") or object `pathname` is localized as `useLocalizePath` does; a
 * number (history step), a relative target or an object without `pathname` ({ search }) passes
 * through. The one way app code navigates (app/i18n/locale-links.test.ts).
 */
export function useLocaleNavigate(): (to: To | number, options?: NavigateOptions) => void | Promise<void> {
  const navigate = useNavigate();
  const localize = useLocalizePath();
  return (to, options) => {
    if (typeof to === "number") return navigate(to);
    if (typeof to === "string") return navigate(localize(to), options);
    return navigate(to.pathname ? { ...to, pathname: localize(to.pathname) } : to, options);
  };
}

/** The locale a request's URL names (for loaders and actions). */
export function requestLocale(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname).locale;
}

/**
 * The unprefixed path and query of a request or location, e.g. "/de/browse-lawyers?q=x" ->
 * "/browse-lawyers?q=x" (what the language switcher and hreflang alternates localize again).
 */
export function unlocalizedPath(pathname: string, search = ""): string {
  return `${splitLocalePath(pathname).path}${search}`;
}

/**
 * A redirect to a site path in the request's own locale: a German visitor who signs in at
 * /de/login lands on /de/dashboard, not on the English page. Written by lib/redirects.ts
 * siteRedirect (the final, localized URL must be a path of this site, else the locale's home;
 * issue 27 §2). `init`: a status or ResponseInit (302 unless it says otherwise).
 */
export function localizedRedirect(request: Request, path: string, init?: number | ResponseInit): Response {
  const locale = requestLocale(request);
  return siteRedirect(localizePath(path, locale), init, localizePath("/", locale));
}
