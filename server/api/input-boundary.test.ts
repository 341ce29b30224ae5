/**
 * The input boundary of the JSON API (issue 27 §2 "One input boundary", §4; docs/security.md
 * "Input boundary") through the real server on loopback against a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), as the accounts that use each route.
 *
 * 1. The attack's findings, as reported: a body key named `toString`, `constructor`,
 *    `__proto__`, `hasOwnProperty` or `valueOf` on PUT /api/auth/profile, POST and PUT
 *    /api/listing, PUT /api/listing/fees, POST /api/listing/claim/confirm and POST
 *    /api/listing/verify-email/confirm answered 500 (lib/field-errors.ts read the prototype); it
 *    is an ordinary unknown key: 400 "Unknown field: …" under its own name, nothing written. NUL in
 *    `place` of POST /api/personality/assessment reached PostgreSQL (SQLSTATE 22021, 500); NUL and
 *    lone surrogates are refused with 400 naming the field, nothing written.
 * 2. Every route: the test walks every operation of the served OpenAPI document and puts text no
 *    field may hold (NUL; in JSON also a lone high and a lone low surrogate) into each of its
 *    fields in turn: each top-level property of its JSON body, each query parameter and each path
 *    parameter. As the first of anonymous, a client and a lawyer (the two parties of a real case)
 *    that gets past the route's authentication and party checks (401, 403 and 404 try the next
 *    one), the answer must be 400 in the one error shape with `fieldErrors` naming that field (a
 *    path parameter that the route's party check resolves first may answer 404: an id that names
 *    nothing for the caller), never a 5xx, nothing written. A new route is covered without a line
 *    here; a new path parameter needs a value in `pathValue` (the test fails and says so).
 * 3. Properties (fast-check) on a representative set of routes, each field taken from the
 *    OpenAPI document: a hostile key (each property of Object.prototype, `__proto__`,
 *    `constructor.prototype`, numeric-like, very long, empty) holding any JSON is a 400 unknown
 *    field where the schema is strict, nothing written, and ignored where the schema ignores
 *    unknown keys (the same answer as without it); text holding NUL or lone surrogates in any field
 *    (NUL only in a multipart body) is a 400 naming the field, nothing written. Never a 5xx, and
 *    Object.prototype never changes.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldNameOf } from "../../lib/input-boundary.ts";
import { newSessionId } from "../../lib/personality.ts";
import { type ApiCall, insertTestListing, testApi } from "../../tests/support/api.ts";
import { canadaCarAccidentPayload } from "../../tests/support/assessments.ts";
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

const { call, signUp, freshEmail } = testApi(() => server, { emailPrefix: "boundary" });

/** The message of a character the boundary refuses, in English (validation:invalidCharacters). */
const INVALID_CHARACTERS = "This field contains characters that are not allowed.";

/** Who sends a request: anonymous, a client, a lawyer without a listing, the lawyer who owns one. */
type Role = "anonymous" | "client" | "lawyer" | "owner";
let tokens: Record<Role, string | undefined>;
/** The owner's listing, and the client's case sent to it. */
let listingId: number;
let caseId: string;

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is read field by field
type Json = any;
/** The served OpenAPI document. */
let doc: Json;

beforeAll(async () => {
  const client = await signUp();
  const lawyer = await signUp({ role: "lawyer" });
  const owner = await signUp({ role: "lawyer" });
  listingId = await insertTestListing(database, owner.email);
  await database.db
    .update(users)
    .set({ lawyerId: listingId, isVerified: true })
    .where(eq(users.id, owner.user.id));
  tokens = { anonymous: undefined, client: client.token, lawyer: lawyer.token, owner: owner.token };
  const sent = await call("POST", "/api/cases", { token: client.token, body: casePayload(listingId) });
  expect(sent.status, sent.text).toBe(201);
  caseId = sent.body.case.id;
  doc = (await call("GET", "/api/openapi.json")).body;
});

/** The one error shape: `{ message, fieldErrors }` and nothing else, every message a string. */
function expectErrorShape(r: ApiCall): void {
  expect(Object.keys(r.body).sort(), r.text).toEqual(["fieldErrors", "message"]);
  expect(typeof r.body.message).toBe("string");
  for (const list of Object.values(r.body.fieldErrors)) {
    expect(Array.isArray(list)).toBe(true);
    for (const m of list as unknown[]) expect(typeof m).toBe("string");
  }
}

/** `schema` with its $ref resolved against the document. */
function resolve(schema: Json): Json {
  let s = schema;
  while (s?.$ref) s = doc.components.schemas[String(s.$ref).split("/").pop() as string];
  return s ?? {};
}

/** The top-level properties of an operation's request body of `mediaType` (default JSON). */
function bodyProperties(method: string, path: string, mediaType = "application/json"): Record<string, Json> {
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  return resolve(op.requestBody?.content?.[mediaType]?.schema).properties ?? {};
}

/** Object.prototype's own property names, to check nothing was added to it. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

describe(`the attack's findings (${TEST_ENGINE})`, () => {
  const PROTOTYPE_KEYS = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"] as const;
  /** The routes of the report, each with a body that is valid but for the hostile key. */
  const ROUTES = [
    { method: "PUT", path: "/api/auth/profile", body: { firstName: "Ann" } },
    { method: "POST", path: "/api/listing", body: { name: "Zora Vantwest" } },
    { method: "PUT", path: "/api/listing", body: { name: "Zora Vantwest" } },
    { method: "PUT", path: "/api/listing/fees", body: { freeConsultation: true } },
    { method: "POST", path: "/api/listing/claim/confirm", body: { token: "x".repeat(43) } },
    { method: "POST", path: "/api/listing/verify-email/confirm", body: { token: "x".repeat(43) } },
  ] as const;

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: a key named after Object.prototype is an unknown field, 400, nothing written`, async () => {
      const lawyer = await signUp({ role: "lawyer" });
      for (const key of PROTOTYPE_KEYS) {
        for (const value of [1, {}, { polluted: true }, null]) {
          const before = await databaseFingerprint(database.db);
          const r = await call(route.method, route.path, {
            token: lawyer.token,
            raw: jsonWithKey(route.body, key, value),
          });
          expect(r.status, `${key}=${JSON.stringify(value)}: ${r.text}`).toBe(400);
          expectErrorShape(r);
          expect(Object.hasOwn(r.body.fieldErrors, key), r.text).toBe(true);
          expect(r.body.fieldErrors[key]).toEqual([`Unknown field: ${key}`]);
          expect(await databaseFingerprint(database.db)).toEqual(before);
        }
      }
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    });
  }

  it("POST /api/personality/assessment: the valid assessment is stored (the control of the tests below)", async () => {
    const r = await call("POST", "/api/personality/assessment", {
      body: canadaCarAccidentPayload({ place: "Hamburg" }),
    });
    expect(r.status, r.text).toBe(201);
  });

  for (const [what, place] of [
    ["NUL", "Ham\u0000burg"],
    ["a lone high surrogate", "Ham\ud800burg"],
    ["a lone low surrogate", "\udc00Hamburg"],
  ] as const) {
    it(`POST /api/personality/assessment: ${what} in place answers 400 naming place, nothing written`, async () => {
      const before = await databaseFingerprint(database.db);
      const r = await call("POST", "/api/personality/assessment", {
        body: canadaCarAccidentPayload({ place }),
      });
      expect(r.status, r.text).toBe(400);
      expect(r.body).toEqual({ message: INVALID_CHARACTERS, fieldErrors: { place: [INVALID_CHARACTERS] } });
      expect(await databaseFingerprint(database.db)).toEqual(before);
    });
  }

  it("answers in the language of Accept-Language", async () => {
    const r = await call("POST", "/api/personality/assessment", {
      body: canadaCarAccidentPayload({ place: "Ham\u0000burg" }),
      headers: { "Accept-Language": "de" },
    });
    expect(r.status, r.text).toBe(400);
    expect(r.headers.get("content-language")).toBe("de");
    expect(r.body.fieldErrors.place).toEqual(["Dieses Feld enthält Zeichen, die nicht zulässig sind."]);
  });
});

/** Texts no field may hold: NUL anywhere, and (JSON only: a URL cannot carry them) lone surrogates. */
const NUL_TEXT = "a\u0000b";
const JSON_TEXTS = [NUL_TEXT, "a\ud800b", "\udfffb"];

/** The value a path parameter gets when it is not the one under test (an id the fixtures own). */
function pathValue(path: string, name: string): string {
  if (name === "id" && path.startsWith("/api/lawyers/")) return String(listingId);
  if (name === "id" && path.startsWith("/api/cases/")) return caseId;
  if (name === "sessionId") return newSessionId();
  if (name === "id" || name === "docId") return randomUUID();
  throw new Error(`No value for the path parameter {${name}} of ${path}: add one to pathValue`);
}

/** A value of the shape of `schema` that carries `text`: the text, a list of it, or an object keyed by it. */
function carrying(schema: Json, text: string): unknown {
  const s = resolve(schema);
  const branches: Json[] = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(resolve);
  const types = new Set(branches.flatMap((b) => [b.type].flat()).filter(Boolean));
  if (types.has("string")) return text;
  if (types.has("array")) return [text];
  if (types.has("object")) return { [text]: text };
  return text;
}

/** One field to poison: where it goes and its name. */
interface Target {
  where: "json" | "query" | "path";
  name: string;
}

/** The operations of the document: method, path, and its fields (parameters and JSON body properties). */
function operations() {
  const out: { method: string; path: string; targets: Target[]; properties: Record<string, Json> }[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const params: Json[] = (op.parameters ?? []).map((p: Json) =>
        p.$ref ? doc.components.parameters[String(p.$ref).split("/").pop() as string] : p,
      );
      const targets: Target[] = params
        .filter((p) => p.in === "query" || p.in === "path")
        .map((p) => ({ where: p.in, name: p.name }));
      const properties = bodyProperties(method, path);
      for (const name of Object.keys(properties)) targets.push({ where: "json", name });
      out.push({ method: method.toUpperCase(), path, targets, properties });
    }
  }
  return out;
}

describe(`every API route refuses text no field may hold (${TEST_ENGINE})`, () => {
  it("walks every operation of /api/openapi.json: 400 naming each poisoned field, never a 5xx, nothing written", async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const callers: Role[] = ["anonymous", "client", "owner"];
    const failures: string[] = [];
    let checked = 0;
    for (const op of ops) {
      const before = await databaseFingerprint(database.db);
      for (const target of op.targets) {
        for (const text of target.where === "json" ? JSON_TEXTS : [NUL_TEXT]) {
          const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
            encodeURIComponent(
              target.where === "path" && target.name === name ? text : pathValue(op.path, name),
            ),
          );
          const query = target.where === "query" ? `?${target.name}=${encodeURIComponent(text)}` : "";
          const body =
            target.where === "json"
              ? { [target.name]: carrying(op.properties[target.name], text) }
              : undefined;
          const answers: string[] = [];
          let named = false;
          for (const role of callers) {
            const token = tokens[role];
            const r = await call(op.method, `${path}${query}`, {
              ...(token ? { token } : {}),
              ...(body ? { body } : {}),
            });
            answers.push(`${role} ${r.status} ${r.text.slice(0, 160)}`);
            if (r.status === 404 && target.where === "path") {
              named = true; // the party check of the route: an id that names nothing for the caller
              break;
            }
            // Not this caller's route (signed out, another role, not a party of the case): the next one.
            if (r.status === 401 || r.status === 403 || r.status === 404) continue;
            named =
              r.status === 400 &&
              Object.keys(r.body).every((k) => k === "message" || k === "fieldErrors") &&
              Array.isArray(r.body.fieldErrors?.[target.name]) &&
              r.body.fieldErrors[target.name].includes(INVALID_CHARACTERS);
            break;
          }
          checked += 1;
          if (!named)
            failures.push(
              `${op.method} ${op.path} ${target.where}:${target.name} ${JSON.stringify(text)}: ${answers.join(" | ")}`,
            );
        }
      }
      if (JSON.stringify(await databaseFingerprint(database.db)) !== JSON.stringify(before))
        failures.push(`${op.method} ${op.path} wrote to the database`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  }, 600_000);
});

/** A representative route of the properties: how to call it validly, as whom, and whether unknown keys are refused. */
interface RouteCase {
  method: string;
  /** The path as the OpenAPI document names it ({id} is the owner's listing). */
  path: string;
  as: Role;
  /** A valid body (fresh each call: session ids and emails must not repeat). */
  body: () => Record<string, unknown>;
  /** The schema refuses unknown keys (400 "Unknown field"). */
  strict: boolean;
}

const PROPERTY_ROUTES: RouteCase[] = [
  {
    method: "PUT",
    path: "/api/auth/profile",
    as: "client",
    body: () => ({ firstName: "Ann" }),
    strict: true,
  },
  {
    method: "POST",
    path: "/api/listing",
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
    strict: true,
  },
  {
    method: "PUT",
    path: "/api/listing",
    as: "owner",
    body: () => ({ bio: "Injury lawyer in Toronto." }),
    strict: true,
  },
  {
    method: "PUT",
    path: "/api/listing/fees",
    as: "owner",
    body: () => ({
      freeConsultation: true,
      consultationMinutes: 30,
      models: [{ kind: "hourly", minAmount: 200, maxAmount: 320, currency: "CAD" }],
    }),
    strict: true,
  },
  {
    method: "POST",
    path: "/api/listing/claim/confirm",
    as: "lawyer",
    body: () => ({ token: "x".repeat(43) }),
    strict: true,
  },
  {
    method: "POST",
    path: "/api/listing/verify-email/confirm",
    as: "lawyer",
    body: () => ({ token: "x".repeat(43) }),
    strict: true,
  },
  {
    method: "POST",
    path: "/api/personality/assessment",
    as: "anonymous",
    body: () => canadaCarAccidentPayload(),
    strict: false,
  },
  {
    method: "POST",
    path: "/api/auth/signup",
    as: "anonymous",
    body: () => ({ email: freshEmail(), password: "correct horse 42", firstName: "Ann", lastName: "Lee" }),
    strict: false,
  },
  {
    method: "POST",
    path: "/api/contact",
    as: "anonymous",
    body: () => ({
      name: "Ann Lee",
      email: "ann@example.org",
      subject: "A question",
      category: "General Inquiry",
      message: "How do I claim my listing?",
    }),
    strict: false,
  },
  {
    method: "POST",
    path: "/api/lawyers/{id}/messages",
    as: "anonymous",
    body: () => ({
      name: "Ann Lee",
      email: "ann@example.org",
      subject: "Car accident",
      message: "I was hit by a car.",
    }),
    strict: false,
  },
  { method: "POST", path: "/api/cases", as: "client", body: () => casePayload(listingId), strict: false },
];

/** Sends `raw` JSON text to `route` as its account. */
function send(route: RouteCase, raw: string, headers: Record<string, string> = {}): Promise<ApiCall> {
  const token = tokens[route.as];
  return call(route.method, route.path.replace("{id}", String(listingId)), {
    raw,
    headers,
    ...(token ? { token } : {}),
  });
}

describe(`the API's input boundary by properties (${TEST_ENGINE})`, () => {
  it("a hostile key is an unknown field where the schema is strict: 400 naming it, nothing written", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PROPERTY_ROUTES.filter((r) => r.strict)),
        hostileKey,
        hostileJson,
        async (route, key, value) => {
          fc.pre(!Object.hasOwn(bodyProperties(route.method, route.path), key));
          const before = await databaseFingerprint(database.db);
          const r = await send(route, jsonWithKey(route.body(), key, value));
          expect(r.status, r.text).toBe(400);
          expectErrorShape(r);
          const field = fieldNameOf(key);
          expect(Object.hasOwn(r.body.fieldErrors, field), r.text).toBe(true);
          expect(r.body.fieldErrors[field]).toContain(`Unknown field: ${field}`);
          expect(await databaseFingerprint(database.db)).toEqual(before);
          expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
        },
      ),
      { numRuns: 60 },
    );
  }, 300_000);

  it("a hostile key is ignored where the schema ignores unknown keys: the same answer as without it", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PROPERTY_ROUTES.filter((r) => !r.strict)),
        hostileKey,
        fc.jsonValue({ maxDepth: 2 }),
        async (route, key, value) => {
          fc.pre(!Object.hasOwn(bodyProperties(route.method, route.path), key));
          const plain = await send(route, JSON.stringify(route.body()));
          const hostile = await send(route, jsonWithKey(route.body(), key, value));
          expect(plain.status, plain.text).toBeLessThan(300);
          expect(hostile.status, hostile.text).toBe(plain.status);
          expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);

  it("NUL or a lone surrogate in any field of the body: 400 naming that field, nothing written", async () => {
    const routeAndField = fc.constantFrom(...PROPERTY_ROUTES).chain((route) =>
      fc.record({
        route: fc.constant(route),
        field: fc.constantFrom(...Object.keys(bodyProperties(route.method, route.path))),
        text: forbiddenText(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(routeAndField, async ({ route, field, text }) => {
        const properties = bodyProperties(route.method, route.path);
        const body = { ...route.body(), [field]: carrying(properties[field], text) };
        const before = await databaseFingerprint(database.db);
        const r = await send(route, JSON.stringify(body));
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
    const fields = Object.keys(bodyProperties("POST", "/api/cases", "multipart/form-data")).filter(
      (f) => f !== "documents",
    );
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
