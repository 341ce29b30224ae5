/**
 * The input boundary of the JSON API (issue 27 §2 "One input boundary") through the real server on
 * loopback against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the attack's
 * findings, each as it was reported.
 *
 * - A body key named after a property of Object.prototype (`toString`, `constructor`,
 *   `__proto__`, `hasOwnProperty`, `valueOf`) on PUT /api/auth/profile, POST and PUT
 *   /api/listing, PUT /api/listing/fees, POST /api/listing/claim/confirm and POST
 *   /api/listing/verify-email/confirm answered 500 (lib/field-errors.ts read the prototype);
 *   it is an ordinary unknown key: 400 "Unknown field: …" under its own name, nothing written.
 * - NUL in `place` of POST /api/personality/assessment reached PostgreSQL (SQLSTATE 22021, 500);
 *   NUL and lone UTF-16 surrogates are refused with 400 naming the field, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSessionId } from "../../lib/personality.ts";
import { testApi } from "../../tests/support/api.ts";
import { TEST_TRAITS } from "../../tests/support/assessments.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { databaseFingerprint } from "../../tests/support/db-fingerprint.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";

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
  emailPrefix: "boundary",
  signUpDefaults: { role: "lawyer" },
});

/** The message of a character the boundary refuses, in English (validation:invalidCharacters). */
const INVALID_CHARACTERS = "This field contains characters that are not allowed.";

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

/** `body` as JSON text with one more key `key` (written as text: `__proto__` stays a key). */
function withKey(body: object, key: string, value: unknown = 1): string {
  const text = JSON.stringify(body);
  return `${text.slice(0, -1)}${text.length > 2 ? "," : ""}${JSON.stringify(key)}:${JSON.stringify(value)}}`;
}

describe(`hostile JSON keys (${TEST_ENGINE})`, () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: a key named after Object.prototype is an unknown field, 400, nothing written`, async () => {
      const lawyer = await signUp();
      for (const key of PROTOTYPE_KEYS) {
        for (const value of [1, {}, { polluted: true }, null]) {
          const before = await databaseFingerprint(database.db);
          const r = await call(route.method, route.path, {
            token: lawyer.token,
            raw: withKey(route.body, key, value),
          });
          expect(r.status, `${key}=${JSON.stringify(value)}: ${r.text}`).toBe(400);
          expect(Object.keys(r.body).sort()).toEqual(["fieldErrors", "message"]);
          expect(Object.hasOwn(r.body.fieldErrors, key), r.text).toBe(true);
          expect(r.body.fieldErrors[key]).toEqual([`Unknown field: ${key}`]);
          expect(await databaseFingerprint(database.db)).toEqual(before);
        }
      }
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    });
  }
});

/** A valid assessment (spec §7) with `over` on top. */
const assessment = (over: Record<string, unknown> = {}) => ({
  sessionId: newSessionId(),
  personalityTraits: JSON.stringify(TEST_TRAITS),
  communicationPreference: "direct",
  approachPreference: "methodical",
  priorityFocus: "results",
  caseType: "Wrongful Death",
  caseComplexity: "complex",
  timePreference: "flexible",
  ...over,
});

describe(`characters no text may hold (${TEST_ENGINE})`, () => {
  it("POST /api/personality/assessment: the valid assessment is stored (the control of the tests below)", async () => {
    const r = await call("POST", "/api/personality/assessment", { body: assessment({ place: "Hamburg" }) });
    expect(r.status, r.text).toBe(201);
  });

  for (const [what, place] of [
    ["NUL", "Ham\u0000burg"],
    ["a lone high surrogate", "Ham\ud800burg"],
    ["a lone low surrogate", "\udc00Hamburg"],
  ] as const) {
    it(`POST /api/personality/assessment: ${what} in place answers 400 naming place, nothing written`, async () => {
      const before = await databaseFingerprint(database.db);
      const r = await call("POST", "/api/personality/assessment", { body: assessment({ place }) });
      expect(r.status, r.text).toBe(400);
      expect(r.body).toEqual({ message: INVALID_CHARACTERS, fieldErrors: { place: [INVALID_CHARACTERS] } });
      expect(await databaseFingerprint(database.db)).toEqual(before);
    });
  }

  it("answers in the language of Accept-Language", async () => {
    const r = await call("POST", "/api/personality/assessment", {
      body: assessment({ place: "Ham\u0000burg" }),
      headers: { "Accept-Language": "de" },
    });
    expect(r.status, r.text).toBe(400);
    expect(r.headers.get("content-language")).toBe("de");
    expect(r.body.fieldErrors.place[0]).not.toBe(INVALID_CHARACTERS);
  });
});
