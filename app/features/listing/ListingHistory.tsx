/**
 * "History of my listing" on a lawyer's dashboard (issue 15 §1 "shown … for their own listing, to
 * the lawyer"): the audit log's entries about the lawyer's own listing, newest first: when, who
 * (you, or LexAtlas staff by role, never a staff member's address), what, and before → after.
 */
import { List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AuditRow } from "../../../server/audit/index.ts";
import { useFormats } from "../../i18n/format";
import { Section } from "../../ui/dashboard-parts";

/** A compact one-line rendering of before/after JSON ("–" when absent). */
function change(value: unknown): string {
  return value === null || value === undefined ? "–" : JSON.stringify(value);
}

/** The dashboard section listing `history` (from services.staff.listingHistory). */
export function ListingHistory({ history }: { history: AuditRow[] }) {
  const { t, i18n } = useTranslation("admin");
  const formats = useFormats();
  const who = (row: AuditRow) =>
    row.actorEmail ? t("history.you") : t("history.staff", { role: t(`roles.${row.actorRole}`) });
  const what = (action: string) =>
    i18n.exists(`admin:audit.actions.${action}`) ? t(`audit.actions.${action}`) : action;
  return (
    <Section id="listing-history" title={t("history.title")}>
      <Text size="sm" c="dimmed" mb="sm">
        {t("history.lead")}
      </Text>
      {history.length === 0 ? (
        <Text>{t("history.empty")}</Text>
      ) : (
        <List spacing="xs">
          {history.map((row) => (
            <List.Item key={row.id}>
              <Text span fw={600}>
                {formats.dateTime(row.at)}
              </Text>{" "}
              · {who(row)} · {what(row.action)}
              <Text size="xs" c="dimmed">
                <code>{change(row.before)}</code> → <code>{change(row.after)}</code>
                {row.reason ? ` · ${row.reason}` : ""}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}
