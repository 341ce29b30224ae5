/**
 * The one taxonomy through the API (issue 19 §3; lib/taxonomy.ts, docs/taxonomy.md), against a
 * real server and database (PGlite, or PostgreSQL with TEST_DATABASE_URL) holding generated
 * lawyers: GET /api/taxonomy in the reader's language; for every injury type, the directory's
 * search with the injury's areas, the assessment's candidates for its assessment type and the
 * case form's type all reach the same lawyers; the case form and the assessment accept the new
 * values (Dog Bite, Dog Bites); the OpenAPI document holds each list once, as a component.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONALITY_TRAITS } from "../../lib/constants.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { newSessionId } from "../../lib/personality.ts";
import {
  ASSESSMENT_CASE_TYPES,
  areasForCaseType,
  CASE_TYPES,
  handlesAreas,
  INJURY_TYPES,
  type InjuryTypeDefinition,
  PRACTICE_AREAS,
} from "../../lib/taxonomy.ts";
import { testApi } from "../../tests/support/api.ts";
import { casePayload } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { countCandidates, getMatchStore } from "../matching/candidates.ts";
import { lawyerColumns, toLawyerDTO } from "../search/dto.ts";
import { generateLawyers } from "../seed/generate.ts";
import { insertLawyers } from "../seed/insert.ts";

let database: Database;
let server: TestServer;
let all: LawyerDTO[];
const ENTRIES: readonly InjuryTypeDefinition[] = INJURY_TYPES;

beforeAll(async () => {
  database = await openTestDatabase();
  // Every listing's licence verified (matching ranks verified listings only, issue 15 §2), so the
  // directory's `verified=true` and the matching candidates describe the same listings.
  const generated = generateLawyers(700, 19).map((r) => ({
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
  await insertLawyers(database.db, generated, { refresh: false });
  all = (await database.db.select(lawyerColumns).from(lawyers)).map(toLawyerDTO);
  server = await startTestServer(database.db);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

interface TaxonomyBody {
  locale: string;
  practiceAreas: { value: string; label: string }[];
  injuryTypes: {
    id: string;
    label: string;
    caseType: string | null;
    assessmentType: string | null;
    practiceAreas: string[] | null;
  }[];
  generalPracticeMinAreas: number;
}

async function getTaxonomy(query = "", headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}/api/taxonomy${query}`, { headers });
  return { res, body: (await res.json()) as TaxonomyBody & { message?: string } };
}

/** X-Total-Count of the directory's search for lawyers listing ANY of `areas`, verified only. */
async function directoryCount(areas: readonly string[]): Promise<number> {
  const url = new URL(`${server.baseUrl}/api/lawyers/search`);
  url.searchParams.set("practiceAreas", areas.join(","));
  url.searchParams.set("verified", "true");
  url.searchParams.set("pageSize", "6");
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Number(res.headers.get("X-Total-Count"));
}

describe("GET /api/taxonomy", () => {
  it("answers every injury type with its areas and the values the case form and the assessment store", async () => {
    const { res, body } = await getTaxonomy();
    expect(res.status).toBe(200);
    expect(body.locale).toBe("en");
    expect(body.practiceAreas.map((a) => a.value)).toEqual([...PRACTICE_AREAS]);
    expect(body.injuryTypes.map((i) => i.id)).toEqual(ENTRIES.map((e) => e.id));
    expect(body.injuryTypes.flatMap((i) => (i.caseType ? [i.caseType] : []))).toEqual([...CASE_TYPES]);
    expect(body.injuryTypes.flatMap((i) => (i.assessmentType ? [i.assessmentType] : []))).toEqual([
      ...ASSESSMENT_CASE_TYPES,
    ]);
    const dog = body.injuryTypes.find((i) => i.id === "dogBite");
    expect(dog).toEqual({
      id: "dogBite",
      label: "Dog Bites",
      caseType: "Dog Bite",
      assessmentType: "Dog Bites",
      practiceAreas: ["Dog Bites"],
    });
    expect(body.injuryTypes.find((i) => i.id === "other")?.practiceAreas).toBeNull();
    expect(res.headers.get("Vary")).toContain("Accept-Language");
  });

  it("labels follow Accept-Language, and `locale` overrides it", async () => {
    const de = await getTaxonomy("", { "Accept-Language": "de-DE,de;q=0.9" });
    expect(de.body.locale).toBe("de");
    expect(de.body.injuryTypes.find((i) => i.id === "brainInjury")?.label).toBe("Hirnverletzung");
    expect(de.body.practiceAreas.find((a) => a.value === "Dog Bites")?.label).toBe("Hundebisse");
    const ar = await getTaxonomy("?locale=ar", { "Accept-Language": "de" });
    expect(ar.body.locale).toBe("ar");
    expect(ar.body.injuryTypes.find((i) => i.id === "burnInjury")?.label).toBe("الحروق");
  });

  it("authorisation matrix: public, the same answer for anonymous, client, lawyer and another lawyer (a staff session cannot use the API: its token needs the second factor)", async () => {
    const api = testApi(() => server, { emailPrefix: "taxonomy-matrix" });
    const tokens = [
      undefined,
      (await api.signUp({ role: "user" })).token,
      (await api.signUp({ role: "lawyer" })).token,
      (await api.signUp({ role: "lawyer" })).token,
    ];
    const answers = [];
    for (const token of tokens) {
      const r = await api.call("GET", "/api/taxonomy", token ? { token } : {});
      expect(r.status).toBe(200);
      answers.push(r.body);
    }
    for (const body of answers) expect(body).toEqual(answers[0]);
  }, 30_000);

  it("an unknown locale answers 400 naming the parameter, in the reader's language", async () => {
    const { res, body } = await getTaxonomy("?locale=xx");
    expect(res.status).toBe(400);
    expect(body.message).toMatch(/^locale: /);
  });
});

describe("every list filters the same lawyers", () => {
  it("for each injury: directory search with its areas = assessment candidates = the case form type's lawyers", async () => {
    const store = await getMatchStore(database.db);
    for (const injury of ENTRIES) {
      if (injury.areas === null || !injury.assessmentType) continue;
      const expected = all.filter(
        (l) =>
          l.verified && l.verification_status === "verified" && handlesAreas(l.practiceAreas, injury.areas),
      ).length;
      expect(expected, injury.id).toBeGreaterThan(0);
      expect(await directoryCount(injury.areas), injury.id).toBe(expected);
      expect(
        countCandidates(store, injury.assessmentType as (typeof ASSESSMENT_CASE_TYPES)[number]),
        injury.id,
      ).toBe(expected);
      if (injury.caseType) expect(areasForCaseType(injury.caseType), injury.id).toEqual(injury.areas);
    }
  });

  it("the assessment for Dog Bites stores and matches only lawyers who list Dog Bites", async () => {
    const sessionId = newSessionId();
    const post = await fetch(`${server.baseUrl}/api/personality/assessment`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        sessionId,
        personalityTraits: JSON.stringify(Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, 6]))),
        communicationPreference: "empathetic",
        approachPreference: "diplomatic",
        priorityFocus: "results",
        caseType: "Dog Bites",
        caseComplexity: "simple",
        timePreference: "flexible",
      }),
    });
    expect(post.status).toBe(201);
    const res = await fetch(`${server.baseUrl}/api/personality/matches/${sessionId}`);
    expect(res.status).toBe(200);
    const matches = (await res.json()) as { lawyer: { practiceAreas: string[] } }[];
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) expect(m.lawyer.practiceAreas).toContain("Dog Bites");
  });

  it("the case form takes Dog Bite and still refuses a value outside the taxonomy", async () => {
    const lawyer = all.find((l) => l.practiceAreas.includes("Dog Bites")) as LawyerDTO;
    const send = (caseType: string) =>
      fetch(`${server.baseUrl}/api/cases`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          ...casePayload(lawyer.id, { clientEmail: `dog-${caseType.length}@example.org` }),
          caseType,
        }),
      });
    const ok = await send("Dog Bite");
    expect(ok.status).toBe(201);
    const bad = await send("Dog Bites");
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fieldErrors?: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors ?? {})).toContain("caseType");
  });
});

describe("the OpenAPI document holds each list once, as a component", () => {
  it("PracticeArea, CaseType and AssessmentCaseType are components the lawyer JSON, search, case and assessment APIs refer to", async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      components: { schemas: Record<string, { enum?: string[]; properties?: Record<string, unknown> }> };
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const schemas = doc.components.schemas;
    expect(schemas.PracticeArea?.enum).toEqual([...PRACTICE_AREAS]);
    expect(schemas.CaseType?.enum).toEqual([...CASE_TYPES]);
    expect(schemas.AssessmentCaseType?.enum).toEqual([...ASSESSMENT_CASE_TYPES]);
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(schemas.Lawyer?.properties?.practiceAreas).toMatchObject({
      type: "array",
      items: ref("PracticeArea"),
    });
    const search = doc.paths["/api/lawyers/search"]?.get as {
      parameters: { name: string; schema: unknown }[];
    };
    expect(search.parameters.find((p) => p.name === "practiceAreas")?.schema).toMatchObject({
      type: "array",
      items: ref("PracticeArea"),
    });
    const submit = doc.paths["/api/cases"]?.post as {
      requestBody: {
        content: Record<string, { schema: { properties?: Record<string, unknown>; $ref?: string } }>;
      };
    };
    expect(submit.requestBody.content["multipart/form-data"]?.schema.properties?.caseType).toEqual(
      ref("CaseType"),
    );
    const text = JSON.stringify(doc);
    // Each list's values are written once: "Nursing Home Abuse" is in CaseType and AssessmentCaseType only.
    expect(text.split('"Nursing Home Abuse"').length - 1).toBe(2);
    expect(text).toContain('"$ref":"#/components/schemas/AssessmentCaseType"');
    expect(text.split('"$ref":"#/components/schemas/CaseType"').length - 1).toBeGreaterThanOrEqual(2);
  });
});
