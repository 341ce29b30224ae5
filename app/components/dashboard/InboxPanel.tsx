/**
 * The lawyer's message inbox on the dashboard (issue 4 "Tracking and messages"): CustomerMessages
 * sent from the profile's Send Message form, unread first, opened to read and reply.
 */
import { IconInbox } from "@tabler/icons-react";
import type { InboxView } from "../../../server/messages/service.ts";
import { EmptyState, Section } from "./parts";

/** A lawyer's inbox (issue 4 fills it). */
export function InboxPanel({ inbox }: { inbox: InboxView | null }) {
  void inbox;
  return (
    <Section id="inbox" title="Inbox">
      <EmptyState icon={<IconInbox size={26} aria-hidden />} title="No messages yet">
        Cases and messages that clients send you through your listing will show here.
      </EmptyState>
    </Section>
  );
}
