/**
 * The visitor's region from the languages the browser asks for (issue 14 §2: the default country
 * of a phone number outside the case form, and the fallback of "Use My Location" when the
 * position is denied). Pure: the server reads `Accept-Language`, the browser
 * `navigator.languages`. Never guesses: no region in any tag gives null (never "US" by default).
 */
import { acceptLanguageTags } from "./i18n/locales.ts";

/**
 * The first ISO 3166-1 alpha-2 region named in a list of BCP 47 tags, in order of preference
 * ("de-AT" -> "AT", "zh-Hant-TW" -> "TW", "es-419" -> skipped: a UN M.49 area is no country).
 * Null when no tag names a country ("en", "*").
 */
export function regionFromLanguages(tags: readonly string[]): string | null {
  for (const tag of tags) {
    try {
      const region = new Intl.Locale(tag.trim()).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // not a BCP 47 tag ("*", garbage): next one
    }
  }
  return null;
}

/** The tags of an `Accept-Language` header by preference (one parser: lib/i18n/locales.ts). */
export { acceptLanguageTags };

/** The region of an `Accept-Language` header ("de-DE,de;q=0.9" -> "DE"), or null. */
export function regionFromAcceptLanguage(header: string | null | undefined): string | null {
  return regionFromLanguages(acceptLanguageTags(header));
}
