/**
 * The matches page's views (spec §2 "Matches", §8; issue 5 "Matches page"): the ranked matches
 * with the insights card, Retake Assessment and Browse All Lawyers, the empty-list note, 'Error
 * Loading Matches', and 'Assessment Not Found'. app/routes/personality-matches.tsx renders them.
 */
import { Alert, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconListSearch, IconRefresh } from "@tabler/icons-react";
import { LinkButton } from "../../ui/LinkButton";
import { StateMessage } from "../../ui/StateMessage";
import { InsightsCard } from "./InsightsCard";
import { MatchCard } from "./MatchCard";
import { MATCHES_TEXT, type MatchesData } from "./matches";

/** Retake Assessment (spec §2): back to the wizard. */
function RetakeButton() {
  return (
    <LinkButton to="/personality-assessment" icon={IconRefresh}>
      Retake Assessment
    </LinkButton>
  );
}

/** Retake Assessment and Browse All Lawyers (spec §2). */
function PageActions({ justify }: { justify?: "center" }) {
  return (
    <Group gap="sm" justify={justify}>
      <RetakeButton />
      <LinkButton to="/browse-lawyers" variant="default" icon={IconListSearch}>
        Browse All Lawyers
      </LinkButton>
    </Group>
  );
}

/** 'Error Loading Matches' with Retake Assessment (spec §2, §8). */
export function MatchesErrorView() {
  return (
    <StateMessage
      icon={<IconAlertCircle size={48} color="var(--mantine-color-red-8)" aria-hidden />}
      title={MATCHES_TEXT.errorTitle}
      actions={<RetakeButton />}
    >
      {MATCHES_TEXT.errorBody}
    </StateMessage>
  );
}

/**
 * The matches page for the loader's answer: the error view, or the title, the page actions, the
 * insights card and the ranked match cards (or the empty-list note).
 */
export function MatchesPage({ page }: { page: MatchesData }) {
  if (page.state === "error") return <MatchesErrorView />;
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

/** 'Assessment Not Found' with Retake Assessment and Browse All Lawyers (an unknown or malformed session). */
export function AssessmentNotFound() {
  return (
    <StateMessage title="Assessment Not Found" actions={<PageActions justify="center" />}>
      We couldn't find an assessment for this link. It may be mistyped, or the assessment was never submitted.
      Take the assessment again to see lawyers ranked for you.
    </StateMessage>
  );
}
