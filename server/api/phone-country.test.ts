/**
 * The default country of a national phone in the JSON API (issue 14 §2), through the real server
 * on loopback and the real database: POST /api/contact, POST /api/lawyers/{id}/messages and POST
 * /api/cases (JSON and multipart) read a national number in `phoneCountry`, else in the region of
 * `Accept-Language` (de-DE -> DE, ja-JP -> JP, ar-SA -> SA), else — for a message or a case —
 * in the lawyer's own country (issue 28 §4: "٠٥٠ ١٢٣ ٤٥٦٧" sent to a Dubai lawyer is a UAE
 * number), else refuse it with the field's message in the reader's language; the served OpenAPI
 * document says so. PUT /api/auth/profile's businessPhone is checked the same way, its default
 * country the caller's listing's.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { type CountryCode, getExampleNumber } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toE164 } from "../../lib/phone.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { cases, contactMessages, customerMessages, users } from "../db/schema.ts";
import { withDefaultPhoneCountry } from "./phone-country.ts";

let database: Database;
let server: TestServer;
let lawyerId: number;
let dubaiId: number;
let tokyoId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
  lawyerId = await insertTestListing(database, "phone.country@example.org", {
    name: "Jonas Weber",
    phone: "+49 30 1234567",
    country: "Germany",
    countryCode: "DE",
    city: "Berlin",
    location: "Berlin, Germany",
  });
  dubaiId = await insertTestListing(database, "phone.dubai@example.org", {
    name: "Layla Al Mansouri",
    phone: "+971 4 123 4567",
    country: "United Arab Emirates",
    countryCode: "AE",
    city: "Dubai",
    location: "Dubai, United Arab Emirates",
  });
  tokyoId = await insertTestListing(database, "phone.tokyo@example.org", {
    name: "山田花子",
    phone: "+81 3 1234 5678",
    country: "Japan",
    countryCode: "JP",
    city: "Tokyo",
    location: "Tokyo, Japan",
  });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const api = testApi(() => server, { emailPrefix: "phone" });

const message = (phone: string, extra: Record<string, unknown> = {}) => ({
  name: "Anna Schmidt",
  email: api.freshEmail(),
  phone,
  subject: "Unfall",
  message: "Bitte rufen Sie mich an.",
  ...extra,
});
const storedMessage = async (id: string) =>
  (await database.db.select().from(customerMessages).where(eq(customerMessages.id, id)))[0]?.customerPhone;

describe(`phoneCountry defaults to the Accept-Language region (${TEST_ENGINE})`, () => {
  const casePayload = (clientPhone: string) => ({
    caseTitle: "交通事故",
    caseType: "Car Accident",
    description: "追突されました。",
    clientName: "山田太郎",
    clientEmail: api.freshEmail(),
    clientPhone,
    lawyerId,
    healthDataConsent: true,
  });
  const storedCase = async (id: string) =>
    (await database.db.select().from(cases).where(eq(cases.id, id)))[0]?.clientPhone;

  it("withDefaultPhoneCountry: the region first, then the lawyer's country; a national number in any digits reads as the country's (fast-check, issue 28 §4)", () => {
    const countries = ["AE", "JP", "DE", "BR", "SA", "IN", "MX", "FR", "GB", "US"] as const;
    /** `text` with its ASCII digits in the decimal digits of `zero`'s script. */
    const inScript = (text: string, zero: number) =>
      text.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
    fc.assert(
      fc.property(
        fc.constantFrom(...countries),
        fc.option(fc.constantFrom(...countries), { nil: null }),
        fc.constantFrom(0x30, 0x660, 0x6f0, 0xff10, 0x966),
        (listing, region, zero) => {
          const example = getExampleNumber(listing as CountryCode, examples);
          if (!example) return;
          const typed = inScript(example.formatNational(), zero);
          const filled = withDefaultPhoneCountry({ phone: typed }, region, listing) as {
            phoneCountry: string;
          };
          expect(filled.phoneCountry).toBe(region ?? listing);
          if (region === null) expect(toE164(typed, filled.phoneCountry)).toBe(example.number);
        },
      ),
      { numRuns: 200 },
    );
    expect(withDefaultPhoneCountry({ phone: "050", phoneCountry: "FR" }, null, "AE")).toEqual({
      phone: "050",
      phoneCountry: "FR",
    });
    expect(withDefaultPhoneCountry({ phone: "050" }, null, null)).toEqual({ phone: "050" });
  });

  it("withDefaultPhoneCountry fills only an absent or blank phoneCountry of an object", () => {
    expect(withDefaultPhoneCountry({ phone: "030" }, "DE")).toEqual({ phone: "030", phoneCountry: "DE" });
    expect(withDefaultPhoneCountry({ phoneCountry: " " }, "DE")).toEqual({ phoneCountry: "DE" });
    expect(withDefaultPhoneCountry({ phoneCountry: "FR" }, "DE")).toEqual({ phoneCountry: "FR" });
    expect(withDefaultPhoneCountry({ phone: "030" }, null)).toEqual({ phone: "030" });
    expect(withDefaultPhoneCountry({ phone: "030" }, "ZZ")).toEqual({ phone: "030" });
    expect(withDefaultPhoneCountry(["x"], "DE")).toEqual(["x"]);
  });

  it("a message with a German national number from a de-DE client is stored as E.164", async () => {
    const r = await api.call("POST", `/api/lawyers/${lawyerId}/messages`, {
      body: message("030 1234567"),
      headers: { "Accept-Language": "de-DE,de;q=0.9" },
    });
    expect(r.status, r.text).toBe(201);
    expect(await storedMessage(r.body.id)).toBe("+49301234567");
  });

  it("an explicit phoneCountry wins over Accept-Language", async () => {
    const r = await api.call("POST", `/api/lawyers/${lawyerId}/messages`, {
      body: message("030 1234567", { phoneCountry: "DE" }),
      headers: { "Accept-Language": "ja-JP" },
    });
    expect(r.status, r.text).toBe(201);
    expect(await storedMessage(r.body.id)).toBe("+49301234567");
  });

  it("without phoneCountry and without a region ('de'), a message's national number is read in the lawyer's country (issue 28 §4)", async () => {
    const r = await api.call("POST", `/api/lawyers/${lawyerId}/messages`, {
      body: message("030 1234567"),
      headers: { "Accept-Language": "de" },
    });
    expect(r.status, r.text).toBe(201);
    expect(await storedMessage(r.body.id)).toBe("+49301234567");
  });

  it("the contact form (no lawyer) without phoneCountry and a region still refuses a national number, in German", async () => {
    const r = await api.call("POST", "/api/contact", {
      body: {
        name: "Anna Schmidt",
        email: api.freshEmail(),
        phone: "030 1234567",
        subject: "Frage",
        category: "General Inquiry",
        message: "Hallo",
      },
      headers: { "Accept-Language": "de" },
    });
    expect(r.status).toBe(400);
    expect(r.headers.get("Content-Language")).toBe("de");
    expect(Object.keys(r.body.fieldErrors)).toEqual(["phone"]);
  });

  it("Arabic-Indic digits sent to a Dubai lawyer without a region are a UAE number: a message and a case (issue 28 §4)", async () => {
    const m = await api.call("POST", `/api/lawyers/${dubaiId}/messages`, {
      body: message("٠٥٠ ١٢٣ ٤٥٦٧"),
      headers: { "Accept-Language": "ar" },
    });
    expect(m.status, m.text).toBe(201);
    expect(await storedMessage(m.body.id)).toBe("+971501234567");
    const c = await api.call("POST", "/api/cases", {
      body: { ...casePayload("٠٥٠ ١٢٣ ٤٥٦٧"), lawyerId: dubaiId },
      headers: { "Accept-Language": "ar" },
    });
    expect(c.status, c.text).toBe(201);
    expect(await storedCase(c.body.case.id)).toBe("+971501234567");
  });

  it("Japanese fullwidth digits in a multipart case to a Tokyo lawyer, with no Accept-Language at all, are a Japanese number", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      ...casePayload("０３－１２３４－５６７８"),
      lawyerId: tokyoId,
    }))
      form.append(key, String(value));
    const r = await api.call("POST", "/api/cases", { form });
    expect(r.status, r.text).toBe(201);
    expect(await storedCase(r.body.case.id)).toBe("+81312345678");
  });

  it("the Accept-Language region still comes before the lawyer's country", async () => {
    const r = await api.call("POST", "/api/cases", {
      body: { ...casePayload("03-1234-5678"), lawyerId: dubaiId },
      headers: { "Accept-Language": "ja-JP" },
    });
    expect(r.status, r.text).toBe(201);
    expect(await storedCase(r.body.case.id)).toBe("+81312345678");
  });

  it("the contact form reads Arabic-Indic digits in the ar-SA region", async () => {
    const r = await api.call("POST", "/api/contact", {
      body: {
        name: "فاطمة",
        email: api.freshEmail(),
        phone: "٠٥٠ ١٢٣ ٤٥٦٧",
        subject: "سؤال",
        category: "General Inquiry",
        message: "مرحبا",
      },
      headers: { "Accept-Language": "ar-SA,ar;q=0.9" },
    });
    expect(r.status, r.text).toBe(201);
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, r.body.id));
    expect(row?.phone).toBe("+966501234567");
  });

  it("a body that is not JSON is still the validator's 400", async () => {
    const r = await api.call("POST", "/api/contact", {
      raw: "{not json",
      headers: { "Accept-Language": "de-DE" },
    });
    expect(r.status).toBe(400);
  });

  it("a JSON case with a Japanese national number from a ja-JP client is stored as E.164; refused in Japanese when no country reads it", async () => {
    const ok = await api.call("POST", "/api/cases", {
      body: casePayload("03-1234-5678"),
      headers: { "Accept-Language": "ja-JP,ja;q=0.9" },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(await storedCase(ok.body.case.id)).toBe("+81312345678");
    // The Berlin lawyer's country does not make "03-1234-5678" a number.
    const refused = await api.call("POST", "/api/cases", {
      body: casePayload("03-1234-5"),
      headers: { "Accept-Language": "ja" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ clientPhone: ["連絡の取れる電話番号を入力してください。"] });
  });

  it("a multipart case with fullwidth digits from a ja-JP client is stored as E.164", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(casePayload("０９０－１２３４－５６７８")))
      form.append(key, String(value));
    const r = await api.call("POST", "/api/cases", { form, headers: { "Accept-Language": "ja-JP" } });
    expect(r.status, r.text).toBe(201);
    expect(await storedCase(r.body.case.id)).toBe("+819012345678");
  });

  it("the served OpenAPI document describes phoneCountry and the Accept-Language default", async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    const contact = doc.paths["/api/contact"].post;
    expect(contact.description).toContain("Accept-Language");
    const schema = contact.requestBody.content["application/json"].schema;
    const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema;
    expect(resolved.properties.phoneCountry.description).toContain("Accept-Language");
    for (const path of ["/api/lawyers/{id}/messages", "/api/cases"])
      expect(doc.paths[path].post.description).toContain("phoneCountry");
    const multipart = doc.paths["/api/cases"].post.requestBody.content["multipart/form-data"].schema;
    expect(multipart.properties.phoneCountry).toBeDefined();
  });
});

describe(`PUT /api/auth/profile businessPhone (${TEST_ENGINE})`, () => {
  const put = (token: string, body: Record<string, unknown>, acceptLanguage?: string) =>
    api.call("PUT", "/api/auth/profile", {
      token,
      body,
      headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {},
    });
  /** A lawyer account linked to a listing of its own in Germany (as a claim leaves it). */
  async function germanLawyer() {
    const account = await api.signUp({ role: "lawyer" });
    const own = await insertTestListing(database, account.email, {
      phone: "+49 30 7654321",
      country: "Germany",
      countryCode: "DE",
      city: "Berlin",
      location: "Berlin, Germany",
    });
    await database.db.update(users).set({ lawyerId: own }).where(eq(users.id, account.user.id));
    return account;
  }

  it("a national number is read in the listing's country, in any digits, and stored as E.164", async () => {
    const { token } = await germanLawyer();
    const r = await put(token, { businessPhone: "٠٣٠ ١٢٣٤٥٦٧" }, "ja-JP");
    expect(r.status, r.text).toBe(200);
    expect(r.body.user.businessPhone).toBe("+49301234567");
    const intl = await put(token, { businessPhone: "+81 3-1234-5678" });
    expect(intl.body.user.businessPhone).toBe("+81312345678");
    const given = await put(token, { businessPhone: "０３－１２３４－５６７８", phoneCountry: "jp" });
    expect(given.body.user.businessPhone).toBe("+81312345678");
    const cleared = await put(token, { businessPhone: "" });
    expect(cleared.body.user.businessPhone).toBeNull();
  });

  it("a number not valid in the listing's country is refused on businessPhone in the reader's language", async () => {
    const { token, user } = await germanLawyer();
    const r = await put(token, { businessPhone: "11111" }, "de-DE");
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual({
      businessPhone: [
        "Das ist keine gültige Telefonnummer für das Land Ihres Eintrags. Schreiben Sie sie, wie man sie dort wählt, oder international mit + und Ländervorwahl.",
      ],
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.businessPhone).toBeNull();
  });

  it("without a listing: the Accept-Language region, else an international number is needed", async () => {
    const { token } = await api.signUp();
    const jp = await put(token, { businessPhone: "03-1234-5678" }, "ja-JP");
    expect(jp.status, jp.text).toBe(200);
    expect(jp.body.user.businessPhone).toBe("+81312345678");
    const refused = await put(token, { businessPhone: "03-1234-5678" }, "ar");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Content-Language")).toBe("ar");
    expect(refused.body.fieldErrors).toEqual({
      businessPhone: ["هذا ليس رقم هاتف صالحًا. اكتبه بالصيغة الدولية مع + ورمز البلد."],
    });
    const letters = await put(token, { businessPhone: "call me" });
    expect(letters.status).toBe(400);
    expect(Object.keys(letters.body.fieldErrors)).toEqual(["businessPhone"]);
  });
});
