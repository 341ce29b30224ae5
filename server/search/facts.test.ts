/**
 * The search facts (facts.ts) against the database they summarise (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): every total they answer equals the database's own count, and a common
 * subject's relevance page equals the database's level order.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { searchConditions, whereAll } from "./conditions.ts";
import { facetsFromDatabase, facetsFromFacts } from "./facets.ts";
import { dropFacts, getFacts } from "./facts.ts";
import { setFactsBuildChunk } from "./facts-build.ts";
import { factsCount, factsGroupPage, factsRatingPage } from "./facts-count.ts";
import { factsFilter } from "./facts-filter.ts";
import { subjectOf } from "./facts-layout.ts";
import { FIXTURES, insertFixtures } from "./fixtures.ts";
import { levelSql, orderSql } from "./search.ts";
import { understand } from "./understand.ts";
import { filterQuery } from "./understanding.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
});
afterAll(async () => {
  await database?.close();
});

const CASES: Record<string, string>[] = [
  {},
  { query: "car accident lawyer in Toronto" },
  { query: "auto accident attorney", location: "Canada" },
  { query: "medical malpractice" },
  { query: "wrongful death" },
  { query: "slip and fall" },
  { location: "Ontario" },
  { location: "Torronto" },
  { location: "CA" },
  { practiceAreas: "Car Accidents,Dog Bites" },
  { languages: "fr,de" },
  { languages: "es", location: "CA", experience: "5" },
  { experience: "10", rating: "4.5" },
  { verified: "true" },
  { verified: "true", location: "CA", query: "car accident" },
  { verified: "true", languages: "fr,de", experience: "5" },
  { near: "43.6532,-79.3832", radiusKm: "50" },
  { near: "43.6532,-79.3832", radiusKm: "600", query: "car accident" },
  // Issue 19 §1: fees and first meeting.
  { freeConsultation: "true" },
  { feeModel: "contingency" },
  { feeModel: "hourly", location: "CA" },
  { feeModel: "legalAid", verified: "true" },
  { freeConsultation: "true", feeModel: "contingency", query: "car accident" },
  { freeConsultation: "true", feeModel: "contingency", location: "Ontario", languages: "fr,es" },
  // Issue 19 §2: the browse filter's city and region values.
  { location: "Toronto, CA" },
  { location: "Ontario, CA", practiceAreas: "Car Accidents" },
  { location: "Montréal, CA", languages: "fr" },
];

describe(`search facts (${TEST_ENGINE})`, () => {
  it.each(CASES)("counts %j exactly like the database", async (raw) => {
    const db = database.db;
    const params = SearchParamsSchema.parse(raw);
    const u = await understand(db, params);
    const facts = await getFacts(db);
    const test = factsFilter(facts, params, u);
    expect(test).not.toBeNull();
    if (!test) return;
    const res = await db.execute<{ n: number | string }>(
      sql`SELECT count(*) AS n FROM ${lawyers} WHERE ${whereAll(searchConditions(params, u))}`,
    );
    expect(factsCount(facts, test)).toBe(Number(res.rows[0]?.n));
  });

  it("counts the fee filters of issue 19 §1 as the fixtures state them", async () => {
    const db = database.db;
    const count = async (raw: Record<string, string>) => {
      const params = SearchParamsSchema.parse(raw);
      const u = await understand(db, params);
      const test = factsFilter(await getFacts(db), params, u);
      if (!test) throw new Error("no facts filter");
      return factsCount(await getFacts(db), test);
    };
    expect(await count({ freeConsultation: "true" })).toBe(5);
    expect(await count({ feeModel: "contingency" })).toBe(5);
    expect(await count({ feeModel: "hourly" })).toBe(4);
    expect(await count({ feeModel: "legalAid" })).toBe(3);
    expect(await count({ feeModel: "fixed" })).toBe(0);
    const params = SearchParamsSchema.parse({ freeConsultation: "true" });
    const facets = facetsFromFacts(await getFacts(db), params, await understand(db, params));
    expect(facets?.freeConsultation).toBe(5);
    // The fee-model counts leave out no filter but their own: 5 of the free consultations offer no win, no fee.
    expect(facets?.feeModels).toEqual([
      { value: "contingency", label: "contingency", count: 5 },
      { value: "hourly", label: "hourly", count: 2 },
      { value: "fixed", label: "fixed", count: 0 },
      { value: "legalAid", label: "legalAid", count: 0 },
    ]);
    expect(facets?.total).toBe(5);
  });

  it("leaves other text to the database", async () => {
    const u = await understand(database.db, { query: "Müller" });
    expect(subjectOf(u)).toBe(-1);
    const facts = await getFacts(database.db);
    expect(factsFilter(facts, SearchParamsSchema.parse({ query: "Müller" }), u)).toBeNull();
  });

  it("orders a subject's page like the database's relevance levels", async () => {
    const db = database.db;
    const params = SearchParamsSchema.parse({ query: "car accident" });
    const u = await understand(db, params);
    const facts = await getFacts(db);
    const test = factsFilter(facts, params, u);
    const fq = filterQuery(u);
    if (!test || !fq) throw new Error("car accident is a common subject");
    const res = await db.execute<{ id: number }>(sql`
      SELECT id FROM ${lawyers} WHERE ${lawyers.searchVector} @@ ${fq}
      ORDER BY CASE WHEN ts_filter(search_vector, '{a}') @@ ${fq} THEN 1
                    WHEN ts_filter(search_vector, '{a,b}') @@ ${fq} THEN 2 ELSE 3 END,
               rating DESC, review_count DESC, id`);
    const expected = res.rows.map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThan(1);
    const page = factsGroupPage(facts, subjectOf(u), test, 0, 48);
    expect(page.ids).toEqual(expected);
    expect(page.total).toBe(expected.length);
    expect(factsGroupPage(facts, subjectOf(u), test, 1, 2).ids).toEqual(expected.slice(1, 3));
  });

  it.each(CASES.filter((c) => !c.query && !c.near))(
    "pages %j in the rating order exactly like the database",
    async (raw) => {
      const db = database.db;
      const params = SearchParamsSchema.parse(raw);
      const u = await understand(db, params);
      const facts = await getFacts(db);
      const test = factsFilter(facts, params, u);
      if (!test) throw new Error("a search without text is answered by the facts");
      const res = await db.execute<{ id: number }>(sql`
        SELECT id FROM ${lawyers} WHERE ${whereAll(searchConditions(params, u))}
        ORDER BY rating DESC NULLS LAST, review_count DESC NULLS LAST, id`);
      const expected = res.rows.map((r) => Number(r.id));
      expect(expected.length).toBeGreaterThan(0);
      expect(factsRatingPage(facts, test, 0, 48)).toEqual(expected.slice(0, 48));
      expect(factsRatingPage(facts, test, 2, 3)).toEqual(expected.slice(2, 5));
      expect(factsRatingPage(facts, test, expected.length, 10)).toEqual([]);
    },
  );

  // Issue 18 §1: the facets of a request the facts know are counted over them; they must equal
  // the database's five GROUP BY queries in every count, label and order.
  it.each([
    ...CASES,
    {
      location: "CA",
      practiceAreas: "Car Accidents",
      languages: "fr",
      verified: "true",
      respondsWithin24h: "true",
    },
    { location: "CA", freeConsultation: "true", feeModel: "hourly", practiceAreas: "Car Accidents" },
  ])("counts the facets of %j exactly like the database", async (raw) => {
    const db = database.db;
    const params = SearchParamsSchema.parse(raw);
    const u = await understand(db, params);
    const facts = await getFacts(db);
    const fromFacts = facetsFromFacts(facts, params, u);
    expect(fromFacts).not.toBeNull();
    expect(fromFacts).toEqual(await facetsFromDatabase(db, params, u));
  });

  // Issue 28 §1: the visitor's country first, in both paths. The expected order is the database's
  // ORDER BY that search.ts builds from lib/ranking.ts (orderSql), so the two paths cannot differ.
  const COUNTRIES = [...new Set(FIXTURES.map((f) => f.countryCode)), "BR"];
  const databaseOrder = async (params: ReturnType<typeof SearchParamsSchema.parse>, country: string) => {
    const db = database.db;
    const u = await understand(db, params);
    const fq = filterQuery(u);
    const order = orderSql("relevance", fq ? levelSql(fq) : null, undefined, country);
    const res = await db.execute<{ id: number }>(sql`
      SELECT ${lawyers.id} AS id FROM ${lawyers} WHERE ${whereAll(searchConditions(params, u))}
      ORDER BY ${sql.join(order, sql`, `)}`);
    return { u, ids: res.rows.map((r) => Number(r.id)) };
  };

  it.each(COUNTRIES)(
    "lists the lawyers of %s first, without text and with a subject, like the database",
    async (country) => {
      const db = database.db;
      const facts = await getFacts(db);
      for (const raw of [{}, { practiceAreas: "Car Accidents,Medical Malpractice" }, { verified: "true" }]) {
        const params = SearchParamsSchema.parse(raw);
        const { u, ids } = await databaseOrder(params, country);
        const test = factsFilter(facts, params, u);
        if (!test) throw new Error("no facts filter");
        expect(factsRatingPage(facts, test, 0, 48, country), JSON.stringify(raw)).toEqual(ids.slice(0, 48));
        expect(factsRatingPage(facts, test, 1, 3, country)).toEqual(ids.slice(1, 4));
      }
      for (const query of ["car accident", "medical malpractice", "wrongful death"]) {
        const params = SearchParamsSchema.parse({ query });
        const { u, ids } = await databaseOrder(params, country);
        const test = factsFilter(facts, params, u);
        if (!test) throw new Error(`${query} is a common subject`);
        const page = factsGroupPage(facts, subjectOf(u), test, 0, 48, country);
        expect(page.ids, query).toEqual(ids.slice(0, 48));
        expect(page.total).toBe(ids.length);
        expect(factsGroupPage(facts, subjectOf(u), test, 2, 2, country).ids).toEqual(ids.slice(2, 4));
      }
      // The country's lawyers really come first.
      const all = await databaseOrder(SearchParamsSchema.parse({}), country);
      const inCountry = FIXTURES.filter((f) => f.countryCode === country).length;
      const firstIds = new Set(all.ids.slice(0, inCountry));
      FIXTURES.forEach((f, i) => {
        if (f.countryCode === country) expect(firstIds.has(i + 1)).toBe(true);
      });
    },
  );

  it("pages any filter set with any visitor's country like the database (property, issue 28 §1)", async () => {
    const db = database.db;
    const facts = await getFacts(db);
    const raw = fc.record(
      {
        query: fc.constantFrom("car accident", "medical malpractice", "slip and fall", "dog bite"),
        practiceAreas: fc.constantFrom("Car Accidents", "Dog Bites,Slip & Fall", "Medical Malpractice"),
        location: fc.constantFrom("CA", "Ontario"),
        verified: fc.constantFrom("true", "false"),
        experience: fc.constantFrom("0", "5", "15"),
        languages: fc.constantFrom("fr", "en,es"),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        raw,
        fc.constantFrom(...COUNTRIES),
        fc.nat(12),
        fc.integer({ min: 1, max: 12 }),
        async (r, country, offset, limit) => {
          const params = SearchParamsSchema.parse(r);
          const { u, ids } = await databaseOrder(params, country);
          const test = factsFilter(facts, params, u);
          if (!test) return;
          const g = subjectOf(u);
          const got =
            g >= 0
              ? factsGroupPage(facts, g, test, offset, limit, country).ids
              : factsRatingPage(facts, test, offset, limit, country);
          expect(got).toEqual(ids.slice(offset, offset + limit));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("builds the same facts when read in chunks smaller than the data (issue 18 §1)", async () => {
    const db = database.db;
    const whole = await getFacts(db);
    const before = setFactsBuildChunk(4);
    try {
      dropFacts(db);
      const chunked = await getFacts(db);
      expect(chunked).not.toBe(whole);
      expect(chunked.n).toBe(whole.n);
      expect(Array.from(chunked.ids)).toEqual(Array.from(whole.ids));
      expect(Array.from(chunked.groupA)).toEqual(Array.from(whole.groupA));
      expect(Array.from(chunked.langList)).toEqual(Array.from(whole.langList));
      for (const raw of CASES) {
        const params = SearchParamsSchema.parse(raw);
        const u = await understand(db, params);
        const a = factsFilter(whole, params, u);
        const b = factsFilter(chunked, params, u);
        if (!a || !b) throw new Error("no facts filter");
        expect(factsRatingPage(chunked, b, 0, 48)).toEqual(factsRatingPage(whole, a, 0, 48));
        expect(factsCount(chunked, b)).toBe(factsCount(whole, a));
      }
    } finally {
      setFactsBuildChunk(before);
      dropFacts(db);
    }
  });
});
