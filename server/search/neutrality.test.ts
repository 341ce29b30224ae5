/**
 * Neutrality of ranking (issue 16 §2 "A test proves neutrality"): the same searches and the same
 * assessments, before and after a set of lawyers become premium the way billing makes them so
 * (server/billing/apply.ts applySubscriptionChange with premiumStarted), give the identical
 * order, totals, scores and "Why this lawyer?" factors. Searches and matches go through the
 * services the API and the pages use (server/services.ts: directory.searchLawyers,
 * matching.getMatches of stored sessions). Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 *
 * The test can fail: every search and every match list must contain premium lawyers (so a
 * premium boost would move someone), and a premium-first reordering of the "before" lists is
 * checked to differ from them (so a boost would be seen). Caches are dropped before the "after"
 * run, so the order is computed again from the database, not served from memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { type Assessment, newSessionId } from "../../lib/personality.ts";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { applySubscriptionChange, premiumStarted } from "../billing/apply.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { lawyers, users } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { dropMatchStore } from "../matching/index.ts";
import { generateLawyers } from "../seed/generate.ts";
import { insertLawyers } from "../seed/insert.ts";
import { createServices } from "../services.ts";
import { lawyerColumns, toLawyerDTO } from "./dto.ts";
import { invalidateSearchCaches } from "./index.ts";

let database: Database;
let all: LawyerDTO[];
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertLawyers(database.db, generateLawyers(600, 16), { refresh: true });
  all = (await database.db.select(lawyerColumns).from(lawyers)).map(toLawyerDTO);
  // The services the API and the pages use (server/services.ts), not the modules' inner functions.
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
  });
  for (const a of ASSESSMENTS()) expect(await services.matching.saveAssessment(a)).toBe("created");
});
afterAll(async () => {
  await database?.close();
});

/** The searches: several texts, every relevance case, other sorts, filters, `near`. */
function searches(): Record<string, string>[] {
  const first = all[0] as LawyerDTO;
  const near = `${first.latitude},${first.longitude}`;
  const city = first.city;
  const list: Record<string, string>[] = [
    { query: "car accident" },
    { query: "medical malpractice lawyers" },
    { query: "wrongful death", sort: "rating" },
    { query: city },
    { query: `${first.firm.split(" ")[0]}` },
    { query: "car accident", near },
    {},
    { sort: "rating" },
    { sort: "reviews" },
    { sort: "experience", practiceAreas: "Workplace Injury" },
    { verified: "true", rating: "4" },
    { near },
    { near, radiusKm: "500", sort: "relevance" },
    { location: first.countryCode },
  ];
  return list.map((p) => ({ pageSize: "48", ...p }));
}

/** The assessments: several answers, with and without a country and a preferred language (made once). */
let made: Assessment[] | undefined;
function ASSESSMENTS(): Assessment[] {
  made ??= assessments();
  return made;
}

function assessments(): Assessment[] {
  const traits = (v: number) => ({
    openness: v,
    conscientiousness: 10 - v,
    extraversion: v,
    agreeableness: 7,
    neuroticism: 3,
    assertiveness: v,
    patience: 6,
    techSavvy: 4,
  });
  const base = {
    communicationPreference: "direct",
    approachPreference: "aggressive",
    priorityFocus: "results",
    caseComplexity: "complex",
    timePreference: "immediate",
  } as const;
  return [
    { ...base, sessionId: newSessionId(), personalityTraits: traits(8), caseType: "Car Accidents" },
    {
      ...base,
      sessionId: newSessionId(),
      personalityTraits: traits(3),
      caseType: "Medical Malpractice",
      communicationPreference: "empathetic",
      timePreference: "flexible",
    },
    {
      ...base,
      sessionId: newSessionId(),
      personalityTraits: traits(5),
      caseType: "Personal Injury",
      language: "en",
    },
    {
      ...base,
      sessionId: newSessionId(),
      personalityTraits: traits(6),
      caseType: "Workplace Injury",
      country: (all[0] as LawyerDTO).countryCode,
    },
  ] as Assessment[];
}

/** Everything an order shows: ids, totals, scores and factors. */
async function runAll() {
  const s = [];
  for (const p of searches()) {
    const r = await services.directory.searchLawyers(SearchParamsSchema.parse(p));
    s.push({ params: p, total: r.total, ids: r.lawyers.map((l) => l.id), why: r.lawyers.map((l) => l.why) });
  }
  const m = [];
  for (const a of ASSESSMENTS()) {
    const list = (await services.matching.getMatches(a.sessionId)) ?? [];
    m.push(
      list.map((x) => ({
        id: x.lawyerId,
        overall: x.overallScore,
        subs: [
          x.personalityScore,
          x.communicationScore,
          x.approachScore,
          x.focusScore,
          x.availabilityScore,
          x.experienceScore,
        ],
        refs: x.explanationRefs,
      })),
    );
  }
  return { searches: s, matches: m };
}

/** Moves `premium` ids to the front of `ids`, order kept otherwise: what a paid boost would do. */
function premiumFirst(ids: number[], premium: Set<number>): number[] {
  return [...ids.filter((id) => premium.has(id)), ...ids.filter((id) => !premium.has(id))];
}

describe(`ranking neutrality (${TEST_ENGINE}, issue 16 §2)`, () => {
  it("the same searches and assessments give the identical order after lawyers become premium", async () => {
    const before = await runAll();
    for (const s of before.searches) expect(s.ids.length, JSON.stringify(s.params)).toBeGreaterThan(1);
    for (const m of before.matches) expect(m.length).toBeGreaterThan(1);

    // The premium set: the lower half of every list (the lawyers a boost would move up), so each
    // list holds premium lawyers placed after free ones.
    const premium = new Set<number>();
    for (const ids of [
      ...before.searches.map((s) => s.ids),
      ...before.matches.map((m) => m.map((x) => x.id)),
    ])
      for (const id of ids.slice(Math.ceil(ids.length / 2))) premium.add(id);
    for (const id of premium) {
      const [user] = await database.db
        .insert(users)
        .values({
          email: `premium-${id}@example.com`,
          password: "not-a-hash",
          firstName: "Premium",
          lastName: `Lawyer ${id}`,
          role: "lawyer",
          lawyerId: id,
        })
        .returning({ id: users.id });
      const start = new Date("2026-11-01T00:00:00Z");
      const end = new Date("2026-12-01T00:00:00Z");
      await applySubscriptionChange(
        database.db,
        user?.id as string,
        premiumStarted(`test_sub_${id}`, start, end),
      );
    }
    const premiumUsers = await database.db
      .select({ tier: users.subscriptionTier, status: users.subscriptionStatus })
      .from(users);
    expect(premiumUsers.length).toBe(premium.size);
    expect(premiumUsers.every((u) => u.tier === "premium" && u.status === "active")).toBe(true);

    // The test could fail: every list holds premium lawyers behind free ones, so a boost would show.
    for (const s of before.searches) {
      expect(
        s.ids.some((id) => premium.has(id)),
        JSON.stringify(s.params),
      ).toBe(true);
      expect(premiumFirst(s.ids, premium), JSON.stringify(s.params)).not.toEqual(s.ids);
    }
    for (const m of before.matches) {
      const ids = m.map((x) => x.id);
      expect(premiumFirst(ids, premium)).not.toEqual(ids);
    }

    // Computed again from the database, not from a cache.
    invalidateSearchCaches(database.db);
    dropMatchStore(database.db);
    const after = await runAll();
    expect(after).toEqual(before);
  });
});
