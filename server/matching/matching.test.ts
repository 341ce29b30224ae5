/**
 * The matching service against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * over generated demo lawyers: the fast ranking over the in-memory store gives exactly what the
 * model gives by brute force over every listing; a lawyer outside the case type, the country or
 * the verified listings never appears; storing assessments; insights (issue 5).
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONALITY_TRAITS } from "../../lib/constants.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { type Assessment, newSessionId, type TraitRatings } from "../../lib/personality.ts";
import { assessmentAnswerArbitraries } from "../../tests/support/assessments.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { clientPersonalities, lawyers } from "../db/schema.ts";
import { lawyerColumns, toLawyerDTO } from "../search/dto.ts";
import { generateLawyers, type NewLawyer } from "../seed/generate.ts";
import { insertLawyers } from "../seed/insert.ts";
import { countCandidates, getMatchStore, rankCandidates } from "./candidates.ts";
import {
  createMatchingService,
  dropMatchStore,
  getAssessment,
  getInsights,
  getMatches,
  insightRefsFor,
  insightsFor,
  matchLawyers,
  saveAssessment,
} from "./index.ts";
import { compareRank, coversCaseType, MATCH_LIMIT, scoreTenths, speaksPreferred } from "./model.ts";

let database: Database;
let all: LawyerDTO[];
let countries: string[];

async function loadAll() {
  all = (await database.db.select(lawyerColumns).from(lawyers)).map(toLawyerDTO);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await insertLawyers(database.db, generateLawyers(1500, 5), { refresh: false });
  await loadAll();
  countries = [...new Set(all.map((l) => l.countryCode))].sort();
});
afterAll(async () => {
  await database?.close();
});

const assessmentArb = (): fc.Arbitrary<Assessment> =>
  fc.record({
    sessionId: fc.constant(newSessionId()),
    ...assessmentAnswerArbitraries(),
    country: fc.option(fc.constantFrom(...countries), { nil: undefined }),
    language: fc.option(fc.constantFrom("en", "de", "fr", "es", "ar", "ja", "sw", "ko"), { nil: undefined }),
  });

/** The candidate rule by brute force: verified, covering the case type, in the country. */
function candidates(a: Assessment) {
  return all
    .filter((l) => l.verified && l.verification_status === "verified")
    .filter(
      (l) => coversCaseType(l.practiceAreas, a.caseType) && (!a.country || l.countryCode === a.country),
    );
}

/** The model by brute force over every listing: the reference the fast path must equal. */
function bruteForce(a: Assessment, limit = MATCH_LIMIT) {
  return candidates(a)
    .map((l) => ({ l, t: scoreTenths(a, l) }))
    .sort((x, y) =>
      compareRank(
        {
          speaks: speaksPreferred(a, x.l),
          overall: x.t.overall,
          rating: x.l.rating,
          reviewCount: x.l.reviewCount,
          id: x.l.id,
        },
        {
          speaks: speaksPreferred(a, y.l),
          overall: y.t.overall,
          rating: y.l.rating,
          reviewCount: y.l.reviewCount,
          id: y.l.id,
        },
      ),
    )
    .slice(0, limit)
    .map(({ l, t }) => ({ id: l.id, overall: t.overall / 10 }));
}

describe(`matchLawyers (${TEST_ENGINE})`, () => {
  it("equals the model applied to every listing, and never lists a lawyer outside the case type, country or verified listings", async () => {
    await fc.assert(
      fc.asyncProperty(assessmentArb(), async (a) => {
        const got = await matchLawyers(database.db, a);
        expect(got.map((m) => ({ id: m.lawyerId, overall: m.overallScore }))).toEqual(bruteForce(a));
        for (const m of got) {
          expect(coversCaseType(m.lawyer.practiceAreas, a.caseType)).toBe(true);
          if (a.country) expect(m.lawyer.countryCode).toBe(a.country);
          expect(m.lawyer.verified && m.lawyer.verification_status === "verified").toBe(true);
          expect(m.lawyerId).toBe(m.lawyer.id);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("the store's ranking computes exactly the model's overall scores (the top 30 by brute force)", async () => {
    await fc.assert(
      fc.asyncProperty(assessmentArb(), async (a) => {
        const store = await getMatchStore(database.db);
        const got = rankCandidates(store, a, a.country, 30);
        expect(got.map((r) => ({ id: r.id, overall: r.overall / 10 }))).toEqual(bruteForce(a, 30));
        expect(countCandidates(store, a.caseType, a.country)).toBe(candidates(a).length);
      }),
      { numRuns: 100 },
    );
  });

  it("ranks lawyers who speak the client's preferred language first, and the explanation says so (issue 14 §4)", async () => {
    const a = fc.sample(assessmentArb(), { numRuns: 1, seed: 42 })[0] as Assessment;
    const german = await matchLawyers(database.db, {
      ...a,
      caseType: "Car Accidents",
      country: undefined,
      language: "de",
    });
    expect(german).toHaveLength(10);
    for (const m of german) {
      expect(m.lawyer.languages).toContain("de");
      expect(m.explanation).toMatch(new RegExp(`^${m.lawyer.name} speaks German, your preferred language`));
    }
    // Within one country, speakers come before non-speakers even with a lower score.
    const inCanada = await matchLawyers(database.db, {
      ...a,
      caseType: "Car Accidents",
      country: "CA",
      language: "fr",
    });
    const speaks = inCanada.map((m) => m.lawyer.languages.includes("fr"));
    expect(speaks.indexOf(false) === -1 || speaks.slice(speaks.indexOf(false)).every((s) => !s)).toBe(true);
    const none = await matchLawyers(database.db, {
      ...a,
      caseType: "Car Accidents",
      country: undefined,
      language: undefined,
    });
    for (const m of none) expect(m.explanation).not.toMatch(/your preferred language/);
  });

  it("stores the preferred language with the assessment", async () => {
    const a = fc.sample(assessmentArb(), { numRuns: 1, seed: 3 })[0] as Assessment;
    const b: Assessment = { ...a, sessionId: newSessionId(), language: "ar" };
    expect(await saveAssessment(database.db, b)).toBe("created");
    expect((await getAssessment(database.db, b.sessionId))?.language).toBe("ar");
  });

  it("returns 10 for a common case type and the same list twice", async () => {
    const a = fc.sample(assessmentArb(), { numRuns: 1, seed: 42 })[0] as Assessment;
    const b = { ...a, caseType: "Car Accidents" as const, country: undefined };
    const first = await matchLawyers(database.db, b);
    expect(first).toHaveLength(10);
    expect(await matchLawyers(database.db, b)).toEqual(first);
  });

  it("answers an empty list when no listing qualifies", async () => {
    const a = fc.sample(assessmentArb(), { numRuns: 1, seed: 1 })[0] as Assessment;
    expect(await matchLawyers(database.db, { ...a, country: "AQ" })).toEqual([]);
  });

  it("shows a listing unverified after the store was built no more, and a new listing once the store is rebuilt", async () => {
    const a = fc.sample(assessmentArb(), { numRuns: 1, seed: 7 })[0] as Assessment;
    const b: Assessment = { ...a, caseType: "Wrongful Death", country: undefined };
    const before = await matchLawyers(database.db, b);
    const top = before[0]?.lawyer as LawyerDTO;
    await database.db.update(lawyers).set({ verificationStatus: "pending" }).where(eq(lawyers.id, top.id));
    const after = await matchLawyers(database.db, b);
    expect(after.map((m) => m.lawyerId)).not.toContain(top.id);
    expect(after).toHaveLength(10);

    // A perfect match for b, inserted after the store was built: listed after a rebuild.
    const template = generateLawyers(1, 99)[0] as NewLawyer;
    const [inserted] = await database.db
      .insert(lawyers)
      .values({
        ...template,
        email: "perfect.match@example.test",
        name: "Perfect Match",
        practiceAreas: ["Wrongful Death"],
        verified: true,
        verificationStatus: "verified",
        experience: 25,
        rating: 5,
        personalityTraits: b.personalityTraits,
        communicationStyle: b.communicationPreference,
        approachStyle: b.approachPreference,
        clientFocus: b.priorityFocus,
        availabilityLevel: b.timePreference,
        caseComplexityPreference: b.caseComplexity,
      })
      .returning({ id: lawyers.id });
    dropMatchStore(database.db);
    const withNew = await matchLawyers(database.db, b);
    expect(withNew[0]).toMatchObject({ lawyerId: inserted?.id, overallScore: 10 });
    expect(withNew[0]?.explanation).toContain("Perfect Match");
    await loadAll();
  });
});

describe(`assessments (${TEST_ENGINE})`, () => {
  const a: Assessment = {
    sessionId: newSessionId(),
    personalityTraits: Object.fromEntries(PERSONALITY_TRAITS.map((t, i) => [t, i + 1])) as TraitRatings,
    communicationPreference: "analytical",
    approachPreference: "diplomatic",
    priorityFocus: "cost",
    caseType: "Personal Injury",
    caseComplexity: "uncertain",
    timePreference: "planned",
    country: "CA",
  };

  it("stores once: identical repeat is unchanged, different answers are a conflict that changes nothing", async () => {
    expect(await saveAssessment(database.db, a)).toBe("created");
    expect(await saveAssessment(database.db, a)).toBe("unchanged");
    expect(await saveAssessment(database.db, { ...a, priorityFocus: "speed" })).toBe("conflict");
    expect(await getAssessment(database.db, a.sessionId)).toEqual(a);
    const rows = await database.db
      .select()
      .from(clientPersonalities)
      .where(eq(clientPersonalities.sessionId, a.sessionId));
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.personalityTraits ?? "")).toEqual(a.personalityTraits);
    expect(rows[0]?.countryCode).toBe("CA");
  });

  it("stores no country as null and reads it back as absent", async () => {
    const b = { ...a, sessionId: newSessionId(), country: undefined };
    expect(await saveAssessment(database.db, b)).toBe("created");
    expect(await getAssessment(database.db, b.sessionId)).toEqual({ ...b, country: undefined });
  });

  it("answers null for an unknown or malformed session", async () => {
    expect(await getAssessment(database.db, "1700000000000-unknown")).toBeNull();
    expect(await getMatches(database.db, "1700000000000-unknown")).toBeNull();
    expect(await getInsights(database.db, "not a session")).toBeNull();
  });

  it("matches and insights of a stored session", async () => {
    const matches = await getMatches(database.db, a.sessionId);
    expect(matches?.length).toBeGreaterThan(0);
    for (const m of matches ?? []) expect(m.lawyer.countryCode).toBe("CA");
    expect(await getInsights(database.db, a.sessionId)).toEqual({
      insights: insightsFor(a),
      insightRefs: insightRefsFor(a),
    });
  });

  it("createMatchingService answers what the functions answer, over its database", async () => {
    const matching = createMatchingService({ db: database.db });
    expect(await matching.getAssessment(a.sessionId)).toEqual(await getAssessment(database.db, a.sessionId));
    expect(await matching.getMatches(a.sessionId)).toEqual(await getMatches(database.db, a.sessionId));
    expect(await matching.getInsights(a.sessionId)).toEqual({
      insights: insightsFor(a),
      insightRefs: insightRefsFor(a),
    });
    expect(await matching.saveAssessment(a)).toBe("unchanged");
  });
});

describe("insightsFor", () => {
  it("derives the sentences from the answers alone", () => {
    const a: Assessment = {
      sessionId: "1700000000000-abc",
      personalityTraits: {
        openness: 5,
        conscientiousness: 5,
        extraversion: 5,
        agreeableness: 5,
        neuroticism: 9,
        assertiveness: 5,
        patience: 2,
        techSavvy: 10,
      },
      communicationPreference: "empathetic",
      approachPreference: "methodical",
      priorityFocus: "cost",
      caseType: "Slip & Fall",
      caseComplexity: "complex",
      timePreference: "immediate",
      country: "GB",
    };
    expect(insightsFor(a)).toEqual([
      "For Slip & Fall cases we match verified lawyers in the United Kingdom who list Slip & Fall or Premises Liability.",
      "You prefer empathetic communication: a lawyer who listens, understands how the injury affects your life and explains things patiently will suit you.",
      "You want a methodical approach, so a lawyer who builds the case step by step with thorough documentation fits you.",
      "Cost matters most to you: ask about contingency fees and what you pay if the case is lost.",
      "Your case is complex: lawyers with long experience who prefer complex cases score higher for you. Because you need help immediately, lawyers who can start right away rank higher.",
      "You are comfortable with technology, so a lawyer who shares documents online and answers by email will suit you.",
      "Legal matters can be stressful: a lawyer who explains each step and checks in regularly can make it easier.",
    ]);
    expect(insightsFor({ ...a, caseType: "Personal Injury", country: undefined })[0]).toBe(
      "For General Personal Injury cases we match verified general practices: lawyers who list at least 3 practice areas.",
    );
  });
});
