import { Card, List, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CASE_STATUSES } from "../../../lib/constants.ts";
import { CaseStatusBadge } from "./case-display";

/** A case status (spec §3 "Case.status"). */
type CaseStatus = (typeof CASE_STATUSES)[number];

/**
 * Issue 19 §5: the case page explains the case's status and what happens next, in words for the
 * person reading it (the client who sent the case, or the lawyer it was sent to), and lists every
 * status with its meaning in a disclosure (a native <details>, so it works without JavaScript).
 * Issue 28 §4: a pending case of a listing nobody manages says it waits for the lawyer to join.
 */
export function CaseStatusGuide({
  status,
  reader,
  managed = true,
}: {
  status: CaseStatus;
  reader: "client" | "lawyer";
  /** Issue 28 §4: false when nobody manages the case's listing: a pending case waits for a claim. */
  managed?: boolean;
}) {
  const { t } = useTranslation("cases");
  // Issue 28 §4: nobody can answer a pending case of an unmanaged listing; no 24-hour promise.
  const now =
    status === "pending" && reader === "client" && !managed
      ? t("statusGuide.pendingWaiting")
      : t(`statusGuide.${status}.${reader}`);
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="case-status-guide"
      data-testid="case-status-guide"
    >
      <Title order={2} fz="md" id="case-status-guide">
        {t("statusGuide.title")}
      </Title>
      <Text size="sm" mt={6} data-testid="case-status-now">
        {now}
      </Text>
      <details style={{ marginTop: 8 }}>
        <summary style={{ cursor: "pointer", fontSize: "var(--mantine-font-size-sm)", fontWeight: 600 }}>
          {t("statusGuide.all")}
        </summary>
        <List spacing={8} mt="xs" listStyleType="none" ps={0}>
          {CASE_STATUSES.map((s) => (
            <List.Item key={s}>
              <CaseStatusBadge status={s} size="sm" />{" "}
              <Text span size="sm">
                {t(`statusGuide.${s}.${reader}`)}
              </Text>
            </List.Item>
          ))}
        </List>
      </details>
    </Card>
  );
}
