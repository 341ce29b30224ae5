/**
 * The input boundary of the JSON API by properties (issue 27 §2, §4), through the real server on
 * loopback against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), on a
 * representative set of routes as the accounts that use them: the five of the report (profile,
 * listing create and edit, fees, claim and verification confirmations), the assessment, sign-up,
 * contact, Send Message and case intake (JSON and multipart).
 *
 * 1. A key that names what objects inherit (each property of Object.prototype, `__proto__`,
 *    `constructor.prototype`), or a numeric-like, very long or empty key, holding any JSON value:
 *    where the schema is strict, 400 in the one error shape naming the key as an unknown field,
 *    nothing written; where it ignores unknown keys, the same answer as without the key. Never a
 *    5xx, and Object.prototype never changes.
 * 2. Text holding NUL or unpaired surrogates in any field: 400 in the one error shape, `message`
 *    the boundary's and `fieldErrors` naming that field, nothing written, never a 5xx.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldNameOf } from "../../lib/input-boundary.ts";
import { newSessionId } from "../../lib/personality.ts";
import { type ApiCall, insertTestListing, testApi } from "../../tests/support/api.ts";
import { TEST_TRAITS } from "../../tests/support/assessments.ts";
import { caseForm, casePayload } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { databaseFingerprint } from "../../tests/support/db-fingerprint.ts";
import { forbiddenText, hostileJson, hostileKey, jsonWithKey } from "../../tests/support/hostile-input.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

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

const { call, signUp, freshEmail } = testApi(() => server, { emailPrefix: "property" });

/** The English message of the input boundary (validation:invalidCharacters). */
const INVALID_CHARACTERS = "This field contains characters that are not allowed.";

/** Who sends a request: the token of its account (none for anonymous). */
type Role = "anonymous" | "client" | "lawyer" | "owner";
let tokens: Record<Role, string | undefined>;
let listingId: number;

beforeAll(async () => {
  const client = await signUp();
  const lawyer = await signUp({ role: "lawyer" });
  const owner = await signUp({ role: "lawyer" });
  listingId = await insertTestListing(database, owner.email);
  await database.db.update(users).set({ lawyerId: listingId }).where(eq(users.id, owner.user.id));
  tokens = { anonymous: undefined, client: client.token, lawyer: lawyer.token, owner: owner.token };
});

/** A representative route: how to call it validly, its text fields, and whether unknown keys are refused. */
interface RouteCase {
  method: string;
  path: () => string;
  as: Role;
  /** A valid body (fresh each call: session ids and emails must not repeat). */
  body: () => Record<string, unknown>;
  /** Its top-level fields that carry text (an array field gets the text as its one element). */
  fields: readonly string[];
  /** The schema refuses unknown keys (400 "Unknown field"). */
  strict: boolean;
}

const ROUTES: RouteCase[] = [
  {
    method: "PUT",
    path: () => "/api/auth/profile",
    as: "client",
    body: () => ({ firstName: "Ann", businessName: "Lee Consulting" }),
    fields: [
      "firstName",
      "lastName",
      "businessName",
      "businessDescription",
      "businessPhone",
      "phoneCountry",
      "businessAddress",
      "businessWebsite",
      "profileImageUrl",
    ],
    strict: true,
  },
  {
    method: "POST",
    path: () => "/api/listing",
    as: "lawyer",
    body: () => ({
      name: "Zora Vantwest",
      phone: "+14165550199",
      countryCode: "ca",
      city: "Toronto",
      practiceAreas: ["Car Accidents"],
      experience: 12,
      admissionRegulator: "Law Society of Ontario",
      admissionNumber: "L12345",
    }),
    fields: [
      "name",
      "firm",
      "phone",
      "countryCode",
      "city",
      "state",
      "businessAddress",
      "website",
      "bio",
      "practiceAreas",
      "workingHours",
      "admissionRegulator",
      "admissionNumber",
      "admissionRegion",
    ],
    strict: true,
  },
  {
    method: "PUT",
    path: () => "/api/listing",
    as: "owner",
    body: () => ({ name: "Aaron Clarke", bio: "Injury lawyer in Toronto." }),
    fields: ["name", "firm", "phone", "businessAddress", "website", "bio", "practiceAreas", "workingHours"],
    strict: true,
  },
  {
    method: "PUT",
    path: () => "/api/listing/fees",
    as: "owner",
    body: () => ({
      freeConsultation: true,
      consultationMinutes: 30,
      models: [{ kind: "hourly", minAmount: 200, maxAmount: 320, currency: "CAD" }],
    }),
    fields: ["models"],
    strict: true,
  },
  {
    method: "POST",
    path: () => "/api/listing/claim/confirm",
    as: "lawyer",
    body: () => ({ token: "x".repeat(43) }),
    fields: ["token"],
    strict: true,
  },
  {
    method: "POST",
    path: () => "/api/listing/verify-email/confirm",
    as: "lawyer",
    body: () => ({ token: "x".repeat(43) }),
    fields: ["token"],
    strict: true,
  },
  {
    method: "POST",
    path: () => "/api/personality/assessment",
    as: "anonymous",
    body: () => ({
      sessionId: newSessionId(),
      personalityTraits: JSON.stringify(TEST_TRAITS),
      communicationPreference: "direct",
      approachPreference: "methodical",
      priorityFocus: "results",
      caseType: "Wrongful Death",
      caseComplexity: "complex",
      timePreference: "flexible",
      place: "Hamburg",
    }),
    fields: [
      "sessionId",
      "personalityTraits",
      "communicationPreference",
      "approachPreference",
      "priorityFocus",
      "caseType",
      "caseComplexity",
      "timePreference",
      "country",
      "language",
      "place",
      "near",
    ],
    strict: false,
  },
  {
    method: "POST",
    path: () => "/api/auth/signup",
    as: "anonymous",
    body: () => ({ email: freshEmail(), password: "correct horse 42", firstName: "Ann", lastName: "Lee" }),
    fields: ["email", "password", "firstName", "lastName", "role"],
    strict: false,
  },
  {
    method: "POST",
    path: () => "/api/contact",
    as: "anonymous",
    body: () => ({
      name: "Ann Lee",
      email: "ann@example.org",
      subject: "A question",
      category: "General Inquiry",
      message: "How do I claim my listing?",
    }),
    fields: ["name", "email", "phone", "phoneCountry", "subject", "category", "message", "priority"],
    strict: false,
  },
  {
    method: "POST",
    path: () => `/api/lawyers/${listingId}/messages`,
    as: "anonymous",
    body: () => ({
      name: "Ann Lee",
      email: "ann@example.org",
      subject: "Car accident",
      message: "I was hit by a car.",
    }),
    fields: ["name", "email", "phone", "phoneCountry", "subject", "message"],
    strict: false,
  },
  {
    method: "POST",
    path: () => "/api/cases",
    as: "client",
    body: () => casePayload(listingId),
    fields: [
      "caseTitle",
      "caseType",
      "description",
      "priority",
      "dateNeeded",
      "clientName",
      "clientEmail",
      "clientPhone",
      "preferredCommunication",
      "budget",
      "otherParty",
      "incidentDate",
      "incidentPlace",
    ],
    strict: false,
  },
];

/** Sends `raw` JSON text to `route` as its account. */
function send(route: RouteCase, raw: string, headers: Record<string, string> = {}): Promise<ApiCall> {
  const token = tokens[route.as];
  return call(route.method, route.path(), { raw, headers, ...(token ? { token } : {}) });
}

/** The one error shape: `{ message, fieldErrors }` and nothing else, every message a string. */
function expectErrorShape(r: ApiCall): void {
  expect(Object.keys(r.body).sort(), r.text).toEqual(["fieldErrors", "message"]);
  expect(typeof r.body.message).toBe("string");
  for (const list of Object.values(r.body.fieldErrors)) {
    expect(Array.isArray(list)).toBe(true);
    for (const m of list as unknown[]) expect(typeof m).toBe("string");
  }
}

/** Object.prototype's own property names, to check nothing was added to it. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

const routeAndField = (routes: RouteCase[], nulOnly = false) =>
  fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      field: fc.constantFrom(...route.fields),
      text: forbiddenText({ nulOnly }),
    }),
  );

describe(`the API's input boundary by properties (${TEST_ENGINE})`, () => {
  it("a hostile key is an unknown field where the schema is strict: 400 naming it, nothing written", async () => {
    const strict = ROUTES.filter((r) => r.strict);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...strict), hostileKey, hostileJson, async (route, key, value) => {
        const body = route.body();
        fc.pre(!Object.hasOwn(body, key) && !route.fields.includes(key));
        const before = await databaseFingerprint(database.db);
        const r = await send(route, jsonWithKey(body, key, value));
        expect(r.status, r.text).toBe(400);
        expectErrorShape(r);
        const field = fieldNameOf(key);
        expect(Object.hasOwn(r.body.fieldErrors, field), r.text).toBe(true);
        expect(r.body.fieldErrors[field]).toContain(`Unknown field: ${field}`);
        expect(await databaseFingerprint(database.db)).toEqual(before);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
      }),
      { numRuns: 60 },
    );
  }, 300_000);

  it("a hostile key is ignored where the schema ignores unknown keys: the same answer as without it", async () => {
    const loose = ROUTES.filter((r) => !r.strict);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...loose),
        hostileKey,
        fc.jsonValue({ maxDepth: 2 }),
        async (route, key, value) => {
          const body = route.body();
          fc.pre(!Object.hasOwn(body, key) && !route.fields.includes(key));
          const plain = await send(route, JSON.stringify(body));
          const hostile = await send(route, jsonWithKey(route.body(), key, value));
          expect(hostile.status, hostile.text).toBe(plain.status);
          expect(plain.status, plain.text).toBeLessThan(300);
          expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);

  it("NUL or a lone surrogate in any field: 400 naming that field, nothing written", async () => {
    await fc.assert(
      fc.asyncProperty(routeAndField(ROUTES), async ({ route, field, text }) => {
        const body = {
          ...route.body(),
          [field]: field === "practiceAreas" || field === "models" ? [text] : text,
        };
        const before = await databaseFingerprint(database.db);
        const r = await send(route, JSON.stringify(body), { "Accept-Language": "en" });
        expect(r.status, r.text).toBe(400);
        expectErrorShape(r);
        expect(r.body.message).toBe(INVALID_CHARACTERS);
        expect(r.body.fieldErrors[field], r.text).toContain(INVALID_CHARACTERS);
        expect(await databaseFingerprint(database.db)).toEqual(before);
      }),
      { numRuns: 120 },
    );
  }, 300_000);

  it("POST /api/cases as multipart: NUL in any field, or in a field's name, answers 400 naming it, nothing written", async () => {
    const fields = (ROUTES.find((r) => r.path() === "/api/cases") as RouteCase).fields;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields, "__proto__", "constructor", "toString"),
        forbiddenText({ nulOnly: true }),
        async (field, text) => {
          const form = caseForm({ ...casePayload(listingId), [field]: text });
          const before = await databaseFingerprint(database.db);
          const r = await call("POST", "/api/cases", { form, token: tokens.client });
          expect(r.status, r.text).toBe(400);
          expectErrorShape(r);
          expect(r.body.fieldErrors[field], r.text).toEqual([INVALID_CHARACTERS]);
          expect(await databaseFingerprint(database.db)).toEqual(before);
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);
});
