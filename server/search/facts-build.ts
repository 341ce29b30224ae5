/**
 * Building the search facts from the database (docs/search.md "Performance"; issue 18 §1): one
 * chunked query per BUILD_CHUNK listings straight into typed arrays, then the posting lists.
 * Issue 30: cut out of the former facts.ts; facts.ts calls buildFacts once per data version.
 */
import { sql } from "drizzle-orm";
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import { FEE_KINDS } from "../../lib/fees.ts";
import { RELEVANCE_LEVELS, TIE_BREAK } from "../../lib/ranking.ts";
import { RESPONSE_DEADLINE_HOURS, RESPONSE_MIN_SAMPLE } from "../../lib/response-times.ts";
import type { Db } from "../db/client.ts";
import { type Facts, FEE_BITS, FEE_FREE, feeBit, SUBJECTS } from "./facts-layout.ts";

/**
 * The facts' row order: lib/ranking.ts TIE_BREAK (rating DESC, review count DESC, id), the
 * no-text relevance order and sort=rating (issue 16 §2: the page and the code share it), as a
 * comparison of row numbers over the build's columns (all NOT NULL, so NULLS LAST never applies).
 */
function rowOrder(columns: Record<string, ArrayLike<number>>): (a: number, b: number) => number {
  const keys = TIE_BREAK.map((k) => {
    const col = columns[k.key];
    if (!col) throw new Error(`search facts: no column for the sort key ${k.key}`);
    return { col, sign: k.direction === "desc" ? -1 : 1 };
  });
  return (a, b) => {
    for (const { col, sign } of keys) {
      const d = (col[a] as number) - (col[b] as number);
      if (d !== 0) return sign * d;
    }
    return 0;
  };
}

/** The document weights of relevance levels 1 and 2 (lib/ranking.ts RELEVANCE_LEVELS; level 3 is the rest). */
const [LEVEL1_WEIGHTS, LEVEL2_WEIGHTS] = RELEVANCE_LEVELS.map((l) => `'{${l.weights}}'`);

/** The fee bits of a row in SQL (FEE_FREE and feeBit; the same tests as conditions.ts). */
const feeBitsSql = sql.raw(
  [
    `(CASE WHEN free_consultation THEN ${1 << FEE_FREE} ELSE 0 END)`,
    ...FEE_KINDS.map(
      (k) => `(CASE WHEN fee_models @> '[{"kind":"${k}"}]'::jsonb THEN ${1 << feeBit(k)} ELSE 0 END)`,
    ),
  ].join(" + "),
);

/** Rows read per query while building the facts (bounds the transient heap, issue 18 §1). */
let BUILD_CHUNK = 50_000;

/**
 * Sets the rows read per query of the next facts builds (default 50,000) and answers the previous
 * value; tests use a tiny chunk so that a fixture of a few dozen rows crosses chunk boundaries.
 */
export function setFactsBuildChunk(rows: number): number {
  const before = BUILD_CHUNK;
  BUILD_CHUNK = Math.max(1, Math.trunc(rows));
  return before;
}

/** One row of the facts query. */
interface FactsRow {
  id: number;
  cc: string;
  country: string;
  city: string;
  state: string | null;
  city_name: string;
  state_name: string | null;
  areas: string[] | null;
  langs: string[] | null;
  experience: number;
  rating: string | number;
  reviews: number;
  verified: boolean;
  responsive: boolean;
  fees: number;
  lat: number | null;
  lng: number | null;
  gany: number;
  ga: number;
  gab: number;
}

/**
 * Builds the facts of `version` (issue 18 §1: at 1,000,000 listings the single query of every
 * row took 75 s and left a 2 GB process). Now:
 * - each subject's tsquery is computed once per query (a one-row CROSS JOIN) instead of once per
 *   row and subject, and the weight-filtered documents once per row (LATERAL);
 * - rows are read in chunks of BUILD_CHUNK by id (an index range each), straight into typed
 *   arrays, so the heap never holds more than one chunk of row objects;
 * - the row order (rowOrder: lib/ranking.ts TIE_BREAK) is applied at the end by sorting a
 *   permutation in JavaScript, identical to the database's ORDER BY (rating and review count are
 *   NOT NULL numbers, id unique).
 */
export async function buildFacts(db: Db, version: number): Promise<Facts> {
  // Each subject's filter query, built exactly like filterQuery (plainto_tsquery per word).
  const groupSql = SUBJECTS.map((s) => {
    const alts = s.alternatives.map(
      (alt) =>
        sql`(${sql.join(
          alt.map((w) => sql`plainto_tsquery('english', public.f_unaccent(${w}::text))`),
          sql` && `,
        )})`,
    );
    return sql`(${sql.join(alts, sql` || `)})`;
  });
  const queries = sql.join(
    groupSql.map((q, i) => sql`${q} AS ${sql.raw(`q${i}`)}`),
    sql`, `,
  );
  const bits = (doc: string) =>
    sql.join(
      groupSql.map(
        (_, i) => sql`(CASE WHEN ${sql.raw(doc)} @@ ${sql.raw(`q.q${i}`)} THEN ${1 << i}::int ELSE 0 END)`,
      ),
      sql` + `,
    );
  const countRes = await db.execute<{ n: number | string }>(
    sql`SELECT count(*) AS n FROM lawyers WHERE NOT hidden`,
  );
  let cap = Number(countRes.rows[0]?.n ?? 0) + 1024;
  const fresh = (size: number) => ({
    ids: new Int32Array(size),
    country: new Int32Array(size),
    city: new Int32Array(size),
    state: new Int32Array(size),
    areas: new Int32Array(size),
    experience: new Int32Array(size),
    rating: new Float64Array(size),
    reviews: new Int32Array(size),
    verified: new Uint8Array(size),
    responsive: new Uint8Array(size),
    fees: new Uint8Array(size),
    x: new Float64Array(size),
    y: new Float64Array(size),
    z: new Float64Array(size),
    groupAny: new Int32Array(size),
    groupA: new Int32Array(size),
    groupAB: new Int32Array(size),
    langCount: new Uint8Array(size),
  });
  let c = fresh(cap);
  let langs: number[] = [];
  const codes = new Map<string, number>();
  const keys = new Map<string, number>();
  const langCodes = new Map<string, number>();
  const countryNames: string[] = [];
  const keyNames: string[] = [];
  const intern = (m: Map<string, number>, s: string) => {
    let v = m.get(s);
    if (v === undefined) {
      v = m.size;
      m.set(s, v);
    }
    return v;
  };
  const areaBit = new Map(PRACTICE_AREAS.map((a, i) => [a as string, 1 << i]));
  let n = 0;
  let last = -1;
  for (;;) {
    const res = await db.execute<FactsRow & Record<string, unknown>>(sql`
      SELECT id, country_code AS cc, country, lower(public.f_unaccent(city)) AS city,
        lower(public.f_unaccent(state)) AS state, city AS city_name, state AS state_name, practice_areas AS areas, languages AS langs, experience,
        rating, review_count AS reviews, verified,
        (median_first_response_hours <= ${RESPONSE_DEADLINE_HOURS} AND response_sample_size >= ${RESPONSE_MIN_SAMPLE}) IS TRUE AS responsive,
        ${feeBitsSql} AS fees,
        latitude AS lat, longitude AS lng, g.gany,
        CASE WHEN g.gany = 0 THEN 0 ELSE ${bits("w.va")} END AS ga,
        CASE WHEN g.gany = 0 THEN 0 ELSE ${bits("w.vab")} END AS gab
      FROM (SELECT ${queries}) q
        CROSS JOIN (SELECT * FROM lawyers WHERE NOT hidden AND id > ${last} ORDER BY id LIMIT ${BUILD_CHUNK}) l
        CROSS JOIN LATERAL (SELECT ${bits("l.search_vector")} AS gany) g
        CROSS JOIN LATERAL (SELECT
          CASE WHEN g.gany = 0 THEN NULL ELSE ts_filter(l.search_vector, ${sql.raw(LEVEL1_WEIGHTS as string)}) END AS va,
          CASE WHEN g.gany = 0 THEN NULL ELSE ts_filter(l.search_vector, ${sql.raw(LEVEL2_WEIGHTS as string)}) END AS vab) w
      ORDER BY id`);
    if (res.rows.length === 0) break;
    if (n + res.rows.length > cap) {
      // Rows added while building (another instance's insert): grow every column.
      cap = Math.ceil((n + res.rows.length) * 1.25);
      const bigger = fresh(cap);
      for (const k of Object.keys(bigger) as (keyof typeof bigger)[])
        (bigger[k] as { set(a: ArrayLike<number>): void }).set(c[k]);
      c = bigger;
    }
    const { ids, country, city, state, areas, experience, rating, reviews, verified, responsive, x, y, z } =
      c;
    const { groupAny, groupA, groupAB, langCount, fees } = c;
    for (const r of res.rows) {
      const i = n++;
      ids[i] = Number(r.id);
      const cc = r.cc;
      country[i] = intern(codes, cc);
      const code = country[i] as number;
      if (countryNames[code] === undefined || r.country < (countryNames[code] as string))
        countryNames[code] = r.country;
      city[i] = intern(keys, `city|${r.city}|${cc}`);
      state[i] = r.state === null ? -1 : intern(keys, `state|${r.state}|${cc}`);
      const ck = city[i] as number;
      if (keyNames[ck] === undefined || r.city_name < (keyNames[ck] as string)) keyNames[ck] = r.city_name;
      const sk = state[i] as number;
      if (sk >= 0 && (keyNames[sk] === undefined || (r.state_name as string) < (keyNames[sk] as string)))
        keyNames[sk] = r.state_name as string;
      let mask = 0;
      for (const a of r.areas ?? []) mask |= areaBit.get(a) ?? 0;
      areas[i] = mask;
      const ls = r.langs ?? [];
      langCount[i] = ls.length;
      for (const l of ls) langs.push(intern(langCodes, l));
      experience[i] = Number(r.experience);
      rating[i] = Number(r.rating);
      reviews[i] = Number(r.reviews);
      verified[i] = r.verified ? 1 : 0;
      responsive[i] = r.responsive ? 1 : 0;
      fees[i] = Number(r.fees);
      if (r.lat === null || r.lng === null) {
        x[i] = Number.NaN;
      } else {
        const la = (Number(r.lat) * Math.PI) / 180;
        const lo = (Number(r.lng) * Math.PI) / 180;
        x[i] = Math.cos(la) * Math.cos(lo);
        y[i] = Math.cos(la) * Math.sin(lo);
        z[i] = Math.sin(la);
      }
      groupAny[i] = Number(r.gany);
      groupA[i] = Number(r.ga);
      groupAB[i] = Number(r.gab);
    }
    last = Number(res.rows[res.rows.length - 1]?.id);
    if (res.rows.length < BUILD_CHUNK) break;
  }

  // The row order of ROW_ORDER (rating DESC, review count DESC, id), as a permutation.
  const { ids, rating, reviews, langCount } = c;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort(rowOrder({ rating, reviewCount: reviews, id: ids }));
  const permute = <A extends Int32Array | Float64Array | Uint8Array>(a: A): A => {
    const b = new (a.constructor as new (n: number) => A)(n);
    for (let k = 0; k < n; k++) b[k] = a[order[k] as number] as number;
    return b;
  };
  // Languages: the rows' lists in id order, then re-laid in the row order.
  const langFrom = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) langFrom[i + 1] = (langFrom[i] as number) + (langCount[i] as number);
  const langStart = new Int32Array(n + 1);
  const langList = new Int32Array(langs.length);
  let at = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    langStart[k] = at;
    for (let j = langFrom[i] as number; j < (langFrom[i + 1] as number); j++)
      langList[at++] = langs[j] as number;
  }
  langStart[n] = at;
  langs = [];
  const country = permute(c.country);
  const city = permute(c.city);
  const state = permute(c.state);
  const groupAny = permute(c.groupAny);
  const fees = permute(c.fees);
  const [feeStart, feeRows] = postings(n, FEE_BITS, (i, add) => {
    const m = fees[i] as number;
    for (let b = 0; b < FEE_BITS; b++) if ((m & (1 << b)) !== 0) add(b);
  });
  const [countryStart, countryRows] = postings(n, codes.size, (i, add) => add(country[i] as number));
  const [keyStart, keyRows] = postings(n, keys.size, (i, add) => {
    add(city[i] as number);
    if ((state[i] as number) >= 0) add(state[i] as number);
  });
  const [subjectStart, subjectRows] = postings(n, SUBJECTS.length, (i, add) => {
    const g = groupAny[i] as number;
    for (let b = 0; b < SUBJECTS.length; b++) if ((g & (1 << b)) !== 0) add(b);
  });
  return {
    version,
    at: performance.now(),
    n,
    ids: permute(ids),
    country,
    city,
    state,
    areas: permute(c.areas),
    experience: permute(c.experience),
    rating: permute(rating),
    verified: permute(c.verified),
    responsive: permute(c.responsive),
    fees,
    feeStart,
    feeRows,
    langStart,
    langList,
    langCodes,
    x: permute(c.x),
    y: permute(c.y),
    z: permute(c.z),
    groupAny,
    groupA: permute(c.groupA),
    groupAB: permute(c.groupAB),
    codes,
    keys,
    countryNames,
    keyNames,
    countryStart,
    countryRows,
    keyStart,
    keyRows,
    subjectStart,
    subjectRows,
  };
}

/**
 * CSR posting lists of `lists` lists over rows 0..n-1: `each(i, add)` calls add(list) for every
 * list row i belongs to. Answers [start, rows]; rows of list k ascending.
 */
function postings(
  n: number,
  lists: number,
  each: (i: number, add: (k: number) => void) => void,
): [Int32Array, Int32Array] {
  const start = new Int32Array(lists + 1);
  for (let i = 0; i < n; i++)
    each(i, (k) => {
      start[k + 1] = (start[k + 1] as number) + 1;
    });
  for (let k = 0; k < lists; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
  const fill = start.slice(0, lists);
  const rows = new Int32Array(start[lists] as number);
  for (let i = 0; i < n; i++)
    each(i, (k) => {
      rows[fill[k] as number] = i;
      fill[k] = (fill[k] as number) + 1;
    });
  return [start, rows];
}
