/**
 * Ranked matches (/personality-matches/:sessionId; spec §2 "Matches", §8, §9 "Matching scores";
 * issue 5 "Matches page"). The loader calls the matching service on the server (the same
 * functions as GET /api/personality/matches/{id} and /insights/{id}), so the page is complete in
 * its first HTML, works without JavaScript and survives a reload or a shared link.
 *
 * States of the spec:
 * - loading 'Finding Your Perfect Matches': shown by the wizard while this page's data loads
 *   after Get My Matches (a server-rendered page has no loading state of its own);
 * - 'Error Loading Matches / We couldn't load your personality matches. Please try again.' with
 *   Retake Assessment, when the matching fails twice (the spec's one retry after 1 second);
 *   HTTP 503;
 * - the insights card when there are insights (an insights failure is logged, not shown: §8);
 * - Retake Assessment and Browse All Lawyers;
 * - 'No matches found. Try adjusting your assessment criteria.' for an empty list;
 * - one card per match, ranked '#1 Match' first (components/personality/MatchCard.tsx).
 * An unknown or malformed session id answers 404 with 'Assessment Not Found' and Retake Assessment.
 */
import { Alert, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconListSearch, IconRefresh } from "@tabler/icons-react";
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { isSessionId, type MatchResult } from "../../lib/personality.ts";
import { InsightsCard } from "../components/personality/InsightsCard";
import { MatchCard } from "../components/personality/MatchCard";
import { retryOnce } from "../components/personality/retry";
import { servicesContext } from "../context";
import { originFromMatches, pageMeta } from "../seo";
import type { Route } from "./+types/personality-matches";

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

/**
 * Loads the session's matches (retried once after 1 second, spec §7) and insights.
 * @throws a 404 response for a malformed session id or a session with no assessment
 * @returns state "error" with HTTP 503 when the matching failed twice
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const sessionId = params.sessionId;
  if (!isSessionId(sessionId)) throw data({ message: "Assessment not found" }, { status: 404 });
  const { logger, matching } = context.get(servicesContext);
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
    insights = (await matching.getInsights(sessionId))?.insights ?? [];
  } catch (err) {
    // Spec §8: 'Failed to fetch insights: {status}' (not displayed).
    logger.error({ err, sessionId }, "Failed to fetch insights");
  }
  return data<MatchesData>({ state: "ok", matches, insights });
}

/** Matches are personal to one visitor: never stored by shared caches. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Title and description; never indexed (a session's matches are personal). */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(originFromMatches(matches), {
    title: "Your Lawyer Matches",
    description:
      "Personal injury lawyers ranked for you by the LexAtlas personality assessment, with explained scores.",
    path: `/personality-matches/${encodeURIComponent(params.sessionId ?? "")}`,
    noindex: true,
  });

/** Retake Assessment and Browse All Lawyers (spec §2). */
function PageActions({ justify }: { justify?: "center" }) {
  return (
    <Group gap="sm" justify={justify}>
      <Button
        component={Link}
        to="/personality-assessment"
        leftSection={<IconRefresh size={18} aria-hidden />}
      >
        Retake Assessment
      </Button>
      <Button
        component={Link}
        to="/browse-lawyers"
        variant="default"
        leftSection={<IconListSearch size={18} aria-hidden />}
      >
        Browse All Lawyers
      </Button>
    </Group>
  );
}

/** 'Error Loading Matches' with Retake Assessment (spec §2, §8). */
function ErrorView() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <IconAlertCircle size={48} color="var(--mantine-color-red-8)" aria-hidden />
        <Title order={1}>{MATCHES_TEXT.errorTitle}</Title>
        <Text c="dimmed">{MATCHES_TEXT.errorBody}</Text>
        <Button
          component={Link}
          to="/personality-assessment"
          leftSection={<IconRefresh size={18} aria-hidden />}
        >
          Retake Assessment
        </Button>
      </Stack>
    </Container>
  );
}

/** The matches page. */
export default function PersonalityMatches() {
  const page = useLoaderData<typeof loader>();
  if (page.state === "error") return <ErrorView />;
  const { matches, insights } = page;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, md: 36 }}>
            Your Lawyer Matches
          </Title>
          <Text c="dimmed" size="lg">
            {matches.length > 0
              ? `The ${matches.length === 1 ? "lawyer" : `${matches.length} lawyers`} who best fit your answers, best first. Every score is out of 10, with the reasons behind it.`
              : "Lawyers ranked by how well they fit your answers."}
          </Text>
        </Stack>
        <PageActions />
        <InsightsCard insights={insights} />
        {matches.length === 0 ? (
          <Alert color="gray" variant="light" role="status" icon={<IconAlertCircle size={20} aria-hidden />}>
            <Text>{MATCHES_TEXT.empty}</Text>
          </Alert>
        ) : (
          <ol className="pa-match-list" aria-label="Your matches, best first">
            {matches.map((m, i) => (
              <li key={m.lawyerId}>
                <MatchCard match={m} rank={i + 1} />
              </li>
            ))}
          </ol>
        )}
      </Stack>
    </Container>
  );
}

/**
 * 404 (unknown or malformed session): 'Assessment Not Found' with Retake Assessment and Browse
 * All Lawyers. Anything else that escapes the loader shows 'Error Loading Matches'.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md">
          <Title order={1}>Assessment Not Found</Title>
          <Text c="dimmed">
            We couldn't find an assessment for this link. It may be mistyped, or the assessment was never
            submitted. Take the assessment again to see lawyers ranked for you.
          </Text>
          <PageActions justify="center" />
        </Stack>
      </Container>
    );
  }
  console.error(error);
  return <ErrorView />;
}
