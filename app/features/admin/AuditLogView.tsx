/**
 * The back office's audit log (issue 15 §1 "a searchable audit log"): a GET search form (actor
 * email, action, subject type and id, date range; works without JavaScript), the entries newest
 * first with who, what, subject, what changed (app/ui/AuditChanges: sentences, not the stored
 * JSON), reason and (for administrators) the IP, and
 * paging. Entries are read-only: there is no control that changes one.
 */
import { Anchor, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { AuditPage, AuditRow } from "../../../server/audit/index.ts";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { AuditChanges } from "../../ui/AuditChanges";
import { LocaleLink } from "../../ui/LocaleLink";
import { Pager } from "./AdminShell";
import { FilterSelect, ResultsTable } from "./lists";

/** The actions the search offers (server/audit AuditAction). */
export const AUDIT_ACTIONS = [
  "staff.role_granted",
  "staff.second_factor_enrolled",
  "staff.signed_in",
  "staff.recovery_code_used",
  "contact.marked_handled",
  "contact.reopened",
  "listing.claimed",
  "listing.created",
  // Issue 28 §2: the owner changed the listing's specialist titles.
  "listing.specialist_titles_updated",
  "verification.admission_added",
  "verification.admission_updated",
  "verification.requested",
  "verification.approved",
  "verification.rejected",
  "verification.discipline_statement",
  // Issue 15 §2 "Ongoing monitoring" and "Register import" (server/verification).
  "verification.lapsed",
  "verification.register_import",
  "verification.rechecked",
  // Issue 15 §3 (server/moderation).
  "listing.hidden",
  "listing.restored",
  "report.dismissed",
  "report.hidden",
  "correction.accepted",
  "correction.declined",
  // Issue 16 §1 (server/reviews): a moderator's decision on a review.
  "review.published",
  "review.rejected",
  "review.removed",
] as const;

/** The subject types the search offers. */
export const AUDIT_SUBJECTS = [
  "user",
  "listing",
  "contact_message",
  "listing_report",
  "listing_correction",
  "review",
] as const;

/** The audit search's form values as they travel in the URL (all strings, "" when unset). */
export interface AuditQuery {
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  from: string;
  to: string;
}

/** The label of an action: its catalog text, or the action itself when it has none. */
function useActionLabel() {
  const { t, i18n } = useTranslation("admin");
  return (action: string) =>
    i18n.exists(`admin:audit.actions.${action}`) ? t(`audit.actions.${action}`) : action;
}

/** One entry's row; `showIp` adds the IP cell. */
function AuditTableRow({ row, showIp }: { row: AuditRow; showIp: boolean }) {
  const { t } = useTranslation("admin");
  const formats = useFormats();
  const label = useActionLabel();
  return (
    <Table.Tr>
      <Table.Td>{formats.dateTime(row.at)}</Table.Td>
      <Table.Td>
        {row.actorEmail ?? t("audit.noActor")}
        <Text size="xs" c="dimmed">
          {t(`roles.${row.actorRole}`, { defaultValue: row.actorRole })}
        </Text>
      </Table.Td>
      <Table.Td>{label(row.action)}</Table.Td>
      <Table.Td>
        {row.subjectType === "contact_message" ? (
          <Anchor component={LocaleLink} to={`/admin/contact/${row.subjectId}`}>
            {t(`audit.subjects.${row.subjectType}`)}
          </Anchor>
        ) : (
          t(`audit.subjects.${row.subjectType}`, { defaultValue: row.subjectType })
        )}
        <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
          {row.subjectId}
        </Text>
      </Table.Td>
      {/* What changed, as sentences in the page's language (issue 28 §5; the lawyer's history uses the same). */}
      <Table.Td style={{ overflowWrap: "anywhere" }}>
        <AuditChanges entry={row} withReferences />
      </Table.Td>
      <Table.Td>{row.reason ?? "–"}</Table.Td>
      {showIp && <Table.Td>{row.ip ?? "–"}</Table.Td>}
    </Table.Tr>
  );
}

/** The audit search form, the entries and the pager. */
export function AuditLogView({
  audit,
  query,
  isAdmin,
  fieldErrors = {},
}: {
  audit: AuditPage;
  query: AuditQuery;
  isAdmin: boolean;
  /** A search field's error (translated), shown under it (issue 27 §2: text no field may hold). */
  fieldErrors?: Partial<Record<string, string>>;
}) {
  const { t } = useTranslation("admin");
  const localize = useLocalizePath();
  const label = useActionLabel();
  const href = (page: number) => {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== ""));
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return `/admin/audit${text ? `?${text}` : ""}`;
  };
  // A search field's props: its query parameter, label (audit.<name>), current value and error.
  const field = (name: keyof AuditQuery) => ({
    name,
    label: t(`audit.${name}`),
    defaultValue: query[name],
    error: fieldErrors[name],
  });
  return (
    <Stack gap="md">
      <Text c="dimmed">{t("audit.lead")}</Text>
      <Form method="get" action={localize("/admin/audit")} aria-label={t("audit.search")}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput type="search" {...field("actor")} />
          <FilterSelect
            {...field("action")}
            anyLabel={t("audit.actions.any")}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: label(a) }))}
          />
          <FilterSelect
            {...field("subjectType")}
            anyLabel={t("audit.subjects.any")}
            options={AUDIT_SUBJECTS.map((s) => ({ value: s, label: t(`audit.subjects.${s}`) }))}
          />
          <TextInput {...field("subjectId")} />
          <TextInput type="date" {...field("from")} />
          <TextInput type="date" {...field("to")} />
          <Button type="submit">{t("audit.submit")}</Button>
          <Anchor component={LocaleLink} to="/admin/audit">
            {t("audit.clear")}
          </Anchor>
        </Group>
      </Form>
      {!isAdmin && (
        <Text size="sm" c="dimmed">
          {t("audit.ipHidden")}
        </Text>
      )}
      <ResultsTable
        count={audit.rows.length}
        empty={t("audit.empty")}
        minWidth={900}
        columns={[
          t("audit.columns.at"),
          t("audit.columns.actor"),
          t("audit.columns.action"),
          t("audit.columns.subject"),
          t("audit.columns.change"),
          t("audit.columns.reason"),
          ...(isAdmin ? [t("audit.columns.ip")] : []),
        ]}
      >
        {audit.rows.map((row) => (
          <AuditTableRow key={row.id} row={row} showIp={isAdmin} />
        ))}
      </ResultsTable>
      <Pager page={audit.page} pageCount={null} hasMore={audit.hasMore} href={href} />
    </Stack>
  );
}
