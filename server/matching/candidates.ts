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
 *
 * This module keeps the store per handle and data version and ranks over it; the store's layout
 * is match-store.ts, its build build-match-store.ts, its file copy snapshot.ts (issue 30).
 */
import { and, eq } from "drizzle-orm";
import { PERSONALITY_TRAITS, PRACTICE_AREAS } from "../../lib/constants.ts";
import { greatCircleKm } from "../../lib/great-circle.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import { MATCH_DISTANCE_BONUS, matchDistanceBonus } from "../../lib/ranking.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { logBackgroundError } from "../logger.ts";
import { bumpDataVersion, syncDataVersion, VersionedSnapshot } from "../search/cache.ts";
import { databaseKey } from "../search/snapshot-file.ts";
import { buildMatchStore } from "./build-match-store.ts";
import { COMBO_CODES, COMBOS, type MatchStore, TRAITS } from "./match-store.ts";
import {
  APPROACH_TABLE,
  AVAILABILITY_TABLE,
  CASE_TYPE_AREAS,
  COMMUNICATION_TABLE,
  COMPLEXITY_TABLE,
  EXPERIENCE_PARTS,
  FOCUS_TABLE,
  GENERAL_PRACTICE_MIN_AREAS,
  type MatchClient,
  personalityTenthsFrom,
  tableTenths,
  WEIGHTS,
} from "./model.ts";
import { loadMatchSnapshot, saveMatchSnapshot, snapshotPath } from "./snapshot.ts";

/** The condition that makes a listing matchable: verified, with the Verified status (spec §3), not hidden (issue 15 §3). */
export const verifiedListing = and(
  eq(lawyers.verified, true),
  eq(lawyers.verificationStatus, "verified"),
  // A listing a moderator hid is never matched (issue 15 §3).
  eq(lawyers.hidden, false),
);

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
