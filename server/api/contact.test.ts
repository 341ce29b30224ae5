/**
 * POST /api/contact through the real server on loopback against a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL) and a real in-process SMTP server (issue 4 "Contact form",
 * "Tests"): stored, emailed to SUPPORT_EMAIL with category and priority, bad input refused,
 * limited per IP; a failing mail relay loses nothing.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_CATEGORIES } from "../../lib/constants.ts";
import {
  CONTACT_FIELD_MESSAGES as CONTACT_FIELD_MESSAGES_REFERENCE,
  CONTACT_MESSAGE_MAX,
  CONTACT_TEXTS,
} from "../../lib/contact.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { firstField, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { englishTable } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { RATE_LIMITS } from "../security/rate-limit.ts";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const CONTACT_FIELD_MESSAGES = englishTable(CONTACT_FIELD_MESSAGES_REFERENCE);

const SUPPORT = "help-desk@lexatlas.example";
let database: Database;
let server: TestServer;
let smtp: SmtpCapture;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, {
    env: { SMTP_URL: smtp.url, TRUST_PROXY: "true", SUPPORT_EMAIL: SUPPORT },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

const { freshEmail, freshIp, call } = testApi(() => server, { emailPrefix: "contact" });

/** A valid contact payload from a fresh address. */
function payload(fields: Record<string, unknown> = {}) {
  return {
    name: "Lee Visitor",
    email: freshEmail(),
    subject: "Listing shows an old phone number",
    category: "Lawyer Verification",
    message: "The listing of my firm shows our old number.",
    ...fields,
  };
}

describe(`POST /api/contact (${TEST_ENGINE})`, () => {
  it("stores the message with priority medium by default and emails the support address", async () => {
    const before = smtp.messages.length;
    const body = payload({ phone: "+44 20 7946 0018", message: "Line one\n<script>x</script>" });
    const r = await call("POST", "/api/contact", { body });
    expect(r.status, r.text).toBe(201);
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, r.body.id));
    expect(row).toMatchObject({
      name: "Lee Visitor",
      email: body.email,
      phone: "+442079460018", // E.164 (issue 14 §2)
      subject: body.subject,
      category: "Lawyer Verification",
      message: "Line one\n<script>x</script>",
      priority: "medium",
    });
    const mail = await smtp.waitFor((m) => m.to.includes(SUPPORT) && smtp.messages.indexOf(m) >= before);
    expect(mail.subject).toBe("[Contact · Lawyer Verification · medium] Listing shows an old phone number");
    expect(mail.html).toContain("Line one\n&lt;script&gt;x&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain("Category: Lawyer Verification");
    expect(mail.text).toContain("Priority: medium (we promised a response within 24 hours)");
    expect(mail.text).toContain(`Reference: ${r.body.id}`);
    expect(mail.text).toContain("Line one\n<script>x</script>");
    expect(mail.text).toContain("Written in: English (en)");
  });

  it("a German or Arabic visitor: the answer in their language, the team's email in English naming theirs (docs/i18n.md)", async () => {
    for (const [lang, name, refused] of [
      ["de-DE,de;q=0.9", "German (de)", "Geben Sie eine gültige E-Mail-Adresse ein."],
      ["ar", "Arabic (ar)", "أدخل"],
    ] as const) {
      const before = smtp.messages.length;
      const subject = `Sprache ${lang}`;
      const r = await call("POST", "/api/contact", {
        body: payload({ subject }),
        headers: { "Accept-Language": lang },
      });
      expect(r.status, r.text).toBe(201);
      const mail = await smtp.waitFor(
        (m) => m.subject.endsWith(subject) && smtp.messages.indexOf(m) >= before,
      );
      expect(mail.text).toContain("A message arrived through the contact form of LexAtlas.");
      expect(mail.text).toContain(`Written in: ${name}`);
      const bad = await call("POST", "/api/contact", {
        body: payload({ email: "not an email" }),
        headers: { "Accept-Language": lang },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(refused);
    }
  });

  it.each([
    ["low", 48],
    ["high", 12],
    ["urgent", 4],
  ])("carries priority %s and its %i-hour promise to the email", async (priority, hours) => {
    const before = smtp.messages.length;
    const body = payload({ priority, subject: `Priority ${priority}` });
    const r = await call("POST", "/api/contact", { body });
    expect(r.status, r.text).toBe(201);
    const mail = await smtp.waitFor(
      (m) => m.subject.endsWith(`Priority ${priority}`) && smtp.messages.indexOf(m) >= before,
    );
    expect(mail.text).toContain(`Priority: ${priority} (we promised a response within ${hours} hours)`);
  });

  it("accepts every category of spec §9", async () => {
    for (const category of CONTACT_CATEGORIES) {
      const r = await call("POST", "/api/contact", { body: payload({ category }) });
      expect(r.status, `${category}: ${r.text}`).toBe(201);
    }
  });

  it.each([
    ["a missing name", { name: undefined }, "name", CONTACT_FIELD_MESSAGES.name],
    ["a missing email", { email: undefined }, "email", CONTACT_FIELD_MESSAGES.email],
    ["an invalid email", { email: "someone@" }, "email", CONTACT_FIELD_MESSAGES.email],
    ["a blank subject", { subject: " " }, "subject", CONTACT_FIELD_MESSAGES.subject],
    ["a missing category", { category: undefined }, "category", CONTACT_FIELD_MESSAGES.category],
    ["an unknown category", { category: "Sales" }, "category", CONTACT_FIELD_MESSAGES.category],
    ["a missing message", { message: "" }, "message", CONTACT_FIELD_MESSAGES.message],
    ["an unknown priority", { priority: "asap" }, "priority", CONTACT_FIELD_MESSAGES.priority],
    ["a 256-character name", { name: "n".repeat(256) }, "name", CONTACT_FIELD_MESSAGES.tooLong(255)],
    ["a 256-character subject", { subject: "s".repeat(256) }, "subject", CONTACT_FIELD_MESSAGES.tooLong(255)],
    ["a 51-character phone", { phone: "1".repeat(51) }, "phone", CONTACT_FIELD_MESSAGES.tooLong(50)],
    [
      "an over-long message",
      { message: "m".repeat(CONTACT_MESSAGE_MAX + 1) },
      "message",
      CONTACT_FIELD_MESSAGES.tooLong(CONTACT_MESSAGE_MAX),
    ],
  ])("answers 400 with the field for %s and stores nothing", async (_what, fields, field, message) => {
    const body = payload(fields);
    const r = await call("POST", "/api/contact", { body });
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toBe(message);
    expect(firstField(r.body)).toBe(field);
    expect(r.body.fieldErrors[field]?.[0]).toBe(message);
    if (typeof body.email === "string") {
      const rows = await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, body.email));
      expect(rows).toEqual([]);
    }
  });

  it("answers 415 for a form body, 400 for broken JSON and 413 past 64 KB", async () => {
    const form = await call("POST", "/api/contact", {
      raw: "name=a",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toBe(CONTACT_TEXTS.notJson);
    expect((await call("POST", "/api/contact", { raw: "{" })).status).toBe(400);
    const large = await call("POST", "/api/contact", { body: payload({ message: "x".repeat(70 * 1024) }) });
    expect(large.status).toBe(413);
  });

  it(`answers 429 with Retry-After after ${RATE_LIMITS["contact-ip"].points} messages from one IP`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS["contact-ip"].points; i += 1) {
      expect((await call("POST", "/api/contact", { body: payload(), ip })).status).toBe(201);
    }
    const limited = await call("POST", "/api/contact", { body: payload(), ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(CONTACT_TEXTS.tooMany);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe(`POST /api/contact with a mail relay that is down (${TEST_ENGINE})`, () => {
  it("still stores the message and answers 201", async () => {
    const down = await startTestServer(database.db, {
      env: { SMTP_URL: "smtp://127.0.0.1:9", TRUST_PROXY: "true" },
    });
    try {
      const email = freshEmail();
      const res = await fetch(`${down.baseUrl}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": freshIp() },
        body: JSON.stringify(payload({ email })),
      });
      expect(res.status).toBe(201);
      const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(rows).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
