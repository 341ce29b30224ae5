/**
 * Send Message, the lawyer's inbox and replies through the real server on loopback against a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a real in-process SMTP server
 * (issue 4 "Tracking and messages", "Safety", "Tests"). The server trusts X-Forwarded-For, so each
 * request speaks from its own client IP unless a test pins one.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MESSAGE_FIELD_MESSAGES as MESSAGE_FIELD_MESSAGES_REFERENCE,
  MESSAGE_TEXT_MAX,
  MESSAGE_TEXTS,
} from "../../lib/messages.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { firstField, insertTestListing, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { englishTable } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { emailLinkOrigin } from "../config.ts";
import type { Database } from "../db/client.ts";
import { customerMessages, messageReplies, users } from "../db/schema.ts";
import { NEW_MESSAGE_SUBJECT, previewOf, replySubject } from "../messages/index.ts";
import { RATE_LIMITS } from "../security/rate-limit.ts";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const MESSAGE_FIELD_MESSAGES = englishTable(MESSAGE_FIELD_MESSAGES_REFERENCE);

let database: Database;
let server: TestServer;
let smtp: SmtpCapture;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

const { freshEmail, freshIp, call, signUp } = testApi(() => server, { emailPrefix: "msg" });

/** A valid Send Message payload from a fresh address. */
function payload(fields: Record<string, unknown> = {}) {
  return {
    name: "Mia Customer",
    email: freshEmail("customer"),
    phone: "+1 416 555 0142",
    subject: "Rear-ended at a red light",
    message: "I was rear-ended last week.\nCan you help with the insurer?",
    ...fields,
  };
}

/** A lawyer account linked to a fresh listing (whose contact email is the account's); answers both. */
async function linkedLawyer() {
  const lawyer = await signUp({ role: "lawyer", email: freshEmail("lawyer") });
  const lawyerId = await insertTestListing(database, lawyer.email, { name: "Aaron Clarke" });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, lawyer.user.id));
  return { ...lawyer, lawyerId };
}

/** Sends a message to listing `lawyerId` and answers its id; fails the test unless 201. */
async function send(lawyerId: number, fields: Record<string, unknown> = {}): Promise<string> {
  const r = await call("POST", `/api/lawyers/${lawyerId}/messages`, { body: payload(fields) });
  expect(r.status, r.text).toBe(201);
  return r.body.id as string;
}

describe(`Send Message: POST /api/lawyers/{id}/messages (${TEST_ENGINE})`, () => {
  it("stores the message for the listing and emails the listing's address a notice (text and escaped HTML)", async () => {
    const lawyer = await linkedLawyer();
    const before = smtp.messages.length;
    const body = payload({ message: "<b>Help</b> & thanks\nSecond line" });
    const r = await call("POST", `/api/lawyers/${lawyer.lawyerId}/messages`, { body });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const [row] = await database.db.select().from(customerMessages).where(eq(customerMessages.id, r.body.id));
    expect(row).toMatchObject({
      lawyerId: lawyer.lawyerId,
      customerName: "Mia Customer",
      customerEmail: body.email,
      customerPhone: "+14165550142", // E.164 (issue 14 §2)
      subject: "Rear-ended at a red light",
      message: "<b>Help</b> & thanks\nSecond line",
      isRead: false,
    });
    const mail = await smtp.waitFor(
      (m) =>
        m.to.includes(lawyer.email) &&
        m.subject === NEW_MESSAGE_SUBJECT &&
        smtp.messages.indexOf(m) >= before,
    );
    expect(mail.html).not.toContain("<b>Help</b>");
    expect(mail.html).toContain("&lt;b&gt;Help&lt;/b&gt; &amp; thanks");
    expect(mail.text).toContain("<b>Help</b> & thanks\nSecond line");
    expect(mail.text).toContain(`From: Mia Customer <${body.email}>`);
    expect(mail.text).toContain(`${emailLinkOrigin(server.config)}/dashboard#inbox`);
    expect(mail.text).not.toMatch(/token=|messages\?id=/);
  });

  it("lets visitors and signed-in users send; an empty phone is stored as none", async () => {
    const lawyer = await linkedLawyer();
    const client = await signUp({ email: freshEmail("client") });
    const r = await call("POST", `/api/lawyers/${lawyer.lawyerId}/messages`, {
      body: payload({ phone: "" }),
      token: client.token,
    });
    expect(r.status, r.text).toBe(201);
    const [row] = await database.db.select().from(customerMessages).where(eq(customerMessages.id, r.body.id));
    expect(row?.customerPhone).toBeNull();
  });

  it.each([
    ["a missing name", { name: undefined }, "name", MESSAGE_FIELD_MESSAGES.name],
    ["a blank subject", { subject: "   " }, "subject", MESSAGE_FIELD_MESSAGES.subject],
    ["an invalid email", { email: "not-an-email" }, "email", MESSAGE_FIELD_MESSAGES.email],
    ["a 256-character name", { name: "n".repeat(256) }, "name", MESSAGE_FIELD_MESSAGES.tooLong(255)],
    ["a 256-character subject", { subject: "s".repeat(256) }, "subject", MESSAGE_FIELD_MESSAGES.tooLong(255)],
    [
      "an over-long message",
      { message: "m".repeat(MESSAGE_TEXT_MAX + 1) },
      "message",
      MESSAGE_FIELD_MESSAGES.tooLong(MESSAGE_TEXT_MAX),
    ],
    ["a phone with letters", { phone: "call me maybe" }, "phone", MESSAGE_FIELD_MESSAGES.phone],
    ["a 51-character phone", { phone: "1".repeat(51) }, "phone", MESSAGE_FIELD_MESSAGES.tooLong(50)],
  ])("answers 400 with the field for %s and stores nothing", async (_what, fields, field, message) => {
    const lawyer = await linkedLawyer();
    const r = await call("POST", `/api/lawyers/${lawyer.lawyerId}/messages`, { body: payload(fields) });
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toBe(message);
    expect(firstField(r.body)).toBe(field);
    expect(r.body.fieldErrors[field]?.[0]).toBe(message);
    const rows = await database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.lawyerId, lawyer.lawyerId));
    expect(rows).toHaveLength(0);
  });

  it("accepts a message of exactly the longest length", async () => {
    const lawyer = await linkedLawyer();
    await send(lawyer.lawyerId, { message: "é".repeat(MESSAGE_TEXT_MAX) });
  });

  it("answers 404 for an unknown or malformed lawyer id", async () => {
    for (const id of ["999999999", "0", "abc", "12abc", "01", "99999999999"]) {
      const r = await call("POST", `/api/lawyers/${id}/messages`, { body: payload() });
      expect(r.status, `${id}: ${r.text}`).toBe(404);
      expect(r.body.message).toBe(MESSAGE_TEXTS.unknownLawyer);
    }
  });

  it("answers 415 for a body that is not JSON, 400 for broken JSON and 413 past 64 KB", async () => {
    const lawyer = await linkedLawyer();
    const path = `/api/lawyers/${lawyer.lawyerId}/messages`;
    const form = await call("POST", path, {
      raw: "name=a",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toBe(MESSAGE_TEXTS.notJson);
    const broken = await call("POST", path, { raw: "{not json" });
    expect(broken.status).toBe(400);
    const large = await call("POST", path, { body: payload({ message: "x".repeat(70 * 1024) }) });
    expect(large.status).toBe(413);
    expect(large.body.message).toBe(MESSAGE_TEXTS.tooLarge);
  });

  it(`answers 429 with Retry-After after ${RATE_LIMITS["message-ip"].points} messages from one IP`, async () => {
    const lawyer = await linkedLawyer();
    const ip = freshIp();
    const path = `/api/lawyers/${lawyer.lawyerId}/messages`;
    for (let i = 0; i < RATE_LIMITS["message-ip"].points; i += 1) {
      const r = await call("POST", path, { body: payload(), ip });
      expect(r.status, r.text).toBe(201);
    }
    const limited = await call("POST", path, { body: payload(), ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.message).toBe(MESSAGE_TEXTS.tooMany);
    // Another IP is not affected.
    expect((await call("POST", path, { body: payload() })).status).toBe(201);
  });
});

describe(`The lawyer's inbox: GET /api/messages, GET /api/messages/{id}, replies (${TEST_ENGINE})`, () => {
  it("lists unread first, then newest, with the unread count; opening marks read", async () => {
    const lawyer = await linkedLawyer();
    const first = await send(lawyer.lawyerId, { subject: "first" });
    const second = await send(lawyer.lawyerId, { subject: "second" });
    const third = await send(lawyer.lawyerId, { subject: "third", message: `long ${"word ".repeat(60)}` });
    // Distinct times, whatever the clock's resolution.
    await database.db
      .update(customerMessages)
      .set({ createdAt: new Date("2025-01-01T10:00:00Z") })
      .where(eq(customerMessages.id, first));
    await database.db
      .update(customerMessages)
      .set({ createdAt: new Date("2025-01-02T10:00:00Z") })
      .where(eq(customerMessages.id, second));
    await database.db
      .update(customerMessages)
      .set({ createdAt: new Date("2025-01-03T10:00:00Z") })
      .where(eq(customerMessages.id, third));

    const inbox = await call("GET", "/api/messages", { token: lawyer.token });
    expect(inbox.status, inbox.text).toBe(200);
    expect(inbox.headers.get("cache-control")).toBe("no-store");
    expect(inbox.body.unreadCount).toBe(3);
    expect(inbox.body.total).toBe(3);
    expect(inbox.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      "third",
      "second",
      "first",
    ]);
    expect(inbox.body.messages[0].preview).toBe(previewOf(`long ${"word ".repeat(60)}`));
    expect(inbox.body.messages[0].preview.length).toBeLessThanOrEqual(140);

    const opened = await call("GET", `/api/messages/${second}`, { token: lawyer.token });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toMatchObject({ id: second, subject: "second", isRead: true, replies: [] });
    const [row] = await database.db.select().from(customerMessages).where(eq(customerMessages.id, second));
    expect(row?.isRead).toBe(true);

    const after = await call("GET", "/api/messages", { token: lawyer.token });
    expect(after.body.unreadCount).toBe(2);
    expect(
      after.body.messages.map((m: { subject: string; isRead: boolean }) => [m.subject, m.isRead]),
    ).toEqual([
      ["third", false],
      ["first", false],
      ["second", true],
    ]);
  });

  it(`answers 429 after ${RATE_LIMITS["reply-user"].points} replies by one lawyer in an hour`, async () => {
    const lawyer = await linkedLawyer();
    const id = await send(lawyer.lawyerId, { subject: "Many replies" });
    for (let i = 0; i < RATE_LIMITS["reply-user"].points; i += 1) {
      const r = await call("POST", `/api/messages/${id}/replies`, {
        token: lawyer.token,
        body: { reply: `Reply ${i}` },
      });
      expect(r.status, r.text).toBe(201);
    }
    const limited = await call("POST", `/api/messages/${id}/replies`, {
      token: lawyer.token,
      body: { reply: "One more" },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.message).toBe(MESSAGE_TEXTS.tooManyReplies);
    const stored = await database.db.select().from(messageReplies).where(eq(messageReplies.messageId, id));
    expect(stored).toHaveLength(RATE_LIMITS["reply-user"].points);
  });

  it("stores a reply, emails it to the customer (text and escaped HTML) and shows the thread", async () => {
    const lawyer = await linkedLawyer();
    const customer = freshEmail("customer");
    const id = await send(lawyer.lawyerId, { email: customer, subject: "Whiplash" });
    const before = smtp.messages.length;
    const r = await call("POST", `/api/messages/${id}/replies`, {
      token: lawyer.token,
      body: { reply: "Thanks <Mia>, call me tomorrow." },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.emailed).toBe(true);
    expect(r.body.message.isRead).toBe(true);
    expect(r.body.message.replies).toHaveLength(1);
    expect(r.body.message.replies[0]).toMatchObject({
      reply: "Thanks <Mia>, call me tomorrow.",
      author: "Ann Lee",
    });
    const stored = await database.db.select().from(messageReplies).where(eq(messageReplies.messageId, id));
    expect(stored).toMatchObject([{ userId: lawyer.user.id, reply: "Thanks <Mia>, call me tomorrow." }]);

    const mail = await smtp.waitFor((m) => m.to.includes(customer) && smtp.messages.indexOf(m) >= before);
    expect(mail.subject).toBe(replySubject("Aaron Clarke"));
    expect(mail.html).toContain("Thanks &lt;Mia&gt;, call me tomorrow.");
    expect(mail.text).toContain("Thanks <Mia>, call me tomorrow.");
    expect(mail.text).toContain('replied to your message "Whiplash"');
    // Reply-To is the listing's public contact email, nothing else.
    expect(mail.replyTo).toContain(lawyer.email);

    const second = await call("POST", `/api/messages/${id}/replies`, {
      token: lawyer.token,
      body: { reply: "Also…" },
    });
    expect(second.body.message.replies.map((x: { reply: string }) => x.reply)).toEqual([
      "Thanks <Mia>, call me tomorrow.",
      "Also…",
    ]);
    const inbox = await call("GET", "/api/messages", { token: lawyer.token });
    expect(inbox.body.messages[0].replyCount).toBe(2);
  });

  it("refuses an empty or over-long reply (400) and stores nothing", async () => {
    const lawyer = await linkedLawyer();
    const id = await send(lawyer.lawyerId);
    for (const reply of ["", "   ", "r".repeat(MESSAGE_TEXT_MAX + 1), undefined]) {
      const r = await call("POST", `/api/messages/${id}/replies`, { token: lawyer.token, body: { reply } });
      expect(r.status, r.text).toBe(400);
      expect(firstField(r.body)).toBe("reply");
    }
    const notJson = await call("POST", `/api/messages/${id}/replies`, {
      token: lawyer.token,
      raw: "reply=hi",
      headers: { "Content-Type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
    expect(await database.db.select().from(messageReplies).where(eq(messageReplies.messageId, id))).toEqual(
      [],
    );
  });

  it("authorises by listing: 401 signed out, 403 clients and unlinked lawyers, 404 another listing's message", async () => {
    const owner = await linkedLawyer();
    const other = await linkedLawyer();
    const id = await send(owner.lawyerId);
    const client = await signUp({ email: freshEmail("client") });
    const unlinked = await signUp({ role: "lawyer", email: freshEmail("lawyer") });

    const paths: [string, string, unknown][] = [
      ["GET", "/api/messages", undefined],
      ["GET", `/api/messages/${id}`, undefined],
      ["POST", `/api/messages/${id}/replies`, { reply: "hello" }],
    ];
    for (const [method, path, body] of paths) {
      expect((await call(method, path, { body })).status, `${method} ${path} signed out`).toBe(401);
      const asClient = await call(method, path, { body, token: client.token });
      expect(asClient.status, `${method} ${path} as a client`).toBe(403);
      expect(asClient.body.message).toBe(MESSAGE_TEXTS.notLawyer);
      const asUnlinked = await call(method, path, { body, token: unlinked.token });
      expect(asUnlinked.status, `${method} ${path} as an unlinked lawyer`).toBe(403);
      expect(asUnlinked.body.message).toBe(MESSAGE_TEXTS.noListing);
    }
    // Another lawyer: the message does not exist for them, and their inbox does not show it.
    const peek = await call("GET", `/api/messages/${id}`, { token: other.token });
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe(MESSAGE_TEXTS.notFound);
    const write = await call("POST", `/api/messages/${id}/replies`, {
      token: other.token,
      body: { reply: "x" },
    });
    expect(write.status).toBe(404);
    const theirs = await call("GET", "/api/messages", { token: other.token });
    expect(theirs.body.messages).toEqual([]);
    // Nothing changed: still unread, no reply.
    const [row] = await database.db.select().from(customerMessages).where(eq(customerMessages.id, id));
    expect(row?.isRead).toBe(false);
    expect(await database.db.select().from(messageReplies).where(eq(messageReplies.messageId, id))).toEqual(
      [],
    );
  });

  it("answers 404 for a malformed or unknown message id", async () => {
    const lawyer = await linkedLawyer();
    for (const id of [
      "abc",
      "1",
      "00000000-0000-0000-0000-00000000000z",
      "00000000-0000-4000-8000-000000000000",
    ]) {
      expect((await call("GET", `/api/messages/${id}`, { token: lawyer.token })).status, id).toBe(404);
      const reply = await call("POST", `/api/messages/${id}/replies`, {
        token: lawyer.token,
        body: { reply: "x" },
      });
      expect(reply.status, id).toBe(404);
    }
  });
});
