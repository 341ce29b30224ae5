/**
 * Customer messages (spec §2 "Lawyer profile", §3 "CustomerMessage", "MessageReply"; issue 4):
 * the profile's Send Message form, the lawyer's inbox and replies emailed to the customer. Plain
 * functions over the database, the mailer and the rate limits, shared by the API
 * (server/api/messages.ts) and the pages through the router context.
 *
 * Emails come from server/email/templates (new-message.ts, message-reply.ts): what a customer
 * typed is escaped in their HTML part and written as typed in their text part, and the lawyer's
 * notice carries no link that works without signing in (the dashboard asks for it).
 */

import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { INTERNATIONAL_EMAIL_MESSAGE } from "../../lib/email-address.ts";
import { DEFAULT_LOCALE, isLocale, listingLocale } from "../../lib/i18n/locales.ts";
import {
  CustomerMessageSchema,
  fieldErrorsOf,
  isMessageId,
  MESSAGE_TEXTS,
  MessageReplySchema,
} from "../../lib/messages.ts";
import { displayName } from "../../lib/person.ts";
import { customerMessages, lawyers, messageReplies, users } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import {
  message as catalogMessage,
  EN,
  messageReplyEmail,
  newMessageEmail,
} from "../email/templates/index.ts";
import { ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from "../errors.ts";
import { refreshAfterFirstResponse } from "../responses/stats.ts";
import type { InboxItem, InboxView, MessageDetail, MessagesService } from "./service.ts";

/** Most messages the inbox lists (unread first, then newest). */
export const INBOX_LIMIT = 100;
/** Characters of a message shown in the inbox list. */
export const MESSAGE_PREVIEW_CHARS = 140;
/** Subject of the lawyer's notice of a new message (server/email/templates/new-message.ts, English). */
export const NEW_MESSAGE_SUBJECT = EN["newMessage.subject"];

/** The preview of a message: whitespace collapsed, cut at MESSAGE_PREVIEW_CHARS with an ellipsis. */
export function previewOf(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  return flat.length <= MESSAGE_PREVIEW_CHARS
    ? flat
    : `${flat.slice(0, MESSAGE_PREVIEW_CHARS - 1).trimEnd()}…`;
}

/** Subject of the email that carries a lawyer's reply, e.g. "Reply from Ana Silva on LexAtlas". */
export function replySubject(lawyerName: string): string {
  return catalogMessage("en", "reply.subject", { lawyer: lawyerName });
}

/** Creates the process's customer messages service. */
export function createMessagesService({
  db,
  clock,
  mailer,
  rateLimits,
  logger,
  emailLinkOrigin,
}: DomainDeps): MessagesService {
  /** The listing id of a lawyer account with a listing; ForbiddenError for anyone else. */
  function listingOf(user: PublicUser): number {
    if (user.role !== "lawyer") throw new ForbiddenError(MESSAGE_TEXTS.notLawyer);
    if (user.lawyerId === null) throw new ForbiddenError(MESSAGE_TEXTS.noListing);
    return user.lawyerId;
  }

  async function inbox(lawyerId: number): Promise<InboxView> {
    const replyCount = db
      .select({ messageId: messageReplies.messageId, n: count().as("n") })
      .from(messageReplies)
      .groupBy(messageReplies.messageId)
      .as("reply_counts");
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: customerMessages.id,
          customerName: customerMessages.customerName,
          customerEmail: customerMessages.customerEmail,
          customerPhone: customerMessages.customerPhone,
          subject: customerMessages.subject,
          message: customerMessages.message,
          isRead: customerMessages.isRead,
          createdAt: customerMessages.createdAt,
          replyCount: replyCount.n,
        })
        .from(customerMessages)
        .leftJoin(replyCount, eq(replyCount.messageId, customerMessages.id))
        .where(eq(customerMessages.lawyerId, lawyerId))
        .orderBy(asc(customerMessages.isRead), desc(customerMessages.createdAt), asc(customerMessages.id))
        .limit(INBOX_LIMIT),
      db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${customerMessages.isRead} = false)`.mapWith(Number),
        })
        .from(customerMessages)
        .where(eq(customerMessages.lawyerId, lawyerId)),
    ]);
    const messages: InboxItem[] = rows.map((r) => ({
      id: r.id,
      customerName: r.customerName,
      customerEmail: r.customerEmail,
      customerPhone: r.customerPhone,
      subject: r.subject,
      preview: previewOf(r.message),
      isRead: r.isRead,
      createdAt: r.createdAt.toISOString(),
      replyCount: Number(r.replyCount ?? 0),
    }));
    return {
      lawyerId,
      unreadCount: totals[0]?.unread ?? 0,
      total: totals[0]?.total ?? 0,
      messages,
    };
  }

  /** The message `id` of listing `lawyerId` with its replies, or NotFoundError. */
  async function detail(lawyerId: number, id: string, markRead: boolean): Promise<MessageDetail> {
    if (!isMessageId(id)) throw new NotFoundError(MESSAGE_TEXTS.notFound);
    const where = and(eq(customerMessages.id, id), eq(customerMessages.lawyerId, lawyerId));
    const [row] = markRead
      ? await db.update(customerMessages).set({ isRead: true }).where(where).returning()
      : await db.select().from(customerMessages).where(where);
    if (!row) throw new NotFoundError(MESSAGE_TEXTS.notFound);
    const replies = await db
      .select({
        id: messageReplies.id,
        reply: messageReplies.reply,
        createdAt: messageReplies.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(messageReplies)
      .innerJoin(users, eq(users.id, messageReplies.userId))
      .where(eq(messageReplies.messageId, row.id))
      .orderBy(asc(messageReplies.createdAt), asc(messageReplies.id));
    return {
      id: row.id,
      lawyerId: row.lawyerId,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      customerPhone: row.customerPhone,
      subject: row.subject,
      message: row.message,
      isRead: row.isRead,
      createdAt: row.createdAt.toISOString(),
      replies: replies.map((r) => ({
        id: r.id,
        reply: r.reply,
        author: displayName(r, "en"),
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  return {
    async send(lawyerId, input, meta) {
      const parsed = CustomerMessageSchema.safeParse(input);
      if (!parsed.success) {
        const fields = fieldErrorsOf(parsed.error);
        throw new ValidationError(Object.values(fields)[0] ?? MESSAGE_TEXTS.invalid, fields);
      }
      const [listing] = Number.isSafeInteger(lawyerId)
        ? await db
            .select({
              id: lawyers.id,
              name: lawyers.name,
              email: lawyers.email,
              languages: lawyers.languages,
              locale: users.locale,
            })
            .from(lawyers)
            .leftJoin(users, eq(users.lawyerId, lawyers.id))
            // A listing a moderator hid (issue 15 §3) takes no new messages: as unknown.
            .where(and(eq(lawyers.id, lawyerId), eq(lawyers.hidden, false)))
        : [];
      if (!listing) throw new NotFoundError(MESSAGE_TEXTS.unknownLawyer);
      // Issue 14 §2: a Unicode local part only where the relay can carry it (SMTPUTF8).
      if (!(await mailer.acceptsAddress(parsed.data.email)))
        throw new ValidationError(INTERNATIONAL_EMAIL_MESSAGE, "email");
      try {
        await rateLimits.consume("message-ip", meta.ip);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new RateLimitedError(MESSAGE_TEXTS.tooMany, err.retryAfterSeconds);
        throw err;
      }
      const m = parsed.data;
      const [row] = await db
        .insert(customerMessages)
        .values({
          lawyerId: listing.id,
          customerName: m.name,
          customerEmail: m.email,
          customerPhone: m.phone ?? null,
          subject: m.subject,
          message: m.message,
          locale: meta.locale ?? DEFAULT_LOCALE,
          senderUserId: meta.senderUserId ?? null,
          createdAt: clock.now(),
        })
        .returning({ id: customerMessages.id });
      const id = row?.id as string;
      logger.info({ messageId: id, lawyerId: listing.id }, "customer message stored");
      // After storing: the message waits in the inbox even if the notice cannot be sent.
      const notice = newMessageEmail(
        {
          origin: emailLinkOrigin,
          listingName: listing.name,
          customerName: m.name,
          customerEmail: m.email,
          customerPhone: m.phone,
          subject: m.subject,
          message: m.message,
        },
        // Issue 28 §2: the notice is in the listing's first language the site speaks.
        listingLocale(listing.languages, listing.locale),
      );
      mailer.sendLater(notice.then((rendered) => ({ to: listing.email, ...rendered })));
      return { id };
    },

    async inboxView(user) {
      if (user.role !== "lawyer" || user.lawyerId === null) return null;
      return inbox(user.lawyerId);
    },

    async inbox(user) {
      return inbox(listingOf(user));
    },

    async open(user, id) {
      return detail(listingOf(user), id, true);
    },

    async setRead(user, id, read) {
      const lawyerId = listingOf(user);
      if (!isMessageId(id)) throw new NotFoundError(MESSAGE_TEXTS.notFound);
      const rows = await db
        .update(customerMessages)
        .set({ isRead: read })
        .where(and(eq(customerMessages.id, id), eq(customerMessages.lawyerId, lawyerId)))
        .returning({ id: customerMessages.id });
      if (rows.length === 0) throw new NotFoundError(MESSAGE_TEXTS.notFound);
    },

    async reply(user, id, input) {
      const lawyerId = listingOf(user);
      const message = await detail(lawyerId, id, false);
      const parsed = MessageReplySchema.safeParse(input);
      if (!parsed.success) {
        const fields = fieldErrorsOf(parsed.error);
        throw new ValidationError(Object.values(fields)[0] ?? MESSAGE_TEXTS.invalid, fields);
      }
      const reply = parsed.data.reply;
      try {
        await rateLimits.consume("reply-user", user.id);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new RateLimitedError(MESSAGE_TEXTS.tooManyReplies, err.retryAfterSeconds);
        throw err;
      }
      // Issue 16 §3: a profile message's first reply is a response (server/responses/stats.ts).
      const firstReply = message.replies.length === 0;
      await db.transaction(async (tx) => {
        await tx
          .insert(messageReplies)
          .values({ messageId: message.id, userId: user.id, reply, createdAt: clock.now() });
        await tx.update(customerMessages).set({ isRead: true }).where(eq(customerMessages.id, message.id));
      });
      if (firstReply) await refreshAfterFirstResponse(db, clock, lawyerId, logger);
      const [listing] = await db
        .select({ name: lawyers.name, firm: lawyers.firm, email: lawyers.email })
        .from(lawyers)
        .where(eq(lawyers.id, lawyerId));
      let emailed = false;
      try {
        const listingEmail = listing?.email ?? user.email;
        // Framed in the language the customer wrote in (issue 14 §1).
        const [written] = await db
          .select({ locale: customerMessages.locale })
          .from(customerMessages)
          .where(eq(customerMessages.id, message.id));
        const customerLocale = isLocale(written?.locale) ? written.locale : DEFAULT_LOCALE;
        const mail = await messageReplyEmail(
          {
            customerName: message.customerName,
            listingName: listing?.name ?? displayName(user, customerLocale),
            listingFirm: listing?.firm ?? "",
            listingEmail,
            subject: message.subject,
            original: message.message,
            reply,
          },
          customerLocale,
        );
        await mailer.send({ to: message.customerEmail, replyTo: listingEmail, ...mail });
        emailed = true;
      } catch (err) {
        logger.error({ err, messageId: message.id }, "reply stored but its email failed");
      }
      return { message: await detail(lawyerId, id, false), emailed };
    },
  };
}
