/**
 * Distances on result cards in the visitor's unit (issue 14 §2 "local formats"): miles for
 * visitors in the countries that use them on the road (United States, United Kingdom, Liberia,
 * Myanmar), kilometres elsewhere; written by Intl.NumberFormat's unit style in the page's locale
 * ("6.4 km", "6,4 km", "4 mi", "٦٫٤ كم"). The visitor's country is the region of their browser's
 * preferred language (`Accept-Language`), sent by the loader with the results.
 */

import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { acceptLanguageTags, type Locale } from "../../../lib/i18n/locales.ts";

/** The unit a distance is shown in (Intl's unit identifiers). */
export type DistanceUnit = "kilometer" | "mile";

/** Regions whose visitors read road distances in miles (issue 14 §2). */
export const MILE_REGIONS: ReadonlySet<string> = new Set(["US", "GB", "LR", "MM"]);

const KM_PER_MILE = 1.609344;

/**
 * The visitor's region from `Accept-Language`: the region of the most preferred tag ("en-GB" ->
 * "GB"), or its likely region when the tag names none ("de" -> "DE", "en" -> "US", by CLDR's
 * likely subtags); null without a usable header.
 */
export function visitorRegion(acceptLanguage: string | null | undefined): string | null {
  const first = acceptLanguageTags(acceptLanguage)[0];
  if (!first) return null;
  try {
    const locale = new Intl.Locale(first);
    return (locale.region ?? locale.maximize().region ?? null)?.toUpperCase() ?? null;
  } catch {
    return null;
  }
}

/** The distance unit for a request's visitor: "mile" in US, GB, LR and MM, else "kilometer". */
export function distanceUnitFor(acceptLanguage: string | null | undefined): DistanceUnit {
  const region = visitorRegion(acceptLanguage);
  return region && MILE_REGIONS.has(region) ? "mile" : "kilometer";
}

/**
 * Formats a distance given in km in `unit` for `locale`: below 1 km in metres ("420 m"), below
 * 100 with one decimal ("6.4 km", "12.3 mi"), else whole ("1,204 km"). Defaults: English, km.
 */
export function formatDistance(km: number, locale: Locale = "en", unit: DistanceUnit = "kilometer"): string {
  const format = (value: number, u: string, digits: number) =>
    numberFormat(locale, {
      style: "unit",
      unit: u,
      unitDisplay: "short",
      maximumFractionDigits: digits,
    }).format(value);
  if (unit === "mile") {
    const miles = km / KM_PER_MILE;
    return format(Math.max(miles, 0.1), "mile", miles < 100 ? 1 : 0);
  }
  if (km < 1) return format(Math.round(km * 1000), "meter", 0);
  return format(km, "kilometer", km < 100 ? 1 : 0);
}
