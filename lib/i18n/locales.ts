/**
 * The locales LexAtlas speaks (issue 14 §1) and the rules that pick one: the URL prefix of a
 * page, the visitor's remembered choice (cookie) and the browser's `Accept-Language`
 * (RFC 9110 §12.5.4; RFC 4647 lookup by @formatjs/intl-localematcher, then by language).
 * Pure: imported by the pages, the server and the tests. Adding a locale is one row in
 * `LOCALE_TABLE` plus its catalogs (docs/i18n.md "Adding a locale").
 */
import { match } from "@formatjs/intl-localematcher";
import { readCookie } from "../cookies.ts";

/** One supported locale: BCP 47 tag, text direction and its own name (shown in the switcher). */
export interface LocaleInfo {
  /** BCP 47 tag, also the URL prefix (lower case) and the catalog folder name. */
  tag: string;
  dir: "ltr" | "rtl";
  /** The language's own name, e.g. "Deutsch" (a language switcher lists endonyms). */
  nativeName: string;
}

/** Every supported locale in switcher order; English first, the default and the unprefixed one. */
export const LOCALE_TABLE = [
  { tag: "en", dir: "ltr", nativeName: "English" },
  { tag: "de", dir: "ltr", nativeName: "Deutsch" },
  { tag: "fr", dir: "ltr", nativeName: "Français" },
  { tag: "es", dir: "ltr", nativeName: "Español" },
  { tag: "pt-BR", dir: "ltr", nativeName: "Português (Brasil)" },
  { tag: "nl", dir: "ltr", nativeName: "Nederlands" },
  { tag: "ja", dir: "ltr", nativeName: "日本語" },
  { tag: "ar", dir: "rtl", nativeName: "العربية" },
] as const satisfies readonly LocaleInfo[];

/** A supported locale tag, e.g. "pt-BR". */
export type Locale = (typeof LOCALE_TABLE)[number]["tag"];

/** All supported locale tags in switcher order. */
export const LOCALES: readonly Locale[] = LOCALE_TABLE.map((l) => l.tag);

/** The locale of unprefixed URLs (the spec's routes) and the fallback of every catalog. */
export const DEFAULT_LOCALE: Locale = "en";

/** Cookie that remembers an explicit choice from the language switcher (one year). */
export const LOCALE_COOKIE = "lexatlas_locale";

const BY_TAG = new Map<string, LocaleInfo>(LOCALE_TABLE.map((l) => [l.tag, l]));
const BY_PREFIX = new Map<string, Locale>(LOCALE_TABLE.map((l) => [l.tag.toLowerCase(), l.tag]));

/** True when `value` is a supported locale tag (exact spelling, e.g. "pt-BR"). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && BY_TAG.has(value);
}

/** "rtl" for right-to-left locales (Arabic), else "ltr". */
export function dirOf(locale: Locale): "ltr" | "rtl" {
  return BY_TAG.get(locale)?.dir ?? "ltr";
}

/** The locale's own name, e.g. "العربية". */
export function nativeNameOf(locale: Locale): string {
  return BY_TAG.get(locale)?.nativeName ?? locale;
}

/**
 * The locale a URL path prefix names: "de" -> "de", "pt-br" -> "pt-BR". English has no prefix
 * (its pages keep the spec's routes), so "en" and unknown segments give null.
 */
export function localeFromPrefix(segment: string | undefined): Locale | null {
  if (!segment) return null;
  const locale = BY_PREFIX.get(segment.toLowerCase());
  return locale && locale !== DEFAULT_LOCALE ? locale : null;
}

/**
 * Splits a path into its locale and the unprefixed rest: "/de/about" -> { locale: "de",
 * path: "/about" }, "/about" -> { locale: "en", path: "/about" }, "/ja" -> { "ja", "/" }.
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const m = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const locale = localeFromPrefix(m?.[1]);
  if (!locale) return { locale: DEFAULT_LOCALE, path: pathname || "/" };
  return { locale, path: m?.[2] || "/" };
}

/**
 * A site path without the locale prefix it starts with: "/de/about?x=1" -> "/about?x=1",
 * "/ja" -> "/", "/ar#top" -> "/#top"; a path without a prefix as it is. A prefix followed by a
 * second slash ("/de//evil.example") is kept: stripping it would name another host (issue 27 §2).
 */
function withoutLocalePrefix(path: string): string {
  const m = /^\/([^/?#]+)(.*)$/s.exec(path);
  if (!m?.[1] || !localeFromPrefix(m[1])) return path;
  const rest = m[2] ?? "";
  if (rest === "") return "/";
  if (rest.startsWith("?") || rest.startsWith("#")) return `/${rest}`;
  return rest.startsWith("/") && !rest.startsWith("//") ? rest : path;
}

/**
 * THE way a site path gets its locale (issue 14 §1, issue 28 §2: every link, form action,
 * navigation and redirect the app builds goes through it, via LocaleLink, useLocalizePath,
 * useLocaleNavigate or localizedRedirect in app/i18n/locale.ts): ("/about", "de") -> "/de/about",
 * ("/", "ar") -> "/ar", ("/about?x=1", "en") -> "/about?x=1". A path that already names a
 * locale is put in `locale` instead ("/de/about", "fr" -> "/fr/about"), so localizing twice is
 * harmless. Paths that are not site-absolute ("https:…", "//host", "#id", "?q", "") are
 * returned as they are.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  path = withoutLocalePrefix(path);
  if (locale === DEFAULT_LOCALE) return path;
  const prefix = `/${locale.toLowerCase()}`;
  if (path === "/") return prefix;
  if (path.startsWith("/?") || path.startsWith("/#")) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}

/** Parses `Accept-Language` into tags by preference (q > 0, ties keep header order). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0 && r.tag !== "*" && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(r.tag))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((r) => r.tag);
}

/**
 * The supported locale a browser prefers, or null when it names none of ours (then the page
 * stays English; a crawler without the header gets English too). "pt-PT" and "pt" fall back to
 * "pt-BR", "de-AT" to "de", "ar-EG" to "ar"; the first range we can serve wins.
 * @param header raw `Accept-Language`, e.g. "de-CH,de;q=0.9,en;q=0.5"
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
  for (const tag of acceptLanguageTags(header)) {
    // RFC 4647 lookup first ("de-CH" -> "de", "pt-BR-x" -> "pt-BR"), then the same language in
    // another region ("pt-PT" -> "pt-BR"): a person is better served in their language.
    let found: string | undefined;
    try {
      found = match([tag], LOCALES as string[], "none", { algorithm: "lookup" });
    } catch {
      found = undefined;
    }
    if (isLocale(found)) return found;
    const language = tag.split("-")[0]?.toLowerCase();
    const sameLanguage = LOCALES.find((l) => l.split("-")[0]?.toLowerCase() === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/**
 * The locale remembered in the `lexatlas_locale` cookie of a `Cookie` header, if any (read by
 * lib/cookies.ts readCookie: a value that does not decode, such as `%E0%A4%A`, is no choice and
 * never an error; issue 27).
 */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | null {
  const value = readCookie(cookieHeader, LOCALE_COOKIE);
  return isLocale(value) ? value : null;
}

/**
 * The language emails to a lawyer about their listing are written in (issue 28 §2 "Emails to a
 * lawyer in the lawyer's language"): the first of the listing's languages (ISO 639-1, in the
 * order the listing gives them) that the site speaks ("pt" -> "pt-BR"), else the language of the
 * account that manages it (`users.locale`), else English. A German listing's lawyer reads the
 * new-case notice in German whatever page the client wrote from and whatever page the lawyer
 * signed up on. Emails about the account itself (password reset, email verification, claim
 * links) keep the account's language.
 * @param listingLanguages the listing's `languages`, e.g. ["de", "en"]; null or [] for none
 * @param accountLocale the managing account's stored locale, if any
 */
export function listingLocale(
  listingLanguages: readonly string[] | null | undefined,
  accountLocale?: string | null,
): Locale {
  for (const code of listingLanguages ?? []) {
    const locale = negotiateLocale(code);
    if (locale) return locale;
  }
  return isLocale(accountLocale) ? accountLocale : DEFAULT_LOCALE;
}
