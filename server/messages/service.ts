/**
 * Contract of customer messages (spec §3 "CustomerMessage", "MessageReply"; issue 4 "Tracking and
 * messages"): the profile's Send Message form, the lawyer's inbox (unread first, marked read when
 * opened) and replies emailed to the customer. Implemented in server/messages/index.ts; used by
 * server/api/messages.ts and the pages (app/routes/dashboard.tsx, dashboard.messages.tsx), which
 * import only these types.
 */

import type { PublicUser } from "../../lib/account.ts";
import type { Locale } from "../../lib/i18n/locales.ts";

/** One message in the inbox list. */
export interface InboxItem {
  /** UUID of the CustomerMessage. */
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  subject: string;
  /** The message's first MESSAGE_PREVIEW_CHARS characters, whitespace collapsed. */
  preview: string;
  isRead: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** How many replies the lawyer has sent. */
  replyCount: number;
}

/** A lawyer's inbox as the dashboard and GET /api/messages show it. */
export interface InboxView {
  /** The listing the inbox belongs to. */
  lawyerId: number;
  unreadCount: number;
  /** Every message of the listing (the list holds at most INBOX_LIMIT of them). */
  total: number;
  /** Unread first, then newest first; at most INBOX_LIMIT. */
  messages: InboxItem[];
}

/** One reply in a message's thread. */
export interface ReplyView {
  id: string;
  reply: string;
  /** The replying account's name ("First Last"). */
  author: string;
  /** ISO 8601. */
  createdAt: string;
}

/** One message, opened: the full text and the thread of replies, oldest first. */
export interface MessageDetail {
  id: string;
  lawyerId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  subject: string;
  message: string;
  isRead: boolean;
  /** ISO 8601. */
  createdAt: string;
  replies: ReplyView[];
}

/** What a reply answers: the message with its thread, and whether the email to the customer went out. */
export interface ReplyResult {
  message: MessageDetail;
  /** False when storing worked but sending the email failed (logged; the reply stays stored). */
  emailed: boolean;
}

/** Who is sending: the client IP, for the 'message-ip' rate limit. */
export interface SendMeta {
  ip: string;
  /** The language the customer writes in (the page's, or Accept-Language; default English, issue 14 §1). */
  locale?: Locale;
  /** The signed-in account sending it, if any (issue 17 §4: its export and erasure find it). */
  senderUserId?: string | null;
}

/** Customer messages as loaders and API handlers use them. */
export interface MessagesService {
  /**
   * Stores a CustomerMessage from the profile's Send Message form (anyone may send, spec §6) for
   * listing `lawyerId`, then emails the listing's address a notice (sent in the background: the
   * message is stored even if the email fails). `input` is validated with CustomerMessageSchema.
   * @throws ValidationError invalid fields, 404 unknown lawyer, 429 past 'message-ip'
   */
  send(lawyerId: number, input: unknown, meta: SendMeta): Promise<{ id: string }>;
  /** The inbox of a lawyer account linked to a listing; null for other accounts. */
  inboxView(user: PublicUser): Promise<InboxView | null>;
  /**
   * The inbox of `user`'s listing.
   * @throws ForbiddenError for a client account or a lawyer without a listing
   */
  inbox(user: PublicUser): Promise<InboxView>;
  /**
   * Opens one message of `user`'s listing: marks it read (spec: "marked read when opened") and
   * answers it with its replies.
   * @throws ForbiddenError as inbox; 404 for a malformed id, an unknown one or another listing's
   */
  open(user: PublicUser, id: string): Promise<MessageDetail>;
  /**
   * Marks message `id` of `user`'s listing read or unread (the inbox's "Mark as unread").
   * @throws ForbiddenError as inbox; 404 as open
   */
  setRead(user: PublicUser, id: string, read: boolean): Promise<void>;
  /**
   * Stores `user`'s reply (MessageReplySchema) to message `id` of their listing, marks the message
   * read, and emails the reply to the customer (plain text; Reply-To the listing's public email).
   * @throws ValidationError invalid reply, 403 as inbox, 404 as open
   */
  reply(user: PublicUser, id: string, input: unknown): Promise<ReplyResult>;
}
