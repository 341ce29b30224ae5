/**
 * Query understanding against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * typo correction never lands on a stop word, fuzzy places stay close to what was typed, and a
 * subject that is only a country alias or code is the location (docs/search.md). Uses the
 * fixtures plus three lawyers of its own (Barranquilla, München, São Paulo) in its own database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { insertFixtures } from "./fixtures.ts";
import { refreshSearchData, searchLawyers } from "./index.ts";
import { editDistance, maxEdits, trigramSimilarity, trigrams } from "./vocabulary.ts";

let database: Database;
const params = (o: Record<string, string> = {}) => SearchParamsSchema.parse(o);
const search = async (o: Record<string, string>) => {
  const r = await searchLawyers(database.db, params({ sort: "name", pageSize: "48", ...o }));
  return { ...r, ids: r.lawyers.map((l) => l.id) };
};

const EXTRA = [
  { name: "Mateo Ruiz", city: "Barranquilla", state: "Atlántico", country: "Colombia", countryCode: "CO" },
  { name: "Nina Vogel", city: "München", state: "Bavaria", country: "Germany", countryCode: "DE" },
  { name: "Otavio Lima", city: "São Paulo", state: "São Paulo", country: "Brazil", countryCode: "BR" },
];

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db); // ids 1..12
  await database.db.insert(lawyers).values(
    EXTRA.map((e, i) => ({
      ...e,
      firm: `${e.name.split(" ")[1]} Abogados`,
      email: `extra${i}@example.test`,
      location: `${e.city}, ${e.state}, ${e.country}`,
      practiceAreas: ["Car Accidents"],
      rating: 4,
    })),
  ); // ids 13..15
  await refreshSearchData(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe("vocabulary helpers", () => {
  it("computes pg_trgm's similarity", async () => {
    const pairs: [string, string][] = [
      ["torronto", "toronto"],
      ["atlantis", "atlantico"],
      ["okon", "on"],
      ["new yrok", "new york"],
      ["muenchen", "munchen"],
    ];
    for (const [a, b] of pairs) {
      const res = await database.db.execute<{ s: number }>(sql`SELECT similarity(${a}, ${b}) AS s`);
      expect(trigramSimilarity(trigrams(a), trigrams(b))).toBeCloseTo(Number(res.rows[0]?.s), 5);
    }
  });

  it("counts edits with transpositions and allows one per five letters", () => {
    expect(editDistance("torronto", "toronto")).toBe(1);
    expect(editDistance("atlantis", "atlantico")).toBe(2);
    expect(editDistance("toornto", "toronto")).toBe(1);
    expect(maxEdits("atlantis")).toBe(1);
    expect(maxEdits("okon")).toBe(1);
    expect(maxEdits("barranquila")).toBe(2);
  });
});

describe(`typo correction (${TEST_ENGINE})`, () => {
  it("never corrects to a stop word: an unknown word alone matches nothing, beside others it is left out", async () => {
    const okon = await search({ query: "okon" });
    expect(okon.understood.corrections).toEqual({});
    expect(okon.total).toBe(0);
    expect(okon.understood.ignoredWords).toEqual([]);
    expect((await search({ query: "clarke" })).ids).toEqual([1]);
    // Issue 14 §3: one unknown word never empties the results; the response names it.
    const both = await search({ query: "clarke okon" });
    expect(both.ids).toEqual([1]);
    expect(both.understood.ignoredWords).toEqual(["okon"]);
  });

  it("still corrects close misspellings", async () => {
    const r = await search({ query: "Mueller" });
    expect(r.understood.corrections).toEqual({ mueller: "muller" });
    expect(r.ids).toEqual([2]);
    expect((await search({ query: "personel injurry" })).total).toBe(15);
  });

  it("does not read 'Atlantis' as 'Atlantico' (two edits in eight letters)", async () => {
    const r = await search({ query: "injury lawyer in Atlantis" });
    expect(r.understood.corrections).toEqual({});
    expect(r.total).toBe(0);
    expect((await search({ query: "atlantico" })).ids).toEqual([13]);
  });
});

describe(`fuzzy places (${TEST_ENGINE})`, () => {
  it.each([
    ["Atlantis", []],
    ["Torronto", [1, 3]],
    ["Sao Paulo", [15]],
    ["Muenchen", [14]],
    ["Barranquila", [13]],
    ["Atlántico", [13]],
    ["Torronto, Canada", [1, 3]],
  ])("location=%s", async (location, ids) => {
    expect((await search({ location })).ids).toEqual(ids);
  });

  it("reports the corrected place", async () => {
    const r = await search({ query: "car accident lawyer in Torronto" });
    expect(r.understood.corrections).toEqual({ Torronto: "Toronto" });
    expect(r.ids).toEqual([1]);
  });
});

describe(`a subject that is only a country (${TEST_ENGINE})`, () => {
  it.each([
    ["USA", "USA", [5, 9]],
    ["usa lawyers", "usa", [5, 9]],
    ["UK", "UK", [6]],
    ["CA", "CA", [1, 3, 4, 10, 11]],
    ["best lawyers CAN", "CAN", [1, 3, 4, 10, 11]],
    ["personal injury lawyer UK", "UK", [6]],
  ])("query=%s is the location %s", async (query, location, ids) => {
    const r = await search({ query });
    expect(r.understood.location).toBe(location);
    expect(r.ids).toEqual(ids);
  });

  it("matches what the split and the location filter give", async () => {
    expect((await search({ query: "USA" })).ids).toEqual((await search({ query: "lawyers in USA" })).ids);
    expect((await search({ query: "UK" })).ids).toEqual((await search({ location: "UK" })).ids);
  });

  it("keeps words and lower-case codes as words, and the filter wins", async () => {
    const car = await search({ query: "car" });
    expect(car.understood.location).toBeNull();
    expect(car.total).toBe(8); // the Car Accidents listings, not the Central African Republic
    expect((await search({ query: "CAR" })).total).toBe(8);
    expect((await search({ query: "ca" })).understood.location).toBeNull();
    const filtered = await search({ query: "USA", location: "CA" });
    expect(filtered.understood.location).toBeNull();
    expect(filtered.total).toBe(0);
  });
});
