/**
 * PUT /api/listing/fees (issue 19 §1 "Fees and first meeting") through the real server against a
 * real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the owner's terms reach the lawyer
 * JSON, the search filters and their counts at once; the country's rule refuses a banned or
 * exception-only "no win, no fee" and a share above the cap, with the field named and the country
 * in the reader's language; the role matrix (owner lawyer, other lawyer, client, anonymous); the
 * OpenAPI document.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import { firstMessages, insertTestListing, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { lawyers, users } from "../db/schema.ts";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const { call, signUp } = testApi(() => server, {
  emailPrefix: "feelawyer",
  signUpDefaults: { role: "lawyer" },
});

const PLACES = {
  CA: {
    location: "Toronto, Ontario, Canada",
    country: "Canada",
    countryCode: "CA",
    state: "Ontario",
    city: "Toronto",
  },
  FR: { location: "Lyon, France", country: "France", countryCode: "FR", state: null, city: "Lyon" },
  DE: { location: "Berlin, Germany", country: "Germany", countryCode: "DE", state: "Berlin", city: "Berlin" },
  GB: {
    location: "Leeds, England, United Kingdom",
    country: "United Kingdom",
    countryCode: "GB",
    state: "England",
    city: "Leeds",
  },
} as const;

/** A lawyer account linked to a listing of its own in `country` (linked directly: claiming is tested in listings.test.ts). */
async function owner(country: keyof typeof PLACES, name = "Fee Tester") {
  const account = await signUp();
  const lawyerId = await insertTestListing(database, account.email, { name, ...PLACES[country] });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId };
}

const NO_WIN = { kind: "contingency", minPercent: 20, maxPercent: 25 };
const TERMS = {
  freeConsultation: true,
  consultationMinutes: 30,
  models: [NO_WIN, { kind: "hourly", minAmount: 200, maxAmount: 320, currency: "CAD" }],
};

describe(`PUT /api/listing/fees (${TEST_ENGINE})`, () => {
  it("saves the owner's terms; the lawyer JSON, both filters and their counts follow at once", async () => {
    const lawyer = await owner("CA", "Feeworth Quill");
    const before = await call("GET", "/api/lawyers/facets?query=Feeworth");
    expect(before.body).toMatchObject({ freeConsultation: 0, total: 1 });
    const r = await call("PUT", "/api/listing/fees", { token: lawyer.token, body: TERMS });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const saved = {
      freeConsultation: true,
      consultationMinutes: 30,
      models: [
        {
          kind: "contingency",
          minPercent: 20,
          maxPercent: 25,
          minAmount: null,
          maxAmount: null,
          currency: null,
        },
        {
          kind: "hourly",
          minPercent: null,
          maxPercent: null,
          minAmount: 200,
          maxAmount: 320,
          currency: "CAD",
        },
      ],
    };
    expect(r.body.listing.fees).toEqual(saved);
    expect((await call("GET", `/api/lawyers/${lawyer.lawyerId}`)).body.fees).toEqual(saved);
    const ids = async (q: string) =>
      ((await call("GET", `/api/lawyers/search?query=Feeworth${q}`)).body as { id: number }[]).map(
        (l) => l.id,
      );
    expect(await ids("&freeConsultation=true")).toEqual([lawyer.lawyerId]);
    expect(await ids("&feeModel=contingency")).toEqual([lawyer.lawyerId]);
    expect(await ids("&feeModel=hourly&freeConsultation=true")).toEqual([lawyer.lawyerId]);
    expect(await ids("&feeModel=legalAid")).toEqual([]);
    const facets = (await call("GET", "/api/lawyers/facets?query=Feeworth&feeModel=legalAid")).body;
    expect(facets.freeConsultation).toBe(0);
    expect(facets.feeModels).toEqual([
      { value: "contingency", label: "contingency", count: 1 },
      { value: "hourly", label: "hourly", count: 1 },
      { value: "fixed", label: "fixed", count: 0 },
      { value: "legalAid", label: "legalAid", count: 0 },
    ]);
    expect(facets.total).toBe(0);
    // Nothing stated again: the filters drop the listing.
    const cleared = await call("PUT", "/api/listing/fees", {
      token: lawyer.token,
      body: { freeConsultation: false, models: [] },
    });
    expect(cleared.status).toBe(200);
    expect(await ids("&freeConsultation=true")).toEqual([]);
  });

  it("refuses no win, no fee where it is banned (France) or exception-only (Germany), in the reader's language", async () => {
    const lyon = await owner("FR");
    const r = await call("PUT", "/api/listing/fees", { token: lyon.token, body: TERMS });
    expect(r.status).toBe(400);
    expect(firstMessages(r.body)).toEqual({
      contingency: "France: no win, no fee agreements are not allowed for lawyers. Offer another fee model.",
    });
    const de = await call("PUT", "/api/listing/fees", {
      token: lyon.token,
      body: TERMS,
      headers: { "Accept-Language": "de" },
    });
    expect(firstMessages(de.body).contingency).toBe(
      "Frankreich: Vereinbarungen nach dem Prinzip „Kein Erfolg, kein Honorar“ sind für Anwälte nicht erlaubt. Bieten Sie ein anderes Honorarmodell an.",
    );
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, lyon.lawyerId));
    expect(row?.feeModels).toEqual([]);
    // Hourly alone is fine in France.
    const hourly = await call("PUT", "/api/listing/fees", {
      token: lyon.token,
      body: {
        freeConsultation: false,
        models: [{ kind: "hourly", minAmount: 150, maxAmount: 250, currency: "EUR" }],
      },
    });
    expect(hourly.status, hourly.text).toBe(200);
    const berlin = await owner("DE");
    const restricted = await call("PUT", "/api/listing/fees", { token: berlin.token, body: TERMS });
    expect(restricted.status).toBe(400);
    expect(Object.keys(restricted.body.fieldErrors)).toEqual(["contingency"]);
  });

  it("refuses a share above the cap: 25% for damages-based agreements in England and Wales", async () => {
    const leeds = await owner("GB");
    const over = await call("PUT", "/api/listing/fees", {
      token: leeds.token,
      body: { freeConsultation: true, models: [{ kind: "contingency", minPercent: 20, maxPercent: 30 }] },
    });
    expect(over.status).toBe(400);
    expect(firstMessages(over.body)).toEqual({
      contingencyMaxPercent:
        "United Kingdom: a fee that depends on the result may take at most 25% of what the client receives.",
    });
    const at = await call("PUT", "/api/listing/fees", {
      token: leeds.token,
      body: { freeConsultation: true, models: [{ kind: "contingency", minPercent: 20, maxPercent: 25 }] },
    });
    expect(at.status, at.text).toBe(200);
  });

  it("answers 400 with the field for bad shapes and types, never 500", async () => {
    const lawyer = await owner("CA");
    const bad = await call("PUT", "/api/listing/fees", {
      token: lawyer.token,
      body: {
        freeConsultation: true,
        consultationMinutes: 500,
        models: [{ kind: "contingency", minPercent: 40, maxPercent: 30 }],
      },
    });
    expect(bad.status).toBe(400);
    expect(firstMessages(bad.body)).toEqual({
      consultationMinutes: "Enter a whole number of minutes from 5 to 240.",
      contingencyMaxPercent: "The upper end must not be below the lower end.",
    });
    for (const body of [
      "yes",
      { freeConsultation: "yes", models: [] },
      { freeConsultation: true, models: [{ kind: "success" }] },
      { freeConsultation: true, models: [{ kind: "legalAid" }, { kind: "legalAid" }] },
      { freeConsultation: true, models: [], verified: true },
    ]) {
      const r = await call("PUT", "/api/listing/fees", { token: lawyer.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.message).toBe("string");
    }
  });

  it("role matrix: the owner changes their own listing only; another lawyer, a client and anonymous cannot change it", async () => {
    const first = await owner("CA", "Matrix Owner");
    const other = await owner("CA", "Matrix Other");
    expect((await call("PUT", "/api/listing/fees", { token: first.token, body: TERMS })).status).toBe(200);
    // Another lawyer's PUT names no listing: it changes theirs, never the owner's.
    const mine = await call("PUT", "/api/listing/fees", {
      token: other.token,
      body: { freeConsultation: false, models: [{ kind: "legalAid" }] },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.listing.id).toBe(other.lawyerId);
    expect((await call("GET", `/api/lawyers/${first.lawyerId}`)).body.fees.freeConsultation).toBe(true);
    expect((await call("GET", `/api/lawyers/${other.lawyerId}`)).body.fees.models).toEqual([
      {
        kind: "legalAid",
        minPercent: null,
        maxPercent: null,
        minAmount: null,
        maxAmount: null,
        currency: null,
      },
    ]);
    const client = await signUp({ role: "user" });
    const c = await call("PUT", "/api/listing/fees", { token: client.token, body: TERMS });
    expect(c.status).toBe(403);
    expect(c.body.message).toBe(LISTING_MESSAGES.clientOnly);
    expect((await call("PUT", "/api/listing/fees", { body: TERMS })).status).toBe(401);
    const unlinked = await signUp();
    const none = await call("PUT", "/api/listing/fees", { token: unlinked.token, body: TERMS });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(LISTING_MESSAGES.noListing);
  });

  it("is in the OpenAPI document with the fee shapes and the search parameters", async () => {
    const doc = (await call("GET", "/api/openapi.json")).body;
    expect(Object.keys(doc.paths["/api/listing/fees"])).toEqual(["put"]);
    expect(Object.keys(doc.paths["/api/listing/fees"].put.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404", "429"]),
    );
    expect(doc.components.schemas.FeeTerms.properties).toHaveProperty("consultationMinutes");
    expect(doc.components.schemas.FeeModel.properties.kind.enum).toEqual([
      "contingency",
      "hourly",
      "fixed",
      "legalAid",
    ]);
    const params = doc.paths["/api/lawyers/search"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(["freeConsultation", "feeModel"]));
    expect(doc.components.schemas.Facets.properties).toHaveProperty("feeModels");
  });
});
