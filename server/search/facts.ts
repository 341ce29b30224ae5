/**
 * The search facts: a compact in-process column store of what every filter, count and the
 * relevance levels of the common subjects (synonym groups, practice areas) need (docs/search.md "Performance"). Built from the
 * database once per data version (search_state.version, bumped by a trigger on every write to
 * lawyers by any process), it answers exact totals of any filter set
 * without text (or whose text is exactly one synonym group, e.g. "medical malpractice lawyers")
 * in about a millisecond, and the relevance pages of group searches, without counting or ranking
 * tens of thousands of rows in the database. It holds no per-search result.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import { FEE_KINDS } from "../../lib/fees.ts";
import { parseSearchQuery, SYNONYM_GROUPS } from "../../lib/query.ts";
import { RELEVANCE_LEVELS, TIE_BREAK } from "../../lib/ranking.ts";
import { RESPONSE_DEADLINE_HOURS, RESPONSE_MIN_SAMPLE } from "../../lib/response-times.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { logBackgroundError, logBackgroundWarning } from "../logger.ts";
import { databaseKey } from "../matching/candidates.ts";
import { syncDataVersion, VersionedSnapshot } from "./cache.ts";
import type { Place } from "./location.ts";
import { readSnapshotFile, readSnapshotMeta, writeSnapshotFile } from "./snapshot-file.ts";
import type { Understanding } from "./understanding.ts";

/** Radius of the earthdistance model (public.earth()), metres. */
const EARTH_M = 6378168;

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
const FEE_BITS = 1 + FEE_KINDS.length;

/**
 * The subjects whose text filter the facts know: each synonym group (filter: any of its phrases)
 * and each practice area's words (filter: all of them), as lists of alternatives of words.
 */
const SUBJECTS: { key: string; alternatives: string[][] }[] = [
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
async function build(db: Db, version: number): Promise<Facts> {
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

/** The typed-array fields of Facts, in file order (snapshot-file.ts). */
const FACTS_ARRAYS = [
  "ids",
  "country",
  "city",
  "state",
  "areas",
  "experience",
  "rating",
  "verified",
  "responsive",
  "fees",
  "feeStart",
  "feeRows",
  "langStart",
  "langList",
  "x",
  "y",
  "z",
  "groupAny",
  "groupA",
  "groupAB",
  "countryStart",
  "countryRows",
  "keyStart",
  "keyRows",
  "subjectStart",
  "subjectRows",
] as const satisfies readonly (keyof Facts)[];

/** Format and version of the facts file (a change of the layout changes it). */
const FACTS_MAGIC = "LXFACTS1";

/**
 * What the facts' meaning depends on besides the data: the subjects and their bits, the practice
 * areas' bits, the fee bits, the relevance weights, the row order and the responsiveness rule. A
 * file written by code with other rules is not used (its bits would mean other things).
 */
const FACTS_RULES = createHash("sha256")
  .update(
    JSON.stringify([
      SUBJECTS,
      PRACTICE_AREAS,
      FEE_KINDS,
      RELEVANCE_LEVELS,
      TIE_BREAK,
      RESPONSE_DEADLINE_HOURS,
      RESPONSE_MIN_SAMPLE,
      EARTH_M,
    ]),
  )
  .digest("hex")
  .slice(0, 16);

/** The header of a facts file: whose data, which version, under which rules, and the interned strings. */
interface FactsMeta {
  key: string;
  version: number;
  rules: string;
  n: number;
  codes: string[];
  keys: string[];
  langCodes: string[];
  countryNames: string[];
  keyNames: string[];
}

/** The facts file of database `key` in `dir` (the key made safe for a file name). */
export function factsSnapshotPath(dir: string, key: string): string {
  return path.join(dir, `search-facts-${key.replace(/[^A-Za-z0-9_.-]/g, "_")}.bin`);
}

/**
 * Writes `f`, the facts of database `key` (matching/candidates.ts databaseKey), to `file`
 * atomically (issue 29: about 110 MB at 1,000,000 listings, read back in well under a second).
 */
export async function saveFactsSnapshot(file: string, key: string, f: Facts): Promise<void> {
  const meta: FactsMeta = {
    key,
    version: f.version,
    rules: FACTS_RULES,
    n: f.n,
    codes: [...f.codes.keys()],
    keys: [...f.keys.keys()],
    langCodes: [...f.langCodes.keys()],
    countryNames: f.countryNames,
    keyNames: f.keyNames,
  };
  await writeSnapshotFile(file, FACTS_MAGIC, meta, Object.fromEntries(FACTS_ARRAYS.map((k) => [k, f[k]])));
}

/**
 * The facts saved in `file` when they are those of database `key` at data version `version`
 * under the current rules, else why not (`kind` as snapshot-file.ts readSnapshotFile: "missing",
 * "refused" for a stale file, another database's or other rules', "damaged" for a truncated or
 * corrupt one, checksum). Such a file is never used.
 */
export function loadFactsSnapshot(
  file: string,
  key: string,
  version: number,
): { facts: Facts } | { facts: null; kind: "missing" | "refused" | "damaged"; reason: string } {
  const read = readSnapshotFile<FactsMeta>(file, FACTS_MAGIC, (m) =>
    m.key !== key
      ? "another database"
      : m.rules !== FACTS_RULES
        ? "written under other search rules"
        : m.version !== version
          ? `data version ${m.version}, the database is at ${version}`
          : null,
  );
  if (!read.ok) return { facts: null, kind: read.kind, reason: read.reason };
  const { meta, arrays } = read;
  const missingArray = FACTS_ARRAYS.find((k) => !arrays.has(k));
  if (missingArray) return { facts: null, kind: "damaged", reason: `no ${missingArray} in the file` };
  const index = (list: string[]) => new Map(list.map((s, i) => [s, i]));
  const columns = Object.fromEntries(FACTS_ARRAYS.map((k) => [k, arrays.get(k)])) as Pick<
    Facts,
    (typeof FACTS_ARRAYS)[number]
  >;
  if (columns.ids.length !== meta.n || columns.langStart.length !== meta.n + 1)
    return { facts: null, kind: "damaged", reason: "column lengths disagree with the row count" };
  return {
    facts: {
      ...columns,
      version: meta.version,
      at: performance.now(),
      n: meta.n,
      codes: index(meta.codes),
      keys: index(meta.keys),
      langCodes: index(meta.langCodes),
      countryNames: meta.countryNames,
      keyNames: meta.keyNames,
    },
  };
}

/** Handles whose facts persist (warmSearchFacts with a folder): the file, the database key, the save under way. */
const persisted = new WeakMap<
  Db,
  { file: string; key: string; saving?: Promise<void>; next?: Facts; savedVersion: number }
>();

/**
 * The build of the facts snapshot: the file copy when it is this version's (issue 29), else a
 * build from the database, then saved in the background (one write at a time; a build finished
 * while one is written is saved after it, the newest only).
 */
async function loadOrBuild(db: Db, version: number): Promise<Facts> {
  const f = await loadOrBuildFacts(db, version);
  for (const listener of readyListeners) setImmediate(() => void listener(f));
  return f;
}

const readyListeners: ((f: Facts) => unknown)[] = [];

/**
 * Calls `listener` with every facts snapshot once it is loaded or built, on a later turn of the
 * event loop (facets.ts counts its kept facet counts then, issue 29). Errors are the listener's.
 */
export function onFactsReady(listener: (f: Facts) => unknown): void {
  readyListeners.push(listener);
}

async function loadOrBuildFacts(db: Db, version: number): Promise<Facts> {
  const p = persisted.get(db);
  if (p) {
    const loaded = loadFactsSnapshot(p.file, p.key, version);
    if (loaded.facts) return loaded.facts;
    if (loaded.kind === "damaged")
      logBackgroundWarning(
        { file: p.file, reason: loaded.reason },
        "search facts: snapshot not used, building",
      );
  }
  const f = await build(db, version);
  if (p) queueSave(p, f);
  return f;
}

function queueSave(p: NonNullable<ReturnType<typeof persisted.get>>, f: Facts): void {
  if (p.saving) {
    p.next = f;
    return;
  }
  p.saving = saveFactsSnapshot(p.file, p.key, f)
    .then(() => {
      p.savedVersion = f.version;
    })
    .catch((err) => logBackgroundError(err, "search facts: snapshot not saved"))
    .finally(() => {
      p.saving = undefined;
      const next = p.next;
      p.next = undefined;
      if (next && next.version > p.savedVersion) queueSave(p, next);
    });
}

/**
 * Resolves when this handle's current facts are in its file (warmSearchFacts configured it):
 * writes them unless that version is already saved, and waits for every write under way. For
 * tests and tools; never rejects (a failed write is logged).
 */
export async function factsSnapshotSaved(db: Db): Promise<void> {
  const p = persisted.get(db);
  if (!p) return;
  const f = await getFacts(db);
  if (p.savedVersion !== f.version && !p.saving) queueSave(p, f);
  while (p.saving) await p.saving;
}

/**
 * Readies the search facts at process start (server/main.ts; issue 29 "load at start instead of
 * being rebuilt"). With `snapshotDir` (DATA_DIR), this database's file copy is used when it is of
 * the current data version: it is loaded now (about a second at 1,000,000 listings) and the
 * facts answer every request from then on. Otherwise (no file, another version, corrupt) the
 * build starts in the background and the database answers searches until it is ready (as
 * factsIfReady); the build is then saved for the next start. Answers whether the facts are
 * ready on return. Never rejects.
 */
export async function warmSearchFacts(db: Db, opts: { snapshotDir?: string } = {}): Promise<boolean> {
  try {
    if (opts.snapshotDir) {
      const key = await databaseKey(db);
      persisted.set(db, {
        file: factsSnapshotPath(opts.snapshotDir, key),
        key,
        savedVersion: -1,
      });
      const version = await syncDataVersion(db);
      // Only the header is read here; the awaited get below loads a file of this version.
      const meta = readSnapshotMeta<FactsMeta>(factsSnapshotPath(opts.snapshotDir, key), FACTS_MAGIC);
      if (meta?.key === key && meta.rules === FACTS_RULES && meta.version === version) {
        await getFacts(db);
        return true;
      }
    }
    // The build (or the copy this handle already has) is saved when it is not on disk yet.
    void startFactsBuild(db).then((f) => {
      const p = persisted.get(db);
      if (f && p && p.savedVersion !== f.version) queueSave(p, f);
    });
    return false;
  } catch (err) {
    logBackgroundError(err, "search facts: readying at start failed");
    return false;
  }
}

const facts = new VersionedSnapshot<Facts>("search facts", loadOrBuild);

/**
 * The facts of this database handle for the current data version (VersionedSnapshot in
 * cache.ts): built and awaited when missing or dropped (about 0.1 s at 5,500 lawyers, 1 to 4 s
 * at 100,000 on PGlite); after another instance's write the old copy answers while a new one
 * builds in the background, so totals may lag that write by the build time.
 */
export async function getFacts(db: Db): Promise<Facts> {
  const f = await facts.get(db);
  everBuilt.add(db);
  return f;
}

/** Handles whose facts have been built at least once in this process. */
const everBuilt = new WeakSet<Db>();

/**
 * The facts when this handle has had them before (then exactly getFacts: awaited after a write
 * here, the old copy while another instance's write is rebuilt), or null on a cold process whose
 * first build is still running (issue 18 §1: 75 s at 1,000,000 listings must not block the first
 * visitors): the build is started in the background and the request is answered by the
 * database (the same results, counted and ranked in SQL) until it is ready.
 */
export async function factsIfReady(db: Db): Promise<Facts | null> {
  if (everBuilt.has(db)) return getFacts(db);
  startFactsBuild(db);
  return null;
}

/** Starts building this handle's facts in the background (server start, factsIfReady); never throws. */
export function startFactsBuild(db: Db): Promise<Facts | null> {
  return getFacts(db).catch((err) => {
    logBackgroundError(err, "search facts: background build failed");
    return null;
  });
}

/** Drops this handle's facts so the next getFacts builds them from current data (after a write here). */
export function dropFacts(db: Db): void {
  facts.drop(db);
}

/**
 * A row filter over the facts for one request; null when the request needs the database.
 * `rows`: when set, every row passing the test is among these (ascending), so scans walk them
 * instead of all n rows; `all`: the test passes every row; `subject`: the test is exactly "the
 * row matches known subject g" (its rows are g's posting list), whose facet counts are kept per
 * snapshot (facets.ts, issue 29).
 */
export type RowTest = ((i: number) => boolean) & { rows?: Int32Array; all?: boolean; subject?: number };

/** The rows of the given posting lists, ascending and distinct. */
function unionRows(start: Int32Array, rows: Int32Array, lists: number[]): Int32Array {
  if (lists.length === 1) {
    const k = lists[0] as number;
    return rows.subarray(start[k] as number, start[k + 1] as number);
  }
  let size = 0;
  for (const k of lists) size += (start[k + 1] as number) - (start[k] as number);
  const out = new Int32Array(size);
  let at = 0;
  for (const k of lists) {
    out.set(rows.subarray(start[k] as number, start[k + 1] as number), at);
    at += (start[k + 1] as number) - (start[k] as number);
  }
  out.sort();
  let w = 0;
  for (let r = 0; r < out.length; r++) if (r === 0 || out[r] !== out[r - 1]) out[w++] = out[r] as number;
  return out.subarray(0, w);
}

/**
 * The facts filter of a request, or null when its text is not group-only (then the database
 * must evaluate it). Mirrors searchConditions exactly: group text, query places, location
 * filter, practice areas (ANY), languages (ANY), verified only (issue 15 §2), free consultation and
 * fee model (issue 19 §1), experience >= N, rating >= N, radius (great circle).
 */
export function factsFilter(f: Facts, params: SearchParams, u: Understanding): RowTest | null {
  const tests: RowTest[] = [];
  // Candidate row lists (posting lists); the smallest bounds every scan.
  const candidates: Int32Array[] = [];
  const g = subjectOf(u);
  if (g === -1) return null;
  if (g >= 0) {
    const bit = 1 << g;
    tests.push((i) => ((f.groupAny[i] as number) & bit) !== 0);
    candidates.push(unionRows(f.subjectStart, f.subjectRows, [g]));
  }
  const placeTest = (places: Place[]): RowTest => {
    const countryLists: number[] = [];
    const keyLists: number[] = [];
    // Flags by interned number (typed arrays: a lookup per row costs far less than Set.has,
    // and a location filter is tested on every one of the 100,000 rows).
    const countries = new Uint8Array(f.codes.size);
    const keys = new Uint8Array(f.keys.size);
    for (const p of places) {
      if (p.kind === "country") {
        const c = f.codes.get(p.countryCode);
        if (c !== undefined && countries[c] !== 1) {
          countries[c] = 1;
          countryLists.push(c);
        }
      } else {
        const k = f.keys.get(`${p.kind}|${p.key}|${p.countryCode}`);
        if (k !== undefined && keys[k] !== 1) {
          keys[k] = 1;
          keyLists.push(k);
        }
      }
    }
    const countryCandidates = unionRows(f.countryStart, f.countryRows, countryLists);
    const keyCandidates = unionRows(f.keyStart, f.keyRows, keyLists);
    candidates.push(
      countryLists.length === 0
        ? keyCandidates
        : keyLists.length === 0
          ? countryCandidates
          : unionRows(
              new Int32Array([0, countryCandidates.length, countryCandidates.length + keyCandidates.length]),
              Int32Array.from([...countryCandidates, ...keyCandidates]),
              [0, 1],
            ),
    );
    return (i) =>
      countries[f.country[i] as number] === 1 ||
      keys[f.city[i] as number] === 1 ||
      keys[f.state[i] as number] === 1;
  };
  if (u.queryPlaces) tests.push(placeTest(u.queryPlaces));
  if (u.filterPlaces) tests.push(placeTest(u.filterPlaces));
  if (params.practiceAreas.length > 0) {
    let mask = 0;
    for (const a of params.practiceAreas)
      mask |= 1 << PRACTICE_AREAS.indexOf(a as (typeof PRACTICE_AREAS)[number]);
    tests.push((i) => ((f.areas[i] as number) & mask) !== 0);
  }
  if (params.languages.length > 0) {
    const wanted = new Set(params.languages.map((l) => f.langCodes.get(l) ?? -2));
    tests.push((i) => {
      for (let k = f.langStart[i] as number; k < (f.langStart[i + 1] as number); k++)
        if (wanted.has(f.langList[k] as number)) return true;
      return false;
    });
  }
  if (params.verified) tests.push((i) => f.verified[i] === 1);
  if (params.respondsWithin24h) tests.push((i) => f.responsive[i] === 1);
  // Issue 19 §1: free first consultation, fee model offered; their posting lists bound the scan.
  if (params.freeConsultation) {
    tests.push((i) => ((f.fees[i] as number) & (1 << FEE_FREE)) !== 0);
    candidates.push(unionRows(f.feeStart, f.feeRows, [FEE_FREE]));
  }
  if (params.feeModel) {
    const b = feeBit(params.feeModel);
    tests.push((i) => ((f.fees[i] as number) & (1 << b)) !== 0);
    candidates.push(unionRows(f.feeStart, f.feeRows, [b]));
  }
  if (params.experience > 0) tests.push((i) => (f.experience[i] as number) >= params.experience);
  if (params.rating > 0) tests.push((i) => (f.rating[i] as number) >= params.rating);
  if (params.near && params.radiusKm) {
    const la = (params.near.lat * Math.PI) / 180;
    const lo = (params.near.lng * Math.PI) / 180;
    const [px, py, pz] = [Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la)];
    const metres = params.radiusKm * 1000;
    // The exact great-circle test only near the edge: within a chord a little under the
    // radius's chord a row is surely in, beyond one a little over it surely out (no asin per row).
    const chordOf = (m: number) => 2 * Math.sin(Math.min(Math.PI / 2, m / (2 * EARTH_M)));
    const inner = chordOf(metres * (1 - 1e-9)) ** 2;
    const outer = chordOf(metres * (1 + 1e-9)) ** 2;
    tests.push((i) => {
      const dx = (f.x[i] as number) - px;
      if (Number.isNaN(dx)) return false;
      const dy = (f.y[i] as number) - py;
      const dz = (f.z[i] as number) - pz;
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < inner) return true;
      if (d2 > outer) return false;
      return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(d2) / 2)) <= metres;
    });
  }
  let rows: Int32Array | undefined;
  for (const c of candidates) if (!rows || c.length < rows.length) rows = c;
  let test: RowTest;
  if (tests.length === 0) {
    test = () => true;
    test.all = true;
  } else if (tests.length === 1) {
    test = tests[0] as RowTest;
    if (g >= 0) test.subject = g;
  } else
    test = (i) => {
      for (const t of tests) if (!t(i)) return false;
      return true;
    };
  if (rows) test.rows = rows;
  return test;
}

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
