/**
 * Customer messages (spec §2 "Lawyer profile", §3 "CustomerMessage", "MessageReply"; issue 4):
 * the profile's Send Message form, the lawyer's inbox and replies emailed to the customer. Plain
 * functions over the database, the mailer and the rate limits, shared by the API
 * (server/api/messages.ts) and the pages through the router context.
 *
 * Emails are plain text only: what a customer typed reaches the lawyer as text, never as HTML,
 * and the lawyer's notice carries no link that works without signing in (the dashboard asks for
 * it).
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import {
  CustomerMessageSchema,
  fieldErrorsOf,
  isMessageId,
  MESSAGE_TEXTS,
  MessageReplySchema,
} from "../../lib/messages.ts";
import { customerMessages, lawyers, messageReplies, users } from "../db/schema.ts";
import type { MailMessage } from "../email/mailer.ts";
import { ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from "../errors.ts";
import type { DomainDeps } from "../services.ts";
import type { InboxItem, InboxView, MessageDetail, MessagesService } from "./service.ts";

/** Most messages the inbox lists (unread first, then newest). */
export const INBOX_LIMIT = 100;
/** Characters of a message shown in the inbox list. */
export const MESSAGE_PREVIEW_CHARS = 140;
/** Subject of the lawyer's notice of a new message. */
export const NEW_MESSAGE_SUBJECT = "You have a new message on LexAtlas";

/** The preview of a message: whitespace collapsed, cut at MESSAGE_PREVIEW_CHARS with an ellipsis. */
export function previewOf(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  return flat.length <= MESSAGE_PREVIEW_CHARS
    ? flat
    : `${flat.slice(0, MESSAGE_PREVIEW_CHARS - 1).trimEnd()}…`;
}

/** Subject of the email that carries a lawyer's reply, e.g. "Reply from Ana Silva on LexAtlas". */
export function replySubject(lawyerName: string): string {
  return `Reply from ${lawyerName} on LexAtlas`;
}

/**
 * The lawyer's notice of a new message (to the listing's email): who wrote, the subject and the
 * message as plain text, and where to answer: the dashboard's inbox, which needs signing in.
 */
export function newMessageEmail(p: {
  to: string;
  origin: string;
  listingName: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | undefined;
  subject: string;
  message: string;
}): MailMessage {
  return {
    to: p.to,
    subject: NEW_MESSAGE_SUBJECT,
    text: [
      `Hello ${p.listingName},`,
      "",
      "Someone sent you a message through your LexAtlas listing. It waits in the inbox of your dashboard,",
      `where you can reply after signing in: ${p.origin}/dashboard#inbox`,
      "",
      `From: ${p.customerName} <${p.customerEmail}>${p.customerPhone ? `, phone ${p.customerPhone}` : ""}`,
      `Subject: ${p.subject}`,
      "",
      p.message,
      "",
      "LexAtlas has not checked who sent this message. Never send documents or payment details to an",
      "address you have not verified.",
      "",
      "LexAtlas",
    ].join("\n"),
  };
}

/**
 * The email that carries a lawyer's reply to the customer: the reply, then the customer's own
 * message quoted. Reply-To is the listing's contact email, which the public profile shows.
 */
export function replyEmail(p: {
  to: string;
  customerName: string;
  listingName: string;
  listingFirm: string;
  listingEmail: string;
  subject: string;
  original: string;
  reply: string;
}): MailMessage {
  const who = p.listingFirm ? `${p.listingName} (${p.listingFirm})` : p.listingName;
  return {
    to: p.to,
    subject: replySubject(p.listingName),
    replyTo: p.listingEmail,
    text: [
      `Hello ${p.customerName},`,
      "",
      `${who} replied to your message "${p.subject}" sent through LexAtlas:`,
      "",
      p.reply,
      "",
      "Your message:",
      ...p.original.split("\n").map((line) => `> ${line}`),
      "",
      `To answer, reply to this email or write to ${p.listingEmail}.`,
      "",
      "LexAtlas",
    ].join("\n"),
  };
}

/** Creates the process's customer messages service. */
export function createMessagesService({
  db,
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
        author: `${r.firstName} ${r.lastName}`.trim(),
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
            .select({ id: lawyers.id, name: lawyers.name, email: lawyers.email })
            .from(lawyers)
            .where(eq(lawyers.id, lawyerId))
        : [];
      if (!listing) throw new NotFoundError(MESSAGE_TEXTS.unknownLawyer);
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
        })
        .returning({ id: customerMessages.id });
      const id = row?.id as string;
      logger.info({ messageId: id, lawyerId: listing.id }, "customer message stored");
      // After storing: the message waits in the inbox even if the notice cannot be sent.
      mailer.sendLater(
        newMessageEmail({
          to: listing.email,
          origin: emailLinkOrigin,
          listingName: listing.name,
          customerName: m.name,
          customerEmail: m.email,
          customerPhone: m.phone,
          subject: m.subject,
          message: m.message,
        }),
      );
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
      await db.transaction(async (tx) => {
        await tx.insert(messageReplies).values({ messageId: message.id, userId: user.id, reply });
        await tx.update(customerMessages).set({ isRead: true }).where(eq(customerMessages.id, message.id));
      });
      const [listing] = await db
        .select({ name: lawyers.name, firm: lawyers.firm, email: lawyers.email })
        .from(lawyers)
        .where(eq(lawyers.id, lawyerId));
      let emailed = false;
      try {
        await mailer.send(
          replyEmail({
            to: message.customerEmail,
            customerName: message.customerName,
            listingName: listing?.name ?? `${user.firstName} ${user.lastName}`,
            listingFirm: listing?.firm ?? "",
            listingEmail: listing?.email ?? user.email,
            subject: message.subject,
            original: message.message,
            reply,
          }),
        );
        emailed = true;
      } catch (err) {
        logger.error({ err, messageId: message.id }, "reply stored but its email failed");
      }
      return { message: await detail(lawyerId, id, false), emailed };
    },
  };
}
