/**
 * The visitor's own country, guessed from the browser's `Accept-Language` header, for the
 * wizard's optional "Where is your case?" select (issue 5 "defaulting to the visitor's own when
 * known"). Only a region subtag counts ("en-GB" -> GB, "es-419" is a region code, not a country,
 * and is skipped); a bare language ("fr") says nothing about where someone lives, so it is never
 * turned into a country. No IP lookup, no geolocation prompt.
 */
import { acceptLanguageTags } from "../../../lib/i18n/locales.ts";

/**
 * Returns the ISO 3166-1 alpha-2 code of the first language range, in the header's order of
 * preference (q values, ties keep header order), whose region is one of `available`.
 * @param header the raw `Accept-Language` value, e.g. "de-CH,de;q=0.9,en-GB;q=0.7"; null/"" allowed
 * @param available upper-case alpha-2 codes the select offers (countries with lawyers)
 * @returns e.g. "CH", or "" when no range names an available country
 */
export function countryFromAcceptLanguage(
  header: string | null | undefined,
  available: ReadonlySet<string>,
): string {
  const ranges = preferenceOrder(header);
  for (const { tag } of ranges) {
    // language[-script]-REGION[-…]: the region is the first 2-letter subtag after the first.
    const region = tag
      .split("-")
      .slice(1)
      .find((s) => /^[A-Za-z]{2}$/.test(s));
    if (region && available.has(region.toUpperCase())) return region.toUpperCase();
  }
  return "";
}

/** The language ranges of an Accept-Language header with q above 0, most preferred first (lib/i18n/locales.ts). */
function preferenceOrder(header: string | null | undefined): { tag: string }[] {
  return acceptLanguageTags(header).map((tag) => ({ tag }));
}

/**
 * The visitor's preferred language for the wizard's optional "Preferred language" select (issue
 * 14 §4): the primary subtag of the most preferred language range that is one of `available`
 * (lower-case ISO 639-1 codes the select offers), e.g. "de" for "de-CH,en;q=0.8".
 * @returns the code, or "" when no range names an available language
 */
export function languageFromAcceptLanguage(
  header: string | null | undefined,
  available: ReadonlySet<string>,
): string {
  for (const { tag } of preferenceOrder(header)) {
    const primary = tag.split("-")[0]?.toLowerCase() ?? "";
    if (available.has(primary)) return primary;
  }
  return "";
}
