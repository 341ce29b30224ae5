import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { lawyers } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices } from "../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import { ensureLocale } from "../i18n/i18n.ts";
import { statFigures } from "../ui/static/stats.ts";
import { loader as aboutLoader } from "./about.tsx";
import { loader as notFoundLoader } from "./not-found.tsx";

describe(`about page loader (${TEST_ENGINE})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("shows statistics computed from the lawyers in the database", async () => {
    await database.db.insert(lawyers).values([
      {
        name: "Ana Silva",
        email: "ana@example.com",
        location: "Lisbon, Portugal",
        country: "Portugal",
        countryCode: "PT",
        city: "Lisbon",
        rating: 5,
        reviewCount: 3,
        verificationStatus: "verified",
      },
      {
        name: "Jon Berg",
        email: "jon@example.com",
        location: "Oslo, Norway",
        country: "Norway",
        countryCode: "NO",
        city: "Oslo",
        rating: 4,
        reviewCount: 1,
        verified: false,
        verificationStatus: "unverified",
      },
    ]);
    const context = new RouterContextProvider();
    context.set(
      servicesContext,
      createServices({
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
      averageRating: 4.5,
      reviews: 4,
    });
    expect(statFigures(result.stats).map((f) => [f.label, f.value])).toEqual([
      ["Lawyers listed", "2"],
      ["Countries covered", "2"],
      ["Verified listings", "50%"],
      ["Average rating", "4.5 / 5"],
    ]);
  });
});

describe("about page figures", () => {
  it("shows a dash, not 0 / 5, when no lawyer has a review", () => {
    const figures = statFigures({
      lawyers: 0,
      countries: 0,
      verified: 0,
      verifiedShare: 0,
      averageRating: null,
      ratedLawyers: 0,
      reviews: 0,
    });
    expect(figures[3]).toMatchObject({ value: "–", detail: "No lawyer has been reviewed yet." });
    expect(figures[2]?.value).toBe("0%");
  });

  it("formats thousands with separators", () => {
    const figures = statFigures({
      lawyers: 5500,
      countries: 56,
      verified: 4647,
      verifiedShare: 4647 / 5500,
      averageRating: 4.27,
      ratedLawyers: 5500,
      reviews: 942552,
    });
    expect(figures.map((f) => f.value)).toEqual(["5,500", "56", "84%", "4.3 / 5"]);
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
        averageRating: 4.27,
        ratedLawyers: 5500,
        reviews: 942552,
      },
      "de",
    );
    // Intl separates "84 %" with a no-break space.
    expect(figures.map((f) => [f.label, f.value.replace(/\s/g, " ")])).toEqual([
      ["Eingetragene Anwälte", "5.500"],
      ["Abgedeckte Länder", "56"],
      ["Verifizierte Einträge", "84 %"],
      ["Durchschnittliche Bewertung", "4,3 / 5"],
    ]);
    expect(figures[2]?.detail).toBe("4.647 von 5.500 Einträgen haben unsere Prüfung bestanden.");
  });
});

describe("not-found loader", () => {
  it("answers HTTP status 404", () => {
    const result = notFoundLoader() as unknown as { init: ResponseInit | null };
    expect(result.init?.status).toBe(404);
  });
});
