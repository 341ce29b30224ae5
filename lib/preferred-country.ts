/**
 * The visitor's country, which the search ranks first when the search names no place (issue 28
 * §1 "The visitor's country first"; docs/search.md "The visitor's country first"). Pure and
 * browser-safe (no zod, no country list): the page loader and GET /api/lawyers/search resolve it,
 * the browser only renders the result.
 *
 * Sources, first that gives a country wins:
 * 1. the `preferCountry` search parameter (an ISO 3166-1 alpha-2 code, or `none` to turn the
 *    preference off; validated by lib/search-params.ts);
 * 2. the region of `Accept-Language`: the most preferred tag that names a country ("pt-BR" → BR,
 *    "de-AT" → AT, "es-MX" → MX, "ar-AE" → AE; lib/region.ts, Intl.Locale), then, when no tag
 *    names one, the likely country of the first language-only tag (Intl.Locale.maximize(): "de"
 *    → DE, "pt" → BR), except for languages of many countries (LANGUAGES_OF_MANY_COUNTRIES);
 * 3. the page locale's usual country (LOCALE_COUNTRY; the API has no page locale);
 * 4. the country of the visitor's own "Use my location" point, once that near-me search is
 *    left (the chip's link carries it as `preferCountry`; a `near` search itself is ordered by
 *    distance and never by country).
 */
import { acceptLanguageTags, type Locale } from "./i18n/locales.ts";
import { regionFromLanguages } from "./region.ts";

/** The value of `preferCountry` that turns the preference off ("Search all countries"). */
export const PREFER_NONE = "none";

/**
 * The usual country of each page locale (issue 28 §1). English and Arabic are the languages of
 * many countries (English: the United States, the United Kingdom, Canada, Australia, India,
 * Nigeria…; Arabic: 22 states), so their pages name none: choosing the United States for every
 * English page would bring back the "USA by default" that docs/spec-deviations.md removed, and
 * no single Arab state stands for the Arabic page. Spanish is Spain (CLDR's likely region;
 * Mexican and other Latin American browsers send es-MX, es-AR…, which win over this table),
 * Portuguese (Brazil) is Brazil, Dutch the Netherlands.
 */
export const LOCALE_COUNTRY: Readonly<Record<Locale, string | null>> = {
  en: null,
  de: "DE",
  fr: "FR",
  es: "ES",
  "pt-BR": "BR",
  nl: "NL",
  ja: "JP",
  ar: null,
};

/**
 * Languages whose language-only `Accept-Language` tag ("en", "ar") names no country: Intl's likely
 * region (en → US, ar → EG) would be a guess for most of their speakers (see LOCALE_COUNTRY).
 */
export const LANGUAGES_OF_MANY_COUNTRIES: ReadonlySet<string> = new Set(["en", "ar"]);

/** Where the preferred country came from (docs/search.md). */
export type PreferredCountrySource = "parameter" | "accept-language" | "locale" | "near" | "none";

/** The resolved preference: the country (ISO 3166-1 alpha-2) or null, and its source. */
export interface PreferredCountry {
  country: string | null;
  source: PreferredCountrySource;
}

/**
 * The likely country of the first `Accept-Language` tag that is a bare language ("de", "pt"), by
 * Intl.Locale.prototype.maximize() (CLDR likely subtags), or null: for a language of many
 * countries, a tag with a script or an area ("es-419"), or no usable tag.
 */
export function likelyCountryOfLanguage(acceptLanguage: string | null | undefined): string | null {
  for (const tag of acceptLanguageTags(acceptLanguage)) {
    let locale: Intl.Locale;
    try {
      locale = new Intl.Locale(tag);
    } catch {
      continue;
    }
    // A tag with any region or script subtag is no bare language: es-419 says "Latin America".
    if (locale.region || locale.script) return null;
    if (LANGUAGES_OF_MANY_COUNTRIES.has(locale.language)) return null;
    const region = locale.maximize().region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  }
  return null;
}

/**
 * The visitor's country from the sources above, in that order.
 * @param parameter the validated `preferCountry` (upper-case code or "none"), or undefined
 * @param acceptLanguage the request's raw `Accept-Language` header
 * @param locale the page's locale; omit on the API (no page)
 * @param nearCountry the country of the visitor's "Use my location" point, when the page knows one
 */
export function resolvePreferredCountry({
  parameter,
  acceptLanguage,
  locale,
  nearCountry,
}: {
  parameter?: string | undefined;
  acceptLanguage?: string | null | undefined;
  locale?: Locale | undefined;
  nearCountry?: string | null | undefined;
}): PreferredCountry {
  if (parameter === PREFER_NONE) return { country: null, source: "none" };
  if (parameter) return { country: parameter, source: "parameter" };
  const region =
    regionFromLanguages(acceptLanguageTags(acceptLanguage)) ?? likelyCountryOfLanguage(acceptLanguage);
  if (region) return { country: region, source: "accept-language" };
  const usual = locale ? LOCALE_COUNTRY[locale] : null;
  if (usual) return { country: usual, source: "locale" };
  if (nearCountry) return { country: nearCountry, source: "near" };
  return { country: null, source: "none" };
}
