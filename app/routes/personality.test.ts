/**
 * Loaders of the assessment wizard and the matches page (issue 5 "The wizard", "Matches page";
 * spec §2, §7, §8) against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and
 * the real matching service: the wizard's countries and its Accept-Language default; the matches
 * page's ranked matches and insights, its 404 for a malformed or unknown session, and its
 * 'Error Loading Matches' state (HTTP 503) when the database fails twice.
 */
import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Assessment, newSessionId } from "../../lib/personality.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { lawyers } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { saveAssessment } from "../../server/matching/index.ts";
import { createServices } from "../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import { MATCH_CARD_FIELDS, type MatchesData } from "../features/assessment/matches.ts";
import { loader as wizardLoader } from "./personality-assessment.tsx";
import { loader as matchesLoader } from "./personality-matches.tsx";

const TRAITS = {
  openness: 6,
  conscientiousness: 8,
  extraversion: 5,
  agreeableness: 7,
  neuroticism: 3,
  assertiveness: 6,
  patience: 7,
  techSavvy: 8,
};

/** A verified general practice in `countryCode` with the given personality attributes. */
function lawyer(n: number, countryCode: "CA" | "GB", country: string, verified = true) {
  return {
    name: `Lawyer ${n}`,
    firm: `Firm ${n}`,
    email: `lawyer${n}@example.test`,
    phone: "+14165550100",
    location: `City ${n}, ${country}`,
    country,
    countryCode,
    city: `City ${n}`,
    experience: 5 + n,
    rating: 4,
    reviewCount: 10 + n,
    bio: `Bio of lawyer ${n}.`,
    practiceAreas: ["Car Accidents", "Slip & Fall", "Workplace Injury"],
    workingHours: "Mon-Fri 9:00-17:00",
    verified,
    verificationStatus: verified ? "verified" : "unverified",
    personalityTraits: TRAITS,
    communicationStyle: n % 2 === 0 ? "direct" : "empathetic",
    approachStyle: "methodical",
    clientFocus: "results",
    availabilityLevel: "flexible",
    caseComplexityPreference: "complex",
  };
}

function contextFor(database: Database) {
  const context = new RouterContextProvider();
  context.set(
    servicesContext,
    createServices({
      clock: systemClock,
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent" }),
      logger: createLogger("silent"),
    }),
  );
  return context;
}

type WizardArgs = Parameters<typeof wizardLoader>[0];
type MatchesArgs = Parameters<typeof matchesLoader>[0];

async function loadMatches(
  context: RouterContextProvider,
  sessionId: string,
  prefix = "",
  acceptLanguage?: string,
) {
  const headers: Record<string, string> = acceptLanguage ? { "Accept-Language": acceptLanguage } : {};
  const result = (await matchesLoader({
    context,
    request: new Request(`http://localhost${prefix}/personality-matches/${sessionId}`, { headers }),
    params: { sessionId },
  } as unknown as MatchesArgs)) as unknown as { data: MatchesData; init: ResponseInit | null };
  return result;
}

/** The status of what the loader threw (a React Router data() error response). */
async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (isRouteErrorResponse(error)) return error.status;
    const init = (error as { init?: ResponseInit }).init;
    if (init?.status) return init.status;
    throw error;
  }
  throw new Error("the loader did not throw");
}

describe(`personality pages' loaders (${TEST_ENGINE})`, () => {
  let database: Database;
  let context: RouterContextProvider;
  const assessment = (country?: string): Assessment => ({
    sessionId: newSessionId(),
    personalityTraits: TRAITS,
    communicationPreference: "direct",
    approachPreference: "methodical",
    priorityFocus: "results",
    caseType: "Personal Injury",
    caseComplexity: "complex",
    timePreference: "flexible",
    ...(country ? { country } : {}),
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .insert(lawyers)
      .values([
        lawyer(1, "CA", "Canada"),
        lawyer(2, "CA", "Canada"),
        lawyer(3, "GB", "United Kingdom"),
        lawyer(4, "GB", "United Kingdom", false),
      ]);
    context = contextFor(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("wizard: countries with lawyers sorted by name, the default from Accept-Language", async () => {
    const load = (acceptLanguage?: string) =>
      wizardLoader({
        context,
        request: new Request("http://localhost/personality-assessment", {
          headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {},
        }),
        params: {},
      } as unknown as WizardArgs);
    const plain = await load();
    expect(plain.countries).toEqual([
      { value: "CA", label: "Canada" },
      { value: "GB", label: "United Kingdom" },
    ]);
    expect(plain.defaultCountry).toBe("");
    expect((await load("en-GB,en;q=0.9")).defaultCountry).toBe("GB");
    expect((await load("fr-CA")).defaultCountry).toBe("CA");
    // A country without lawyers, or a bare language, selects nothing.
    expect((await load("de-DE,fr;q=0.8")).defaultCountry).toBe("");
  });

  it("wizard: the countries named and sorted in the page's language (issue 14 §1)", async () => {
    const load = (path: string) =>
      wizardLoader({
        context,
        request: new Request(`http://localhost${path}`),
        params: {},
      } as unknown as WizardArgs);
    expect((await load("/ja/personality-assessment")).countries).toEqual([
      { value: "GB", label: "イギリス" },
      { value: "CA", label: "カナダ" },
    ]);
    expect((await load("/de/personality-assessment")).countries.map((c) => c.label)).toEqual([
      "Kanada",
      "Vereinigtes Königreich",
    ]);
  });

  it("matches: the ranked matches of a stored session and its insights", async () => {
    const a = assessment("CA");
    expect(await saveAssessment(database.db, a)).toBe("created");
    const { data, init } = await loadMatches(context, a.sessionId);
    expect(init?.status ?? 200).toBe(200);
    expect(data.state).toBe("ok");
    expect(data.matches.map((m) => m.lawyer.name).sort()).toEqual(["Lawyer 1", "Lawyer 2"]);
    // Lawyer 2 communicates directly like the client: ranked first.
    expect(data.matches[0]?.lawyer.name).toBe("Lawyer 2");
    for (const m of data.matches) {
      expect(m.lawyerId).toBe(m.lawyer.id);
      expect(m.overallScore).toBeGreaterThanOrEqual(0);
      expect(m.overallScore).toBeLessThanOrEqual(10);
      // The page shows the explanation from its references in its own language; the English text
      // travels only when there are none (issue 29: hydration data counts too).
      expect(m.explanationRefs.length > 0 || m.explanation.length > 0).toBe(true);
      if (m.explanationRefs.length > 0) expect(m.explanation).toBe("");
    }
    expect(data.insights.length).toBeGreaterThan(0);
  });

  it("matches: each lawyer carries only the fields its card shows (issue 29: hydration data counts too)", async () => {
    const a = assessment("CA");
    expect(await saveAssessment(database.db, a)).toBe("created");
    const { data } = await loadMatches(context, a.sessionId);
    expect(data.matches.length).toBeGreaterThan(0);
    for (const m of data.matches) {
      expect(Object.keys(m.lawyer).sort()).toEqual([...MATCH_CARD_FIELDS].sort());
      expect(m.lawyer).not.toHaveProperty("personalityTraits");
      expect(m.lawyer).not.toHaveProperty("business_address");
    }
  });

  it("matches: each lawyer's place in the page's language (issue 14 §1): the country in Arabic, English unchanged", async () => {
    const a = assessment("CA");
    await saveAssessment(database.db, a);
    const ar = await loadMatches(context, a.sessionId, "/ar");
    expect(ar.data.matches.map((m) => m.lawyer.location).sort()).toEqual(["City 1، كندا", "City 2، كندا"]);
    const en = await loadMatches(context, a.sessionId);
    expect(en.data.matches.map((m) => m.lawyer.location).sort()).toEqual([
      "City 1, Canada",
      "City 2, Canada",
    ]);
  });

  it("matches: each phone written for the visitor (issue 14 §2), the tel: link always E.164", async () => {
    const a = assessment("CA");
    await saveAssessment(database.db, a);
    const inCanada = (await loadMatches(context, a.sessionId, "", "en-CA,en;q=0.9")).data;
    const inGermany = (await loadMatches(context, a.sessionId, "", "de-DE,de;q=0.9")).data;
    const noRegion = (await loadMatches(context, a.sessionId, "", "ja")).data;
    expect(inCanada.matches[0]?.phone).toEqual({ text: "(416) 555-0100", href: "tel:+14165550100" });
    expect(inGermany.matches[0]?.phone).toEqual({ text: "+1 416 555 0100", href: "tel:+14165550100" });
    expect(noRegion.matches[0]?.phone).toEqual({ text: "+1 416 555 0100", href: "tel:+14165550100" });
  });

  it("matches: an empty list when no verified lawyer fits (the page's empty state)", async () => {
    const a = { ...assessment("GB"), caseType: "Medical Malpractice" as const };
    await saveAssessment(database.db, a);
    const { data } = await loadMatches(context, a.sessionId);
    expect(data).toMatchObject({ state: "ok", matches: [] });
  });

  it("matches: 404 for a malformed or unknown session id", async () => {
    expect(await thrownStatus(loadMatches(context, "not a session"))).toBe(404);
    expect(await thrownStatus(loadMatches(context, "../../etc"))).toBe(404);
    expect(await thrownStatus(loadMatches(context, newSessionId()))).toBe(404);
  });

  it("matches: 'Error Loading Matches' (503) when the database fails on both attempts", async () => {
    const broken = await openTestDatabase();
    const brokenContext = contextFor(broken);
    await broken.close();
    const started = Date.now();
    const { data, init } = await loadMatches(brokenContext, newSessionId());
    expect(init?.status).toBe(503);
    expect(data).toEqual({ state: "error", matches: [], insights: [] });
    // One retry after 1 second (spec §7).
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});
