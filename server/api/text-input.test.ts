/**
 * Control characters in what people type (security review of issues 4 and 6): every free-text
 * field of a case, a case message, Send Message, a reply and the contact form refuses NUL and the
 * other control characters with 400 naming the field (PostgreSQL refuses NUL in text with
 * SQLSTATE 22021, which was answered as a 500; NUL is the input boundary's since issue 27 §2,
 * with its message validation:invalidCharacters first), and single-line fields (names, titles, subjects)
 * refuse line breaks, which could forge "From:"/"Subject:" lines in the plain-text emails that
 * quote them. Multi-line fields keep their line breaks and tabs. The real server on loopback,
 * a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a real SMTP server.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_MESSAGE as CONTROL_CHARACTERS_REFERENCE } from "../../lib/account.ts";
import { INVALID_CHARACTERS_MESSAGE as INVALID_CHARACTERS_REFERENCE } from "../../lib/input-boundary.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { firstField, insertTestListing, testApi } from "../../tests/support/api.ts";
import { casePayload } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

/** What the API answers (in English without Accept-Language). */
const CONTROL_CHARACTERS_MESSAGE = english(CONTROL_CHARACTERS_REFERENCE);
/** What the API answers for NUL, refused by the input boundary before any schema (issue 27 §2). */
const INVALID_CHARACTERS_MESSAGE = english(INVALID_CHARACTERS_REFERENCE);

let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
const { call, signUp, freshEmail } = testApi(() => server, { emailPrefix: "text" });

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

/** A listing and the lawyer account linked to it. */
async function lawyerWithListing() {
  const email = freshEmail("lawyer");
  const lawyerId = await insertTestListing(database, email, { name: "Aaron Clarke" });
  const account = await signUp({ role: "lawyer", email });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId };
}

/** Expects a 400 that names `field` and says why (`message`: the control characters' by default). */
function expectRefused(
  r: { status: number; body: unknown; text: string },
  field: string,
  message = CONTROL_CHARACTERS_MESSAGE,
) {
  expect(r.status, r.text).toBe(400);
  expect(firstField(r.body)).toBe(field);
  expect((r.body as { message?: string }).message).toBe(message);
}

describe(`control characters in typed text (${TEST_ENGINE})`, () => {
  it("POST /api/cases refuses NUL in any text field and line breaks in single-line ones", async () => {
    const { lawyerId } = await lawyerWithListing();
    for (const field of ["caseTitle", "description", "clientName", "dateNeeded"] as const) {
      const r = await call("POST", "/api/cases", { body: casePayload(lawyerId, { [field]: "A\u0000B" }) });
      expectRefused(r, field, INVALID_CHARACTERS_MESSAGE);
    }
    for (const field of ["caseTitle", "clientName", "dateNeeded"] as const) {
      const r = await call("POST", "/api/cases", {
        body: casePayload(lawyerId, { [field]: "A\r\nFrom: court@evil.example" }),
      });
      expectRefused(r, field);
    }
    const ok = await call("POST", "/api/cases", {
      body: casePayload(lawyerId, { description: "Line one\n\tLine two\r\nLine three" }),
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it("a case message refuses NUL (API), keeps line breaks", async () => {
    const lawyer = await lawyerWithListing();
    const client = await signUp();
    const made = await call("POST", "/api/cases", {
      token: client.token,
      body: casePayload(lawyer.lawyerId),
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.case.id as string;
    const bad = await call("POST", `/api/cases/${id}/messages`, {
      token: lawyer.token,
      body: { body: "a\u0000b" },
    });
    expectRefused(bad, "body", INVALID_CHARACTERS_MESSAGE);
    const ok = await call("POST", `/api/cases/${id}/messages`, {
      token: lawyer.token,
      body: { body: "Line one\nLine two" },
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it("Send Message refuses NUL anywhere and line breaks in the name and subject", async () => {
    const { lawyerId } = await lawyerWithListing();
    const message = {
      name: "Mia Customer",
      email: freshEmail("customer"),
      subject: "Rear-ended",
      message: "Line one\nLine two",
    };
    for (const field of ["name", "subject", "message"] as const) {
      const r = await call("POST", `/api/lawyers/${lawyerId}/messages`, {
        body: { ...message, [field]: "A\u0000B" },
      });
      expectRefused(r, field, INVALID_CHARACTERS_MESSAGE);
    }
    for (const field of ["name", "subject"] as const) {
      const r = await call("POST", `/api/lawyers/${lawyerId}/messages`, {
        body: { ...message, [field]: "Mia\nSubject: Court summons" },
      });
      expectRefused(r, field);
    }
    const ok = await call("POST", `/api/lawyers/${lawyerId}/messages`, { body: message });
    expect(ok.status, ok.text).toBe(201);
  });

  it("a reply refuses NUL", async () => {
    const lawyer = await lawyerWithListing();
    const sent = await call("POST", `/api/lawyers/${lawyer.lawyerId}/messages`, {
      body: { name: "Mia", email: freshEmail("customer"), subject: "Hi", message: "Help" },
    });
    expect(sent.status, sent.text).toBe(201);
    const r = await call("POST", `/api/messages/${sent.body.id}/replies`, {
      token: lawyer.token,
      body: { reply: "a\u0000b" },
    });
    expectRefused(r, "reply", INVALID_CHARACTERS_MESSAGE);
  });

  it("POST /api/contact refuses NUL anywhere and line breaks in the name and subject", async () => {
    const contact = {
      name: "Lee Visitor",
      email: freshEmail("contact"),
      subject: "Old phone number",
      category: "Lawyer Verification",
      message: "Line one\nLine two",
    };
    for (const field of ["name", "subject", "message"] as const) {
      const r = await call("POST", "/api/contact", { body: { ...contact, [field]: "A\u0000B" } });
      expectRefused(r, field, INVALID_CHARACTERS_MESSAGE);
    }
    for (const field of ["name", "subject"] as const) {
      const r = await call("POST", "/api/contact", {
        body: { ...contact, [field]: "Lee\nPriority: urgent" },
      });
      expectRefused(r, field);
    }
    const ok = await call("POST", "/api/contact", { body: contact });
    expect(ok.status, ok.text).toBe(201);
  });
});
