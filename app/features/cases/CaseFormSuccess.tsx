/**
 * The case form's success screen (spec §2 "Case form dialog": "A success screen shows a case
 * summary"; "The UI promises a lawyer response within 24 hours"; issue 4): the stored case's
 * title, type, priority, lawyer, number of documents and status (Pending, spec §4), the 24-hour
 * promise, and how to follow the case: a visitor gets the private link by email, a signed-in
 * client gets links to the case page and the dashboard.
 */
import { Alert, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconMailForward } from "@tabler/icons-react";
import { Link } from "react-router";
import { CASE_STATUS_LABELS, CASE_TEXTS } from "../../../lib/cases.ts";
import { ThemeIcon } from "../../ui/ThemeIcon";
import type { CaseSuccessSummary } from "./CaseFormModel";
import { optionLabel } from "./case-display";

/** The sentence a visitor reads about the emailed tracking link (issue 4). */
export const CASE_TRACKING_EMAIL_TEXT = "We've emailed you a private link to follow your case";

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
}: {
  summary: CaseSuccessSummary;
  onClose?: () => void;
  closeTo?: string;
}) {
  const documents = summary.documentCount;
  const rows: [string, string][] = [
    ["Case title", summary.caseTitle],
    ["Case type", summary.caseType],
    ["Priority", optionLabel(summary.priority)],
    ["Lawyer", summary.lawyerName],
    ["Documents", documents === 0 ? "None" : `${documents} file${documents === 1 ? "" : "s"}`],
    ["Status", CASE_STATUS_LABELS[summary.status] ?? optionLabel(summary.status)],
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
          Case submitted
        </Title>
      </Group>
      <Text>{CASE_TEXTS.responsePromise}</Text>
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
        <Text size="sm">
          Follow the case and message the lawyer on its page; your cases are also on your dashboard.
        </Text>
      ) : (
        <Alert color="blue" variant="light" icon={<IconMailForward size={20} aria-hidden />} role="status">
          {CASE_TRACKING_EMAIL_TEXT}
          {clientEmail ? ` (sent to ${clientEmail})` : ""}. Keep it: anyone with the link can read the case.
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {caseUrl && (
          <>
            <Button component={Link} to="/dashboard" variant="default" onClick={onClose}>
              Go to dashboard
            </Button>
            <Button component={Link} to={caseUrl} onClick={onClose}>
              View your case
            </Button>
          </>
        )}
        {closeTo ? (
          <Button component={Link} to={closeTo} variant={caseUrl ? "subtle" : "filled"}>
            Close
          </Button>
        ) : (
          <Button variant={caseUrl ? "subtle" : "filled"} onClick={onClose}>
            Close
          </Button>
        )}
      </Group>
    </Stack>
  );
}
