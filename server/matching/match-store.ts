/**
 * The layout of the matching store (docs/matching.md "Implementation and performance"): the
 * column store that candidates.ts builds, ranks over and keeps per data version, and that
 * snapshot.ts writes to a file and reads back, and the combination codes of its rows. Its own module so that snapshot.ts names it
 * without importing candidates.ts, which uses snapshot.ts (issue 30: no import circles).
 */
import { PERSONALITY_TRAITS } from "../../lib/constants.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";

/** Personality ratings per row (PERSONALITY_TRAITS). */
export const TRAITS = PERSONALITY_TRAITS.length;

/** Radix of each style field in the combination code: its options plus "unknown" (code 0). */
const RADIX = [
  STYLES.communicationStyle.length + 1,
  STYLES.approachStyle.length + 1,
  STYLES.clientFocus.length + 1,
  STYLES.availabilityLevel.length + 1,
  STYLES.caseComplexityPreference.length + 1,
] as const;

/** Number of option combinations (5 × 5 × 5 × 4 × 4 = 2,000 with today's lists). */
export const COMBOS = RADIX.reduce((a, b) => a * b, 1);

/** The five style codes (0 = unknown, k + 1 = option k) of a combination code. */
export function comboCodes(combo: number): [number, number, number, number, number] {
  let c = combo;
  const out = [0, 0, 0, 0, 0] as [number, number, number, number, number];
  for (let f = 4; f >= 0; f--) {
    const r = RADIX[f] as number;
    out[f] = c % r;
    c = Math.floor(c / r);
  }
  return out;
}

/** comboCodes of every combination, five bytes each (computed once). */
export const COMBO_CODES = (() => {
  const out = new Uint8Array(COMBOS * 5);
  for (let c = 0; c < COMBOS; c++) out.set(comboCodes(c), c * 5);
  return out;
})();

/** The combination code of five style codes (the inverse of comboCodes). */
export function comboOf(codes: readonly number[]): number {
  let c = 0;
  for (let f = 0; f < 5; f++) c = c * (RADIX[f] as number) + (codes[f] as number);
  return c;
}

/**
 * Column store of the verified listings' scoring attributes; row i is one lawyer. Rows are
 * sorted by group (combo × countries + country); group g's rows are
 * `groupStart[g] .. groupStart[g + 1] - 1`.
 */
export interface MatchStore {
  version: number;
  n: number;
  ids: Int32Array;
  /** Bit k set when the listing lists PRACTICE_AREAS[k]. */
  areas: Uint16Array;
  /** Number of distinct known practice areas. */
  areaCount: Uint8Array;
  /** Interned country code (index in `countries`). */
  country: Uint16Array;
  /** Country codes by index, and their index. */
  countries: string[];
  codes: Map<string, number>;
  /** 8 ratings per row in PERSONALITY_TRAITS order, 1..10; 0 = unknown. */
  traits: Uint8Array;
  /** Combination of the five style codes (comboCodes: 0 = unknown, k + 1 = option k of LAWYER_STYLE_OPTIONS). */
  combo: Uint16Array;
  /** experienceBase(years, rating) of model.ts: the client-independent part of the experience score. */
  experienceBase: Uint16Array;
  /** Rating in hundredths (the column is numeric(3,2)): orders exactly like the rating. */
  rating: Uint16Array;
  reviewCount: Int32Array;
  /** Office position in degrees (issue 19 §2: distance in the order); NaN when unknown. */
  lat: Float32Array;
  lng: Float32Array;
  /** Languages spoken: ISO 639-1 code -> bit set of rows (bit i of word i >> 5) (issue 14 §4). */
  speakers: Map<string, Uint32Array>;
  /** Row offsets per group (COMBOS × countries.length + 1 entries). */
  groupStart: Int32Array;
  /** Largest experienceBase per group: bounds what a group's rows can score. */
  groupMaxExperience: Uint16Array;
  /** Largest experienceBase per combination, over every country. */
  comboMaxExperience: Uint16Array;
}
