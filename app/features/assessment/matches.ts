/**
 * The matches page's contract (spec §2 "Matches", §8; issue 5 "Matches page"): its texts and the
 * data its loader answers.
 */
import type { MatchResult } from "../../../lib/personality.ts";

/** The spec's texts of this page, verbatim (spec §2 "Matches"). */
export const MATCHES_TEXT = {
  errorTitle: "Error Loading Matches",
  errorBody: "We couldn't load your personality matches. Please try again.",
  empty: "No matches found. Try adjusting your assessment criteria.",
} as const;

/** What the page renders: the ranked matches and insights, or the error state. */
export type MatchesData =
  | { state: "ok"; matches: MatchResult[]; insights: string[] }
  | { state: "error"; matches: []; insights: [] };
