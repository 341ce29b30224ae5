/** getFacets: counts per country and practice area under the current filters (issue 2 §3). */
import { sql } from "drizzle-orm";
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import { FEE_KINDS } from "../../lib/fees.ts";
import { languageName } from "../../lib/languages.ts";
import type { FacetCount, Facets } from "../../lib/lawyer.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { queriesAsOneStatement } from "../db/statement-budget.ts";
import { countCache, filterKey, SearchCache, syncDataVersion } from "./cache.ts";
import { feeModelCondition, respondsWithin24hCondition, searchConditions, whereAll } from "./conditions.ts";
import { readDescription } from "./description.ts";
import { factsEverBuilt, factsIfReady, onFactsReady } from "./facts.ts";
import { factsFilter, type RowTest } from "./facts-filter.ts";
import { type Facts, FEE_FREE, feeBit } from "./facts-layout.ts";
import { placesCondition } from "./location.ts";
import { placeFacetQueries, placeFacetsFromKeyCounts, placeFacetsOfRows } from "./place-facets.ts";
import type { SearchContext } from "./service.ts";
import { understandSearch } from "./understand.ts";
import type { Understanding } from "./understanding.ts";

const cache = new SearchCache<Facets>(500, 5 * 60_000);

/**
 * Facet counts (standard facet counting, docs/search.md "Facets"): the country counts apply every
 * filter except `location`, the practice-area counts every filter except `practiceAreas`, so a
 * selection never hides its siblings. Countries: value = ISO code, label = country name, only
 * countries with a match, most lawyers first. Practice areas: all twelve of spec §3 in spec
 * order, zero counts included. Languages (issue 14 §4): every filter except `languages`, codes
 * spoken by at least one match, most first. `verified` (issue 15 §2 "Verified only" with its
 * count): the verified listings among the matches of every filter except `verified`;
 * `respondsWithin24h` (issue 16 §3): likewise for the "responds within 24 h" filter;
 * `freeConsultation` and `feeModels` (issue 19 §1): likewise for the free-consultation filter and,
 * per fee model kind, for `feeModel`. `cities` and
 * `regions` (issue 19 §2, place-facets.ts): like the countries, top 50, within the location
 * filter's countries when one is set. `total` = lawyers matching every filter (the search's total).
 * Sort and paging parameters are ignored. Cached for five minutes per filter set (and the total
 * is shared with the search's count cache). Counted over the search facts when they know the
 * text (facetsFromFacts, issue 18 §1), else by the database (facetsFromDatabase). `context.locale`:
 * the page's language, read as the search reads it (issue 28 §1: its dictionary keeps real words);
 * the visitor's country changes no count.
 */
export async function getFacets(db: Db, request: SearchParams, context: SearchContext = {}): Promise<Facets> {
  await syncDataVersion(db);
  // Issue 19 §4: the counts of a description are those of its practice areas and place.
  const { params } = await readDescription(db, request);
  const key = filterKey(params, context.locale);
  const hit = cache.get(db, key);
  if (hit) return hit;

  const u = await understandSearch(db, params, context.locale);
  // Issue 18 §1: when the search facts know the text (none or a common subject), every count is
  // one pass over their columns (a few ms at 1,000,000 lawyers) instead of five GROUP BY scans.
  const facts = await factsIfReady(db);
  const fromFacts = facts ? facetsFromFacts(facts, params, u) : null;
  const facets = fromFacts ?? (await facetsFromDatabase(db, params, u));
  cache.set(db, key, facets);
  countCache.set(db, key, facets.total);
  return facets;
}

/**
 * The time each facet count of the database path may take (ms) before PostgreSQL cancels it and
 * getFacets fails with StatementBudgetExceeded (issue 29: no request over 1 s while the search
 * facts build; the page then shows its filters without counts, the API answers 503).
 */
export const DATABASE_FACETS_BUDGET_MS = 700;

/**
 * getFacets' counts computed by the database (five GROUP BY / count queries), for text the
 * search facts do not know; same rules and shapes as facetsFromFacts.
 * @throws StatementBudgetExceeded when a count took longer than DATABASE_FACETS_BUDGET_MS (PostgreSQL)
 */
export async function facetsFromDatabase(db: Db, params: SearchParams, u: Understanding): Promise<Facets> {
  // Issue 29: every count in one statement (a visitor's facets hold one connection), cancelled by
  // PostgreSQL after DATABASE_FACETS_BUDGET_MS while the first facts build, so no page waits
  // seconds for GROUP BY scans of 1,000,000 listings then.
  const inLocation = u.filterPlaces ? placesCondition(u.filterPlaces) : sql`true`;
  const budget = factsEverBuilt(db) ? null : DATABASE_FACETS_BUDGET_MS;
  const res = await queriesAsOneStatement(db, budget, {
    countries: sql`
    SELECT ${lawyers.countryCode} AS value, min(${lawyers.country}) AS label, count(*) AS count,
           count(*) FILTER (WHERE ${inLocation}) AS matched
    FROM ${lawyers} WHERE ${whereAll(searchConditions(params, u, "location"))}
    GROUP BY ${lawyers.countryCode}`,
    areas: sql`
    SELECT pa AS value, count(*) AS count
    FROM ${lawyers} CROSS JOIN LATERAL unnest(${lawyers.practiceAreas}) AS pa
    WHERE ${whereAll(searchConditions(params, u, "practiceAreas"))}
    GROUP BY pa`,
    languages: sql`
    SELECT lang AS value, count(*) AS count
    FROM ${lawyers} CROSS JOIN LATERAL unnest(${lawyers.languages}) AS lang
    WHERE ${whereAll(searchConditions(params, u, "languages"))}
    GROUP BY lang`,
    verified: sql`
    SELECT count(*) AS count FROM ${lawyers}
    WHERE ${whereAll([...searchConditions(params, u, "verified"), sql`${lawyers.verified}`])}`,
    responds: sql`
    SELECT count(*) AS count FROM ${lawyers}
    WHERE ${whereAll([...searchConditions(params, u, "respondsWithin24h"), respondsWithin24hCondition])}`,
    free: sql`
    SELECT count(*) AS count FROM ${lawyers}
    WHERE ${whereAll([...searchConditions(params, u, "freeConsultation"), sql`${lawyers.freeConsultation}`])}`,
    fees: sql`
    SELECT ${sql.join(
      FEE_KINDS.map((k) => sql`count(*) FILTER (WHERE ${feeModelCondition(k)}) AS ${sql.identifier(k)}`),
      sql`, `,
    )}
    FROM ${lawyers} WHERE ${whereAll(searchConditions(params, u, "feeModel"))}`,
    ...placeFacetQueries(params, u),
  });
  type Counted = { value: string; count: number | string };
  const countryRes = { rows: res.countries as (Counted & { label: string; matched: number | string })[] };
  const areaRes = { rows: res.areas as Counted[] };
  const languageRes = { rows: res.languages as Counted[] };
  const countOf = (rows: Record<string, unknown>[]) => ({ rows: rows as { count: number | string }[] });
  const verifiedRes = countOf(res.verified);
  const respondsRes = countOf(res.responds);
  const freeRes = countOf(res.free);
  const feeRes = { rows: res.fees as Record<string, number | string>[] };
  const places = placeFacetsOfRows(res, u);

  const countries: FacetCount[] = countryRes.rows
    .map((r) => ({ value: r.value, label: r.label, count: Number(r.count) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const total = countryRes.rows.reduce((n, r) => n + Number(r.matched), 0);
  const areaCounts = new Map(areaRes.rows.map((r) => [r.value, Number(r.count)]));
  const practiceAreas: FacetCount[] = PRACTICE_AREAS.map((a) => ({
    value: a,
    label: a,
    count: areaCounts.get(a) ?? 0,
  }));

  // Languages: only those spoken by a match, most lawyers first; a selected language stays listed
  // (count 0) so its chip and checkbox can still be cleared.
  const languageCounts = new Map(languageRes.rows.map((r) => [r.value, Number(r.count)]));
  const languages = languageFacets(languageCounts, params.languages);

  const verified = Number(verifiedRes.rows[0]?.count ?? 0);
  const respondsWithin24h = Number(respondsRes.rows[0]?.count ?? 0);
  const freeConsultation = Number(freeRes.rows[0]?.count ?? 0);
  const feeModels = feeModelFacets((k) => Number(feeRes.rows[0]?.[k] ?? 0));
  return {
    countries,
    ...places,
    practiceAreas,
    languages,
    verified,
    respondsWithin24h,
    freeConsultation,
    feeModels,
    total,
  };
}

/**
 * The language facet from `counts` (language code -> matching lawyers; modified: every
 * `selected` code missing from it is added with 0, so its chip and checkbox can still be
 * cleared): most lawyers first, then by English name. Both the database and the in-memory path
 * use it.
 */
function languageFacets(counts: Map<string, number>, selected: readonly string[]): FacetCount[] {
  for (const l of selected) if (!counts.has(l)) counts.set(l, 0);
  return [...counts.entries()]
    .map(([value, count]) => ({ value, label: languageName(value, "en"), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** The fee-model facet (issue 19 §1): every kind in FEE_KINDS order with its count. */
function feeModelFacets(count: (kind: (typeof FEE_KINDS)[number]) => number): FacetCount[] {
  return FEE_KINDS.map((k) => ({ value: k, label: k, count: count(k) }));
}

/** Facet counts over every row of one facts snapshot. */
interface AllRowCounts {
  countries: Int32Array;
  /** Rows per city/state key (issue 19 §2 place facets). */
  keys: Int32Array;
  areas: Int32Array;
  languages: Int32Array;
  verified: number;
  responds: number;
  /** Per fee bit (facts.ts FEE_FREE, feeBit). */
  fees: Int32Array;
}
const allCounts = new WeakMap<Facts, AllRowCounts>();
const subjectCounts = new WeakMap<Facts, Map<number, AllRowCounts>>();

/** The facet counts of all rows of `f` (no filter), counted on first use and kept with the snapshot. */
function allRowCounts(f: Facts): AllRowCounts {
  let hit = allCounts.get(f);
  if (!hit) {
    hit = countRows(f, null);
    allCounts.set(f, hit);
  }
  return hit;
}

/**
 * The facet counts of the rows of known subject `g` (a broad query such as "car accident" with
 * no other filter: 95 ms at 1,000,000 listings when counted per request, issue 29), counted once
 * per facts snapshot and kept with it; warmFacetCounts counts them all in the background.
 */
function subjectRowCounts(f: Facts, g: number): AllRowCounts {
  let map = subjectCounts.get(f);
  if (!map) {
    map = new Map();
    subjectCounts.set(f, map);
  }
  let hit = map.get(g);
  if (!hit) {
    hit = countRows(f, f.subjectRows.subarray(f.subjectStart[g] as number, f.subjectStart[g + 1] as number));
    map.set(g, hit);
  }
  return hit;
}

/**
 * Counts, after the facts of a data version are ready (server start, a rebuild), the facet counts
 * of all rows and of every known subject, one subject per turn of the event loop (each at most a
 * few tens of ms at 1,000,000 listings), so the first visitor of a broad query finds them
 * (issue 29: cold facets of a broad query ≤ 30 ms). Resolves when done; never rejects.
 */
export async function warmFacetCounts(f: Facts): Promise<void> {
  allRowCounts(f);
  for (let g = 0; g + 1 < f.subjectStart.length; g++) {
    await new Promise((r) => setImmediate(r));
    subjectRowCounts(f, g);
  }
}

onFactsReady(warmFacetCounts);

/** The facet counts of `rows` of `f` (every row when null). */
function countRows(f: Facts, rows: Int32Array | null): AllRowCounts {
  const c: AllRowCounts = {
    countries: new Int32Array(f.codes.size),
    keys: new Int32Array(f.keys.size),
    areas: new Int32Array(PRACTICE_AREAS.length),
    languages: new Int32Array(f.langCodes.size),
    verified: 0,
    responds: 0,
    fees: new Int32Array(1 + FEE_KINDS.length),
  };
  const count = rows ? rows.length : f.n;
  for (let k = 0; k < count; k++) {
    const i = rows ? (rows[k] as number) : k;
    const code = f.country[i] as number;
    c.countries[code] = (c.countries[code] as number) + 1;
    const ck = f.city[i] as number;
    c.keys[ck] = (c.keys[ck] as number) + 1;
    const sk = f.state[i] as number;
    if (sk >= 0) c.keys[sk] = (c.keys[sk] as number) + 1;
    const mask = f.areas[i] as number;
    if (mask !== 0)
      for (let b = 0; b < PRACTICE_AREAS.length; b++)
        if ((mask & (1 << b)) !== 0) c.areas[b] = (c.areas[b] as number) + 1;
    for (let j = f.langStart[i] as number; j < (f.langStart[i + 1] as number); j++) {
      const l = f.langList[j] as number;
      c.languages[l] = (c.languages[l] as number) + 1;
    }
    c.verified += f.verified[i] as number;
    c.responds += f.responsive[i] as number;
    const m = f.fees[i] as number;
    if (m !== 0)
      for (let b = 0; b < c.fees.length; b++) if ((m & (1 << b)) !== 0) c.fees[b] = (c.fees[b] as number) + 1;
  }
  return c;
}

/** Visits the rows passing `test` (its candidate rows when it has them), in row order. */
function eachRow(f: Facts, test: RowTest, visit: (i: number) => void): void {
  const rows = test.rows;
  if (rows) {
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k] as number;
      if (test(i)) visit(i);
    }
  } else if (test.all) {
    for (let i = 0; i < f.n; i++) visit(i);
  } else {
    for (let i = 0; i < f.n; i++) if (test(i)) visit(i);
  }
}

/**
 * The facets of getFacets counted over the search facts (facts.ts), with exactly the same rules
 * (each facet leaves out its own selection; labels and order as the SQL path), or null when the
 * request's text needs the database. One pass per distinct filter set: a request without any
 * facet selection (the broad query of issue 18 §1) is a single pass.
 */
export function facetsFromFacts(f: Facts, params: SearchParams, u: Understanding): Facets | null {
  const full = factsFilter(f, params, u);
  if (!full) return null;
  const without = (omit: Partial<SearchParams>, drop?: "filterPlaces"): RowTest =>
    factsFilter(f, { ...params, ...omit }, drop ? { ...u, filterPlaces: null } : u) as RowTest;
  const countryTest = u.filterPlaces ? without({ location: undefined }, "filterPlaces") : full;
  const areaTest = params.practiceAreas.length > 0 ? without({ practiceAreas: [] }) : full;
  const languageTest = params.languages.length > 0 ? without({ languages: [] }) : full;
  const verifiedTest = params.verified ? without({ verified: false }) : full;
  const respondsTest = params.respondsWithin24h ? without({ respondsWithin24h: false }) : full;
  const freeTest = params.freeConsultation ? without({ freeConsultation: false }) : full;
  const feeTest = params.feeModel ? without({ feeModel: undefined }) : full;

  const countryCounts = new Int32Array(f.codes.size);
  // City/region counts ride on the country pass (same filter set: all but `location`).
  const keyCounts = new Int32Array(f.keys.size);
  const areaCounts = new Int32Array(PRACTICE_AREAS.length);
  const languageCounts = new Int32Array(f.langCodes.size);
  let verified = 0;
  let responds = 0;
  let free = 0;
  const feeCounts = new Int32Array(1 + FEE_KINDS.length);
  const countFree = (i: number) => {
    if (((f.fees[i] as number) & (1 << FEE_FREE)) !== 0) free++;
  };
  const countFees = (i: number) => {
    const m = f.fees[i] as number;
    if (m !== 0)
      for (const k of FEE_KINDS) {
        const b = feeBit(k);
        if ((m & (1 << b)) !== 0) feeCounts[b] = (feeCounts[b] as number) + 1;
      }
  };
  const countCountry = (i: number) => {
    const c = f.country[i] as number;
    countryCounts[c] = (countryCounts[c] as number) + 1;
    const ck = f.city[i] as number;
    keyCounts[ck] = (keyCounts[ck] as number) + 1;
    const sk = f.state[i] as number;
    if (sk >= 0) keyCounts[sk] = (keyCounts[sk] as number) + 1;
  };
  const countAreas = (i: number) => {
    const mask = f.areas[i] as number;
    if (mask !== 0)
      for (let b = 0; b < PRACTICE_AREAS.length; b++)
        if ((mask & (1 << b)) !== 0) areaCounts[b] = (areaCounts[b] as number) + 1;
  };
  const countLanguages = (i: number) => {
    for (let k = f.langStart[i] as number; k < (f.langStart[i + 1] as number); k++) {
      const l = f.langList[k] as number;
      languageCounts[l] = (languageCounts[l] as number) + 1;
    }
  };
  const countVerified = (i: number) => {
    verified += f.verified[i] as number;
  };
  const countResponds = (i: number) => {
    responds += f.responsive[i] as number;
  };
  // A facet whose filter set keeps every row, or exactly the rows of a known subject, takes the
  // counts kept with the facts snapshot (the precomputed facet counts of issue 18 §1, issue 29).
  const kept = (t: RowTest) =>
    t.all ? allRowCounts(f) : t.subject !== undefined ? subjectRowCounts(f, t.subject) : null;
  const countryKept = kept(countryTest);
  if (countryKept) {
    countryCounts.set(countryKept.countries);
    keyCounts.set(countryKept.keys);
  }
  const areaKept = kept(areaTest);
  if (areaKept) areaCounts.set(areaKept.areas);
  const languageKept = kept(languageTest);
  if (languageKept) languageCounts.set(languageKept.languages);
  const verifiedKept = kept(verifiedTest);
  if (verifiedKept) verified = verifiedKept.verified;
  const respondsKept = kept(respondsTest);
  if (respondsKept) responds = respondsKept.responds;
  const freeKept = kept(freeTest);
  if (freeKept) free = freeKept.fees[FEE_FREE] as number;
  const feeKept = kept(feeTest);
  if (feeKept) feeCounts.set(feeKept.fees);
  // Group the other counters by test so each distinct filter set is one pass.
  const passes = new Map<RowTest, ((i: number) => void)[]>();
  for (const [test, counter] of [
    [countryTest, countCountry],
    [areaTest, countAreas],
    [languageTest, countLanguages],
    [verifiedTest, countVerified],
    [respondsTest, countResponds],
    [freeTest, countFree],
    [feeTest, countFees],
  ] as const) {
    if (test.all || test.subject !== undefined) continue;
    const list = passes.get(test) ?? [];
    list.push(counter);
    passes.set(test, list);
  }
  for (const [test, counters] of passes) {
    if (counters.length === 1) eachRow(f, test, counters[0] as (i: number) => void);
    else
      eachRow(f, test, (i) => {
        for (const c of counters) c(i);
      });
  }
  // The total: the matches of every filter (the country pass already has them without a location filter).
  let total = 0;
  if (countryTest === full) for (const n of countryCounts) total += n;
  else eachRow(f, full, () => total++);

  const codeOf = [...f.codes.keys()];
  const countries: FacetCount[] = [];
  countryCounts.forEach((count, c) => {
    if (count > 0) countries.push({ value: codeOf[c] as string, label: f.countryNames[c] as string, count });
  });
  countries.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const practiceAreas: FacetCount[] = PRACTICE_AREAS.map((a, b) => ({
    value: a,
    label: a,
    count: areaCounts[b] as number,
  }));
  const languageOf = [...f.langCodes.keys()];
  const byLanguage = new Map<string, number>();
  languageCounts.forEach((count, l) => {
    if (count > 0) byLanguage.set(languageOf[l] as string, count);
  });
  const languages = languageFacets(byLanguage, params.languages);
  const places = placeFacetsFromKeyCounts(f, keyCounts, u);
  return {
    countries,
    ...places,
    practiceAreas,
    languages,
    verified,
    respondsWithin24h: responds,
    freeConsultation: free,
    feeModels: feeModelFacets((k) => feeCounts[feeBit(k)] as number),
    total,
  };
}
