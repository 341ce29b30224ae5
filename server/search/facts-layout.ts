/**
 * The layout of the search facts (docs/search.md "Performance"): the column store type, its fee
 * bits and the known text subjects, shared by the build (facts-build.ts), the file copy
 * (facts-snapshot.ts), the filter (facts-filter.ts), the counts and pages (facts-count.ts) and the
 * per-version lifecycle (facts.ts). Issue 30: cut out of the former 1,034-line facts.ts.
 */
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import { FEE_KINDS } from "../../lib/fees.ts";
import { parseSearchQuery, SYNONYM_GROUPS } from "../../lib/query.ts";
import type { Understanding } from "./understanding.ts";

/** Radius of the earthdistance model (public.earth()), metres. */
export const EARTH_M = 6378168;

/**
 * Column store of the lawyers table, one entry per listing that is not hidden (issue 15 §3:
 * hiding or restoring writes to lawyers, which bumps search_state.version, so the next search
 * rebuilds these facts without the hidden listing), row order = rating order.
 */
export interface Facts {
  version: number;
  at: number;
  n: number;
  /** Lawyer ids in the no-text relevance order: rating DESC, review count DESC, id. */
  ids: Int32Array;
  country: Int32Array;
  city: Int32Array;
  state: Int32Array;
  areas: Int32Array;
  experience: Int32Array;
  rating: Float64Array;
  /** 1 when the listing's `verified` cache is set (issue 15 §2 "Verified only"). */
  verified: Uint8Array;
  /** 1 when the listing usually responds within 24 h (issue 16 §3; conditions.ts has the rule). */
  responsive: Uint8Array;
  /**
   * Issue 19 §1 fees: bit FEE_FREE = free first consultation, bit feeBit(kind) = offers that fee
   * model (lib/fees.ts FEE_KINDS); posting lists feeStart/feeRows per bit (list b = bit b).
   */
  fees: Uint8Array;
  feeStart: Int32Array;
  feeRows: Int32Array;
  /** Languages of row i (issue 14 §4): langList[langStart[i] .. langStart[i+1]) are indexes of langCodes. */
  langStart: Int32Array;
  langList: Int32Array;
  langCodes: Map<string, number>;
  /** Unit vectors of the lawyer's point on the sphere (NaN when no coordinates). */
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** Bit g: the document matches subject g's filter anywhere / in weight A / in weights A or B. */
  groupAny: Int32Array;
  groupA: Int32Array;
  groupAB: Int32Array;
  /** Interned "code" / "key|code" strings to their numbers (-1 = none). */
  codes: Map<string, number>;
  keys: Map<string, number>;
  /** Country name by interned code number (the facets' labels). */
  countryNames: string[];
  /**
   * The stored city / region name by interned key number (issue 19 §2: the place facets' labels
   * and values): the least of the key's spellings in code-point order, as the SQL path's
   * min(city COLLATE "C").
   */
  keyNames: string[];
  /**
   * Posting lists (issue 18 §1: at 1,000,000 rows a filter must not test every row): the rows of
   * each country code, each city/state key and each subject, ascending (= the row order), as
   * CSR arrays: rows of c are countryRows[countryStart[c] .. countryStart[c+1]).
   */
  countryStart: Int32Array;
  countryRows: Int32Array;
  keyStart: Int32Array;
  keyRows: Int32Array;
  subjectStart: Int32Array;
  subjectRows: Int32Array;
}

/** The facts' fee bit of a free first consultation (issue 19 §1). */
export const FEE_FREE = 0;
/** The facts' fee bit of a fee model kind: 1 + its index in FEE_KINDS. */
export function feeBit(kind: (typeof FEE_KINDS)[number]): number {
  return 1 + FEE_KINDS.indexOf(kind);
}
/** How many fee bits (posting lists) the facts keep. */
export const FEE_BITS = 1 + FEE_KINDS.length;

/**
 * The subjects whose text filter the facts know: each synonym group (filter: any of its phrases)
 * and each practice area's words (filter: all of them), as lists of alternatives of words.
 */
export const SUBJECTS: { key: string; alternatives: string[][] }[] = [
  ...SYNONYM_GROUPS.flatMap((g) => {
    const group = parseSearchQuery(g.phrase, true).group;
    return group?.alternatives.every((a) => a.length > 0)
      ? [{ key: `g:${g.phrase}`, alternatives: group.alternatives }]
      : [];
  }),
  ...PRACTICE_AREAS.flatMap((a) => {
    const parsed = parseSearchQuery(a, true);
    return parsed.group || parsed.required.length === 0
      ? []
      : [{ key: `w:${[...parsed.required].sort().join(" ")}`, alternatives: [parsed.required] }];
  }),
].filter((s, i, all) => all.findIndex((t) => t.key === s.key) === i);

/**
 * Index of the known subject (SUBJECTS) whose filter a request's text is exactly, or -1 when the
 * text is another one (typo originals, several words outside a group, ...). -2 when no text.
 */
export function subjectOf(u: Understanding): number {
  const group = u.parsed.group;
  const groupFilters = group?.alternatives.every((a) => a.length > 0) ?? false;
  if (!groupFilters && u.required.length === 0) return -2;
  if (u.required.some((r) => r.original)) return -1;
  if (groupFilters && group) {
    if (u.required.length > 0) return -1;
    return SUBJECTS.findIndex((s) => s.key === `g:${group.phrase}`);
  }
  const key = `w:${u.required
    .map((r) => r.word)
    .sort()
    .join(" ")}`;
  return SUBJECTS.findIndex((s) => s.key === key);
}
