/**
 * /api/personality through the real server on loopback against a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), over generated demo lawyers plus three handcrafted ones
 * (issue 5 "Tests and figures": the three endpoints and their bad input).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONALITY_TRAITS } from "../../lib/constants.ts";
import {
  type AssessmentPayload,
  type InsightsResponse,
  type MatchResult,
  newSessionId,
  SUB_SCORES,
} from "../../lib/personality.ts";
import { TEST_TRAITS } from "../../tests/support/assessments.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { coversCaseType } from "../matching/model.ts";
import { generateLawyers, type NewLawyer } from "../seed/generate.ts";
import { insertLawyers } from "../seed/insert.ts";

let database: Database;
let server: TestServer;
const ids: Record<string, number> = {};

const TRAITS = TEST_TRAITS;

/** The spec's payload (spec §7): traits as JSON text. */
const payload = (over: Record<string, unknown> = {}): AssessmentPayload & Record<string, unknown> => ({
  sessionId: newSessionId(),
  personalityTraits: JSON.stringify(TRAITS),
  communicationPreference: "direct",
  approachPreference: "methodical",
  priorityFocus: "results",
  caseType: "Wrongful Death",
  caseComplexity: "complex",
  timePreference: "flexible",
  ...over,
});

beforeAll(async () => {
  database = await openTestDatabase();
  const generated = generateLawyers(800, 11);
  const template = generateLawyers(1, 12)[0] as NewLawyer;
  const perfect = {
    ...template,
    practiceAreas: ["Wrongful Death"],
    countryCode: "NZ",
    country: "New Zealand",
    experience: 22,
    rating: 4.9,
    verified: true,
    verificationStatus: "verified",
    personalityTraits: TRAITS,
    communicationStyle: "direct",
    approachStyle: "methodical",
    clientFocus: "results",
    availabilityLevel: "flexible",
    caseComplexityPreference: "complex",
  };
  // Every generated listing verified (issue 15 §2: matching ranks verified listings only), as the
  // demo data was before its checks were seeded with realistic shares.
  const allVerified = generated.map((r) => ({
    ...r,
    verification: {
      checks: [
        {
          kind: "licence" as const,
          status: "verified" as const,
          method: "register_lookup" as const,
          source: "test register",
          sourceUrl: null,
          checkedDaysAgo: 1,
          dueInDays: 364,
          demo: true,
        },
      ],
    },
  }));
  await insertLawyers(database.db, allVerified, { refresh: false });
  const rows = await database.db
    .insert(lawyers)
    .values([
      { ...perfect, name: "Emily Johnson", email: "emily.johnson@example.test" },
      // The same answers, but not verified: never listed.
      {
        ...perfect,
        name: "Pending Perfect",
        email: "pending@example.test",
        verified: true,
        verificationStatus: "pending",
      },
      // The same answers, but another practice area: never listed for Wrongful Death.
      { ...perfect, name: "Dog Bite Perfect", email: "dogs@example.test", practiceAreas: ["Dog Bites"] },
    ])
    .returning({ id: lawyers.id, name: lawyers.name });
  for (const r of rows) ids[r.name] = r.id;
  server = await startTestServer(database.db);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function post(body: unknown, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  const res = await fetch(`${server.baseUrl}/api/personality/assessment`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    res,
    body: (await res.json()) as {
      sessionId?: string;
      message?: string;
      fieldErrors?: Record<string, string[]>;
    },
  };
}

async function get<T>(path: string) {
  const res = await fetch(`${server.baseUrl}${path}`);
  return { res, body: (await res.json()) as T & { message?: string } };
}

describe(`POST /api/personality/assessment (${TEST_ENGINE})`, () => {
  it("stores the spec's payload: 201 { sessionId }, a repeat 200, different answers 409", async () => {
    const p = payload();
    const first = await post(p);
    expect(first.res.status).toBe(201);
    expect(first.body).toEqual({ sessionId: p.sessionId });
    expect(first.res.headers.get("cache-control")).toBe("no-store");

    const again = await post(p);
    expect(again.res.status).toBe(200);
    expect(again.body).toEqual({ sessionId: p.sessionId });

    const changed = await post({ ...p, approachPreference: "aggressive" });
    expect(changed.res.status).toBe(409);
    expect(changed.body.message).toMatch(/already has an assessment/);
  });

  it("accepts the traits as an object and a country code in any case", async () => {
    const { res } = await post(payload({ personalityTraits: TRAITS, country: "nz" }));
    expect(res.status).toBe(201);
  });

  it.each([
    [
      "an unknown option",
      { communicationPreference: "rude" },
      /^communicationPreference: Choose one of: direct, empathetic/,
    ],
    ["an unknown case type", { caseType: "Divorce" }, /^caseType: Choose one of/],
    [
      "a trait of 11",
      { personalityTraits: JSON.stringify({ ...TRAITS, openness: 11 }) },
      /^personalityTraits\.openness: Enter a whole number from 1 to 10/,
    ],
    [
      "a trait of 0",
      { personalityTraits: { ...TRAITS, techSavvy: 0 } },
      /^personalityTraits\.techSavvy: Enter a whole number/,
    ],
    [
      "a fractional trait",
      { personalityTraits: { ...TRAITS, patience: 5.5 } },
      /^personalityTraits\.patience: Enter a whole number/,
    ],
    [
      "a missing trait",
      { personalityTraits: JSON.stringify({ ...TRAITS, patience: undefined }) },
      /^personalityTraits\.patience: This field is required/,
    ],
    [
      "an unknown trait",
      { personalityTraits: { ...TRAITS, charm: 5 } },
      /^personalityTraits: Unknown trait "charm"/,
    ],
    [
      "traits that are not JSON",
      { personalityTraits: "{openness" },
      /^personalityTraits: Send a JSON object/,
    ],
    ["a missing field", { caseComplexity: undefined }, /^caseComplexity: This field is required/],
    ["an empty choice", { timePreference: "" }, /^timePreference: This field is required/],
    ["a malformed session id", { sessionId: "../../etc" }, /^sessionId: Use a timestamp/],
    [
      "a session id over 100 characters",
      { sessionId: `1700000000000-${"a".repeat(100)}` },
      /^sessionId: Use at most 100 characters/,
    ],
    ["a country that is not a code", { country: "Canada" }, /^country: Use a two-letter country code/],
    ["an unknown country code", { country: "ZZ" }, /^Invalid country: ZZ is not a country code/],
  ])("answers 400 naming the field for %s", async (_what, over, message) => {
    const { res, body } = await post(payload(over));
    expect(res.status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it("answers its field errors in German and Arabic by Accept-Language (issue 14 §1)", async () => {
    const de = await post(
      payload({ caseComplexity: undefined, personalityTraits: { ...TRAITS, openness: 11 } }),
      {
        "Content-Type": "application/json",
        "Accept-Language": "de",
      },
    );
    expect(de.res.status).toBe(400);
    expect(de.body.fieldErrors?.caseComplexity).toEqual(["caseComplexity: Dieses Feld ist erforderlich."]);
    expect(de.body.fieldErrors?.personalityTraits).toEqual([
      "personalityTraits.openness: Bitte geben Sie eine ganze Zahl von 1 bis 10 ein.",
    ]);
    const ar = await post(payload({ country: "Canada" }), {
      "Content-Type": "application/json",
      "Accept-Language": "ar",
    });
    expect(ar.body.message).toBe("country: استخدم رمز بلد من حرفين (ISO 3166-1 alpha-2، مثل CA).");
  });

  it("answers 400 for malformed JSON and a body that is not an object, 415 for a body that is not JSON", async () => {
    const malformed = await post('{"sessionId": "1700000000000-abc",');
    expect(malformed.res.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
    const array = await post([payload()]);
    expect(array.res.status).toBe(400);
    expect(array.body.message).toBe("The request body must be a JSON object.");
    const text = await post(JSON.stringify(payload()), { "Content-Type": "text/plain" });
    expect(text.res.status).toBe(415);
    expect(text.body.message).toMatch(/Content-Type: application\/json/);
  });

  it("answers 413 for a body over 4 KB", async () => {
    const { res, body } = await post(payload({ padding: "x".repeat(5000) }));
    expect(res.status).toBe(413);
    expect(body.message).toMatch(/too large/);
  });
});

describe(`GET /api/personality/matches/{sessionId} (${TEST_ENGINE})`, () => {
  it("ranks verified lawyers of the case type with six sub-scores and an explanation", async () => {
    const p = payload();
    expect((await post(p)).res.status).toBe(201);
    const { res, body } = await get<MatchResult[]>(`/api/personality/matches/${p.sessionId}`);
    expect(res.status).toBe(200);
    expect(body).toHaveLength(10);
    // The handcrafted perfect match comes first; its unverified and off-topic twins never appear.
    expect(body[0]).toMatchObject({
      lawyerId: ids["Emily Johnson"],
      overallScore: 10,
      personalityScore: 10,
      communicationScore: 10,
      approachScore: 10,
      focusScore: 10,
      availabilityScore: 10,
      experienceScore: 9.9, // 22 years (10), rating 4.9 (9.8), complex like the case (10): 9.94
    });
    // The three strongest of five 10s: the two heaviest, then approach before focus (display order).
    expect(body[0]?.explanation).toBe(
      "Emily Johnson's personality is close to yours, especially in openness and conscientiousness. " +
        "You prefer direct communication, and so does Emily Johnson. " +
        "You want a methodical approach, and that is how Emily Johnson works.",
    );
    const listed = body.map((m) => m.lawyerId);
    expect(listed).not.toContain(ids["Pending Perfect"]);
    expect(listed).not.toContain(ids["Dog Bite Perfect"]);
    for (const [i, m] of body.entries()) {
      expect(m.lawyerId).toBe(m.lawyer.id);
      expect(coversCaseType(m.lawyer.practiceAreas, "Wrongful Death")).toBe(true);
      expect(m.lawyer.verification_status).toBe("verified");
      for (const key of ["overallScore", ...SUB_SCORES.map((s) => s.key)] as const) {
        const score = m[key] as number;
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(10);
        expect(Math.round(score * 10) / 10).toBe(score);
      }
      expect(m.explanation).toContain(m.lawyer.name);
      const next = body[i + 1];
      if (next) {
        const order =
          m.overallScore - next.overallScore ||
          m.lawyer.rating - next.lawyer.rating ||
          m.lawyer.reviewCount - next.lawyer.reviewCount ||
          next.lawyerId - m.lawyerId;
        expect(order).toBeGreaterThan(0);
      }
    }
  });

  it("keeps to the chosen country", async () => {
    const p = payload({ country: "NZ", caseType: "Other" });
    expect((await post(p)).res.status).toBe(201);
    const { body } = await get<MatchResult[]>(`/api/personality/matches/${p.sessionId}`);
    expect(body.length).toBeGreaterThan(0);
    for (const m of body) {
      expect(m.lawyer.countryCode).toBe("NZ");
      expect(new Set(m.lawyer.practiceAreas).size).toBeGreaterThanOrEqual(3);
    }
  });

  it("answers an empty list when no lawyer qualifies", async () => {
    const p = payload({ country: "AQ" });
    expect((await post(p)).res.status).toBe(201);
    const { res, body } = await get<MatchResult[]>(`/api/personality/matches/${p.sessionId}`);
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
  });

  it("answers 404 for an unknown session and 400 for a malformed one", async () => {
    const unknown = await get(`/api/personality/matches/1700000000000-nosuchsession`);
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.message).toMatch(/No assessment found/);
    const malformed = await get(`/api/personality/matches/abc%20def`);
    expect(malformed.res.status).toBe(400);
    expect(malformed.body.message).toMatch(/^Invalid sessionId:/);
    const long = await get(`/api/personality/matches/1700000000000-${"a".repeat(120)}`);
    expect(long.res.status).toBe(400);
  });
});

describe(`GET /api/personality/insights/{sessionId} (${TEST_ENGINE})`, () => {
  it("answers sentences derived from the answers", async () => {
    const p = payload({ personalityTraits: JSON.stringify({ ...TRAITS, techSavvy: 10 }), country: "NZ" });
    expect((await post(p)).res.status).toBe(201);
    const { res, body } = await get<InsightsResponse>(`/api/personality/insights/${p.sessionId}`);
    expect(res.status).toBe(200);
    expect(body.insights[0]).toBe(
      "For Wrongful Death cases we match verified lawyers in New Zealand who list Wrongful Death.",
    );
    expect(body.insights).toContain(
      "You prefer direct communication: a lawyer who gives clear, straight answers and tells you plainly where your case stands will suit you.",
    );
    expect(body.insights).toContain(
      "You are comfortable with technology, so a lawyer who shares documents online and answers by email will suit you.",
    );
  });

  it("answers 404 for an unknown session and 400 for a malformed one", async () => {
    expect((await get(`/api/personality/insights/1700000000000-nosuchsession`)).res.status).toBe(404);
    const malformed = await get(`/api/personality/insights/DROP%20TABLE`);
    expect(malformed.res.status).toBe(400);
    expect(malformed.body.message).toMatch(/^Invalid sessionId:/);
  });
});

describe("OpenAPI", () => {
  it("documents the three routes with the assessment's fields", async () => {
    const { body } = await get<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/api/personality/assessment",
        "/api/personality/matches/{sessionId}",
        "/api/personality/insights/{sessionId}",
      ]),
    );
    const text = JSON.stringify(body.paths["/api/personality/assessment"]);
    for (const field of [
      "sessionId",
      "personalityTraits",
      "communicationPreference",
      "country",
      ...PERSONALITY_TRAITS,
    ])
      expect(text).toContain(field);
  });
});
