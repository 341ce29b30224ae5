/**
 * Which house ad an ad slot shows, and where results carry it (issue 19 §5 "Ads"; spec §1 "Non-
 * premium visitors see ad blocks", §9 "Ad slots").
 *
 * - Only lawyers see promotions of the lawyers' plan (Premium with analytics and client
 *   insights; spec §9 "Premium"). Every other visitor (signed out, a client, staff) sees the
 *   client Premium, whose one promise is "no ads", or, in the home sidebar for a signed-out
 *   visitor, the free "List your practice" invitation (a listing is free, so it is no plan).
 * - In a list of results the ad comes after the first AD_AFTER_RESULTS cards, never between the
 *   search box and the results.
 */

/** Where an ad slot sits (spec §9). */
export type AdPlacement = "home-top" | "home-sidebar" | "dashboard" | "browse";

/** What a house ad offers. */
export type HouseAdKind = "client-premium" | "lawyer-premium" | "list-practice";

/** How many result cards come before the ad in a results list (issue 19 §5). */
export const AD_AFTER_RESULTS = 3;

/** The plan a signed-in user's dashboard offers: the lawyers' plan only to lawyers. */
export function premiumAudience(role: string | null | undefined): "client" | "lawyer" {
  return role === "lawyer" ? "lawyer" : "client";
}

/**
 * The house ad for `placement` and the visitor's `role` (null when signed out):
 * lawyer -> "lawyer-premium"; signed out in the home sidebar -> "list-practice"; everyone else
 * -> "client-premium". Never "lawyer-premium" for anyone but a lawyer.
 */
export function houseAdFor(placement: AdPlacement, role: string | null | undefined): HouseAdKind {
  if (role === "lawyer") return "lawyer-premium";
  if (placement === "home-sidebar" && !role) return "list-practice";
  return "client-premium";
}

/**
 * Splits a page of results around the ad: the first AD_AFTER_RESULTS items, then the rest; the
 * ad goes between them, or after all of them when the page is shorter.
 */
export function splitForAd<T>(items: readonly T[]): { before: T[]; after: T[] } {
  return { before: items.slice(0, AD_AFTER_RESULTS), after: items.slice(AD_AFTER_RESULTS) };
}
