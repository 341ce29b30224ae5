/**
 * Names, emails and phones from anywhere through the real server (issue 14 §2): sign-up with one
 * name and names in every script stored NFC, internationalised email addresses delivered where the
 * SMTP relay announces SMTPUTF8 and refused with a clear message where it does not, and phone
 * numbers in any digits stored as E.164.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERNATIONAL_EMAIL_MESSAGE } from "../../lib/email-address.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { TEST_PASSWORD, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { contactMessages, users } from "../db/schema.ts";

let database: Database;
let utf8Relay: SmtpCapture;
let asciiRelay: SmtpCapture;
let utf8Server: TestServer;
let asciiServer: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  utf8Relay = await startSmtpCapture();
  asciiRelay = await startSmtpCapture({ smtpUtf8: false });
  utf8Server = await startTestServer(database.db, { env: { SMTP_URL: utf8Relay.url, TRUST_PROXY: "true" } });
  asciiServer = await startTestServer(database.db, {
    env: { SMTP_URL: asciiRelay.url, TRUST_PROXY: "true" },
  });
});
afterAll(async () => {
  await utf8Server?.close();
  await asciiServer?.close();
  await utf8Relay?.close();
  await asciiRelay?.close();
  await database?.close();
});

const utf8 = testApi(() => utf8Server, { emailPrefix: "utf8" });
const ascii = testApi(() => asciiServer, { emailPrefix: "ascii" });

const stored = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0];

describe(`sign-up from anywhere (${TEST_ENGINE})`, () => {
  it("one name is enough; names in Arabic, Han, Devanagari are stored intact and NFC", async () => {
    for (const [firstName, lastName] of [
      ["Suharto", ""],
      ["محمد", "العلي"],
      ["太郎", "山田"],
      ["अमित", "शर्मा"],
      ["Jose\u0301", "Nguye\u0302\u0303n"],
    ] as const) {
      const r = await utf8.call("POST", "/api/auth/signup", {
        body: { email: utf8.freshEmail(), password: TEST_PASSWORD, firstName, lastName },
      });
      expect(r.status, `${firstName} ${lastName}`).toBe(201);
      const row = await stored(r.body.user.id);
      expect(row?.firstName).toBe(firstName.normalize("NFC"));
      expect(row?.lastName).toBe(lastName.normalize("NFC"));
    }
  });

  it("a relay with SMTPUTF8: 用户@例子.广告 signs up and gets its reset email", async () => {
    const r = await utf8.call("POST", "/api/auth/signup", {
      body: { email: "用户@例子.广告", password: TEST_PASSWORD, firstName: "用户" },
    });
    expect(r.status).toBe(201);
    expect(r.body.user.email).toBe("用户@例子.广告");
    const reset = await utf8.call("POST", "/api/auth/forgot-password", { body: { email: "用户@例子.广告" } });
    expect(reset.status).toBe(200);
    const mail = await utf8Relay.waitFor((m) => m.to.includes("用户@例子.广告"));
    expect(mail.smtpUtf8).toBe(true);
  });

  it("a relay without SMTPUTF8: a Unicode local part is refused with the clear message; an IDN domain is fine", async () => {
    const refused = await ascii.call("POST", "/api/auth/signup", {
      body: { email: "josé@exämple.de", password: TEST_PASSWORD, firstName: "José" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(INTERNATIONAL_EMAIL_MESSAGE);
    expect(refused.body.fieldErrors.email).toEqual([INTERNATIONAL_EMAIL_MESSAGE]);
    const idn = await ascii.call("POST", "/api/auth/signup", {
      body: { email: "info@exämple.de", password: TEST_PASSWORD, firstName: "Info" },
    });
    expect(idn.status).toBe(201);
    expect(idn.body.user.email).toBe("info@exämple.de");
  });
});

describe(`phones in any digits (${TEST_ENGINE})`, () => {
  it("the contact form stores Arabic-Indic digits read in the given country as E.164", async () => {
    const r = await utf8.call("POST", "/api/contact", {
      body: {
        name: "فاطمة",
        email: utf8.freshEmail(),
        phone: "٠٥٠ ١٢٣ ٤٥٦٧",
        phoneCountry: "SA",
        subject: "سؤال",
        category: "General Inquiry",
        message: "مرحبا",
      },
    });
    expect(r.status).toBe(201);
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, r.body.id));
    expect(row?.phone).toBe("+966501234567");
    expect(row?.name).toBe("فاطمة");
  });
  it("a national number without a country is refused with the phone's message", async () => {
    const r = await utf8.call("POST", "/api/contact", {
      body: {
        name: "Ann",
        email: utf8.freshEmail(),
        phone: "050 123 4567",
        subject: "Q",
        category: "General Inquiry",
        message: "Hi",
      },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fieldErrors)).toEqual(["phone"]);
  });
});
