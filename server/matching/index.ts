/**
 * Personality matching (issue 5; docs/matching.md): store an assessment, rank verified lawyers
 * for it with the documented model, and derive insights from the answers. Plain functions over
 * the database handle, used by /api/personality (server/api/personality.ts), and
 * createMatchingService, which binds them to the process's database for the page loaders
 * (contract: service.ts; server/services.ts `matching`).
 */
import { and, eq, inArray } from "drizzle-orm";
import { PERSONALITY_TRAITS } from "../../lib/constants.ts";
import {
  type Assessment,
  AssessmentSchema,
  type InsightsResponse,
  isSessionId,
  type MatchResult,
} from "../../lib/personality.ts";
import type { Db } from "../db/client.ts";
import { clientPersonalities, lawyers } from "../db/schema.ts";
import { lawyerColumns, toLawyerDTO } from "../search/dto.ts";
import { getMatchStore, rankCandidates, verifiedListing } from "./candidates.ts";
import { insightRefsFor, insightsFor } from "./insights.ts";
import {
  compareRank,
  coversCaseType,
  distanceBonus,
  explain,
  explainRefs,
  MATCH_LIMIT,
  scoreTenths,
  speaksPreferred,
  toScore,
} from "./model.ts";
import { placePosition } from "./place.ts";
import type { MatchingService, SaveOutcome } from "./service.ts";

export type { MatchingService, SaveOutcome } from "./service.ts";

/** What createMatchingService needs: the process's database. */
export interface MatchingDeps {
  /** The primary: assessments are written and read back here (read-your-own-writes). */
  db: Db;
  /** Issue 18 §3: the handle the candidate store and the ranked lawyers are read from; default `db`. */
  readDb?: Db;
}

/**
 * Creates the matching service over the process's database (server/services.ts createServices;
 * see MatchingService). Binds `db` to this module's functions, which /api/personality also calls;
 * the candidate store is cached per database handle, so there is one per process.
 */
export function createMatchingService({ db, readDb = db }: MatchingDeps): MatchingService {
  return {
    saveAssessment: (a) => saveAssessment(db, a),
    getAssessment: (sessionId) => getAssessment(db, sessionId),
    getMatches: (sessionId) => getMatches(db, sessionId, readDb),
    getInsights: (sessionId) => getInsights(db, sessionId),
  };
}

/** The traits as canonical JSON text (PERSONALITY_TRAITS order), as the column stores them. */
function traitsText(a: Assessment): string {
  return JSON.stringify(Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, a.personalityTraits[t]])));
}

/** The stored row's columns for an assessment (everything but id and createdAt). */
function toRow(a: Assessment) {
  return {
    sessionId: a.sessionId,
    personalityTraits: traitsText(a),
    communicationPreference: a.communicationPreference,
    approachPreference: a.approachPreference,
    priorityFocus: a.priorityFocus,
    caseType: a.caseType,
    caseComplexity: a.caseComplexity,
    timePreference: a.timePreference,
    countryCode: a.country ?? null,
    language: a.language ?? null,
    place: a.place ?? null,
    nearLat: a.near?.lat ?? null,
    nearLng: a.near?.lng ?? null,
  };
}

/**
 * Stores a validated assessment as a ClientPersonality (spec §3) under its session id. A session
 * id is written once: a repeat with identical answers is `unchanged` (so a retried submit
 * succeeds), a repeat with different answers is a `conflict` and changes nothing, so nobody who
 * learns a session id can rewrite someone else's results (docs/matching.md "API").
 */
export async function saveAssessment(db: Db, given: Assessment): Promise<SaveOutcome> {
  const a =
    given.place && !given.near
      ? { ...given, near: await placePosition(db, given.place, given.country) }
      : given;
  const row = toRow(a);
  const inserted = await db
    .insert(clientPersonalities)
    .values(row)
    .onConflictDoNothing({ target: clientPersonalities.sessionId })
    .returning({ id: clientPersonalities.id });
  if (inserted.length > 0) return "created";
  const existing = await getAssessment(db, a.sessionId);
  if (!existing) return "conflict"; // deleted between the two statements: treat as taken
  const same = JSON.stringify(toRow(existing)) === JSON.stringify(row);
  return same ? "unchanged" : "conflict";
}

/**
 * The stored assessment of a session, or null when none exists or the id is malformed
 * (lib/personality.ts isSessionId). Throws if a stored row no longer satisfies AssessmentSchema
 * (data edited outside the app).
 */
export async function getAssessment(db: Db, sessionId: string): Promise<Assessment | null> {
  if (!isSessionId(sessionId)) return null;
  const rows = await db
    .select()
    .from(clientPersonalities)
    .where(eq(clientPersonalities.sessionId, sessionId))
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  return AssessmentSchema.parse({
    sessionId: r.sessionId,
    personalityTraits: r.personalityTraits,
    communicationPreference: r.communicationPreference,
    approachPreference: r.approachPreference,
    priorityFocus: r.priorityFocus,
    caseType: r.caseType,
    caseComplexity: r.caseComplexity,
    timePreference: r.timePreference,
    country: r.countryCode,
    language: r.language,
    place: r.place,
    near: r.nearLat !== null && r.nearLng !== null ? { lat: r.nearLat, lng: r.nearLng } : undefined,
  });
}

/**
 * The ranked matches for a set of answers (docs/matching.md): at most MATCH_LIMIT (10) verified
 * lawyers covering the case type (and in `a.country` when given), best first (those who speak
 * `a.language`, when given, before those who do not: issue 14 §4; nearby offices ahead when
 * `a.near` is given: issue 19 §2, lib/ranking.ts MATCH_DISTANCE_BONUS), with the six
 * sub-scores and the overall score (0..10, one decimal) and the explanation. Ranking runs over the
 * in-memory store (candidates.ts); the chosen lawyers are then read fresh from the database,
 * checked again against the candidate rules and scored from those rows, so a listing edited or
 * unverified a moment ago is never shown with stale facts.
 */
export async function matchLawyers(db: Db, a: Assessment): Promise<MatchResult[]> {
  const store = await getMatchStore(db);
  // Twice the limit: spare candidates in case some changed since the store was built.
  const ranked = rankCandidates(store, a, a.country, MATCH_LIMIT * 2);
  if (ranked.length === 0) return [];
  const rows = await db
    .select(lawyerColumns)
    .from(lawyers)
    .where(
      and(
        inArray(
          lawyers.id,
          ranked.map((r) => r.id),
        ),
        verifiedListing,
      ),
    );
  return rows
    .map(toLawyerDTO)
    .filter((l) => coversCaseType(l.practiceAreas, a.caseType) && (!a.country || l.countryCode === a.country))
    .map((lawyer) => ({ lawyer, tenths: scoreTenths(a, lawyer) }))
    .sort((x, y) =>
      compareRank(
        {
          speaks: speaksPreferred(a, x.lawyer),
          overall: x.tenths.overall,
          bonus: distanceBonus(a, x.lawyer),
          rating: x.lawyer.rating,
          reviewCount: x.lawyer.reviewCount,
          id: x.lawyer.id,
        },
        {
          speaks: speaksPreferred(a, y.lawyer),
          overall: y.tenths.overall,
          bonus: distanceBonus(a, y.lawyer),
          rating: y.lawyer.rating,
          reviewCount: y.lawyer.reviewCount,
          id: y.lawyer.id,
        },
      ),
    )
    .slice(0, MATCH_LIMIT)
    .map(({ lawyer, tenths }) => ({
      lawyer,
      lawyerId: lawyer.id,
      overallScore: toScore(tenths.overall),
      personalityScore: toScore(tenths.personality),
      communicationScore: toScore(tenths.communication),
      approachScore: toScore(tenths.approach),
      focusScore: toScore(tenths.focus),
      availabilityScore: toScore(tenths.availability),
      experienceScore: toScore(tenths.experience),
      explanation: explain(a, lawyer, tenths),
      explanationRefs: explainRefs(a, lawyer, tenths),
    }));
}

/**
 * GET /api/personality/matches/{sessionId} and the matches page (spec §7, issue 5): the ranked
 * matches of a stored session (see matchLawyers; possibly an empty list), or null when the
 * session is unknown or its id malformed. The assessment is read from `db` (the primary, where it
 * was just written), the lawyers from `readDb` (the read replica, issue 18 §3; default `db`).
 */
export async function getMatches(db: Db, sessionId: string, readDb: Db = db): Promise<MatchResult[] | null> {
  const a = await getAssessment(db, sessionId);
  return a ? matchLawyers(readDb, a) : null;
}

/**
 * GET /api/personality/insights/{sessionId} (spec §7, issue 5): sentences derived from the
 * session's own answers (insights.ts), or null when the session is unknown or its id malformed.
 */
export async function getInsights(db: Db, sessionId: string): Promise<InsightsResponse | null> {
  const a = await getAssessment(db, sessionId);
  return a ? { insights: insightsFor(a), insightRefs: insightRefsFor(a) } : null;
}

/** Re-exported for tests and tools: forget the store (candidates.ts), insights of answers (insights.ts). */
export { dropMatchStore } from "./candidates.ts";
export { insightRefsFor, insightsFor } from "./insights.ts";
