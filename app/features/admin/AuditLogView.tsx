/**
 * The back office's audit log (issue 15 §1 "a searchable audit log"): a GET search form (actor
 * email, action, subject type and id, date range; works without JavaScript), the entries newest
 * first with who, what, subject, before → after, reason and (for administrators) the IP, and
 * paging. Entries are read-only: there is no control that changes one.
 */
import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { AuditPage, AuditRow } from "../../../server/audit/index.ts";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { LocaleLink } from "../../ui/LocaleLink";
import { Pager } from "./AdminShell";

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

/** A compact one-line rendering of an entry's before/after JSON ("–" when absent). */
export function changeText(value: unknown): string {
  if (value === null || value === undefined) return "–";
  return JSON.stringify(value);
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
      {/* JSON reads left to right on every page; on a right-to-left page the arrow still points from before to after. */}
      <Table.Td style={{ wordBreak: "break-word" }} dir="ltr">
        <code>{changeText(row.before)}</code> → <code>{changeText(row.after)}</code>
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
  return (
    <Stack gap="md">
      <Text c="dimmed">{t("audit.lead")}</Text>
      <Form method="get" action={localize("/admin/audit")} aria-label={t("audit.search")}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            name="actor"
            type="search"
            label={t("audit.actor")}
            defaultValue={query.actor}
            error={fieldErrors.actor}
          />
          <NativeSelect
            name="action"
            label={t("audit.action")}
            defaultValue={query.action}
            error={fieldErrors.action}
            data={[
              { value: "", label: t("audit.actions.any") },
              ...AUDIT_ACTIONS.map((a) => ({ value: a, label: label(a) })),
            ]}
          />
          <NativeSelect
            name="subjectType"
            label={t("audit.subjectType")}
            defaultValue={query.subjectType}
            error={fieldErrors.subjectType}
            data={[
              { value: "", label: t("audit.subjects.any") },
              ...AUDIT_SUBJECTS.map((s) => ({ value: s, label: t(`audit.subjects.${s}`) })),
            ]}
          />
          <TextInput
            name="subjectId"
            label={t("audit.subjectId")}
            defaultValue={query.subjectId}
            error={fieldErrors.subjectId}
          />
          <TextInput
            name="from"
            type="date"
            label={t("audit.from")}
            defaultValue={query.from}
            error={fieldErrors.from}
          />
          <TextInput
            name="to"
            type="date"
            label={t("audit.to")}
            defaultValue={query.to}
            error={fieldErrors.to}
          />
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
      {audit.rows.length === 0 ? (
        <Text>{t("audit.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("audit.columns.at")}</Table.Th>
                <Table.Th scope="col">{t("audit.columns.actor")}</Table.Th>
                <Table.Th scope="col">{t("audit.columns.action")}</Table.Th>
                <Table.Th scope="col">{t("audit.columns.subject")}</Table.Th>
                <Table.Th scope="col">{t("audit.columns.change")}</Table.Th>
                <Table.Th scope="col">{t("audit.columns.reason")}</Table.Th>
                {isAdmin && <Table.Th scope="col">{t("audit.columns.ip")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.rows.map((row) => (
                <AuditTableRow key={row.id} row={row} showIp={isAdmin} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={audit.page} pageCount={null} hasMore={audit.hasMore} href={href} />
    </Stack>
  );
}
