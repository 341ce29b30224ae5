/**
 * The lawyer's message inbox on the dashboard (issue 4 "Tracking and messages"): the
 * CustomerMessages sent from the profile's Send Message form, unread first (then newest), with the
 * unread count. Each message is a real link to /dashboard/messages?id=… (works without
 * JavaScript), which shows it in full, marks it read and holds the reply form.
 */

import { Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconInbox, IconLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { InboxItem, InboxView } from "../../../server/messages/service.ts";
import { useTimeZone } from "../../i18n/format";
import { useLocale } from "../../i18n/locale";
import { EmptyState, Section } from "../../ui/dashboard-parts";
import { LocaleLink } from "../../ui/LocaleLink";
import { SUCCESS_TEXT_COLOR } from "../../ui/theme";
import { formatCaseDate } from "../cases";

/**
 * A date and time as on the case page: the page's locale, the visitor's time zone (the root
 * loader's, so server and browser agree; issue 14 §2), the zone named: "Jan 3, 2025, 10:00 AM
 * UTC" (en), "2025年1月3日 19:00 JST" (ja, Asia/Tokyo).
 */
export function formatMessageTime(iso: string, locale = "en", timeZone = "UTC"): string {
  return formatCaseDate(iso, locale, timeZone);
}

/** The path of one message's page. */
export function messagePath(id: string): string {
  return `/dashboard/messages?${new URLSearchParams({ id })}`;
}

/** One message in the list: a link with sender, subject, preview, time, and New / replied marks. */
function InboxRow({ m }: { m: InboxItem }) {
  const { t } = useTranslation("messages");
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <li>
      <UnstyledButton
        component={LocaleLink}
        to={messagePath(m.id)}
        data-unread={m.isRead ? undefined : "true"}
        p="sm"
        w="100%"
        style={{
          display: "block",
          borderRadius: "var(--mantine-radius-md)",
          border: "1px solid var(--mantine-color-gray-3)",
          borderInlineStart: m.isRead
            ? "1px solid var(--mantine-color-gray-3)"
            : "4px solid var(--mantine-color-blue-7)",
          background: m.isRead ? "var(--mantine-color-white)" : "var(--mantine-color-blue-0)",
        }}
      >
        <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            {!m.isRead && (
              <Badge size="sm" color="blue.8" variant="filled">
                {t("inbox.new")}
              </Badge>
            )}
            <Text fw={m.isRead ? 500 : 700} truncate>
              {m.customerName}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatMessageTime(m.createdAt, locale, timeZone)}
          </Text>
        </Group>
        <Text fw={m.isRead ? 400 : 700} size="sm" mt={4} lineClamp={1}>
          {m.subject}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {m.preview}
        </Text>
        {m.replyCount > 0 && (
          <Text size="xs" c={SUCCESS_TEXT_COLOR} mt={4}>
            {m.replyCount > 1 ? t("inbox.repliedCount", { count: m.replyCount }) : t("inbox.replied")}
          </Text>
        )}
        <VisuallyHidden>{m.isRead ? t("inbox.read") : t("inbox.unreadMark")}</VisuallyHidden>
      </UnstyledButton>
    </li>
  );
}

/**
 * The Inbox section: for a lawyer without a listing, a note that messages arrive once a listing is
 * linked; an empty state; or the list with the unread count.
 */
export function InboxPanel({ inbox }: { inbox: InboxView | null }) {
  const { t } = useTranslation("messages");
  if (!inbox) {
    return (
      <Section id="inbox" title={t("inbox.title")}>
        <EmptyState icon={<IconLink size={26} aria-hidden />} title={t("inbox.noListingTitle")}>
          {t("inbox.noListingText")}
        </EmptyState>
      </Section>
    );
  }
  if (inbox.messages.length === 0) {
    return (
      <Section id="inbox" title={t("inbox.title")}>
        <EmptyState icon={<IconInbox size={26} aria-hidden />} title={t("inbox.emptyTitle")}>
          {t("inbox.emptyText")}
        </EmptyState>
      </Section>
    );
  }
  return (
    <Section id="inbox" title={t("inbox.title")}>
      <Stack gap="sm">
        <Group gap="xs">
          <Badge
            color={inbox.unreadCount > 0 ? "blue.8" : "gray.7"}
            variant="filled"
            size="lg"
            data-testid="inbox-unread"
          >
            {t("inbox.unread", { count: inbox.unreadCount })}
          </Badge>
          <Text size="sm" c="dimmed">
            {t("inbox.total", { count: inbox.total })}
          </Text>
        </Group>
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t("inbox.listLabel")}
        >
          {inbox.messages.map((m) => (
            <InboxRow key={m.id} m={m} />
          ))}
        </Stack>
        {inbox.total > inbox.messages.length && (
          <Text size="sm" c="dimmed">
            {t("inbox.showing", { shown: inbox.messages.length, total: inbox.total })}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
