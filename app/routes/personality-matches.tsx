/**
 * Ranked matches (/personality-matches/:sessionId; spec §2 "Matches", §8, §9 "Matching scores";
 * issue 5 "Matches page"). The loader calls the matching service on the server (the same
 * functions as GET /api/personality/matches/{id} and /insights/{id}), so the page is complete in
 * its first HTML, works without JavaScript and survives a reload or a shared link.
 *
 * States of the spec:
 * - loading 'Finding lawyers who fit your answers': shown by the wizard while this page's data loads
 *   after Get My Matches (a server-rendered page has no loading state of its own);
 * - 'Error Loading Matches / We couldn't load your personality matches. Please try again.' with
 *   Retake Assessment, when the matching fails twice (the spec's one retry after 1 second);
 *   HTTP 503;
 * - the insights card when there are insights (an insights failure is logged, not shown: §8);
 * - Retake Assessment and Browse All Lawyers;
 * - 'No matches found. Try adjusting your assessment criteria.' for an empty list;
 * - one card per match, ranked '#1 Match' first (app/features/assessment/MatchCard.tsx).
 * The data and the views are the assessment feature's (matches-data.server.ts, MatchesPage.tsx).
 * An unknown or malformed session id answers 404 with 'Assessment Not Found' and Retake Assessment.
 */
import { isRouteErrorResponse, useLoaderData, useRouteError } from "react-router";
import { logBoundaryError } from "../boundary-error";
import { AssessmentNotFound, MatchesErrorView, MatchesPage } from "../features/assessment/MatchesPage";
import { loadMatches } from "../features/assessment/matches-data.server";
import { getT } from "../i18n/i18n";
import { requestLocale } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/personality-matches";

/**
 * Loads the session's matches (retried once after 1 second, spec §7) and insights.
 * @throws a 404 response for a malformed session id or a session with no assessment
 * @returns state "error" with HTTP 503 when the matching failed twice
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadMatches(params.sessionId, context, request, requestLocale(request));
}

/**
 * Matches are personal to one visitor: never stored by shared caches. The phones are written for
 * the visitor's region (issue 14 §2), hence `Vary: Accept-Language`.
 */
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  Vary: "Accept-Language",
});

/** Title and description; never indexed (a session's matches are personal). */
export const meta: Route.MetaFunction = ({ matches, params }) => {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "assessment");
  return pageMeta(site, {
    title: t("meta.matchesTitle"),
    description: t("meta.matchesDescription"),
    path: `/personality-matches/${encodeURIComponent(params.sessionId ?? "")}`,
    noindex: true,
  });
};

/** The matches page. */
export default function PersonalityMatches() {
  return <MatchesPage page={useLoaderData<typeof loader>()} />;
}

/**
 * 404 (unknown or malformed session): 'Assessment Not Found' with Retake Assessment and Browse
 * All Lawyers. Anything else that escapes the loader shows 'Error Loading Matches'.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <AssessmentNotFound />;
  logBoundaryError(error);
  return <MatchesErrorView />;
}
