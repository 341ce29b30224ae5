/**
 * Contract of customer messages (spec §3 "CustomerMessage", "MessageReply"; issue 4): the profile's
 * Send Message form, the lawyer's inbox and replies. Implemented in server/messages/index.ts.
 */
import type { PublicUser } from "../../lib/account.ts";

/** A lawyer's inbox as the dashboard shows it. */
export interface InboxView {
  unreadCount: number;
}

/** Customer messages as loaders and API handlers use them. */
export interface MessagesService {
  /** The inbox of a lawyer account linked to a listing; null for other accounts. */
  inboxView(user: PublicUser): Promise<InboxView | null>;
}
