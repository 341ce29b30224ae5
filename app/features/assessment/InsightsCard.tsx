/**
 * The insights card of the matches page (spec §2 "An insights card if insights exist"): the
 * sentences of GET /api/personality/insights/{sessionId}, derived from the visitor's own answers.
 * Renders nothing for an empty list.
 */
import { Card, Group, Title } from "@mantine/core";
import { IconBulb } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../i18n/locale";
import { ThemeIcon } from "../../ui/ThemeIcon";
import classes from "./InsightsCard.module.css";
import { matchSentence } from "./match-text";

/**
 * The card, or null when `insights` is empty.
 * @param insights message references made by server/matching (insightRefsFor) or plain text,
 *   shown in the page's language (issue 14 §1)
 */
export function InsightsCard({ insights }: { insights: readonly string[] }) {
  const { t } = useTranslation("assessment");
  const locale = useLocale();
  if (insights.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="insights-heading" bg="blue.0">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="filled" color="blue.8" radius="xl" size="lg" aria-hidden>
          <IconBulb size={20} />
        </ThemeIcon>
        <Title order={2} size="h3" id="insights-heading">
          {t("matches.insightsTitle")}
        </Title>
      </Group>
      <ul className={classes.list}>
        {insights.map((s) => (
          <li key={s}>{matchSentence(t, locale, s)}</li>
        ))}
      </ul>
    </Card>
  );
}
