/**
 * Issue 28 §1 "The visitor's country first" against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a Brazilian visitor's description of a birth injury lists the Brazilian
 * lawyers first (before this, Zürich, Rome, New York and Auckland, the better rated); a named
 * place, a near point or another sort turns the preference off; the total never changes; the
 * facts path (a common subject, no text) and the database path (other text) agree; "Why this
 * lawyer?" names the country first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { compareByOrder, searchOrder } from "../../lib/ranking.ts";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { getFacets, searchLawyers } from "./index.ts";
import type { SearchContext } from "./service.ts";
import { insertVisitorFixtures } from "./visitor-fixtures.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertVisitorFixtures(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const BIRTH = "meu filho nasceu com uma lesão por erro médico no parto";
const BR: SearchContext = { preferredCountry: "BR", locale: "pt-BR" };
const run = (raw: Record<string, string>, context: SearchContext = {}) =>
  searchLawyers(database.db, SearchParamsSchema.parse({ pageSize: "48", ...raw }), context);
const countries = (list: LawyerDTO[]) => list.map((l) => l.countryCode);

describe(`the visitor's country first (${TEST_ENGINE}, issue 28 §1)`, () => {
  it("lists the Brazilian lawyers first for a Brazilian visitor's description (today: Zürich, Rome, New York, Auckland)", async () => {
    const before = await run({ query: BIRTH });
    expect(before.preferredCountry).toBeNull();
    expect(before.lawyers.slice(0, 4).map((l) => l.city)).toEqual([
      "Zürich",
      "Rome",
      "New York City",
      "Auckland",
    ]);
    const r = await run({ query: BIRTH }, BR);
    expect(r.understood.description).toBeDefined();
    expect(r.preferredCountry).toBe("BR");
    const brazilians = r.lawyers.filter((l) => l.countryCode === "BR").length;
    expect(brazilians).toBeGreaterThan(0);
    expect(countries(r.lawyers).slice(0, brazilians)).toEqual(Array(brazilians).fill("BR"));
    expect(r.total).toBe(before.total);
    // The rest keeps the order without the preference.
    expect(r.lawyers.slice(brazilians).map((l) => l.id)).toEqual(
      before.lawyers.filter((l) => l.countryCode !== "BR").map((l) => l.id),
    );
  });

  it("orders every case by lib/ranking.ts with the country key, in the facts and the database path", async () => {
    const cases: [Record<string, string>, boolean][] = [
      [{}, false], // facts: the rating order
      [{ practiceAreas: "Medical Malpractice" }, false],
      [{ query: "medical malpractice" }, true], // facts: a common subject
      [{ query: "negligent birth" }, true], // the database: other text, ranked once and cached
      [{ query: "patients" }, true],
    ];
    for (const [raw, text] of cases) {
      const r = await run(raw, BR);
      expect(r.preferredCountry, JSON.stringify(raw)).toBe("BR");
      const order = searchOrder("relevance", text, false, true);
      const values = (l: LawyerDTO) => {
        const words = l.why?.find((f) => f.kind === "words");
        return {
          preferredCountry: l.countryCode === "BR" ? 1 : 0,
          relevanceLevel: words && "level" in words ? words.level : null,
          rating: l.rating,
          reviewCount: l.reviewCount,
          id: l.id,
        };
      };
      for (let i = 1; i < r.lawyers.length; i++)
        expect(
          compareByOrder(order, values(r.lawyers[i - 1] as LawyerDTO), values(r.lawyers[i] as LawyerDTO)),
          `${JSON.stringify(raw)} #${i}`,
        ).toBeLessThan(0);
      expect(r.lawyers[0]?.countryCode, JSON.stringify(raw)).toBe("BR");
      // The same search for another country is another order (the ranked ids are cached per country).
      const ch = await run(raw, { preferredCountry: "CH", locale: "pt-BR" });
      if (ch.lawyers.some((l) => l.countryCode === "CH")) expect(ch.lawyers[0]?.countryCode).toBe("CH");
      expect(ch.total).toBe(r.total);
    }
  });

  it("names the country first in 'Why this lawyer?', only for that country's lawyers", async () => {
    const r = await run({ query: "medical malpractice" }, BR);
    for (const l of r.lawyers) {
      if (l.countryCode === "BR") expect(l.why?.[0]).toEqual({ kind: "country", countryCode: "BR" });
      else expect(l.why?.some((f) => f.kind === "country")).toBe(false);
    }
  });

  it("does not apply when a place is named, near is set or another sort is chosen", async () => {
    const cases: Record<string, string>[] = [
      { location: "IT" },
      { query: "medical malpractice in Rome" },
      { query: "advogado erro médico Zürich" },
      { query: "meu filho nasceu com uma lesão por erro médico no parto em Zürich" },
      { near: "-23.55,-46.63" },
      { near: "-23.55,-46.63", radiusKm: "50", query: BIRTH },
      { sort: "rating" },
      { sort: "name", query: "medical malpractice" },
    ];
    for (const raw of cases) {
      const r = await run(raw, BR);
      expect(r.preferredCountry, JSON.stringify(raw)).toBeNull();
      expect(
        r.lawyers.map((l) => l.id),
        JSON.stringify(raw),
      ).toEqual((await run(raw)).lawyers.map((l) => l.id));
    }
  });

  it("changes no count: the facets are the same for every country", async () => {
    const params = SearchParamsSchema.parse({ query: BIRTH });
    const plain = await getFacets(database.db, params, { locale: "pt-BR" });
    expect(await getFacets(database.db, params, BR)).toEqual(plain);
    expect(plain.countries.find((c) => c.value === "BR")?.count).toBe(2);
  });
});
