/**
 * The default country of a national phone in the JSON API (issue 14 §2), through the real server
 * on loopback and the real database: POST /api/contact, POST /api/lawyers/{id}/messages and POST
 * /api/cases (JSON and multipart) read a national number in `phoneCountry`, else in the region of
 * `Accept-Language` (de-DE -> DE, ja-JP -> JP, ar-SA -> SA), else refuse it with the field's
 * message in the reader's language; the served OpenAPI document says so. PUT /api/auth/profile's
 * businessPhone is checked the same way, its default country the caller's listing's.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { cases, contactMessages, customerMessages, users } from "../db/schema.ts";
import { withDefaultPhoneCountry } from "./phone-country.ts";

let database: Database;
let server: TestServer;
let lawyerId: number;

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

  it("without phoneCountry and without a region ('de'), the national number is refused with the field error in German", async () => {
    const r = await api.call("POST", `/api/lawyers/${lawyerId}/messages`, {
      body: message("030 1234567"),
      headers: { "Accept-Language": "de" },
    });
    expect(r.status).toBe(400);
    expect(r.headers.get("Content-Language")).toBe("de");
    expect(r.body.fieldErrors).toEqual({
      phone: ["Geben Sie eine Telefonnummer ein oder lassen Sie das Feld leer."],
    });
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

  it("a JSON case with a Japanese national number from a ja-JP client is stored as E.164; refused in Japanese without a region", async () => {
    const ok = await api.call("POST", "/api/cases", {
      body: casePayload("03-1234-5678"),
      headers: { "Accept-Language": "ja-JP,ja;q=0.9" },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(await storedCase(ok.body.case.id)).toBe("+81312345678");
    const refused = await api.call("POST", "/api/cases", {
      body: casePayload("03-1234-5678"),
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
