import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { cases, lawyers } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { bumpDataVersion } from "../../server/search/cache.ts";
import { createServices, type Services } from "../../server/services.ts";
import {
  DIRECTORY_STATS_TTL_MS,
  type DirectoryStats,
  directoryStatsSettled,
} from "../../server/site/stats.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { aggregateQueries as aggregates, queriesOf as queriesOn } from "../../tests/support/query-log.ts";
import { insertTestReview } from "../../tests/support/review-fixtures.ts";
import { servicesContext } from "../context.ts";
import { ensureLocale } from "../i18n/i18n.ts";
import { statFigures } from "../ui/static/stats.ts";
import { loader as aboutLoader } from "./about.tsx";
import { loader as notFoundLoader } from "./not-found.tsx";

/** Two listings in two countries. */
const ANA = {
  name: "Ana Silva",
  email: "ana@example.com",
  location: "Lisbon, Portugal",
  country: "Portugal",
  countryCode: "PT",
  city: "Lisbon",
};
const JON = {
  name: "Jon Berg",
  email: "jon@example.com",
  location: "Oslo, Norway",
  country: "Norway",
  countryCode: "NO",
  city: "Oslo",
};

describe(`about page loader (${TEST_ENGINE})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("shows statistics computed from the lawyers in the database", async () => {
    const inserted = await database.db
      .insert(lawyers)
      .values([
        { ...ANA, verified: true, verificationStatus: "verified" },
        { ...JON, verified: false, verificationStatus: "unverified" },
      ])
      .returning({ id: lawyers.id });
    // Issue 16 §1: review figures come from published reviews only (each from its own engagement).
    const [ana, jon] = inserted.map((r) => r.id);
    for (const rating of [5, 5, 3]) await insertTestReview(database.db, ana as number, { rating });
    await insertTestReview(database.db, ana as number, { rating: 1, status: "removed" });
    await insertTestReview(database.db, jon as number, { rating: 4 });
    await insertTestReview(database.db, jon as number, { rating: 2, status: "pending" });
    // Issue 16 §1 "cases handled": counted from the cases table.
    await database.db.insert(cases).values({
      lawyerId: inserted[0]?.id as number,
      caseTitle: "Rear-ended at a light",
      caseType: "Car Accident",
      description: "I was hit from behind while waiting at a red light.",
      clientName: "Mia Costa",
      clientEmail: "mia@example.com",
      clientPhone: "+351912345678",
    });
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
    const result = await aboutLoader({
      context,
      request: new Request("http://localhost/about"),
      params: {},
    } as unknown as Parameters<typeof aboutLoader>[0]);
    expect(result.stats).toMatchObject({
      lawyers: 2,
      countries: 2,
      verified: 1,
      // Ana 13/3 = 4.33 and Jon 4: mean 4.17.
      averageRating: 4.17,
      reviews: 4,
      satisfiedReviews: 3,
    });
    const stats = result.stats as DirectoryStats;
    expect(statFigures(stats).map((f) => [f.label, f.value])).toEqual([
      ["Lawyers listed", "2"],
      ["Countries covered", "2"],
      ["Verified listings", "50%"],
      ["Average rating", "4.2 / 5"],
      // One case sent through the form, and the six reviews' engagements.
      ["Cases sent to lawyers", "7"],
      // Published: 5, 5, 3 and 4; three of four rate 4 or more (the removed 1 and pending 2 do not count).
      ["Client satisfaction", "75%"],
    ]);
    expect(statFigures(stats).at(-1)?.detail).toBe("3 of 4 published verified reviews give 4 stars or more.");
  });
});

/**
 * Issue 29 "No page scans the data per request": the about page's statistics are computed once per
 * data version (server/site/stats.ts cachedDirectoryStats), not by a scan of lawyers, reviews and
 * cases on every request.
 */
describe(`about page statistics are not recounted per request (${TEST_ENGINE})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const queriesOf = (run: () => Promise<unknown>) => queriesOn(database.db, run);

  function aboutRequest(services: Services) {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    return aboutLoader({
      context,
      request: new Request("http://localhost/about"),
      params: {},
    } as unknown as Parameters<typeof aboutLoader>[0]);
  }

  it("makes no aggregate query on a second request, and recounts after the data changes", async () => {
    await database.db.insert(lawyers).values(ANA);
    const clock = createTestClock("2026-03-01T12:00:00Z");
    const services = createServices({
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent" }),
      logger: createLogger("silent"),
      clock,
    });
    const first = await queriesOf(() => aboutRequest(services));
    expect(aggregates(first).length).toBeGreaterThan(0);
    let second: Awaited<ReturnType<typeof aboutRequest>> | undefined;
    const again = await queriesOf(async () => {
      second = await aboutRequest(services);
    });
    expect(aggregates(again)).toEqual([]);
    expect(second?.stats?.lawyers).toBe(1);
    // Eight visitors at once share one computation, or none at all.
    const burst = await queriesOf(() => Promise.all(Array.from({ length: 8 }, () => aboutRequest(services))));
    expect(aggregates(burst)).toEqual([]);

    // A new listing (a new data version): the figures answered meanwhile are the old ones while
    // one recount runs, then the new ones.
    await database.db.insert(lawyers).values(JON);
    // What a write in this process does (server/search/index.ts invalidateSearchCaches): the data
    // version is read again at once (other instances see it within VERSION_CHECK_MS).
    bumpDataVersion(database.db);
    const during = await queriesOf(async () => {
      await Promise.all(Array.from({ length: 4 }, () => aboutRequest(services)));
      await directoryStatsSettled(database.db);
    });
    expect(aggregates(during)).toHaveLength(1);
    expect((await aboutRequest(services)).stats?.lawyers).toBe(2);

    // Cases do not change the data version: the figures are recounted after DIRECTORY_STATS_TTL_MS.
    clock.advance(DIRECTORY_STATS_TTL_MS - 1);
    expect(aggregates(await queriesOf(() => aboutRequest(services)))).toEqual([]);
    clock.advance(1);
    const expired = await queriesOf(async () => {
      await aboutRequest(services);
      await directoryStatsSettled(database.db);
    });
    expect(aggregates(expired)).toHaveLength(1);
  });
});

describe("about page figures", () => {
  it("removes the rating, cases and satisfaction figures when there is no data for them", () => {
    const figures = statFigures({
      lawyers: 0,
      countries: 0,
      verified: 0,
      verifiedShare: 0,
      demo: 0,
      averageRating: null,
      ratedLawyers: 0,
      reviews: 0,
      cases: 0,
      satisfiedReviews: 0,
    });
    // Issue 16 §1: a figure without data is removed, not shown as 0 or a dash.
    expect(figures.map((f) => f.label)).toEqual(["Lawyers listed", "Countries covered", "Verified listings"]);
    expect(figures[2]?.value).toBe("0%");
  });

  it("formats thousands with separators", () => {
    const figures = statFigures({
      lawyers: 5500,
      countries: 56,
      verified: 4647,
      verifiedShare: 4647 / 5500,
      demo: 0,
      averageRating: 4.27,
      ratedLawyers: 5500,
      reviews: 942552,
      cases: 12345,
      satisfiedReviews: 923700,
    });
    // 923,700 / 942,552 = 97.99%: rounded down, never up to a claim the data does not reach.
    expect(figures.map((f) => f.value)).toEqual(["5,500", "56", "84%", "4.3 / 5", "12,345", "97%"]);
  });

  it("says what the verified figure counts and how many listings are demo data (issue 28 §4)", () => {
    const base = {
      lawyers: 5600,
      countries: 62,
      verified: 3100,
      verifiedShare: 3100 / 5600,
      averageRating: null,
      ratedLawyers: 0,
      reviews: 0,
      cases: 0,
      satisfiedReviews: 0,
    };
    const all = statFigures({ ...base, demo: 5600 });
    expect(all[0]?.detail).toBe(
      "Personal injury lawyers in the directory today. All of them are fictional demo listings.",
    );
    expect(all[2]?.detail).toBe(
      "3,100 of 5,600 listings have a licence verified with the regulator that keeps the register.",
    );
    expect(statFigures({ ...base, demo: 1 })[0]?.detail).toContain("1 of them is a fictional demo listing.");
    expect(statFigures({ ...base, demo: 0 })[0]?.detail).not.toContain("demo");
  });
});

describe("about page figures in another language (issue 14 §1)", () => {
  it("writes labels, numbers and percentages the German way", async () => {
    await ensureLocale("de");
    const figures = statFigures(
      {
        lawyers: 5500,
        countries: 56,
        verified: 4647,
        verifiedShare: 4647 / 5500,
        demo: 0,
        averageRating: 4.27,
        ratedLawyers: 5500,
        reviews: 942552,
        cases: 0,
        satisfiedReviews: 0,
      },
      "de",
    );
    // Intl separates "84 %" with a no-break space.
    expect(figures.slice(0, 4).map((f) => [f.label, f.value.replace(/\s/g, " ")])).toEqual([
      ["Eingetragene Anwälte", "5.500"],
      ["Abgedeckte Länder", "56"],
      ["Verifizierte Einträge", "84 %"],
      ["Durchschnittliche Bewertung", "4,3 / 5"],
    ]);
    expect(figures[2]?.detail).toBe(
      "4.647 von 5.500 Einträgen haben eine Zulassung, die bei der registerführenden Stelle verifiziert ist.",
    );
  });
});

describe("not-found loader", () => {
  it("answers HTTP status 404", () => {
    const result = notFoundLoader() as unknown as { init: ResponseInit | null };
    expect(result.init?.status).toBe(404);
  });
});
