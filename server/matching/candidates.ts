/**
 * Candidate selection and ranking for the matching model (docs/matching.md "Candidates",
 * "Implementation and performance"). The scoring attributes of every verified listing are kept in
 * an in-process column store (typed arrays, about 34 bytes per verified listing: issue 18 §1 "Server RSS
 * at 1,000,000 ≤ 1 GB"), built from the database once per data version (search_state.version,
 * bumped by a trigger on every write to lawyers, the same lifecycle as the search facts:
 * VersionedSnapshot in server/search/cache.ts).
 *
 * Rows are ordered by their option combination (the five style answers), then country, so a
 * request scores the combinations in the order of the best score they could reach and stops when
 * none can reach its current tenth best (exact: nothing that could enter the top is skipped).
 *
 * The loop computes exactly the model's integer scores (model.ts); the service re-scores the
 * chosen rows from fresh database rows, so what a visitor reads is never older than the database.
 */
import { and, eq, sql } from "drizzle-orm";
import { PERSONALITY_TRAITS, PRACTICE_AREAS } from "../../lib/constants.ts";
import { greatCircleKm } from "../../lib/great-circle.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import { MATCH_DISTANCE_BONUS, matchDistanceBonus } from "../../lib/ranking.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { logBackgroundError } from "../logger.ts";
import { bumpDataVersion, syncDataVersion, VersionedSnapshot } from "../search/cache.ts";
import type { MatchStore } from "./match-store.ts";
import {
  APPROACH_TABLE,
  AVAILABILITY_TABLE,
  CASE_TYPE_AREAS,
  COMMUNICATION_TABLE,
  COMPLEXITY_TABLE,
  EXPERIENCE_PARTS,
  experienceBase,
  FOCUS_TABLE,
  GENERAL_PRACTICE_MIN_AREAS,
  type MatchClient,
  personalityTenthsFrom,
  tableTenths,
  WEIGHTS,
} from "./model.ts";
import { loadMatchSnapshot, saveMatchSnapshot, snapshotPath } from "./snapshot.ts";

export type { MatchStore };

/** The condition that makes a listing matchable: verified, with the Verified status (spec §3), not hidden (issue 15 §3). */
export const verifiedListing = and(
  eq(lawyers.verified, true),
  eq(lawyers.verificationStatus, "verified"),
  // A listing a moderator hid is never matched (issue 15 §3).
  eq(lawyers.hidden, false),
);

const TRAITS = PERSONALITY_TRAITS.length;

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
const COMBO_CODES = (() => {
  const out = new Uint8Array(COMBOS * 5);
  for (let c = 0; c < COMBOS; c++) out.set(comboCodes(c), c * 5);
  return out;
})();

function comboOf(codes: readonly number[]): number {
  let c = 0;
  for (let f = 0; f < 5; f++) c = c * (RADIX[f] as number) + (codes[f] as number);
  return c;
}

/** A 1-byte bytea of an integer expression (0..255), for the store's row encoding. */
const byte = (expr: ReturnType<typeof sql>) => sql`set_byte('\\x00'::bytea, 0, (${expr})::int)`;

/** 1 + index of a text column in an option list, 0 when null or unknown: the store's style code. */
const codeSql = (column: ReturnType<typeof sql>, options: readonly string[]) =>
  byte(
    sql`coalesce(array_position(ARRAY[${sql.join(
      options.map((o) => sql`${o}`),
      sql`, `,
    )}]::text[], ${column}::text), 0)`,
  );

/** The bytes of one row (see decodeRows): fixed fields, then the languages as "de,fr". */
function rowEncoding() {
  const areaList = sql`ARRAY[${sql.join(
    PRACTICE_AREAS.map((a) => sql`${a}`),
    sql`, `,
  )}]::text[]`;
  const traits = PERSONALITY_TRAITS.map((t) =>
    // clampTrait of model.ts: a JSON number clamped to 1..10, rounded half up (Math.round) for the
    // byte, else unknown (0). float8: numeric arithmetic doubled the build's time.
    byte(
      sql`CASE WHEN jsonb_typeof(tr.${sql.identifier(t)}) = 'number' THEN floor(least(10, greatest(1, tr.${sql.identifier(t)}::float8)) + 0.5) ELSE 0 END`,
    ),
  );
  return sql.join(
    [
      sql`int4send(id)`,
      sql`int2send((SELECT coalesce(bit_or(1 << (array_position(${areaList}, a) - 1)), 0) FROM unnest(practice_areas) a)::int2)`,
      sql`convert_to(rpad(country_code, 2, ' '), 'UTF8')`,
      ...traits,
      codeSql(sql`communication_style`, STYLES.communicationStyle),
      codeSql(sql`approach_style`, STYLES.approachStyle),
      codeSql(sql`client_focus`, STYLES.clientFocus),
      codeSql(sql`availability_level`, STYLES.availabilityLevel),
      codeSql(sql`case_complexity_preference`, STYLES.caseComplexityPreference),
      sql`int4send(experience)`,
      sql`int2send(round(rating * 100)::int2)`,
      sql`int4send(review_count)`,
      sql`float4send(coalesce(latitude, 'NaN')::float4)`,
      sql`float4send(coalesce(longitude, 'NaN')::float4)`,
      sql`int2send(octet_length(convert_to(array_to_string(languages, ','), 'UTF8'))::int2)`,
      sql`convert_to(array_to_string(languages, ','), 'UTF8')`,
    ],
    sql` || `,
  );
}

/** Bytes of a row before its languages: id 4, areas 2, country 2, traits 8, styles 5, years 4, rating 2, reviews 4, latitude 4, longitude 4, languages length 2. */
const FIXED = 4 + 2 + 2 + TRAITS + 5 + 4 + 2 + 4 + 4 + 4 + 2;

/** Rows fetched per query while building (about 4 MB of encoded rows each). */
export const BUILD_BATCH = 100_000;

/** One batch of encoded rows: the BUILD_BATCH verified listings with the smallest ids above `afterId`. */
async function fetchBatch(
  db: Db,
  afterId: number,
): Promise<{ bytes: Uint8Array; rows: number; last: number }> {
  const res = await db.execute<{
    chunk: Uint8Array | null;
    rows: string | number;
    last: string | number | null;
  }>(
    sql`SELECT string_agg(r.b, ''::bytea) AS chunk, count(*) AS rows, max(r.id) AS last
        FROM (SELECT id, ${rowEncoding()} AS b FROM lawyers
              LEFT JOIN LATERAL jsonb_to_record(personality_traits) AS tr(${sql.join(
                PERSONALITY_TRAITS.map((t) => sql`${sql.identifier(t)} jsonb`),
                sql`, `,
              )}) ON true
              WHERE verified AND verification_status = 'verified' AND NOT hidden AND id > ${afterId}
              ORDER BY id LIMIT ${BUILD_BATCH}) r`,
  );
  const row = res.rows[0];
  const chunk = row?.chunk ?? new Uint8Array(0);
  return {
    bytes: chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk),
    rows: Number(row?.rows ?? 0),
    last: Number(row?.last ?? afterId),
  };
}

const decoder = new TextDecoder();

/**
 * Builds the store of `version` from the database: batches of BUILD_BATCH verified listings, each
 * encoded by PostgreSQL into one bytea (no JavaScript object per lawyer), then decoded into the
 * typed arrays in group order. Same SQL on PGlite and PostgreSQL.
 */
export async function buildMatchStore(db: Db, version: number): Promise<MatchStore> {
  const chunks: { bytes: Uint8Array; rows: number }[] = [];
  let n = 0;
  for (let last = 0; ; ) {
    const batch = await fetchBatch(db, last);
    if (batch.rows === 0) break;
    chunks.push(batch);
    n += batch.rows;
    last = batch.last;
    if (batch.rows < BUILD_BATCH) break;
  }
  // Pass 1: country and combination of every row, to size the groups.
  const countries: string[] = [];
  const codes = new Map<string, number>();
  const rowCountry = new Uint16Array(n);
  const rowCombo = new Uint16Array(n);
  const style = [0, 0, 0, 0, 0];
  // Country index + 1 by its two bytes: no string per row.
  const countryOfPair = new Int32Array(65536);
  let i = 0;
  for (const { bytes } of chunks) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let p = 0; p < bytes.byteLength; i++) {
      const pair = ((bytes[p + 6] as number) << 8) | (bytes[p + 7] as number);
      let c = (countryOfPair[pair] as number) - 1;
      if (c < 0) {
        const cc = String.fromCharCode(bytes[p + 6] as number, bytes[p + 7] as number).trimEnd();
        c = countries.length;
        countries.push(cc);
        codes.set(cc, c);
        countryOfPair[pair] = c + 1;
      }
      rowCountry[i] = c;
      for (let f = 0; f < 5; f++) style[f] = bytes[p + 8 + TRAITS + f] as number;
      rowCombo[i] = comboOf(style);
      p += FIXED + view.getInt16(p + FIXED - 2);
    }
  }
  const K = Math.max(countries.length, 1);
  const groups = COMBOS * K;
  const groupStart = new Int32Array(groups + 1);
  for (let r = 0; r < n; r++) {
    const g = (rowCombo[r] as number) * K + (rowCountry[r] as number) + 1;
    groupStart[g] = (groupStart[g] as number) + 1;
  }
  for (let g = 0; g < groups; g++)
    groupStart[g + 1] = (groupStart[g + 1] as number) + (groupStart[g] as number);
  const fill = groupStart.slice(0, groups);

  const s: MatchStore = {
    version,
    n,
    ids: new Int32Array(n),
    areas: new Uint16Array(n),
    areaCount: new Uint8Array(n),
    country: new Uint16Array(n),
    countries,
    codes,
    traits: new Uint8Array(n * TRAITS),
    combo: new Uint16Array(n),
    experienceBase: new Uint16Array(n),
    rating: new Uint16Array(n),
    reviewCount: new Int32Array(n),
    lat: new Float32Array(n),
    lng: new Float32Array(n),
    speakers: new Map(),
    groupStart,
    groupMaxExperience: new Uint16Array(groups),
    comboMaxExperience: new Uint16Array(COMBOS),
  };
  const words = (n + 31) >>> 5;
  const speakersOfPacked = new Map<number, Uint32Array>();
  // Pass 2: each row to its place.
  i = 0;
  for (const { bytes } of chunks) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let p = 0; p < bytes.byteLength; i++) {
      const g = (rowCombo[i] as number) * K + (rowCountry[i] as number);
      const at = fill[g] as number;
      fill[g] = at + 1;
      s.ids[at] = view.getInt32(p);
      const mask = view.getUint16(p + 4);
      s.areas[at] = mask;
      let count = 0;
      for (let m = mask; m !== 0; m &= m - 1) count++;
      s.areaCount[at] = count;
      s.country[at] = rowCountry[i] as number;
      for (let k = 0; k < TRAITS; k++) s.traits[at * TRAITS + k] = bytes[p + 8 + k] as number;
      s.combo[at] = rowCombo[i] as number;
      const q = p + 8 + TRAITS + 5;
      const years = view.getInt32(q);
      const hundredths = view.getInt16(q + 4);
      // hundredths / 100 is the same double as the column's text ("4.67") parsed.
      const base = experienceBase(years, hundredths / 100);
      s.experienceBase[at] = base;
      if (base > (s.groupMaxExperience[g] as number)) s.groupMaxExperience[g] = base;
      const combo = rowCombo[i] as number;
      if (base > (s.comboMaxExperience[combo] as number)) s.comboMaxExperience[combo] = base;
      s.rating[at] = hundredths;
      s.reviewCount[at] = view.getInt32(q + 6);
      s.lat[at] = view.getFloat32(q + 10);
      s.lng[at] = view.getFloat32(q + 14);
      const langBytes = view.getInt16(q + 18);
      // Languages "de,fr": each code up to 3 bytes is looked up by its bytes (no string per row).
      for (let from = p + FIXED, end = p + FIXED + langBytes; from < end; ) {
        let to = from;
        while (to < end && bytes[to] !== 44) to++;
        let bits: Uint32Array | undefined;
        if (to - from <= 3) {
          let packed = 1;
          for (let b = from; b < to; b++) packed = packed * 256 + (bytes[b] as number);
          bits = speakersOfPacked.get(packed);
          if (!bits) {
            const l = decoder.decode(bytes.subarray(from, to));
            bits = s.speakers.get(l) ?? new Uint32Array(words);
            s.speakers.set(l, bits);
            speakersOfPacked.set(packed, bits);
          }
        } else {
          const l = decoder.decode(bytes.subarray(from, to));
          bits = s.speakers.get(l) ?? new Uint32Array(words);
          s.speakers.set(l, bits);
        }
        bits[at >>> 5] = (bits[at >>> 5] as number) | (1 << (at & 31));
        from = to + 1;
      }
      p += FIXED + langBytes;
    }
  }
  return s;
}

/** Bytes the store holds in typed arrays (what `npm run bench:match` prints as its size). */
export function matchStoreBytes(s: MatchStore): number {
  let total = 0;
  for (const v of Object.values(s)) if (ArrayBuffer.isView(v)) total += v.byteLength;
  for (const bits of s.speakers.values()) total += bits.byteLength;
  return total;
}

/** At most one snapshot file write per this many ms (each build after a write would write one). */
export const SNAPSHOT_EVERY_MS = 60_000;

/** Handles whose store is persisted (warmMatchStore with a snapshot folder): file, key, a loaded copy not yet used. */
const persisted = new WeakMap<Db, { file: string; key: string; savedAt: number; loaded?: MatchStore }>();

/** The latest build started or queued per handle, with the version it is labelled with (invalidateMatchStore waits for it). */
const latestBuild = new WeakMap<Db, { version: number; promise: Promise<MatchStore> }>();

/** The build running per handle and at most one queued after it (it takes the highest version asked meanwhile). */
interface Flight {
  running: Promise<MatchStore>;
  queued?: { version: number; promise: Promise<MatchStore> };
}
const flights = new WeakMap<Db, Flight>();

/**
 * The build of the VersionedSnapshot, one at a time per handle: at 1,000,000 lawyers a build
 * takes seconds, and writes a second apart would otherwise start builds side by side. A build
 * asked while one runs waits for it, and every ask meanwhile shares that one queued build
 * (labelled with the highest version asked: it reads the data after all of them).
 */
function buildOrLoad(db: Db, version: number): Promise<MatchStore> {
  const flight = flights.get(db);
  if (!flight) return runBuild(db, version);
  if (flight.queued) {
    flight.queued.version = Math.max(flight.queued.version, version);
    return flight.queued.promise;
  }
  const queued = { version, promise: undefined as unknown as Promise<MatchStore> };
  queued.promise = flight.running.then(
    () => runBuild(db, queued.version),
    () => runBuild(db, queued.version),
  );
  flight.queued = queued;
  latestBuild.set(db, queued);
  return queued.promise;
}

function runBuild(db: Db, version: number): Promise<MatchStore> {
  const promise = loadOrBuild(db, version);
  const flight: Flight = { running: promise };
  flights.set(db, flight);
  if ((latestBuild.get(db)?.version ?? -1) <= version) latestBuild.set(db, { version, promise });
  const done = () => {
    if (flights.get(db) === flight && !flight.queued) flights.delete(db);
  };
  promise.then(done, done);
  return promise;
}

async function loadOrBuild(db: Db, version: number): Promise<MatchStore> {
  const p = persisted.get(db);
  const loaded = p?.loaded;
  if (p && loaded) {
    p.loaded = undefined;
    if (loaded.version <= version) return loaded;
  }
  const s = await buildMatchStore(db, version);
  if (p && performance.now() - p.savedAt >= SNAPSHOT_EVERY_MS) {
    p.savedAt = performance.now();
    saveMatchSnapshot(p.file, p.key, s).catch((err) =>
      logBackgroundError(err, "matching store: snapshot not saved"),
    );
  }
  return s;
}

const store = new VersionedSnapshot<MatchStore>("matching store", buildOrLoad);

/** Names the database behind `db` for the snapshot file (exported for tests and tools): engine, cluster, database and its oid (a re-created database differs). */
export async function databaseKey(db: Db): Promise<string> {
  const res = await db.execute<{ name: string; oid: string | number; sys: string | null }>(
    sql`SELECT current_database() AS name, (SELECT oid FROM pg_database WHERE datname = current_database()) AS oid,
        (SELECT system_identifier::text FROM pg_control_system()) AS sys`,
  );
  const r = res.rows[0];
  return `${r?.sys ?? "0"}-${r?.name ?? "db"}-${r?.oid ?? 0}`;
}

/**
 * The column store for the current data version of `db` (the caller's handle: a read replica's
 * when matching reads go there): built and awaited when missing (the first request of a process
 * waits for what remains of the build warmMatchStore started), otherwise answered at once; after
 * a write by any instance the old copy answers while the new one builds.
 */
export function getMatchStore(db: Db): Promise<MatchStore> {
  return store.get(db);
}

/** Forgets this handle's store so the next getMatchStore builds from current data and waits. */
export function dropMatchStore(db: Db): void {
  store.drop(db);
}

/**
 * The one invalidation entry point (issue 18 §2: a listing changed, e.g. a NOTIFY from another
 * instance): reads the data version at once and, when it moved, builds the new store in the
 * background while the current one keeps answering. Resolves when the store of that version
 * answers (errors are logged, never thrown).
 */
export async function invalidateMatchStore(db: Db): Promise<void> {
  try {
    bumpDataVersion(db);
    const version = await syncDataVersion(db);
    const current = await store.get(db);
    if (current.version >= version) return;
    const pending = latestBuild.get(db);
    if (pending && pending.version >= version) await pending.promise;
    await store.get(db);
  } catch (err) {
    logBackgroundError(err, "matching store: refresh failed");
  }
}

/**
 * Readies the store at process start (server/main.ts; issue 18 §1 "a cold process answers its
 * first match request within 2 s"; docs/matching.md "Cold start"). With `snapshotDir` (DATA_DIR),
 * the file copy of this database (snapshot.ts) is loaded first and answers at once, and a build
 * of the current data starts in the background when it is older; without a file (first start)
 * the build starts now, so the first request waits only for what remains of it. Every build is
 * then saved to the folder (at most once per SNAPSHOT_EVERY_MS). Never rejects: a failure is
 * logged and the next request builds.
 */
export async function warmMatchStore(db: Db, opts: { snapshotDir?: string } = {}): Promise<void> {
  try {
    if (opts.snapshotDir) {
      const key = await databaseKey(db);
      const file = snapshotPath(opts.snapshotDir, key);
      const loaded = loadMatchSnapshot(file, key) ?? undefined;
      persisted.set(db, {
        file,
        key,
        savedAt: loaded ? performance.now() : Number.NEGATIVE_INFINITY,
        loaded,
      });
    }
    await store.get(db);
    // A loaded copy older than the data answers now; this starts the build of the current data.
    await store.get(db);
  } catch (err) {
    logBackgroundError(err, "matching store: readying at start failed");
  }
}

/** Per-option tenths for one client answer against each lawyer code (0 = unknown, k + 1 = option k). */
function lookup(
  table: Record<string, Record<string, number>>,
  answer: string,
  options: readonly string[],
): Int32Array {
  const out = new Int32Array(options.length + 1);
  out[0] = tableTenths(table, answer, null);
  options.forEach((o, k) => {
    out[k + 1] = tableTenths(table, answer, o);
  });
  return out;
}

/** The candidate rule of a request over the store; null when the country has no listing at all. */
function candidateRule(s: MatchStore, caseType: MatchClient["caseType"], countryCode: string | undefined) {
  let countryIdx = -1;
  if (countryCode !== undefined) {
    const c = s.codes.get(countryCode);
    if (c === undefined) return null;
    countryIdx = c;
  }
  const areas = CASE_TYPE_AREAS[caseType];
  const general = areas === null;
  const areaMask = general ? 0 : areas.reduce((m, a) => m | (1 << PRACTICE_AREAS.indexOf(a)), 0);
  return { countryIdx, general, areaMask };
}

/** The row range of a combination: one country's group, or every country's. */
function comboRange(s: MatchStore, combo: number, countryIdx: number): [number, number] {
  const K = Math.max(s.countries.length, 1);
  if (countryIdx >= 0)
    return [
      s.groupStart[combo * K + countryIdx] as number,
      s.groupStart[combo * K + countryIdx + 1] as number,
    ];
  return [s.groupStart[combo * K] as number, s.groupStart[(combo + 1) * K] as number];
}

/**
 * Number of candidates for a case type (and country): the verified listings that rankCandidates
 * scores. For the benchmark and docs/matching.md's figures.
 */
export function countCandidates(
  s: MatchStore,
  caseType: MatchClient["caseType"],
  countryCode?: string,
): number {
  const rule = candidateRule(s, caseType, countryCode);
  if (rule === null) return 0;
  let n = 0;
  for (let combo = 0; combo < COMBOS; combo++) {
    const [from, to] = comboRange(s, combo, rule.countryIdx);
    for (let i = from; i < to; i++)
      if (
        rule.general
          ? (s.areaCount[i] as number) >= GENERAL_PRACTICE_MIN_AREAS
          : ((s.areas[i] as number) & rule.areaMask) !== 0
      )
        n++;
  }
  return n;
}

/** A ranked candidate: the lawyer id and the overall score in tenths. */
export interface Ranked {
  id: number;
  overall: number;
}

/** Key offset of a speaker of the preferred language: past any score plus distance bonus (0..120 tenths). */
const LANGUAGE_TIER = 1000;

/** Largest distance bonus in tenths (lib/ranking.ts MATCH_DISTANCE_BONUS): widens the pruning bound. */
const MAX_DISTANCE_BONUS = Math.max(0, ...MATCH_DISTANCE_BONUS.map((b) => b.tenths));

/**
 * The `limit` best candidates for a client, in the model's order (compareRank: speakers of the
 * client's preferred language first, issue 14 §4): verified listings
 * that cover the case type (CASE_TYPE_AREAS, GENERAL_PRACTICE_MIN_AREAS) and, when `countryCode`
 * is given, are in that country. Scores are the model's (scoreTenths), computed from the store.
 *
 * Exact pruning (docs/matching.md "Implementation and performance"): the five style answers and
 * the best experience of a group bound every score in it (personality at most 10.0), so the
 * combinations are visited best bound first, and the visit stops once the list is full and its
 * last key is above every remaining bound. With a preferred language, the speakers are ranked
 * first in a pass of their own, then the others (whose keys are below any speaker's).
 */
export function rankCandidates(
  s: MatchStore,
  client: MatchClient,
  countryCode: string | undefined,
  limit: number,
): Ranked[] {
  if (limit <= 0) return [];
  const rule = candidateRule(s, client.caseType, countryCode);
  if (rule === null) return [];
  const { countryIdx, general, areaMask } = rule;
  const comm = lookup(COMMUNICATION_TABLE, client.communicationPreference, STYLES.communicationStyle);
  const appr = lookup(APPROACH_TABLE, client.approachPreference, STYLES.approachStyle);
  const focus = lookup(FOCUS_TABLE, client.priorityFocus, STYLES.clientFocus);
  const avail = lookup(AVAILABILITY_TABLE, client.timePreference, STYLES.availabilityLevel);
  const cplx = lookup(COMPLEXITY_TABLE, client.caseComplexity, STYLES.caseComplexityPreference);
  const ct = PERSONALITY_TRAITS.map((t) => client.personalityTraits[t]);
  const speaks = client.language ? s.speakers.get(client.language) : undefined;
  const K = Math.max(s.countries.length, 1);
  // Issue 19 §2: with the client's position, nearby offices get the distance bonus in the key.
  const near = client.near;
  const maxBonus = near ? MAX_DISTANCE_BONUS : 0;

  // Per combination: the weighted style part, the complexity tenths, and the bound of its rows.
  const stylePart = new Int32Array(COMBOS);
  const cplxOf = new Int32Array(COMBOS);
  const byBound: number[][] = Array.from({ length: 101 }, () => []);
  for (let combo = 0; combo < COMBOS; combo++) {
    const [from, to] = comboRange(s, combo, countryIdx);
    if (from === to) continue;
    const o = combo * 5;
    const x = COMBO_CODES[o + 4] as number;
    const part =
      WEIGHTS.communication * (comm[COMBO_CODES[o] as number] as number) +
      WEIGHTS.approach * (appr[COMBO_CODES[o + 1] as number] as number) +
      WEIGHTS.focus * (focus[COMBO_CODES[o + 2] as number] as number) +
      WEIGHTS.availability * (avail[COMBO_CODES[o + 3] as number] as number);
    stylePart[combo] = part;
    cplxOf[combo] = cplx[x] as number;
    const maxExp =
      countryIdx >= 0
        ? (s.groupMaxExperience[combo * K + countryIdx] as number)
        : (s.comboMaxExperience[combo] as number);
    const expTenths = Math.round((maxExp + EXPERIENCE_PARTS.complexity * (cplx[x] as number)) / 100);
    const b = Math.round((WEIGHTS.personality * 100 + part + WEIGHTS.experience * expTenths) / 100);
    (byBound[Math.min(100, Math.max(0, b))] as number[]).push(combo);
  }

  // Best `limit` rows so far, best first, in two parallel arrays (no allocation per row).
  const topRow = new Int32Array(limit);
  const topKey = new Int32Array(limit);
  const topOverall = new Int32Array(limit);
  let size = 0;
  const { lat, lng } = s;
  const { traits, rating, reviewCount, ids, experienceBase: expBase, areas, areaCount } = s;
  /** True when row i (key ki) ranks before row j (key kj): compareRank on the store. */
  const before = (i: number, ki: number, j: number, kj: number) => {
    if (ki !== kj) return ki > kj;
    const ri = rating[i] as number;
    const rj = rating[j] as number;
    if (ri !== rj) return ri > rj;
    const ci = reviewCount[i] as number;
    const cj = reviewCount[j] as number;
    if (ci !== cj) return ci > cj;
    return (ids[i] as number) < (ids[j] as number);
  };

  /** One pass over the combinations, best bound first; `tier` is added to every key; `want` 1 = speakers only, 0 = non-speakers only, -1 = all. */
  const pass = (tier: number, want: number) => {
    for (let b = 100; b >= 0; b--) {
      // Nothing at or below this bound can enter a full list whose last key is higher.
      if (size === limit && b + tier + maxBonus < (topKey[limit - 1] as number)) return;
      for (const combo of byBound[b] as number[]) {
        const part = stylePart[combo] as number;
        const cx = EXPERIENCE_PARTS.complexity * (cplxOf[combo] as number);
        const [from, to] = comboRange(s, combo, countryIdx);
        for (let i = from; i < to; i++) {
          if (
            general
              ? (areaCount[i] as number) < GENERAL_PRACTICE_MIN_AREAS
              : ((areas[i] as number) & areaMask) === 0
          )
            continue;
          if (want >= 0 && speaks) {
            const isSpeaker = ((speaks[i >>> 5] as number) >>> (i & 31)) & 1;
            if (isSpeaker !== want) continue;
          }
          let sum = 0;
          let count = 0;
          const base = i * TRAITS;
          for (let k = 0; k < TRAITS; k++) {
            const v = traits[base + k] as number;
            if (v === 0) continue;
            sum += Math.abs((ct[k] as number) - v);
            count++;
          }
          const experience = Math.round(((expBase[i] as number) + cx) / 100);
          const overall = Math.round(
            (WEIGHTS.personality * personalityTenthsFrom(sum, count) +
              part +
              WEIGHTS.experience * experience) /
              100,
          );
          const la = lat[i] as number;
          const bonus =
            near && !Number.isNaN(la)
              ? matchDistanceBonus(greatCircleKm(near.lat, near.lng, la, lng[i] as number))
              : 0;
          const key = tier + overall + bonus;
          if (size === limit) {
            const last = size - 1;
            if (
              key < (topKey[last] as number) ||
              !before(i, key, topRow[last] as number, topKey[last] as number)
            )
              continue;
            size--;
          }
          let at = size;
          while (at > 0 && before(i, key, topRow[at - 1] as number, topKey[at - 1] as number)) {
            topRow[at] = topRow[at - 1] as number;
            topKey[at] = topKey[at - 1] as number;
            topOverall[at] = topOverall[at - 1] as number;
            at--;
          }
          topRow[at] = i;
          topKey[at] = key;
          topOverall[at] = overall;
          size++;
        }
      }
    }
  };
  if (speaks) {
    pass(LANGUAGE_TIER, 1);
    pass(0, 0);
  } else pass(0, -1);

  const out: Ranked[] = [];
  for (let k = 0; k < size; k++)
    out.push({
      id: ids[topRow[k] as number] as number,
      overall: topOverall[k] as number,
    });
  return out;
}
