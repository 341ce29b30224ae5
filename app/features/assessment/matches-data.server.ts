/**
 * The matches page's data (issue 5 "Matches page"): the session's ranked matches and insights
 * from the matching service of the router context (the same functions as GET
 * /api/personality/matches/{id} and /insights/{id}). Server-only: the route's loader calls it.
 */
import { data, type RouterContextProvider } from "react-router";
import { DEFAULT_LOCALE, type Locale } from "../../../lib/i18n/locales.ts";
import { isSessionId, type MatchResult } from "../../../lib/personality.ts";
import { servicesContext } from "../../context";
import { listingPhone } from "../../i18n/phone.server";
import { type MatchesData, toMatchCardLawyer } from "./matches";
import { retryOnce } from "./retry";

/**
 * Loads the session's matches (retried once after 1 second, spec §7) and insights, each
 * lawyer's city and region in `locale` (the page's; issue 14 §1) and phone written for the
 * visitor of `request` (its Accept-Language region; issue 14 §2).
 * @throws a 404 response for a malformed session id or a session with no assessment
 * @returns state "error" with HTTP 503 when the matching failed twice
 */
export async function loadMatches(
  sessionId: string,
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale = DEFAULT_LOCALE,
) {
  if (!isSessionId(sessionId)) throw data({ message: "Assessment not found" }, { status: 404 });
  const { logger, matching, directory } = context.get(servicesContext);
  let matches: MatchResult[] | null;
  try {
    matches = await retryOnce(() => matching.getMatches(sessionId));
  } catch (err) {
    // Spec §8: 'Failed to fetch matches: {status}'; the page shows 'Error Loading Matches'.
    logger.error({ err, sessionId }, "Failed to fetch matches");
    return data<MatchesData>({ state: "error", matches: [], insights: [] }, { status: 503 });
  }
  if (matches === null) throw data({ message: "Assessment not found" }, { status: 404 });
  let insights: string[] = [];
  try {
    // References, so the page shows them in its language (issue 14 §1).
    insights = (await matching.getInsights(sessionId))?.insightRefs ?? [];
  } catch (err) {
    // Spec §8: 'Failed to fetch insights: {status}' (not displayed).
    logger.error({ err, sessionId }, "Failed to fetch insights");
  }
  // Issue 14 §1: each lawyer's city and region in the page's language.
  const lawyers = directory.localizePlaces(
    matches.map((m) => m.lawyer),
    locale,
  );
  const shown = matches.map((m, i) => ({
    ...m,
    // Issue 29: only what the card shows goes into the page's hydration data: the lawyer's card
    // fields, and the English explanation only when there are no references to show instead.
    lawyer: toMatchCardLawyer(lawyers[i] ?? m.lawyer),
    explanation: m.explanationRefs.length > 0 ? "" : m.explanation,
    // Issue 28 §4: null for a demo listing whose made-up number is in no range reserved for fiction.
    phone: listingPhone(m.lawyer, request),
  }));
  return data<MatchesData>({ state: "ok", matches: shown, insights });
}
