/**
 * Emails in the recipient's language (issue 14 §1), through the real server and a real SMTP
 * capture: an account signed up with `Accept-Language: ar` keeps `ar` and its password reset
 * email is Arabic, right to left, with the link to the Arabic page; a case submitted in German
 * sends the client's confirmation in German and the lawyer's notice in the lawyer account's
 * language (Japanese here); a visitor's message framed in French gets the lawyer's reply in French.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { casePayload } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { cases, customerMessages, users } from "../db/schema.ts";

let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
const api = testApi(() => server, { emailPrefix: "language" });
const { call, freshEmail } = api;

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

/** Signs up an account with `Accept-Language: language`; answers its token, id and email. */
async function signUpIn(language: string, fields: Record<string, unknown> = {}) {
  const email = freshEmail("account");
  const r = await call("POST", "/api/auth/signup", {
    body: { email, password: "correct horse 42", firstName: "Layla", lastName: "Haddad", ...fields },
    headers: { "Accept-Language": language },
  });
  expect(r.status).toBe(201);
  const body = r.body as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id, email };
}

describe("emails in the recipient's language (issue 14 §1)", () => {
  it("keeps the sign-up language and sends the password reset email in it (Arabic, rtl)", async () => {
    const account = await signUpIn("ar-EG,ar;q=0.9");
    const [row] = await database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, account.id));
    expect(row?.locale).toBe("ar");
    // The reset request itself may come from anywhere: the email follows the account.
    expect((await call("POST", "/api/auth/forgot-password", { body: { email: account.email } })).status).toBe(
      200,
    );
    const mail = await smtp.waitFor((m) => m.to.includes(account.email.toLowerCase()), 10_000);
    expect(mail.subject).toBe("إعادة تعيين كلمة مرور LexAtlas");
    // The name is isolated (FSI … PDI, lib/bidi.ts), so a Latin name never reorders the Arabic line.
    expect(mail.text).toContain("مرحبًا \u2068Layla\u2069،");
    expect(mail.text).toMatch(/\/ar\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(mail.html).toMatch(/<html[^>]* dir="rtl"/);
    expect(mail.html).toMatch(/<html[^>]* lang="ar"/);
  });

  it("an account without Accept-Language keeps English", async () => {
    const email = freshEmail("plain");
    const r = await call("POST", "/api/auth/signup", {
      body: { email, password: "correct horse 42", firstName: "Ann", lastName: "Lee" },
    });
    const [row] = await database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, (r.body as { user: { id: string } }).user.id));
    expect(row?.locale).toBe("en");
  });

  it("a case written in German: the client's confirmation in German, the lawyer's notice in the lawyer's language", async () => {
    const listingEmail = freshEmail("lawyer");
    const lawyerId = await insertTestListing(database, listingEmail, { name: "Aiko Tanaka" });
    const lawyer = await signUpIn("ja", { role: "lawyer", email: listingEmail });
    await database.db.update(users).set({ lawyerId, isVerified: true }).where(eq(users.id, lawyer.id));
    const clientEmail = freshEmail("client");
    const r = await call("POST", "/api/cases", {
      body: casePayload(lawyerId, { clientEmail }),
      headers: { "Accept-Language": "de-AT" },
    });
    expect(r.status).toBe(201);
    const id = (r.body as { case: { id: string } }).case.id;
    const [stored] = await database.db.select({ locale: cases.locale }).from(cases).where(eq(cases.id, id));
    expect(stored?.locale).toBe("de");
    const toClient = await smtp.waitFor(
      (m) => m.to.includes(clientEmail.toLowerCase()) && m.text.includes(id),
    );
    expect(toClient.subject).toBe("Ihr Fall wurde an Aiko Tanaka gesendet");
    expect(toClient.text).toContain(`/de/cases/${id}?token=`);
    expect(toClient.html).toMatch(/<html[^>]* lang="de"/);
    const toLawyer = await smtp.waitFor(
      (m) => m.to.includes(listingEmail.toLowerCase()) && m.text.includes(id),
    );
    expect(toLawyer.subject).toMatch(/^LexAtlasの新しい案件：/);
    expect(toLawyer.text).toContain(`/ja/cases/${id}`);
  });

  it("a message to a German lawyer: the notice in German links the German dashboard (issue 14 §1)", async () => {
    const listingEmail = freshEmail("inbox-de");
    const lawyerId = await insertTestListing(database, listingEmail, { name: "Jonas Weber" });
    const lawyer = await signUpIn("de", { role: "lawyer", email: listingEmail });
    await database.db.update(users).set({ lawyerId, isVerified: true }).where(eq(users.id, lawyer.id));
    const sent = await call("POST", `/api/lawyers/${lawyerId}/messages`, {
      body: { name: "Ana", email: freshEmail("visitor-de"), subject: "Unfall", message: "Hallo" },
    });
    expect(sent.status).toBe(201);
    const notice = await smtp.waitFor((m) => m.to.includes(listingEmail.toLowerCase()));
    expect(notice.html).toMatch(/<html[^>]* lang="de"/);
    expect(notice.text).toMatch(/https?:\/\/[^/\s]+\/de\/dashboard#inbox/);
  });

  it("a visitor's message in French: the lawyer's reply is framed in French", async () => {
    const listingEmail = freshEmail("inbox");
    const lawyerId = await insertTestListing(database, listingEmail, { name: "Marc Dubois" });
    const lawyer = await signUpIn("en", { role: "lawyer", email: listingEmail });
    await database.db.update(users).set({ lawyerId, isVerified: true }).where(eq(users.id, lawyer.id));
    const customer = freshEmail("visitor");
    const sent = await call("POST", `/api/lawyers/${lawyerId}/messages`, {
      body: {
        name: "Chloé Martin",
        email: customer,
        subject: "Accident",
        message: "Bonjour, j’ai eu un accident.",
      },
      headers: { "Accept-Language": "fr-FR,fr;q=0.9" },
    });
    expect(sent.status).toBe(201);
    const messageId = (sent.body as { id: string }).id;
    const [row] = await database.db
      .select({ locale: customerMessages.locale })
      .from(customerMessages)
      .where(eq(customerMessages.id, messageId));
    expect(row?.locale).toBe("fr");
    const notice = await smtp.waitFor((m) => m.to.includes(listingEmail.toLowerCase()));
    expect(notice.subject).toBe("You have a new message on LexAtlas");
    expect(notice.text).toMatch(/https?:\/\/[^/\s]+\/dashboard#inbox/);
    const replied = await call("POST", `/api/messages/${messageId}/replies`, {
      token: lawyer.token,
      body: { reply: "Merci, je vous rappelle demain." },
    });
    expect(replied.status).toBeLessThan(300);
    const reply = await smtp.waitFor((m) => m.to.includes(customer.toLowerCase()));
    expect(reply.subject).toBe("Réponse de Marc Dubois sur LexAtlas");
    expect(reply.html).toMatch(/<html[^>]* lang="fr"/);
  });
});
