/**
 * How LexAtlas orders search results and matches (issue 16 §2 "Ranking transparency and
 * neutrality"): the one source of the ranking facts. The search (server/search/search.ts,
 * facts.ts), the matching model (server/matching/model.ts, candidates.ts) and the
 * /how-ranking-works page all read these constants, so the page cannot say something the code does
 * not do (tested: app/features/ranking/ranking-page.test.tsx, server/search/neutrality.test.ts).
 *
 * Sources (../shared/research/trust-and-regulation.md; docs/transparency.md): EU Omnibus
 * Directive 2019/2161 (disclose the main parameters of ranking and their relative importance,
 * and any paid placement) [R10], EU P2B Regulation 2019/1150 Art. 5 (tell lawyers the main
 * ranking parameters and how payment affects them) [R11], ABA Model Rule 7.2 comment 5 (a paid
 * service must not imply it recommends a lawyer).
 *
 * Adding a sort to SORT_OPTIONS (lib/constants.ts) fails the type check of SORT_ORDERS until its
 * order is written here; search.ts then orders by it and the page states it.
 *
 * Nothing here reads payment: no key below is about a subscription, and no sponsored placement
 * exists (SPONSORED_PLACEMENTS is empty).
 */
import type { SortOption } from "./constants.ts";

/** The value a result is ordered by (each maps to one column or expression in the search). */
export type SortKeyName =
  | "preferredCountry"
  | "relevanceLevel"
  | "distance"
  | "rating"
  | "reviewCount"
  | "experience"
  | "responseTime"
  | "name"
  | "country"
  | "city"
  | "id";

/** One step of an order: a value and its direction (missing values always come last). */
export interface SortKey {
  key: SortKeyName;
  direction: "asc" | "desc";
}

const asc = (key: SortKeyName): SortKey => ({ key, direction: "asc" });
const desc = (key: SortKeyName): SortKey => ({ key, direction: "desc" });

/**
 * Where the search text matched, best first (docs/search.md "Relevance"): level 1 = the name or a
 * practice area (weight A of the search document), level 2 = the firm or the place (city,
 * region, country; weight B), level 3 = only the bio (weight D). `weights` are the document
 * weights a level's test reads (Postgres ts_filter), cumulative.
 */
export const RELEVANCE_LEVELS = [
  { level: 1, weights: "a", fields: ["name", "practiceArea"] },
  { level: 2, weights: "a,b", fields: ["firm", "place"] },
  { level: 3, weights: "a,b,d", fields: ["bio"] },
] as const;
/** A relevance level: 1, 2 or 3. */
export type RelevanceLevel = (typeof RELEVANCE_LEVELS)[number]["level"];
/** A part of the listing the search text can match. */
export type RelevanceField = (typeof RELEVANCE_LEVELS)[number]["fields"][number];

/** Ties of most orders: higher rating, then more reviews, then the older listing (lower id). */
export const TIE_BREAK: readonly SortKey[] = [desc("rating"), desc("reviewCount"), asc("id")];

/**
 * Lawyers of the visitor's country first (issue 28 §1; docs/search.md "The visitor's country
 * first"): the value is 1 for a lawyer whose office is in the visitor's country, else 0, highest
 * first. The country comes from the `preferCountry` parameter, the `Accept-Language` region, the
 * page locale's usual country or the visitor's "Use my location" (lib/preferred-country.ts); it is
 * used only under `sort=relevance` when the search names no place (no `location`, no place in the
 * text or the description) and has no `near` point. Nothing about payment.
 */
export const PREFERRED_COUNTRY_KEY: SortKey = desc("preferredCountry");

/**
 * The order of `sort=relevance` in its six cases (spec §5 default sort; docs/search.md): with
 * search text, the relevance level first (and the distance from `near` next when given); without
 * text, nearest first when `near` is given (ties in the index's order, stable between pages),
 * else the rating order. When the visitor's country is known and the search names no place and
 * has no `near` (issue 28 §1), its lawyers come first (PREFERRED_COUNTRY_KEY), then the same order.
 */
export const RELEVANCE_ORDER = {
  text: [asc("relevanceLevel"), ...TIE_BREAK],
  textNear: [asc("relevanceLevel"), asc("distance"), ...TIE_BREAK],
  near: [asc("distance")],
  none: [...TIE_BREAK],
  textCountry: [PREFERRED_COUNTRY_KEY, asc("relevanceLevel"), ...TIE_BREAK],
  noneCountry: [PREFERRED_COUNTRY_KEY, ...TIE_BREAK],
} as const satisfies Record<string, readonly SortKey[]>;
/** Which case of RELEVANCE_ORDER applies. */
export type RelevanceCase = keyof typeof RELEVANCE_ORDER;

/** The order of every other sort of SORT_OPTIONS (lib/constants.ts). */
export const SORT_ORDERS = {
  rating: [...TIE_BREAK],
  experience: [desc("experience"), asc("id")],
  reviews: [desc("reviewCount"), asc("id")],
  name: [asc("name"), asc("id")],
  location: [asc("country"), asc("city"), asc("name"), asc("id")],
  /** Issue 16 §3: fastest median first response first; listings without figures last. */
  response: [asc("responseTime"), asc("id")],
} as const satisfies Record<Exclude<SortOption, "relevance">, readonly SortKey[]>;

/**
 * The relevance case of a search: with or without text that filters, with or without `near`, and
 * whether the visitor's country is ordered first (`hasCountry`; never together with `near`).
 */
export function relevanceCase(hasText: boolean, hasNear: boolean, hasCountry = false): RelevanceCase {
  if (hasNear) return hasText ? "textNear" : "near";
  if (hasCountry) return hasText ? "textCountry" : "noneCountry";
  return hasText ? "text" : "none";
}

/**
 * The order a search uses for `sort` (RELEVANCE_ORDER for relevance, else SORT_ORDERS; the
 * visitor's country, `hasCountry`, orders only relevance: another sort is the visitor's own choice).
 */
export function searchOrder(
  sort: SortOption,
  hasText: boolean,
  hasNear: boolean,
  hasCountry = false,
): readonly SortKey[] {
  return sort === "relevance"
    ? RELEVANCE_ORDER[relevanceCase(hasText, hasNear, hasCountry)]
    : SORT_ORDERS[sort];
}

/**
 * Whether a search orders the visitor's country first (issue 28 §1): a country is known,
 * `sort=relevance`, no `near` point, and no place named (`location`, the text's place, or the
 * place a description names, all resolved into `namesPlace` by the search).
 */
export function ordersCountryFirst(
  country: string | null | undefined,
  sort: SortOption,
  hasNear: boolean,
  namesPlace: boolean,
): boolean {
  return Boolean(country) && sort === "relevance" && !hasNear && !namesPlace;
}

/** The values of one result an order reads (missing = null, placed last). */
export type SortValues = Partial<Record<SortKeyName, number | string | null>>;

/**
 * Compares two results by `order` (negative when `a` comes first), the same way the database
 * does: null last in either direction, text compared by code point (the database's "C" order is
 * not assumed: used only for numbers and ids in tests).
 */
export function compareByOrder(order: readonly SortKey[], a: SortValues, b: SortValues): number {
  for (const { key, direction } of order) {
    const x = a[key] ?? null;
    const y = b[key] ?? null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const c = x < y ? -1 : 1;
    return direction === "asc" ? c : -c;
  }
  return 0;
}

/** The matching model's six sub-scores, in display order (lib/personality.ts SUB_SCORES). */
export const MATCH_SCORE_KEYS = [
  "personality",
  "communication",
  "approach",
  "focus",
  "availability",
  "experience",
] as const;
/** One of the six sub-scores. */
export type MatchScoreKey = (typeof MATCH_SCORE_KEYS)[number];

/**
 * Weight of each sub-score in the overall score, in percent (sum 100; docs/matching.md).
 * Personality carries the most because it is the product's promise (spec §1 "AI personality
 * matching", shown as "Personality Matching": this is a fixed formula, not AI; spec deviation
 * 57); communication next, as the thing clients complain about most; availability least, since
 * most lawyers adapt.
 */
export const MATCH_WEIGHTS: Readonly<Record<MatchScoreKey, number>> = {
  personality: 25,
  communication: 20,
  approach: 15,
  focus: 15,
  availability: 10,
  experience: 15,
};

/**
 * Distance in the match order (issue 19 §2 "the ranking weighs distance"; docs/matching.md
 * "Distance"): when the client says where they are, a lawyer whose office is within `withinKm`
 * is ordered as if the overall score were `tenths` / 10 higher (the first band that holds the
 * distance; beyond the last band nothing). The displayed scores do not change (a distance is not
 * a personality fit); the explanation names the distance. 3.0 for the same town lets a local
 * lawyer with a fair fit (7.2) pass one three hours away with a very good fit (8.7): an injured
 * person meets their lawyer in person and the local courts hear the case; a poor local fit (5.0)
 * still does not pass a very good regional one (8.7 + 0.5). No subscription is read.
 */
export const MATCH_DISTANCE_BONUS: readonly { withinKm: number; tenths: number }[] = [
  { withinKm: 30, tenths: 30 },
  { withinKm: 100, tenths: 15 },
  { withinKm: 300, tenths: 5 },
];

/** The order bonus in tenths of a lawyer `km` from the client (MATCH_DISTANCE_BONUS); 0 when unknown. */
export function matchDistanceBonus(km: number | null | undefined): number {
  if (km === null || km === undefined || Number.isNaN(km)) return 0;
  for (const band of MATCH_DISTANCE_BONUS) if (km <= band.withinKm) return band.tenths;
  return 0;
}

/** Shares of the experience sub-score, in percent: years, rating, complexity fit (sum 100). */
export const MATCH_EXPERIENCE_PARTS = { years: 40, rating: 30, complexity: 30 } as const;

/**
 * The order of the match list (issue 5; issue 14 §4): speaks the client's preferred language
 * first, then the overall score plus the distance bonus (MATCH_DISTANCE_BONUS, issue 19 §2), then
 * rating, reviews (all higher first), then lower id.
 */
export const MATCH_ORDER = [
  "speaksPreferredLanguage",
  "overallPlusDistanceBonus",
  "rating",
  "reviewCount",
  "id",
] as const;

/**
 * What a premium subscription buys (issue 6; lib/subscription.ts isPremium; server/api/analytics.ts):
 * the Analytics tab of the dashboard (listing views, clicks, contact clicks) and no ads while
 * signed in. Nothing about where the listing appears.
 */
export const PREMIUM_BENEFITS = ["analytics", "noAds"] as const;

/**
 * Paid placements on the site today: none. If one ever appears it is labelled
 * SPONSORED_LABEL, shown apart from results and matches, and described on /how-ranking-works.
 */
export const SPONSORED_PLACEMENTS: readonly string[] = [];

/** The label any paid placement would carry (issue 16 §2). */
export const SPONSORED_LABEL = "Sponsored";

/**
 * One reason a search result sits where it does under `sort=relevance` ("Why this lawyer?",
 * issue 16 §2), as the API answers it in `why` and the result card words it in the page's
 * language:
 * - `words`: the search text matched at this relevance level; `field` names the part when one
 *   part alone matched (`value`: the practice area, as stored in English), absent when only
 *   several parts together did;
 * - `distance`: kilometres from the `near` point (an order key when `near` was given);
 * - `rating`: the rating and review count, the tie-break within a level (or the whole order
 *   without text);
 * - `verifiedOnly`: the visitor asked for verified licences only, and this listing has one;
 * - `country`: the listing's office is in the visitor's country, ordered first (issue 28 §1;
 *   `countryCode` ISO 3166-1 alpha-2).
 */
export type RelevanceFactor =
  | { kind: "country"; countryCode: string }
  | { kind: "words"; level: RelevanceLevel; field?: RelevanceField; value?: string }
  | { kind: "distance"; km: number }
  | { kind: "rating"; rating: number; reviewCount: number }
  | { kind: "verifiedOnly" };
