/**
 * Issue 28 §3: POST /api/cases accepts a budget only among the options of the lawyer's country
 * (lib/fee-advice.ts), through the real server on loopback and the real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): "Contingency Fee Only" for a German lawyer is 400 naming
 * `budget` in the reader's language and nothing is stored; the lawyer-fee rider of Japanese car
 * insurance is accepted for a Japanese lawyer only; stored values of before issue 28 still read.
 * A generated sample of (country, value) pairs checks the server against isBudgetAllowed.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUDGET_VALUES, isBudgetAllowed } from "../../lib/fee-advice.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { cases } from "../db/schema.ts";

let database: Database;
let server: TestServer;
const listing: Record<string, number> = {};

const PLACES: Record<string, { country: string; city: string; phone: string }> = {
  DE: { country: "Germany", city: "München", phone: "+49 89 1234567" },
  JP: { country: "Japan", city: "Tokyo", phone: "+81 3-1234-5678" },
  GB: { country: "United Kingdom", city: "London", phone: "+44 20 7946 0123" },
  BR: { country: "Brazil", city: "São Paulo", phone: "+55 11 3456-7890" },
  US: { country: "United States", city: "Chicago", phone: "+1 312 555 0123" },
};

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
  for (const [code, p] of Object.entries(PLACES))
    listing[code] = await insertTestListing(database, `budget.${code.toLowerCase()}@example.org`, {
      name: `Budget ${code}`,
      phone: p.phone,
      country: p.country,
      countryCode: code,
      city: p.city,
      location: `${p.city}, ${p.country}`,
    });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const api = testApi(() => server, { emailPrefix: "budget" });

const payload = (code: string, budget: unknown) => ({
  caseTitle: "Unfall",
  caseType: "Car Accident",
  description: "Auffahrunfall an einer Ampel.",
  clientName: "Anna Schmidt",
  clientEmail: api.freshEmail(),
  clientPhone: "+49 30 1234567",
  lawyerId: listing[code],
  budget,
  healthDataConsent: true,
});
const stored = async (id: string) => (await database.db.select().from(cases).where(eq(cases.id, id)))[0];
const casesOf = async (code: string) =>
  (
    await database.db
      .select()
      .from(cases)
      .where(eq(cases.lawyerId, listing[code] as number))
  ).length;

describe(`POST /api/cases checks the budget against the lawyer's country (${TEST_ENGINE})`, () => {
  it("refuses 'Contingency Fee Only' for a German lawyer: 400 naming budget, in German, nothing stored", async () => {
    const before = await casesOf("DE");
    const r = await api.call("POST", "/api/cases", {
      body: payload("DE", "Contingency Fee Only"),
      headers: { "Accept-Language": "de-DE,de;q=0.9" },
    });
    expect(r.status, r.text).toBe(400);
    expect(r.body.fieldErrors).toEqual({
      budget: [
        "Diese Art der Bezahlung gibt es für eine Kanzlei in Deutschland nicht. Wählen Sie bitte eine andere.",
      ],
    });
    expect(r.body.message).toBeTruthy();
    expect(await casesOf("DE")).toBe(before);
  });

  it("the same refusal in Arabic and in English names the country in the reader's language", async () => {
    const ar = await api.call("POST", "/api/cases", {
      body: payload("DE", "Contingency Fee Only"),
      headers: { "Accept-Language": "ar" },
    });
    expect(ar.status).toBe(400);
    expect(ar.body.fieldErrors.budget[0]).toContain("ألمانيا");
    const en = await api.call("POST", "/api/cases", {
      body: payload("JP", "other-side-insurer"),
      headers: { "Accept-Language": "en" },
    });
    expect(en.status).toBe(400);
    expect(en.body.fieldErrors).toEqual({
      budget: ["This way of paying is not available for a lawyer in Japan. Choose another option."],
    });
  });

  it("accepts the German options and stores them as sent", async () => {
    for (const budget of [
      "other-side-insurer",
      "legal-expenses-insurance",
      "agreed-fees",
      "$1,000 - $5,000",
    ]) {
      const r = await api.call("POST", "/api/cases", { body: payload("DE", budget) });
      expect(r.status, `${budget}: ${r.text}`).toBe(201);
      expect((await stored(r.body.case.id))?.budget).toBe(budget);
    }
  });

  it("the lawyer-fee rider of car insurance is a Japanese option only", async () => {
    const jp = await api.call("POST", "/api/cases", { body: payload("JP", "car-insurance-lawyer-cover") });
    expect(jp.status, jp.text).toBe(201);
    const us = await api.call("POST", "/api/cases", { body: payload("US", "car-insurance-lawyer-cover") });
    expect(us.status).toBe(400);
    expect(Object.keys(us.body.fieldErrors)).toEqual(["budget"]);
  });

  it("'Contingency Fee Only' (a stored value of before issue 28) is still accepted where the country allows it", async () => {
    for (const code of ["US", "GB", "BR", "JP"]) {
      const r = await api.call("POST", "/api/cases", { body: payload(code, "Contingency Fee Only") });
      expect(r.status, `${code}: ${r.text}`).toBe(201);
      expect((await stored(r.body.case.id))?.budget).toBe("Contingency Fee Only");
    }
  });

  it("an unknown value is 400 naming budget; an absent budget is fine", async () => {
    const r = await api.call("POST", "/api/cases", {
      body: payload("GB", "A lot"),
      headers: { "Accept-Language": "en" },
    });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual({ budget: ["Choose one of the budget options."] });
    const none = await api.call("POST", "/api/cases", { body: payload("GB", undefined) });
    expect(none.status, none.text).toBe(201);
    expect((await stored(none.body.case.id))?.budget).toBeNull();
  });

  it("a multipart form is checked the same way", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(payload("DE", "Contingency Fee Only")))
      form.append(key, String(value));
    const r = await api.call("POST", "/api/cases", { form, headers: { "Accept-Language": "de-DE" } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fieldErrors)).toEqual(["budget"]);
  });

  it("agrees with isBudgetAllowed on a generated sample of countries and values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(PLACES)),
        fc.constantFrom(...BUDGET_VALUES),
        async (code, budget) => {
          const r = await api.call("POST", "/api/cases", { body: payload(code, budget) });
          expect(r.status, `${code} ${budget}: ${r.text}`).toBe(isBudgetAllowed(budget, code) ? 201 : 400);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("the served OpenAPI document lists the values and says the lawyer's country decides", async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    const content = doc.paths["/api/cases"].post.requestBody.content;
    for (const type of ["application/json", "multipart/form-data"]) {
      const schema = content[type].schema;
      const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema;
      expect(resolved.properties.budget.enum, type).toEqual([...BUDGET_VALUES]);
    }
    expect(content["multipart/form-data"].schema.properties.budget.description).toContain("lawyer's country");
  });
});
