/**
 * Search domain functions against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): what refreshSearchData builds, how a query is understood, and that a
 * refresh makes new data visible through the caches.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { getDirectoryStats } from "../site/stats.ts";
import { insertFixtures, VERIFIED_FIXTURE_IDS } from "./fixtures.ts";
import {
  createDirectoryService,
  getFacets,
  getLawyer,
  getSuggestions,
  invalidateSearchCaches,
  refreshSearchData,
  searchLawyers,
} from "./index.ts";

let database: Database;
const params = (o: Record<string, string> = {}) => SearchParamsSchema.parse(o);

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe(`verified filter and facet (${TEST_ENGINE}, issue 15 §2)`, () => {
  it("verified=true keeps only listings whose licence check is verified and not past due, in SQL and facts paths", async () => {
    const all = await searchLawyers(database.db, params({ verified: "true", pageSize: "48" }));
    expect(all.total).toBe(VERIFIED_FIXTURE_IDS.length);
    expect(all.lawyers.map((l) => l.id).sort((a, b) => a - b)).toEqual(VERIFIED_FIXTURE_IDS);
    expect(all.lawyers.every((l) => l.verified && l.verification_status === "verified")).toBe(true);
    // Text the facts cannot answer ("Müller"-like names) goes to SQL: the same rule applies there.
    const text = await searchLawyers(database.db, params({ verified: "true", query: "Mendes" }));
    const textAll = await searchLawyers(database.db, params({ query: "Mendes" }));
    expect(text.lawyers.every((l) => VERIFIED_FIXTURE_IDS.includes(l.id))).toBe(true);
    expect(text.total).toBe(textAll.lawyers.filter((l) => l.verified).length);
    // 4 pending, 6 lapsed, 7 rejected: no tick.
    for (const id of [4, 6, 7]) expect((await getLawyer(database.db, id))?.verified).toBe(false);
    expect((await getLawyer(database.db, 4))?.verification_status).toBe("pending");
  });

  it("counts verified listings under every other filter, not its own", async () => {
    const all = await getFacets(database.db, params());
    expect(all.verified).toBe(VERIFIED_FIXTURE_IDS.length);
    const on = await getFacets(database.db, params({ verified: "true" }));
    expect(on.verified).toBe(VERIFIED_FIXTURE_IDS.length);
    expect(on.total).toBe(VERIFIED_FIXTURE_IDS.length);
    const canada = await getFacets(database.db, params({ location: "CA" }));
    const canadaVerified = await searchLawyers(database.db, params({ location: "CA", verified: "true" }));
    expect(canada.verified).toBe(canadaVerified.total);
    expect(canada.verified).toBeLessThan(canada.total);
  });

  it("rejects a verified value that is not true or false", () => {
    expect(SearchParamsSchema.safeParse({ verified: "maybe" }).success).toBe(false);
    expect(SearchParamsSchema.parse({ verified: "on" }).verified).toBe(true);
    expect(SearchParamsSchema.parse({ verified: "false" }).verified).toBe(false);
  });
});

describe(`languages filter and facet (${TEST_ENGINE}, issue 14 §4)`, () => {
  it("finds lawyers who speak ANY of the codes, in the search, its total and the facts path", async () => {
    const res = await searchLawyers(database.db, params({ languages: "fr,de" }));
    expect(res.total).toBe(3);
    expect(res.lawyers.map((l) => l.name).sort()).toEqual([
      "Beatrice Müller",
      "Helene Dubois",
      "Karim Haddad",
    ]);
    expect(res.lawyers.find((l) => l.name === "Karim Haddad")?.languages).toEqual(["fr", "ar", "en"]);
    const withText = await searchLawyers(database.db, params({ languages: "es", query: "Mendes" }));
    expect(withText.lawyers.map((l) => l.name)).toEqual(["Carlos Mendes"]);
  });

  it("counts languages under the other filters, leaving out its own selection, and keeps a selected zero", async () => {
    const all = await getFacets(database.db, params());
    expect(all.languages[0]).toEqual({ value: "en", label: "English", count: 12 });
    expect(all.languages.find((l) => l.value === "fr")).toEqual({ value: "fr", label: "French", count: 2 });
    const canada = await getFacets(database.db, params({ location: "CA", languages: "fr,ko" }));
    expect(canada.total).toBe(1);
    expect(canada.languages.find((l) => l.value === "fr")?.count).toBe(1);
    expect(canada.languages.find((l) => l.value === "es")?.count).toBe(1);
    expect(canada.languages.find((l) => l.value === "ko")).toEqual({
      value: "ko",
      label: "Korean",
      count: 0,
    });
    expect(canada.languages.some((l) => l.value === "ja")).toBe(false);
  });
});

describe(`refreshSearchData (${TEST_ENGINE})`, () => {
  it("builds the lexicon from names, firms, practice areas and places, unaccented, plus domain words", async () => {
    const res = await database.db.execute<{ word: string; frequency: number }>(
      sql`SELECT word, frequency FROM search_lexicon WHERE word IN ('muller', 'toronto', 'accidents', 'ontario', 'montreal', 'injurry', 'personal', 'vehicle')`,
    );
    const lex = Object.fromEntries(res.rows.map((r) => [r.word, Number(r.frequency)]));
    expect(lex).toEqual({
      muller: 2, // name and firm of Beatrice Müller
      toronto: 2,
      accidents: 6, // Car Accidents x5, Motorcycle Accidents x1
      ontario: 3,
      montreal: 1,
      personal: 0, // domain word from the spec's phrases
      vehicle: 0,
    });
  });

  it("builds places per city, state and country with ISO code and lawyer counts", async () => {
    const res = await database.db.execute<{
      kind: string;
      key: string;
      name: string;
      country_code: string;
      lawyer_count: number;
    }>(
      sql`SELECT kind, key, name, country_code, lawyer_count FROM search_places
          WHERE key IN ('toronto', 'ontario', 'canada', 'montreal', 'ile-de-france') ORDER BY kind, key`,
    );
    expect(res.rows.map((r) => ({ ...r, lawyer_count: Number(r.lawyer_count) }))).toEqual([
      { kind: "city", key: "montreal", name: "Montréal", country_code: "CA", lawyer_count: 1 },
      { kind: "city", key: "toronto", name: "Toronto", country_code: "CA", lawyer_count: 2 },
      { kind: "country", key: "canada", name: "Canada", country_code: "CA", lawyer_count: 5 },
      { kind: "state", key: "ile-de-france", name: "Île-de-France", country_code: "FR", lawyer_count: 1 },
      { kind: "state", key: "ontario", name: "Ontario", country_code: "CA", lawyer_count: 3 },
    ]);
  });

  it("makes new listings visible through the caches", async () => {
    const before = await searchLawyers(database.db, params({ location: "Lisbon" }));
    expect(before.total).toBe(0);
    const facetsBefore = await getFacets(database.db, params());
    expect(facetsBefore.total).toBe(12);
    await database.db.insert(lawyers).values({
      name: "Marta Sousa",
      email: "marta@example.test",
      location: "Lisbon, Portugal",
      country: "Portugal",
      countryCode: "PT",
      city: "Lisbon",
      practiceAreas: ["Dog Bites"],
      rating: 4.3,
    });
    await refreshSearchData(database.db);
    const after = await searchLawyers(database.db, params({ location: "Lisbon" }));
    expect(after.lawyers.map((l) => l.name)).toEqual(["Marta Sousa"]);
    expect((await getFacets(database.db, params())).total).toBe(13);
    expect(await getSuggestions(database.db, "lisb")).toEqual(["Lisbon, Portugal"]);
    await database.db.delete(lawyers).where(sql`${lawyers.name} = 'Marta Sousa'`);
    await refreshSearchData(database.db);
    expect((await searchLawyers(database.db, params())).total).toBe(12);
  });

  it("invalidateSearchCaches drops cached totals after a direct write", async () => {
    expect((await searchLawyers(database.db, params({ sort: "name", pageSize: "6" }))).total).toBe(12);
    await database.db.update(lawyers).set({ rating: 0.5 }).where(sql`${lawyers.id} = 12`);
    invalidateSearchCaches(database.db);
    expect((await searchLawyers(database.db, params({ rating: "1", pageSize: "6" }))).total).toBe(11);
    await database.db.update(lawyers).set({ rating: 4.1 }).where(sql`${lawyers.id} = 12`);
    invalidateSearchCaches(database.db);
  });
});

describe(`searchLawyers: understanding (${TEST_ENGINE})`, () => {
  it("reports the split, the synonyms and the corrections", async () => {
    const r = await searchLawyers(database.db, params({ query: "car accident lawyer in Torronto" }));
    expect(r.understood).toEqual({
      subject: "car accident lawyer",
      location: "Torronto",
      corrections: { Torronto: "Toronto" },
      synonyms: ["auto accident", "vehicle accident", "traffic accident"],
      ignoredWords: [],
    });
    expect(r.lawyers.map((l) => l.id)).toEqual([1]);
  });

  it("corrects misspelt words to lexicon words", async () => {
    const r = await searchLawyers(database.db, params({ query: "personel injurry" }));
    expect(r.understood.corrections).toEqual({ personel: "personal", injurry: "injury" });
    expect(r.total).toBe(12);
    const m = await searchLawyers(database.db, params({ query: "Mueller" }));
    expect(m.understood.corrections).toEqual({ mueller: "muller" });
    expect(m.lawyers.map((l) => l.id)).toEqual([2]);
  });

  it("keeps the whole query as subject when the part after 'at' is no place", async () => {
    const r = await searchLawyers(database.db, params({ query: "lawyer at Clarke Injury Law" }));
    expect(r.understood.location).toBeNull();
    expect(r.lawyers.map((l) => l.id)).toEqual([1]);
  });

  it("relevance ranks a name match (A) above a firm or place match (B)", async () => {
    // "Ontario" is the state (B) of lawyers 1, 3 and 10; Aaron's bio (D) names it as well, so he
    // ranks first; Carlos (4.2) and Julia (3.5) tie on rank and follow by rating.
    const r = await searchLawyers(database.db, params({ query: "ontario" }));
    expect(r.lawyers.map((l) => l.id)).toEqual([1, 3, 10]);
  });
});

describe(`getLawyer (${TEST_ENGINE})`, () => {
  it("answers the DTO or null", async () => {
    expect((await getLawyer(database.db, 7))?.name).toBe("George Tanaka");
    expect(await getLawyer(database.db, 999)).toBeNull();
    expect(await getLawyer(database.db, -1)).toBeNull();
    expect(await getLawyer(database.db, 2 ** 40)).toBeNull();
  });
});

describe(`createDirectoryService (${TEST_ENGINE})`, () => {
  it("answers what the functions answer, over its database", async () => {
    const directory = createDirectoryService({ db: database.db });
    const p = params({ sort: "name", pageSize: "6" });
    expect(await directory.searchLawyers(p)).toEqual(await searchLawyers(database.db, p));
    expect(await directory.getFacets(p)).toEqual(await getFacets(database.db, p));
    const first = (await directory.searchLawyers(p)).lawyers[0];
    expect(first && (await directory.getLawyer(first.id))).toEqual(first);
    expect(await directory.getSuggestions("toro")).toEqual(await getSuggestions(database.db, "toro"));
    expect(await directory.getDirectoryStats()).toEqual(await getDirectoryStats(database.db));
  });
});
