/**
 * The matches page's views (spec §2 "Matches", §8; issue 5 "Matches page"): the ranked matches
 * with the insights card, Retake Assessment and Browse All Lawyers, the empty-list note, 'Error
 * Loading Matches', and 'Assessment Not Found'. app/routes/personality-matches.tsx renders them.
 */
import { Alert, Container, Group, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconListSearch, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "../../ui/LinkButton";
import { StateMessage } from "../../ui/StateMessage";
import { InsightsCard } from "./InsightsCard";
import { MatchCard } from "./MatchCard";
import type { MatchesData } from "./matches";
import { PageHeading } from "./PageHeading";

/** Retake Assessment (spec §2): back to the wizard. */
function RetakeButton() {
  const { t } = useTranslation("assessment");
  return (
    <LinkButton to="/personality-assessment" icon={IconRefresh}>
      {t("matches.retake")}
    </LinkButton>
  );
}

/** Retake Assessment and Browse All Lawyers (spec §2). */
function PageActions({ justify }: { justify?: "center" }) {
  const { t } = useTranslation("assessment");
  return (
    <Group gap="sm" justify={justify}>
      <RetakeButton />
      <LinkButton to="/browse-lawyers" variant="default" icon={IconListSearch}>
        {t("matches.browseAll")}
      </LinkButton>
    </Group>
  );
}

/** 'Error Loading Matches' with Retake Assessment (spec §2, §8). */
export function MatchesErrorView() {
  const { t } = useTranslation("assessment");
  return (
    <StateMessage
      icon={<IconAlertCircle size={48} color="var(--mantine-color-red-8)" aria-hidden />}
      title={t("matches.errorTitle")}
      actions={<RetakeButton />}
    >
      {t("matches.errorBody")}
    </StateMessage>
  );
}

/**
 * The matches page for the loader's answer: the error view, or the title, the page actions, the
 * insights card and the ranked match cards (or the empty-list note).
 */
export function MatchesPage({ page }: { page: MatchesData }) {
  const { t } = useTranslation("assessment");
  if (page.state === "error") return <MatchesErrorView />;
  const { matches, insights } = page;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeading
          title={t("matches.title")}
          lead={matches.length > 0 ? t("matches.lead", { count: matches.length }) : t("matches.leadEmpty")}
        />
        {/* Issue 16 §2 (ABA Model Rule 7.2 cmt. 5): the platform neither chooses nor refers. */}
        <Alert color="blue" variant="light" data-testid="not-referral">
          <Text size="sm">{t("matches.notReferral")}</Text>
          {/* Issue 19 §4: what a model does and does not do here, in plain words. */}
          <Text size="sm" mt="xs" data-testid="how-matching-works">
            {t("matches.howItWorks")}
          </Text>
        </Alert>
        <PageActions />
        <InsightsCard insights={insights} />
        {matches.length === 0 ? (
          <Alert color="gray" variant="light" role="status" icon={<IconAlertCircle size={20} aria-hidden />}>
            <Text>{t("matches.empty")}</Text>
          </Alert>
        ) : (
          <ol className="pa-match-list" aria-label={t("matches.listLabel")}>
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
  const { t } = useTranslation("assessment");
  return (
    <StateMessage title={t("matches.notFoundTitle")} actions={<PageActions justify="center" />}>
      {t("matches.notFoundText")}
    </StateMessage>
  );
}
