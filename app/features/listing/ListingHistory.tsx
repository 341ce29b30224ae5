/**
 * "History of my listing" on a lawyer's dashboard (issue 15 §1 "shown … for their own listing, to
 * the lawyer"): the audit log's entries about the lawyer's own listing, newest first: when (in the
 * visitor's zone), who (you, or LexAtlas staff by role, never a staff member's address), what, and
 * what changed as sentences in the page's language (app/ui/AuditChanges.tsx, issue 28 §5: it
 * showed the stored JSON, running off the card at 390 px), with the reason given.
 */
import { Box, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AuditRow } from "../../../server/audit/index.ts";
import { useFormats } from "../../i18n/format";
import { AuditChanges } from "../../ui/AuditChanges";
import { Section } from "../../ui/dashboard-parts";

/**
 * The dashboard section listing `history` (from services.staff.listingHistory); `viewerId` is the
 * signed-in lawyer's account id (an ownership change to it reads "you").
 */
export function ListingHistory({ history, viewerId }: { history: AuditRow[]; viewerId: string }) {
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
        <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: "none" }}>
          {history.map((row) => (
            <Box
              component="li"
              key={row.id}
              data-testid="history-entry"
              style={{ minWidth: 0, overflowWrap: "anywhere" }}
            >
              <Text size="sm">
                <Text span fw={600}>
                  <time dateTime={row.at}>{formats.dateTime(row.at)}</time>
                </Text>{" "}
                · {who(row)} · {what(row.action)}
              </Text>
              <AuditChanges entry={row} viewerId={viewerId} />
              {row.reason && (
                <Text size="xs" c="dimmed">
                  {t("history.reason")} <bdi>{row.reason}</bdi>
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
