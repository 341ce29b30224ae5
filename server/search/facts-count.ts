/**
 * Counts and pages over the search facts (docs/search.md "Performance"): exact totals of a row
 * test, kept per snapshot, and the rating and relevance-group pages read without the database.
 * Issue 30: cut out of the former facts.ts.
 */

import type { RowTest } from "./facts-filter.ts";
import type { Facts } from "./facts-layout.ts";

/** Calls `visit(i)` for each row that may pass `test` (its candidate rows, or every row), in row order. */
function forCandidates(f: Facts, test: RowTest, visit: (i: number) => boolean | undefined): void {
  const rows = test.rows;
  if (rows) {
    for (let k = 0; k < rows.length; k++) if (visit(rows[k] as number) === false) return;
  } else {
    for (let i = 0; i < f.n; i++) if (visit(i) === false) return;
  }
}

/** Number of lawyers passing `test` (exact). */
export function factsCount(f: Facts, test: RowTest): number {
  if (test.all) return f.n;
  let n = 0;
  forCandidates(f, test, (i) => {
    if (test(i)) n++;
    return true;
  });
  return n;
}

/** Totals counted over one facts snapshot, by filter key (factsCountOf); bounded. */
const countsOf = new WeakMap<Facts, Map<string, number>>();
const COUNTS_MAX = 1000;

/**
 * factsCount remembered per facts snapshot and filter key (cache.ts filterKey): a repeated
 * search's total costs nothing, and since the memo lives on the snapshot it always agrees with
 * the facts that answer the search (a new data version brings new facts and an empty memo).
 */
export function factsCountOf(f: Facts, key: string, test: RowTest): number {
  let memo = countsOf.get(f);
  if (!memo) {
    memo = new Map();
    countsOf.set(f, memo);
  }
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const n = factsCount(f, test);
  if (memo.size >= COUNTS_MAX) memo.clear();
  memo.set(key, n);
  return n;
}

/**
 * The rows of country `c` that may pass `test` (its candidate rows or the country's posting
 * list, whichever is shorter), ascending = in row order; `inCountry` tests a row (issue 28 §1).
 */
function countryCandidates(f: Facts, test: RowTest, c: number): Int32Array {
  const own = f.countryRows.subarray(f.countryStart[c] as number, f.countryStart[c + 1] as number);
  return test.rows && test.rows.length < own.length ? test.rows : own;
}

/**
 * Ids of one page of a search without text in the rating order (rating DESC, review count DESC,
 * id: the facts' row order, so the order of spec §5's default sort and of sort=rating): the
 * rows passing `test` from `offset`, at most `limit`. Stops at the page's end, so a deep page
 * ("page=40") costs a scan of the column store instead of reading and skipping every earlier
 * lawyer's row in the database. With `country` (issue 28 §1, lib/ranking.ts
 * RELEVANCE_ORDER.noneCountry) that country's rows come first, each part in the rating order.
 */
export function factsRatingPage(
  f: Facts,
  test: RowTest,
  offset: number,
  limit: number,
  country: string | null = null,
): number[] {
  const ids: number[] = [];
  if (limit <= 0) return ids;
  let seen = 0;
  const take = (i: number) => {
    if (!test(i)) return true;
    if (seen++ >= offset) ids.push(f.ids[i] as number);
    return ids.length < limit;
  };
  const c = country === null ? undefined : f.codes.get(country);
  if (c === undefined) {
    forCandidates(f, test, take);
    return ids;
  }
  const first = countryCandidates(f, test, c);
  for (let k = 0; k < first.length; k++) {
    const i = first[k] as number;
    if (f.country[i] === c && !take(i)) return ids;
  }
  forCandidates(f, test, (i) => f.country[i] === c || take(i));
  return ids;
}

/**
 * Ids of one relevance page of a search whose text is a known subject (docs/search.md "Relevance"): level 1 = the
 * subject matches in name or practice areas (weight A), level 2 = in those or firm and places
 * (weights A, B), level 3 = only with the bio; within a level rating DESC, review count DESC, id.
 * With `country` (issue 28 §1, lib/ranking.ts RELEVANCE_ORDER.textCountry) that country's rows
 * come first, each part by level. Also answers the total.
 */
export function factsGroupPage(
  f: Facts,
  g: number,
  test: RowTest,
  offset: number,
  limit: number,
  country: string | null = null,
): { ids: number[]; total: number } {
  const bit = 1 << g;
  const c = country === null ? -2 : (f.codes.get(country) ?? -2);
  // Levels 1–3 of the visitor's country, then levels 1–3 of the others.
  const levels: number[][] = [[], [], [], [], [], []];
  let total = 0;
  const want = offset + limit;
  forCandidates(f, test, (i) => {
    if (!test(i)) return true;
    total++;
    const level = ((f.groupA[i] as number) & bit) !== 0 ? 0 : ((f.groupAB[i] as number) & bit) !== 0 ? 1 : 2;
    const list = levels[(f.country[i] === c ? 0 : 3) + level] as number[];
    if (list.length < want) list.push(f.ids[i] as number);
    return true;
  });
  const ordered = levels.flat();
  return { ids: ordered.slice(offset, offset + limit), total };
}
