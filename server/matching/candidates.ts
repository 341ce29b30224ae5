/**
 * Candidate selection and ranking for the matching model (docs/matching.md "Candidates",
 * "Performance"). The scoring attributes of every verified listing are kept in an in-process
 * column store, built from the database once per data version (search_state.version, bumped by a
 * trigger on every write to lawyers, the same lifecycle as the search facts: VersionedSnapshot in
 * server/search/cache.ts). Ranking one client is then a loop over typed arrays (a few
 * milliseconds at 100,000 lawyers) instead of fetching tens of thousands of rows per request.
 *
 * The loop computes exactly the model's integer scores (model.ts); the service re-scores the
 * chosen rows from fresh database rows, so what a visitor reads is never older than the database.
 */
import { and, eq } from "drizzle-orm";
import { PERSONALITY_TRAITS, PRACTICE_AREAS } from "../../lib/constants.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { VersionedSnapshot } from "../search/cache.ts";
import {
  APPROACH_TABLE,
  AVAILABILITY_TABLE,
  CASE_TYPE_AREAS,
  COMMUNICATION_TABLE,
  COMPLEXITY_TABLE,
  clampTrait,
  EXPERIENCE_PARTS,
  experienceBase,
  FOCUS_TABLE,
  GENERAL_PRACTICE_MIN_AREAS,
  type MatchClient,
  personalityTenthsFrom,
  tableTenths,
  WEIGHTS,
} from "./model.ts";

/** The condition that makes a listing matchable: verified, with the Verified status (spec §3), not hidden (issue 15 §3). */
export const verifiedListing = and(
  eq(lawyers.verified, true),
  eq(lawyers.verificationStatus, "verified"),
  // A listing a moderator hid is never matched (issue 15 §3).
  eq(lawyers.hidden, false),
);

/** Column store of the verified listings' scoring attributes; row i is one lawyer. */
export interface MatchStore {
  version: number;
  n: number;
  ids: Int32Array;
  /** Bit k set when the listing lists PRACTICE_AREAS[k]. */
  areas: Int32Array;
  /** Number of distinct known practice areas. */
  areaCount: Uint8Array;
  /** Interned country code (index in `codes`). */
  country: Int32Array;
  codes: Map<string, number>;
  /** 8 ratings per row in PERSONALITY_TRAITS order, 1..10; 0 = unknown. */
  traits: Uint8Array;
  /** Index in the option list (COMMUNICATION_STYLES …), -1 = unknown. */
  communication: Int8Array;
  approach: Int8Array;
  focus: Int8Array;
  availability: Int8Array;
  complexity: Int8Array;
  /** experienceBase(years, rating) of model.ts: the client-independent part of the experience score. */
  experienceBase: Int32Array;
  rating: Float64Array;
  reviewCount: Int32Array;
  /** Languages spoken: ISO 639-1 code -> rows that speak it (issue 14 §4). */
  speakers: Map<string, Uint8Array>;
}

const TRAITS = PERSONALITY_TRAITS.length;

/** Index of `v` in `list`, or -1 (null and unknown values). */
function codeOf(list: readonly string[], v: string | null): number {
  return v === null ? -1 : list.indexOf(v);
}

async function build(db: Db, version: number): Promise<MatchStore> {
  const rows = await db
    .select({
      id: lawyers.id,
      countryCode: lawyers.countryCode,
      practiceAreas: lawyers.practiceAreas,
      experience: lawyers.experience,
      rating: lawyers.rating,
      reviewCount: lawyers.reviewCount,
      personalityTraits: lawyers.personalityTraits,
      communicationStyle: lawyers.communicationStyle,
      approachStyle: lawyers.approachStyle,
      clientFocus: lawyers.clientFocus,
      availabilityLevel: lawyers.availabilityLevel,
      caseComplexityPreference: lawyers.caseComplexityPreference,
      languages: lawyers.languages,
    })
    .from(lawyers)
    .where(verifiedListing);
  const n = rows.length;
  const s: MatchStore = {
    version,
    n,
    ids: new Int32Array(n),
    areas: new Int32Array(n),
    areaCount: new Uint8Array(n),
    country: new Int32Array(n),
    codes: new Map(),
    traits: new Uint8Array(n * TRAITS),
    communication: new Int8Array(n),
    approach: new Int8Array(n),
    focus: new Int8Array(n),
    availability: new Int8Array(n),
    complexity: new Int8Array(n),
    experienceBase: new Int32Array(n),
    rating: new Float64Array(n),
    reviewCount: new Int32Array(n),
    speakers: new Map(),
  };
  const areaBit = new Map(PRACTICE_AREAS.map((a, k) => [a as string, 1 << k]));
  rows.forEach((r, i) => {
    s.ids[i] = r.id;
    let mask = 0;
    for (const a of r.practiceAreas ?? []) mask |= areaBit.get(a) ?? 0;
    s.areas[i] = mask;
    let count = 0;
    for (let m = mask; m !== 0; m &= m - 1) count++;
    s.areaCount[i] = count;
    let c = s.codes.get(r.countryCode);
    if (c === undefined) {
      c = s.codes.size;
      s.codes.set(r.countryCode, c);
    }
    s.country[i] = c;
    PERSONALITY_TRAITS.forEach((t, k) => {
      const v = clampTrait(r.personalityTraits?.[t]);
      // Ratings are whole numbers (import validates them); round defensively for the byte store.
      s.traits[i * TRAITS + k] = Number.isNaN(v) ? 0 : Math.round(v);
    });
    s.communication[i] = codeOf(STYLES.communicationStyle, r.communicationStyle);
    s.approach[i] = codeOf(STYLES.approachStyle, r.approachStyle);
    s.focus[i] = codeOf(STYLES.clientFocus, r.clientFocus);
    s.availability[i] = codeOf(STYLES.availabilityLevel, r.availabilityLevel);
    s.complexity[i] = codeOf(STYLES.caseComplexityPreference, r.caseComplexityPreference);
    s.experienceBase[i] = experienceBase(r.experience, Number(r.rating));
    s.rating[i] = Number(r.rating);
    s.reviewCount[i] = r.reviewCount;
    for (const l of r.languages ?? []) {
      let rowsOf = s.speakers.get(l);
      if (!rowsOf) {
        rowsOf = new Uint8Array(n);
        s.speakers.set(l, rowsOf);
      }
      rowsOf[i] = 1;
    }
  });
  return s;
}

const store = new VersionedSnapshot<MatchStore>("matching store", build);

/**
 * The column store for the current data version: built and awaited when missing (about 0.1 s at
 * 5,500 lawyers, about 1 s at 100,000 on PGlite; docs/performance.md), otherwise answered at
 * once; after a write by any instance the old copy answers while the new one builds.
 */
export function getMatchStore(db: Db): Promise<MatchStore> {
  return store.get(db);
}

/** Forgets this handle's store so the next getMatchStore builds from current data and waits. */
export function dropMatchStore(db: Db): void {
  store.drop(db);
}

/** Per-option tenths for one client answer against each lawyer code (index code + 1; 0 = unknown). */
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
  for (let i = 0; i < s.n; i++) {
    if (rule.countryIdx >= 0 && s.country[i] !== rule.countryIdx) continue;
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

/**
 * The `limit` best candidates for a client, in the model's order (compareRank: speakers of the
 * client's preferred language first, issue 14 §4): verified listings
 * that cover the case type (CASE_TYPE_AREAS, GENERAL_PRACTICE_MIN_AREAS) and, when `countryCode`
 * is given, are in that country. Scores are the model's (scoreTenths), computed from the store.
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
  // Speakers of the preferred language rank first (compareRank's `speaks`): their key is offset
  // past any score, so one comparison of keys orders by language, then score.
  const speaks = client.language ? s.speakers.get(client.language) : undefined;
  const LANGUAGE_TIER = 1000;

  // Best `limit` rows so far, best first, in two parallel arrays (no allocation per row).
  const topRow = new Int32Array(limit);
  const topOverall = new Int32Array(limit);
  let size = 0;
  const { traits, rating, reviewCount, ids, experienceBase: expBase } = s;
  /** True when row i (overall oi) ranks before row j (overall oj): compareRank on the store. */
  const before = (i: number, oi: number, j: number, oj: number) => {
    if (oi !== oj) return oi > oj;
    const ri = rating[i] as number;
    const rj = rating[j] as number;
    if (ri !== rj) return ri > rj;
    const ci = reviewCount[i] as number;
    const cj = reviewCount[j] as number;
    if (ci !== cj) return ci > cj;
    return (ids[i] as number) < (ids[j] as number);
  };

  for (let i = 0; i < s.n; i++) {
    if (countryIdx >= 0 && s.country[i] !== countryIdx) continue;
    if (
      general
        ? (s.areaCount[i] as number) < GENERAL_PRACTICE_MIN_AREAS
        : ((s.areas[i] as number) & areaMask) === 0
    )
      continue;
    let sum = 0;
    let count = 0;
    const base = i * TRAITS;
    for (let k = 0; k < TRAITS; k++) {
      const v = traits[base + k] as number;
      if (v === 0) continue;
      sum += Math.abs((ct[k] as number) - v);
      count++;
    }
    const experience = Math.round(
      ((expBase[i] as number) +
        EXPERIENCE_PARTS.complexity * (cplx[(s.complexity[i] as number) + 1] as number)) /
        100,
    );
    const overall = Math.round(
      (WEIGHTS.personality * personalityTenthsFrom(sum, count) +
        WEIGHTS.communication * (comm[(s.communication[i] as number) + 1] as number) +
        WEIGHTS.approach * (appr[(s.approach[i] as number) + 1] as number) +
        WEIGHTS.focus * (focus[(s.focus[i] as number) + 1] as number) +
        WEIGHTS.availability * (avail[(s.availability[i] as number) + 1] as number) +
        WEIGHTS.experience * experience) /
        100,
    );
    const key = speaks?.[i] ? overall + LANGUAGE_TIER : overall;
    if (size === limit) {
      const last = size - 1;
      if (
        key < (topOverall[last] as number) ||
        !before(i, key, topRow[last] as number, topOverall[last] as number)
      )
        continue;
      size--;
    }
    let at = size;
    while (at > 0 && before(i, key, topRow[at - 1] as number, topOverall[at - 1] as number)) {
      topRow[at] = topRow[at - 1] as number;
      topOverall[at] = topOverall[at - 1] as number;
      at--;
    }
    topRow[at] = i;
    topOverall[at] = key;
    size++;
  }
  const out: Ranked[] = [];
  for (let k = 0; k < size; k++)
    out.push({
      id: ids[topRow[k] as number] as number,
      overall: (topOverall[k] as number) % LANGUAGE_TIER,
    });
  return out;
}
