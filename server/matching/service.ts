/**
 * The matching service's contract (issue 5; docs/matching.md): store an assessment, its ranked
 * matches and its insights, as the page loaders see them through the router context
 * (app/context.ts). createMatchingService (server/matching/index.ts) builds it.
 */
import type { Assessment, InsightsResponse, MatchResult } from "../../lib/personality.ts";

/**
 * What saveAssessment did: `created` (new session), `unchanged` (the same answers were already
 * stored for this session: a retried submit), `conflict` (the session already holds different
 * answers; nothing is changed).
 */
export type SaveOutcome = "created" | "unchanged" | "conflict";

/**
 * Personality matching over one database. The candidate store (candidates.ts) is cached per
 * database handle, so every instance over the same handle shares it. Database failures reject.
 */
export interface MatchingService {
  /** Stores a validated assessment under its session id, once (see SaveOutcome; docs/matching.md "API"). */
  saveAssessment(a: Assessment): Promise<SaveOutcome>;
  /** The stored assessment of a session, or null when unknown or the id is malformed. */
  getAssessment(sessionId: string): Promise<Assessment | null>;
  /** The session's ranked matches (at most MATCH_LIMIT, maybe none), or null when the session is unknown. */
  getMatches(sessionId: string): Promise<MatchResult[] | null>;
  /** Sentences derived from the session's answers, or null when the session is unknown. */
  getInsights(sessionId: string): Promise<InsightsResponse | null>;
}
