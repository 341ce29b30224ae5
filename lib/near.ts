/**
 * "Use My Location" radius (issue 19 §2 "Near me and distance"): the radius a near-me search
 * starts with and the radii the filter panel offers, in the visitor's distance unit (kilometres,
 * or miles for visitors in US, GB, LR and MM: app/features/search/distance.ts). The URL always
 * carries kilometres (`radiusKm`, lib/search-params.ts), so a mile radius is stored as its
 * kilometres rounded to 0.01 km (15 mi -> 24.14), which formats back to "15 mi".
 * No zod and no server code: imported by the browser.
 */

/** Kilometres in one international mile. */
export const KM_PER_MILE = 1.609344;

/** The unit a distance is shown in (Intl's unit identifiers). */
export type NearUnit = "kilometer" | "mile";

/** Radii the filter panel offers, in the visitor's unit (issue 19 §2 "adjustable"). */
export const NEAR_RADII: Readonly<Record<NearUnit, readonly number[]>> = {
  kilometer: [5, 10, 25, 50, 100, 250],
  mile: [5, 10, 15, 25, 50, 150],
};

/** The radius "Use My Location" starts with: 25 km, or 15 mi for mile visitors (issue 19 §2). */
export const DEFAULT_NEAR_RADIUS: Readonly<Record<NearUnit, number>> = { kilometer: 25, mile: 15 };

/** Kilometres of `value` in `unit`, rounded to 0.01 km (what `radiusKm` carries). */
export function toRadiusKm(value: number, unit: NearUnit): number {
  return unit === "mile" ? Math.round(value * KM_PER_MILE * 100) / 100 : value;
}

/** The radius in km "Use My Location" puts in the URL for a visitor with `unit`. */
export function defaultRadiusKm(unit: NearUnit): number {
  return toRadiusKm(DEFAULT_NEAR_RADIUS[unit], unit);
}

/**
 * The radius select's options for `unit`, as kilometre values (the form submits `radiusKm`),
 * plus `current` when it is none of them (a hand-edited URL), in ascending order.
 */
export function radiusOptionsKm(unit: NearUnit, current?: number): number[] {
  const out = NEAR_RADII[unit].map((v) => toRadiusKm(v, unit));
  if (current !== undefined && !out.includes(current)) out.push(current);
  return out.sort((a, b) => a - b);
}
