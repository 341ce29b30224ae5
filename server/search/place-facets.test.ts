/**
 * The city and region facets of the browse location filter (issue 19 §2, place-facets.ts) on the
 * search fixtures (PGlite, or PostgreSQL with TEST_DATABASE_URL): counts per place, limited to the
 * location filter's countries, and each option's value filtering exactly its count of lawyers.
 * facts.test.ts compares the facts' answer with the database's for the same requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { getFacets } from "./facets.ts";
import { insertFixtures } from "./fixtures.ts";
import { rankPlaces } from "./place-facets.ts";
import { searchLawyers } from "./search.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
});
afterAll(async () => {
  await database?.close();
});

const facetsOf = (raw: Record<string, string>) => getFacets(database.db, SearchParamsSchema.parse(raw));
const totalOf = async (raw: Record<string, string>) =>
  (await searchLawyers(database.db, SearchParamsSchema.parse(raw))).total;

describe(`place facets (${TEST_ENGINE})`, () => {
  it("counts lawyers per city and region, most first, values 'Name, CC'", async () => {
    const f = await facetsOf({});
    expect(f.cities[0]).toEqual({ value: "Toronto, CA", label: "Toronto", count: 2, countryCode: "CA" });
    expect(f.regions[0]).toEqual({ value: "Ontario, CA", label: "Ontario", count: 3, countryCode: "CA" });
    expect(f.cities.map((c) => c.value)).toContain("Montréal, CA");
    expect(f.regions.map((c) => c.value)).toContain("Île-de-France, FR");
    expect(f.cities.reduce((n, c) => n + c.count, 0)).toBe(f.total);
  });

  it("filters each offered city and region to exactly its count of lawyers", async () => {
    const f = await facetsOf({});
    for (const place of [...f.cities, ...f.regions]) {
      expect(await totalOf({ location: place.value }), place.value).toBe(place.count);
    }
  });

  it("keeps to the location filter's country and counts without the location itself", async () => {
    const inCanada = await facetsOf({ location: "CA" });
    expect(new Set(inCanada.cities.map((c) => c.countryCode))).toEqual(new Set(["CA"]));
    expect(inCanada.cities.map((c) => c.label)).toEqual(["Toronto", "Mississauga", "Montréal", "Vancouver"]);
    // A chosen city leaves its siblings listed with their counts (standard facet counting).
    const inToronto = await facetsOf({ location: "Toronto, CA" });
    expect(inToronto.total).toBe(2);
    expect(inToronto.cities).toEqual(inCanada.cities);
    expect(await totalOf({ location: "Ontario, CA" })).toBe(3);
  });

  it("counts under the other filters", async () => {
    const f = await facetsOf({ practiceAreas: "Car Accidents" });
    const total = f.cities.reduce((n, c) => n + c.count, 0);
    expect(total).toBe(f.total);
    expect(await totalOf({ practiceAreas: "Car Accidents", location: "Toronto, CA" })).toBe(
      f.cities.find((c) => c.value === "Toronto, CA")?.count ?? 0,
    );
  });

  it("does not read a city of another country through the country tag", async () => {
    expect(await totalOf({ location: "Toronto, DE" })).toBe(0);
    expect(await totalOf({ location: "Berlin, DE" })).toBe(1);
  });
});

describe("rankPlaces", () => {
  const counted = Array.from({ length: 60 }, (_, i) => ({
    key: `c${String(i).padStart(2, "0")}`,
    countryCode: i % 2 === 0 ? "DE" : "FR",
    name: `C${String(i).padStart(2, "0")}`,
    count: 100 - i,
  }));

  it("answers the top places, then a selected place beyond them", () => {
    const top = rankPlaces(counted, "city", null, null, 3);
    expect(top.map((p) => p.value)).toEqual(["C00, DE", "C01, FR", "C02, DE"]);
    const c59 = { kind: "city" as const, key: "c59", name: "C59", countryCode: "FR" };
    const selected = [c59];
    expect(rankPlaces(counted, "city", selected, null, 2).map((p) => p.value)).toEqual([
      "C00, DE",
      "C01, FR",
      "C59, FR",
    ]);
    // A selected region is not listed among the cities.
    expect(rankPlaces(counted, "city", [{ ...c59, kind: "state" as const }], null, 2)).toHaveLength(2);
  });

  it("keeps to the given countries and breaks ties by name", () => {
    const tied = [
      { key: "b", countryCode: "DE", name: "B", count: 1 },
      { key: "a", countryCode: "DE", name: "A", count: 1 },
      { key: "z", countryCode: "FR", name: "Z", count: 9 },
    ];
    expect(rankPlaces(tied, "state", null, new Set(["DE"])).map((p) => p.label)).toEqual(["A", "B"]);
  });
});
