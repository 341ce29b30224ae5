/**
 * The directory loader for a visitor in another locale (issue 14 §2), on a real database: the
 * distance unit comes from the region of Accept-Language (miles for en-US and en-GB, km for
 * de-DE), the results carry their distance, and the note on how the search text was read is in
 * the page's language.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../server/clock.ts";
import { loadConfig } from "../../../server/config.ts";
import type { Database } from "../../../server/db/client.ts";
import { lawyers } from "../../../server/db/schema.ts";
import { createLogger } from "../../../server/logger.ts";
import { refreshSearchData } from "../../../server/search/index.ts";
import { createServices } from "../../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../../tests/support/db.ts";
import { servicesContext } from "../../context.ts";
import { ensureLocale } from "../../i18n/i18n";
import { loadDirectory } from "./directory.server";

describe(`directory loader in other locales (${TEST_ENGINE})`, () => {
  let database: Database;
  let context: RouterContextProvider;
  beforeAll(async () => {
    await ensureLocale("de");
    database = await openTestDatabase();
    await database.db.insert(lawyers).values({
      name: "Ana Silva",
      email: "ana@example.com",
      location: "Toronto, Ontario, Canada",
      country: "Canada",
      countryCode: "CA",
      city: "Toronto",
      latitude: 43.65,
      longitude: -79.38,
      rating: 4.5,
      reviewCount: 3,
      practiceAreas: ["Car Accidents"],
      verificationStatus: "verified",
    });
    // Issue 14 §1: a city and region shown in the page's language.
    await database.db.insert(lawyers).values([
      {
        name: "Jonas Weber",
        email: "jonas@example.com",
        location: "Munich, Bavaria, Germany",
        country: "Germany",
        countryCode: "DE",
        city: "Munich",
        state: "Bavaria",
        practiceAreas: ["Car Accidents"],
      },
      {
        name: "Layla Haddad",
        email: "layla@example.com",
        location: "Dubai, Dubai, United Arab Emirates",
        country: "United Arab Emirates",
        countryCode: "AE",
        city: "Dubai",
        state: "Dubai",
        practiceAreas: ["Car Accidents"],
      },
    ]);
    context = new RouterContextProvider();
    context.set(
      servicesContext,
      createServices({
        clock: systemClock,
        db: database.db,
        config: loadConfig({ LOG_LEVEL: "silent" }),
        logger: createLogger("silent"),
      }),
    );
  });
  afterAll(async () => {
    await database.close();
  });

  const load = (url: string, acceptLanguage?: string) =>
    loadDirectory(
      new Request(url, { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} }),
      context,
    );

  it("chooses miles or kilometres by the visitor's Accept-Language region", async () => {
    const near = "http://localhost/de/browse-lawyers?near=43.7%2C-79.4";
    const german = await load(near, "de-DE,de;q=0.9");
    expect(german.distanceUnit).toBe("kilometer");
    expect(german.lawyers[0]?.distanceKm).toBeGreaterThan(0);
    expect((await load(near, "en-US,en;q=0.8")).distanceUnit).toBe("mile");
    expect((await load(near, "en-GB")).distanceUnit).toBe("mile");
    expect((await load(near)).distanceUnit).toBe("kilometer");
  });

  it("words the note on the search text in the page's language", async () => {
    const data = await load("http://localhost/de/browse-lawyers?query=%F0%9F%98%80");
    expect(data.textNotice).toBe(
      "„😀“ enthält keine Buchstaben oder Ziffern, nach denen gesucht werden kann. Daher werden alle passenden Anwälte angezeigt.",
    );
  });

  it("shows each card's city and region in the page's language, chosen on the server (issue 14 §1, issue 28 §2)", async () => {
    const place = async (url: string) => {
      const data = await load(url);
      return Object.fromEntries(data.lawyers.map((l) => [l.name, l.location]));
    };
    const ar = await place("http://localhost/ar/browse-lawyers");
    // The emirate that only repeats its city is named once (issue 28 §2).
    expect(ar["Layla Haddad"]).toBe("دبي، الإمارات العربية المتحدة");
    expect(ar["Jonas Weber"]).toBe("ميونخ، بفاريا، ألمانيا");
    const de = await place("http://localhost/de/browse-lawyers");
    expect(de["Jonas Weber"]).toBe("München, Bayern, Deutschland");
    const ja = await place("http://localhost/ja/browse-lawyers");
    expect(ja["Jonas Weber"]).toBe("ミュンヘン、バイエルン州、ドイツ");
    const en = await place("http://localhost/browse-lawyers");
    expect(en["Jonas Weber"]).toBe("Munich, Bavaria, Germany");
    expect(en["Layla Haddad"]).toBe("Dubai, Dubai, United Arab Emirates");
  });

  it("names the city and region options in the page's language, values unchanged (issue 19 §2)", async () => {
    const places = async (url: string) => {
      const { facets } = await load(url);
      return Object.fromEntries([...facets.cities, ...facets.regions].map((p) => [p.value, p.label]));
    };
    const ar = await places("http://localhost/ar/browse-lawyers");
    expect(ar["Munich, DE"]).toBe("ميونخ");
    expect(ar["Dubai, AE"]).toBe("دبي");
    const de = await places("http://localhost/de/browse-lawyers");
    expect(de["Bavaria, DE"]).toBe("Bayern");
    const en = await places("http://localhost/browse-lawyers");
    expect(en["Munich, DE"]).toBe("Munich");
    expect(en["Bavaria, DE"]).toBe("Bavaria");
    // The value filters to that city (once the search's place vocabulary knows the new rows).
    await refreshSearchData(database.db);
    expect(
      (await load("http://localhost/ar/browse-lawyers?location=Munich%2C+DE")).lawyers.map((l) => l.name),
    ).toEqual(["Jonas Weber"]);
  });
});
