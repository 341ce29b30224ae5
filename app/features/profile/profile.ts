/**
 * The lawyer profile's view model (spec §2 "Lawyer profile"; issue 2 §4 JSON-LD; issue 14 §2
 * local formats): working hours with day names and times of the page's locale and the office's
 * time zone by name, the rating, review count and experience in the locale's numbers and plural
 * rules, the page title and description, tel: links and the LegalService JSON-LD (data, never
 * translated). Pure functions of a lawyer and a locale whose catalogs are loaded (`ensureLocale`).
 */

import type { TFunction } from "i18next";
import { isFictionalPhone } from "../../../lib/fictional-phones.ts";
import { dateTimeFormat, numberFormat } from "../../../lib/i18n/intl-cache.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { practiceAreaLabel as tableLabel } from "../../../lib/i18n/practice-area-terms.ts";
import { regionName } from "../../../lib/i18n/region-name.ts";
import { timeRange } from "../../../lib/i18n/time-range.ts";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import { type OpeningState, parseWorkingHours } from "../../../lib/opening-hours.ts";
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from "../../../lib/reviews.ts";
import { getT } from "../../i18n/i18n";

/** A day well away from any DST change, so fixed dates format the same on server and browser. */
const MONDAY_UTC = Date.UTC(2024, 0, 1);

/** Stored hours read into parts (issue 19 §1 moved the reader to lib/opening-hours.ts, shared with "Open now"). */
export { parseWorkingHours };

/**
 * The long generic name of an IANA time zone in a locale ("America/Toronto" -> "Eastern Time",
 * "Nordamerikanische Ostküstenzeit"); generic, because the hours hold all year, summer or
 * winter. The zone id itself when the runtime does not know it.
 */
export function timeZoneName(timeZone: string, locale: Locale): string {
  try {
    const parts = dateTimeFormat(locale, { timeZone, timeZoneName: "longGeneric" }).formatToParts(MONDAY_UTC);
    return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/**
 * Working hours as the page's locale writes them, with the office's time zone by name (spec §2
 * "working hours with the office time zone"; issue 14 §2): "Mon–Fri 9:00 AM – 5:00 PM (Eastern
 * Time)", "Mo–Fr 09:00–17:00 Uhr (Nordamerikanische Ostküstenzeit)". Hours that cannot be read
 * are shown as typed, still with the zone. Null when the listing has no hours.
 * Without `locale` it gives the stored text and the zone id ("Mon-Fri 9:00-17:00
 * (America/Toronto)"), as before issue 14 (the API-facing tests). With `visitorZone` (the visitor's
 * IANA zone, app/i18n time-zone cookie) the zone's name is left out when it is the visitor's own
 * (issue 19 §1: no "(Central European Time)" for a visitor in Berlin).
 */
export function workingHoursText(
  l: Pick<LawyerDTO, "workingHours" | "timeZone">,
  locale?: Locale,
  visitorZone?: string,
): string | null {
  if (!l.workingHours) return null;
  if (!locale) return l.timeZone ? `${l.workingHours} (${l.timeZone})` : l.workingHours;
  const t = getT(locale, "profile");
  const parts = parseWorkingHours(l.workingHours);
  let hours = l.workingHours;
  if (parts) {
    const dayName = dateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
    const time = dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    const day = (i: number) => dayName.format(MONDAY_UTC + i * 86_400_000);
    const texts = parts.map((p) =>
      t("hours.daysAndTimes", {
        days:
          p.fromDay === p.toDay
            ? day(p.fromDay)
            : t("hours.dayRange", { from: day(p.fromDay), to: day(p.toDay) }),
        times: timeRange(time, MONDAY_UTC + p.open * 60_000, MONDAY_UTC + p.close * 60_000),
      }),
    );
    hours = texts.reduce((first, next) => t("hours.list", { first, next }));
  }
  if (!l.timeZone) return hours;
  const zone = timeZoneName(l.timeZone, locale);
  // Issue 19 §1: no zone name for a visitor in the office's own zone (the same generic name).
  if (visitorZone && timeZoneName(visitorZone, locale) === zone) return hours;
  return t("hours.withZone", { hours, zone });
}

/**
 * "Open now, until 5:00 PM" / "Closed, opens today at 9:00 AM" / "Closed, opens tomorrow at 9:00"
 * / "Closed, opens Monday at 9:00" (issue 19 §1) in the page's locale: weekday and time from
 * Intl, the times in the office's own zone (as the hours). `state` is computed by the loader at
 * request time (lib/opening-hours.ts openingState, the server's clock), so server and browser
 * render the same text. Null when nothing can be said.
 */
export function openingText(state: OpeningState | null, locale: Locale): string | null {
  if (!state) return null;
  const t = getT(locale, "profile");
  const time = (minutes: number) =>
    dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" })
      .format(MONDAY_UTC + (minutes % 1440) * 60_000)
      .replace(/[\u2009\u202f]/g, " ");
  if (state.open)
    return state.closesAt === null ? t("open.now") : t("open.until", { time: time(state.closesAt) });
  if (!state.next) return t("open.closed");
  const { day, minutes, inDays } = state.next;
  if (inDays === 0) return t("open.opensToday", { time: time(minutes) });
  if (inDays === 1) return t("open.opensTomorrow", { time: time(minutes) });
  const weekday = dateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(
    MONDAY_UTC + day * 86_400_000,
  );
  return t("open.opensOn", { day: weekday, time: time(minutes) });
}

/** A rating with one decimal in the locale's digits: 4.25 -> "4.3" (en), "4,3" (de). */
export function formatRating(rating: number, locale: Locale): string {
  return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

/**
 * The rating in words for page descriptions: "rated 4.5 from 1,204 reviews", "rated 5.0 from
 * 1 review", or "no reviews yet" when `reviewCount` is 0 (never "rated 0.0 from 0 reviews").
 */
export function ratingPhrase(
  { rating, reviewCount }: { rating: number; reviewCount: number },
  locale: Locale = "en",
): string {
  const t = getT(locale, "profile");
  if (reviewCount === 0) return t("rating.noReviewsPhrase");
  return t("rating.phrase", { rating: formatRating(rating, locale), count: reviewCount });
}

/** The profile page's title and description in the page's locale (issue 2 §4, issue 14 §2). */
export function profileMeta(
  l: Pick<
    LawyerDTO,
    "name" | "firm" | "city" | "location" | "experience" | "rating" | "reviewCount" | "practiceAreas"
  >,
  locale: Locale,
): { title: string; description: string } {
  const t = getT(locale, "profile");
  const areas = l.practiceAreas.slice(0, 3).map((a) => practiceAreaLabel(a, locale));
  return {
    title: t("meta.title", { name: l.name, city: l.city }),
    description: t("meta.description", {
      name: l.name,
      firm: l.firm,
      location: l.location,
      years: l.experience,
      rating: ratingPhrase(l, locale),
      areas: new Intl.ListFormat(locale, { style: "narrow", type: "conjunction" }).format(areas),
    }).slice(0, 300),
  };
}

/**
 * A practice area's name in a locale (the spec's English names are the stored values), from the
 * one table of practice areas × locales that also feeds search (lib/i18n/practice-area-terms.ts;
 * issue 14 §3); an unknown value is shown as stored. `_t` is accepted for older callers.
 */
export function practiceAreaLabel(area: string, locale: Locale, _t?: TFunction): string {
  return tableLabel(area as Parameters<typeof tableLabel>[0], locale);
}

/** What the profile page shows, in the page's locale (the profile route renders it). */
export interface ProfileView {
  /** Working hours with the zone's name, or null. */
  hours: string | null;
  /** "4,5" (de): the rating with one decimal; "" without reviews. */
  rating: string;
  /** "(40 Bewertungen)" or "No reviews yet" */
  reviews: string;
  /** "12 Jahre Erfahrung" */
  experience: string;
  /** The country's name in the locale ("Kanada"). */
  country: string;
  practiceAreas: string[];
}

/** The profile's view model: every text of the header card in `locale` (issue 14 §2). */
export function profileView(
  l: Pick<
    LawyerDTO,
    | "workingHours"
    | "timeZone"
    | "rating"
    | "reviewCount"
    | "experience"
    | "countryCode"
    | "country"
    | "practiceAreas"
  >,
  locale: Locale,
): ProfileView {
  const t = getT(locale, "profile");
  return {
    hours: workingHoursText(l, locale),
    rating: l.reviewCount > 0 ? formatRating(l.rating, locale) : "",
    reviews: l.reviewCount > 0 ? t("rating.reviews", { count: l.reviewCount }) : t("rating.noReviews"),
    experience: t("badges.experience", { years: l.experience }),
    country: countryName(l.countryCode, locale, l.country),
    practiceAreas: l.practiceAreas.map((a) => practiceAreaLabel(a, locale)),
  };
}

/**
 * A country's name in a locale from its ISO 3166-1 alpha-2 code (Intl.DisplayNames; issue 14 §2:
 * no country catalogs): ("CA", "de") -> "Kanada". `fallback` (or the code) when unknown; in
 * English the `fallback` (the data's name) when given.
 */
export function countryName(code: string, locale: Locale, fallback?: string): string {
  // English keeps the data's own names (the spec's: "Hong Kong", not "Hong Kong SAR China").
  if (locale === "en" && fallback) return fallback;
  return regionName(code, locale) ?? fallback ?? code;
}

/**
 * schema.org LegalService JSON-LD for a lawyer (issue 2 §4), serialised with `<` escaped so the
 * text cannot close the script element. Data, not text to translate (issue 14 §2).
 */
export function legalServiceJsonLd(l: LawyerDTO, url: string): string {
  const doc: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "LegalService",
    "@id": url,
    url,
    name: l.name,
    description: l.bio,
    // Issue 28 §4: a demo listing's made-up number outside every fictional range is never published.
    ...(l.demo && !isFictionalPhone(l.phone) ? {} : { telephone: l.phone }),
    email: l.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: l.business_address ?? undefined,
      addressLocality: l.city,
      addressRegion: l.state ?? undefined,
      addressCountry: l.countryCode,
    },
    areaServed: { "@type": "Country", name: l.country },
    knowsAbout: l.practiceAreas,
  };
  // schema.org Organization.knowsLanguage takes IETF BCP 47 tags; ISO 639-1 codes are such tags.
  if (l.languages.length > 0) doc.knowsLanguage = l.languages;
  if (l.latitude !== null && l.longitude !== null) {
    doc.geo = { "@type": "GeoCoordinates", latitude: l.latitude, longitude: l.longitude };
  }
  if (l.reviewCount > 0) {
    doc.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: l.rating,
      reviewCount: l.reviewCount,
      // Issue 16 §1: the average of published verified reviews, each 1 to 5 stars.
      bestRating: REVIEW_RATING_MAX,
      worstRating: REVIEW_RATING_MIN,
    };
  }
  // An uploaded logo is a site path (/media/logos/7?v=…); schema.org wants an absolute URL.
  if (l.business_logo)
    doc.logo = URL.canParse(l.business_logo, url) ? new URL(l.business_logo, url).href : l.business_logo;
  if (l.website) doc.sameAs = [l.website];
  return JSON.stringify(doc).replace(/</g, "\\u003c");
}
