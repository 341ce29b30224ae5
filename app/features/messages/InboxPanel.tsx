/**
 * The lawyer's message inbox on the dashboard (issue 4 "Tracking and messages"): the
 * CustomerMessages sent from the profile's Send Message form, unread first (then newest), with the
 * unread count. Each message is a real link to /dashboard/messages?id=… (works without
 * JavaScript), which shows it in full, marks it read and holds the reply form.
 */
import { Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconInbox, IconLink } from "@tabler/icons-react";
import { Link } from "react-router";
import type { InboxItem, InboxView } from "../../../server/messages/service.ts";
import { EmptyState, Section } from "../../ui/dashboard-parts";
import { formatCaseDate } from "../cases";

/**
 * A date and time that reads the same on the server and in the browser (no hydration mismatch),
 * and the same as on the case page: "Jan 3, 2025, 10:00 AM UTC".
 */
export function formatMessageTime(iso: string): string {
  return formatCaseDate(iso);
}

/** The path of one message's page. */
export function messagePath(id: string): string {
  return `/dashboard/messages?${new URLSearchParams({ id })}`;
}

/** One message in the list: a link with sender, subject, preview, time, and New / replied marks. */
function InboxRow({ m }: { m: InboxItem }) {
  return (
    <li>
      <UnstyledButton
        component={Link}
        to={messagePath(m.id)}
        data-unread={m.isRead ? undefined : "true"}
        p="sm"
        w="100%"
        style={{
          display: "block",
          borderRadius: "var(--mantine-radius-md)",
          border: "1px solid var(--mantine-color-gray-3)",
          borderLeft: m.isRead
            ? "1px solid var(--mantine-color-gray-3)"
            : "4px solid var(--mantine-color-blue-7)",
          background: m.isRead ? "var(--mantine-color-white)" : "var(--mantine-color-blue-0)",
        }}
      >
        <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            {!m.isRead && (
              <Badge size="sm" color="blue.8" variant="filled">
                New
              </Badge>
            )}
            <Text fw={m.isRead ? 500 : 700} truncate>
              {m.customerName}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatMessageTime(m.createdAt)}
          </Text>
        </Group>
        <Text fw={m.isRead ? 400 : 700} size="sm" mt={4} lineClamp={1}>
          {m.subject}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {m.preview}
        </Text>
        {m.replyCount > 0 && (
          <Text size="xs" c="green.9" mt={4}>
            Replied{m.replyCount > 1 ? ` (${m.replyCount} replies)` : ""}
          </Text>
        )}
        <VisuallyHidden>{m.isRead ? " (read)" : " (unread)"}</VisuallyHidden>
      </UnstyledButton>
    </li>
  );
}

/**
 * The Inbox section: for a lawyer without a listing, a note that messages arrive once a listing is
 * linked; an empty state; or the list with the unread count.
 */
export function InboxPanel({ inbox }: { inbox: InboxView | null }) {
  if (!inbox) {
    return (
      <Section id="inbox" title="Inbox">
        <EmptyState icon={<IconLink size={26} aria-hidden />} title="No listing linked yet">
          Messages that clients send from your public profile will show here once your account is linked to a
          listing (see My listing).
        </EmptyState>
      </Section>
    );
  }
  if (inbox.messages.length === 0) {
    return (
      <Section id="inbox" title="Inbox">
        <EmptyState icon={<IconInbox size={26} aria-hidden />} title="No messages yet">
          Messages that clients send you with Send Message on your profile will show here.
        </EmptyState>
      </Section>
    );
  }
  return (
    <Section id="inbox" title="Inbox">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge
            color={inbox.unreadCount > 0 ? "blue.8" : "gray.7"}
            variant="filled"
            size="lg"
            data-testid="inbox-unread"
          >
            {inbox.unreadCount} unread
          </Badge>
          <Text size="sm" c="dimmed">
            {inbox.total} {inbox.total === 1 ? "message" : "messages"} · unread first, then newest
          </Text>
        </Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Messages">
          {inbox.messages.map((m) => (
            <InboxRow key={m.id} m={m} />
          ))}
        </Stack>
        {inbox.total > inbox.messages.length && (
          <Text size="sm" c="dimmed">
            Showing the latest {inbox.messages.length} of {inbox.total} messages (unread first).
          </Text>
        )}
      </Stack>
    </Section>
  );
}
