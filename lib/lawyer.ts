/**
 * The public shape of a lawyer as the API returns it and the pages render it (spec §3 "Lawyer").
 * Field names follow the spec, including its snake_case `business_logo`, `business_address`
 * and `verification_status`.
 */
import type { FeeTerms } from "./fees.ts";
import type { GrammaticalGender } from "./grammatical-gender.ts";
import type { RelevanceFactor } from "./ranking.ts";
import type { ResponseStats } from "./response-times.ts";
import type { SpecialistTitle } from "./specialist-titles.ts";

export interface LawyerDTO {
  id: number;
  name: string;
  firm: string;
  email: string;
  phone: string;
  /** Display location, e.g. "Toronto, Ontario, Canada". */
  location: string;
  country: string;
  /** ISO 3166-1 alpha-2, e.g. "CA". */
  countryCode: string;
  state: string | null;
  city: string;
  /** The listing's own office position in degrees (issue 19 §1), not the city centre; null when unknown. */
  latitude: number | null;
  longitude: number | null;
  /** IANA time zone of the office, e.g. "America/Toronto". */
  timeZone: string | null;
  /** Years of practice. */
  experience: number;
  /** 0.00 to 5.00. */
  rating: number;
  reviewCount: number;
  bio: string;
  practiceAreas: string[];
  /** Languages spoken, ISO 639-1 codes, e.g. ["de", "en"] (issue 14 §4). */
  languages: string[];
  imageUrl: string | null;
  business_logo: string | null;
  business_address: string | null;
  website: string | null;
  googleReviewsUrl: string | null;
  /** Office hours in the office's time zone, e.g. "Mon-Fri 9:00-17:00". */
  workingHours: string | null;
  /**
   * How the listing wants to be spoken about (issue 28 §2; lib/grammatical-gender.ts): messages
   * about the lawyer agree with "feminine" or "masculine"; "neutral" or null: neutral wording.
   */
  grammaticalGender: GrammaticalGender | null;
  /**
   * Issue 19 §1: open at the time of the request (lib/opening-hours.ts), added by the API's
   * answers at request time; absent from the cached rows the server works with.
   */
  openNow?: boolean;
  /**
   * The tick: the listing's licence check is verified and not past due (issue 15 §2), a cache of
   * its checks (docs/spec-deviations.md). `verification_status` is its three-valued summary.
   */
  verified: boolean;
  verification_status: "verified" | "pending" | "unverified";
  /** A fictional demo listing (seeded): only these show the demo-data notice (issue 15 §2). */
  demo: boolean;
  /**
   * Issue 28 §4: an account with a confirmed email manages the listing (it can open and answer its
   * cases). A listing nobody manages promises no reply: its profile, case form and emails say what
   * LexAtlas does instead (server/listings/managed.ts).
   */
  managed: boolean;
  /**
   * Measured response times over the last 90 days (issue 16 §3; server/responses/stats.ts): both
   * figures null below 5 counted cases ("New on the platform").
   */
  responseStats: ResponseStats;
  /**
   * Fees and first meeting (issue 19 §1; lib/fees.ts): `{ freeConsultation, consultationMinutes,
   * models: [{ kind, minPercent, maxPercent, minAmount, maxAmount, currency }] }`, null where a
   * field does not apply; no models when the listing has said nothing about fees.
   */
  fees: FeeTerms;
  /**
   * Specialist titles (issue 28 §2; lib/specialist-titles.ts): each as conferred, in its original
   * language, with the body that conferred it, its practice area and year ("Fachanwalt für
   * Verkehrsrecht", "Rechtsanwaltskammer München", "Car Accidents", 2012); each has its own check
   * (kind `specialist_title`) in the profile's verification.
   */
  specialistTitles: SpecialistTitle[];
  personalityTraits: Record<string, number> | null;
  communicationStyle: string | null;
  approachStyle: string | null;
  clientFocus: string | null;
  availabilityLevel: string | null;
  caseComplexityPreference: string | null;
  /** Kilometres from the `near` point, only when the search had one. */
  distanceKm?: number;
  /**
   * "Why this lawyer?" (issue 16 §2): the factors that placed this result, only in a search with
   * `sort=relevance` (lib/ranking.ts RelevanceFactor; docs/spec-deviations.md).
   */
  why?: RelevanceFactor[];
}

/** One facet option with its count of matching lawyers (issue 2 §3). */
export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

/** A city or region facet (issue 19 §2): value "Munich, DE" (the location filter's value), label its name. */
export interface PlaceFacet extends FacetCount {
  countryCode: string;
}

/** Answer of GET /api/lawyers/facets. */
export interface Facets {
  countries: FacetCount[];
  /**
   * Cities and regions with most matches under every filter but `location`, within the location
   * filter's countries when set (issue 19 §2; server/search/place-facets.ts).
   */
  cities: PlaceFacet[];
  regions: PlaceFacet[];
  practiceAreas: FacetCount[];
  /** Languages spoken (issue 14 §4): value = ISO 639-1 code, label = English name, most lawyers first. */
  languages: FacetCount[];
  /** Verified listings among the matches of every filter but `verified` (issue 15 §2 "Verified only"). */
  verified: number;
  /** Listings that usually respond within 24 h among the matches of every filter but that one (issue 16 §3). */
  respondsWithin24h: number;
  /** Listings with a free first consultation among the matches of every filter but that one (issue 19 §1). */
  freeConsultation: number;
  /**
   * Listings offering each fee model (lib/fees.ts FEE_KINDS order; value = kind) among the
   * matches of every filter but `feeModel` (issue 19 §1: "No win, no fee" is `contingency`).
   */
  feeModels: FacetCount[];
  total: number;
}

/** Facets with no counts (an empty page, a failed facet read): every list empty, `total` as given. */
export function emptyFacets(total = 0): Facets {
  return {
    countries: [],
    cities: [],
    regions: [],
    practiceAreas: [],
    languages: [],
    verified: 0,
    respondsWithin24h: 0,
    freeConsultation: 0,
    feeModels: [],
    total,
  };
}

/** Experience badge colour (spec §9): 20+ green, 10+ blue, 5+ yellow, else grey. */
export function experienceBadgeColor(years: number): "green" | "blue" | "yellow" | "gray" {
  if (years >= 20) return "green";
  if (years >= 10) return "blue";
  if (years >= 5) return "yellow";
  return "gray";
}

/**
 * The listed `fields` of `lawyer` and nothing else (a card's or a page's subset of LawyerDTO, so
 * the page's hydration data carries no more than it shows; performance, issue 2 §5). A field
 * whose value is undefined is left out rather than set to undefined.
 */
export function pickLawyerFields<const K extends keyof LawyerDTO>(
  lawyer: LawyerDTO,
  fields: readonly K[],
): Pick<LawyerDTO, K> {
  const picked: Partial<Pick<LawyerDTO, K>> = {};
  for (const key of fields) if (lawyer[key] !== undefined) picked[key] = lawyer[key];
  return picked as Pick<LawyerDTO, K>;
}
