/**
 * The dashboard's cases panel (issue 4 "Tracking and messages"): a client's own cases ("My
 * cases": title, lawyer, status badge, date, link), or for a lawyer the cases sent to their
 * listing ("Cases received": title, client name, status, date, link; pending ones highlighted).
 * Newest first (services.cases.dashboardView); each links to /cases/{id}. Empty states kept.
 * Issue 17 §2: a lawyer's pending case says a conflict check is needed (accept or decline on the
 * case page, which shows the summary only until then).
 */

import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { IconBriefcase, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../lib/account.ts";
import { isolateIn } from "../../../lib/bidi.ts";
import { dirOf } from "../../../lib/i18n/locales.ts";
import type { CaseListItem } from "../../../server/cases/service.ts";
import { useTimeZone } from "../../i18n/format";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { Bidi } from "../../ui/Bidi";
import { EmptyState, Section } from "../../ui/dashboard-parts";
import { LinkButton } from "../../ui/LinkButton";
import { LocaleLink } from "../../ui/LocaleLink";
import { CaseStatusBadge, caseOptionLabel, formatCaseDay } from "./case-display";

/**
 * "My cases" for a client, "Cases received" for a lawyer account; `cases` from
 * services.cases.dashboardView(user), newest first.
 */
export function CasesPanel({ user, cases }: { user: PublicUser; cases: CaseListItem[] }) {
  const { t } = useTranslation("cases");
  const locale = useLocale();
  const timeZone = useTimeZone();
  const localize = useLocalizePath();
  const lawyer = user.role === "lawyer";
  const title = lawyer ? t("panel.received") : t("panel.myCases");
  if (cases.length === 0) {
    return (
      <Section id="my-cases" title={title}>
        {lawyer ? (
          <EmptyState icon={<IconBriefcase size={26} aria-hidden />} title={t("panel.noCases")}>
            {user.lawyerId === null ? t("panel.noListing") : t("panel.lawyerEmpty")}
          </EmptyState>
        ) : (
          <EmptyState
            icon={<IconBriefcase size={26} aria-hidden />}
            title={t("panel.noCases")}
            action={
              <LinkButton to={localize("/browse-lawyers")} mt="xs" icon={IconSearch} iconSize={16}>
                {t("panel.browse")}
              </LinkButton>
            }
          >
            {t("panel.clientEmpty")}
          </EmptyState>
        )}
      </Section>
    );
  }
  const pending = cases.filter((c) => c.status === "pending").length;
  return (
    <Section id="my-cases" title={title}>
      {lawyer && pending > 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          {t("panel.waiting", { count: pending })}
        </Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
        {cases.map((c) => {
          const highlight = lawyer && c.status === "pending";
          return (
            <li
              key={c.id}
              style={{
                border: "1px solid var(--mantine-color-gray-3)",
                borderInlineStart: highlight ? "4px solid var(--mantine-color-yellow-6)" : undefined,
                borderRadius: 8,
                padding: "10px 14px",
                background: highlight ? "var(--mantine-color-yellow-0)" : undefined,
              }}
            >
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0, flex: "1 1 240px" }}>
                  <Anchor
                    component={LocaleLink}
                    to={`/cases/${c.id}`}
                    fw={600}
                    style={{ overflowWrap: "anywhere" }}
                  >
                    <Bidi>{c.caseTitle}</Bidi>
                  </Anchor>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {lawyer ? (
                      t("panel.from", { name: isolateIn(c.clientName, dirOf(locale)) })
                    ) : (
                      <Bidi>{c.lawyerName}</Bidi>
                    )}{" "}
                    · {caseOptionLabel(t, "caseTypes", c.caseType)} ·{" "}
                    {formatCaseDay(c.createdAt, locale, timeZone)}
                  </Text>
                  {highlight && (
                    // Issue 17 §2: a new case shows its lawyer the conflict-check summary first.
                    <Text size="sm" fw={600} c="yellow.9" data-testid="conflict-check-needed">
                      {t("panel.conflictCheck")}
                    </Text>
                  )}
                </div>
                <Group gap={6}>
                  {highlight && (
                    <Badge color="#ffd43b" c="#212529" variant="filled" size="sm">
                      {t("panel.new")}
                    </Badge>
                  )}
                  <CaseStatusBadge status={c.status} />
                </Group>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Section>
  );
}
