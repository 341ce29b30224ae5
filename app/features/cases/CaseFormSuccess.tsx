/**
 * The case form's success screen (spec §2 "Case form dialog": "A success screen shows a case
 * summary"; "The UI promises a lawyer response within 24 hours"; issue 4): the stored case's
 * title, type, priority, lawyer, number of documents and status (Pending, spec §4), what happens
 * next, and how to follow the case: a visitor gets the private link by email, a signed-in client
 * gets links to the case page and the dashboard. Issue 28 §4: the spec's promise only where the
 * listing can keep it — for a managed listing what the response process does (asked to answer
 * within 24 hours; at 24 h the client is told and may re-send); for a listing nobody manages that
 * it is not managed, what LexAtlas does instead, and the managed lawyers nearby (`alternatives`).
 */
import { Alert, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconInfoCircle, IconMailForward } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RESPONSE_DEADLINE_HOURS } from "../../../lib/response-times.ts";
import { LocaleLink } from "../../ui/LocaleLink";
import { Notice } from "../../ui/Notice";
import { ThemeIcon } from "../../ui/ThemeIcon";
import type { CaseSuccessSummary } from "./CaseFormModel";
import { caseOptionLabel } from "./case-display";

/** "medium" → "Medium", "in-person" → "In person" (defined in case-display, shared with the case page). */
export { optionLabel } from "./case-display";

/**
 * The success screen for `summary` (caseSuccessSummary of the 201 answer, in the dialog; the
 * page action's flash cookie, in the in-page form: issue 13 §4). A null caseUrl means a visitor.
 * Close calls `onClose` (the dialog) or links to `closeTo` (the page, without JavaScript).
 */
export function CaseFormSuccess({
  summary,
  onClose,
  closeTo,
  alternatives,
}: {
  summary: CaseSuccessSummary;
  onClose?: () => void;
  closeTo?: string;
  /** Issue 28 §4: shown when nobody manages the listing (the managed lawyers nearby). */
  alternatives?: ReactNode;
}) {
  const { t } = useTranslation("cases");
  const documents = summary.documentCount;
  const rows: [string, string][] = [
    [t("success.caseTitle"), summary.caseTitle],
    [t("success.caseType"), caseOptionLabel(t, "caseTypes", summary.caseType)],
    [t("success.priority"), caseOptionLabel(t, "priorities", summary.priority)],
    [t("success.lawyer"), summary.lawyerName],
    [
      t("success.documents"),
      documents === 0 ? t("success.documentsNone") : t("success.documentsCount", { count: documents }),
    ],
    [t("success.status"), caseOptionLabel(t, "statuses", summary.status)],
  ];
  const caseUrl = summary.caseUrl;
  const clientEmail = summary.clientEmail;
  return (
    <Stack gap="md" data-testid="case-success">
      <Group gap="sm" wrap="nowrap" align="center">
        <ThemeIcon color="green" variant="light" size={44} radius="xl" aria-hidden>
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Title order={3} size="h3" id="case-success-heading">
          {t("success.title")}
        </Title>
      </Group>
      {summary.lawyerManaged ? (
        <Text data-testid="case-response-promise">
          {t("responsePromise", { name: summary.lawyerName, hours: RESPONSE_DEADLINE_HOURS })}
        </Text>
      ) : (
        <Notice
          color="orange"
          icon={<IconInfoCircle size={20} aria-hidden />}
          title={t("success.waitingTitle", { name: summary.lawyerName })}
          data-testid="case-waiting"
        >
          <Stack gap="sm">
            <Text size="sm">{t("success.waitingText")}</Text>
            {alternatives}
          </Stack>
        </Notice>
      )}
      <Table
        withTableBorder
        variant="vertical"
        layout="fixed"
        aria-labelledby="case-success-heading"
        data-testid="case-summary"
      >
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={130} scope="row">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {caseUrl ? (
        <Text size="sm">{t("success.followPage")}</Text>
      ) : (
        <Alert color="blue" variant="light" icon={<IconMailForward size={20} aria-hidden />} role="status">
          {clientEmail
            ? t("success.trackingEmailTo", { email: clientEmail })
            : t("success.trackingEmailNoAddress")}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {caseUrl && (
          <>
            <Button component={LocaleLink} to="/dashboard" variant="default" onClick={onClose}>
              {t("success.goDashboard")}
            </Button>
            <Button component={LocaleLink} to={caseUrl} onClick={onClose}>
              {t("success.viewCase")}
            </Button>
          </>
        )}
        {closeTo ? (
          <Button component={LocaleLink} to={closeTo} variant={caseUrl ? "subtle" : "filled"}>
            {t("close")}
          </Button>
        ) : (
          <Button variant={caseUrl ? "subtle" : "filled"} onClick={onClose}>
            {t("close")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
