/**
 * The visitor's region from the languages the browser asks for (issue 14 §2: the default country
 * of a phone number outside the case form, and the fallback of "Use My Location" when the
 * position is denied). Pure: the server reads `Accept-Language`, the browser
 * `navigator.languages`. Never guesses: no region in any tag gives null (never "US" by default).
 */

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

/**
 * The tags of an `Accept-Language` header (RFC 9110 §12.5.4) by descending quality, ties in
 * header order; q=0 entries are dropped. Example: "fr-CH, fr;q=0.9, de-DE;q=0.8" -> ["fr-CH",
 * "fr", "de-DE"].
 */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag !== "" && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => e.tag);
}

/** The region of an `Accept-Language` header ("de-DE,de;q=0.9" -> "DE"), or null. */
export function regionFromAcceptLanguage(header: string | null | undefined): string | null {
  return regionFromLanguages(acceptLanguageTags(header));
}
