/**
 * The multilingual search quality table (issue 14 §3; docs/search.md "Quality table"): every row of
 * the table in docs/search.md runs against a fixture of six lawyers in each of 30 real GeoNames
 * cities (names, regions and coordinates from server/seed/cities.ts), and the first page must be
 * non-empty with precision 1.0 (every lawyer in the expected city with the expected area).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { cityTable } from "../seed/cities.ts";
import { countryName } from "../seed/countries.ts";
import { getSuggestions, refreshSearchData, searchLawyers } from "./index.ts";

/** The fixture's cities: GeoNames main name and ISO code. */
const CITIES: [string, string][] = [
  ["Toronto", "CA"],
  ["London", "GB"],
  ["Munich", "DE"],
  ["New York City", "US"],
  ["Köln", "DE"],
  ["Vienna", "AT"],
  ["Tokyo", "JP"],
  ["São Paulo", "BR"],
  ["Dubai", "AE"],
  ["Muncie", "US"],
  ["Berlin", "DE"],
  ["Hamburg", "DE"],
  ["Zürich", "CH"],
  ["Lyon", "FR"],
  ["Paris", "FR"],
  ["Marseille", "FR"],
  ["Genève", "CH"],
  ["Brussels", "BE"],
  ["Madrid", "ES"],
  ["Barcelona", "ES"],
  ["Mexico City", "MX"],
  ["Rio de Janeiro", "BR"],
  ["Lisbon", "PT"],
  ["Rotterdam", "NL"],
  ["Amsterdam", "NL"],
  ["The Hague", "NL"],
  ["Osaka", "JP"],
  ["Abu Dhabi", "AE"],
  ["Cairo", "EG"],
  ["Milan", "IT"],
];

/** The six practice-area sets of each city's lawyers. */
const AREA_SETS: string[][] = [
  ["Car Accidents"],
  ["Medical Malpractice"],
  ["Workplace Injury", "Slip & Fall"],
  ["Product Liability", "Dog Bites"],
  ["Motorcycle Accidents", "Wrongful Death"],
  ["Premises Liability", "Birth Injury", "Defective Drugs", "Mass Torts"],
];

interface Row {
  n: number;
  lang: string;
  query: string;
  city: string;
  areas: string[] | null;
}

/** The rows between the quality-table markers of docs/search.md. */
function qualityTable(): Row[] {
  const doc = readFileSync(new URL("../../docs/search.md", import.meta.url), "utf8");
  const body = doc.split("<!-- quality-table:start -->")[1]?.split("<!-- quality-table:end -->")[0] ?? "";
  return body
    .split("\n")
    .filter((l) => /^\|\s*\d+\s*\|/.test(l))
    .map((l) => {
      const [n, lang, query, city, area] = l
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim());
      return {
        n: Number(n),
        lang: lang ?? "",
        query: query ?? "",
        city: city ?? "",
        areas: !area || area === "—" ? null : area.split(" / "),
      };
    });
}

let database: Database;
const rows = qualityTable();

beforeAll(async () => {
  database = await openTestDatabase();
  const table = cityTable();
  const values = CITIES.flatMap(([name, code], i) => {
    const city = table.filter((c) => c.city === name && c.iso2 === code).sort((a, b) => b.pop - a.pop)[0];
    if (!city) throw new Error(`no GeoNames city ${name}, ${code}`);
    const country = countryName(code) ?? code;
    return AREA_SETS.map((areas, j) => ({
      name: `Quinn Q${i}x${j}`,
      firm: `Q${i}x${j} Partners`,
      email: `q${i}x${j}@example.test`,
      city: city.city,
      state: city.province || null,
      country,
      countryCode: code,
      location: [city.city, city.province, country].filter(Boolean).join(", "),
      latitude: city.lat,
      longitude: city.lng,
      practiceAreas: areas,
      rating: 4 + j / 10,
      bio: "Represents clients.",
    }));
  });
  await database.db.insert(lawyers).values(values);
  await refreshSearchData(database.db);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe(`search quality table of docs/search.md (${TEST_ENGINE})`, () => {
  it("has at least 60 queries over the eight languages", () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const lang of ["en", "de", "fr", "es", "pt-BR", "nl", "ja", "ar"]) {
      expect(rows.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(6);
    }
  });

  it.each(rows.map((r) => [r.n, r.query, r] as const))("#%i %s", async (_n, _q, row) => {
    const r = await searchLawyers(database.db, SearchParamsSchema.parse({ query: row.query }));
    expect(r.lawyers.length, "first page is empty").toBeGreaterThan(0);
    const good = r.lawyers.filter(
      (l) => l.city === row.city && (!row.areas || row.areas.some((a) => l.practiceAreas.includes(a))),
    );
    expect(good.length / r.lawyers.length, JSON.stringify(r.understood)).toBe(1);
  });
});

describe(`multilingual understanding (${TEST_ENGINE})`, () => {
  const run = (query: string) => searchLawyers(database.db, SearchParamsSchema.parse({ query }));

  it("names the unknown word it left out, and a query of only unknown words matches nothing", async () => {
    const r = await run("Unfallanwalt München xyzzy");
    expect(r.understood.ignoredWords).toEqual(["xyzzy"]);
    expect(r.total).toBe(1);
    expect((await run("xyzzy")).total).toBe(0);
  });

  it("never corrects a real city into another: München is Munich, Muncie stays Muncie", async () => {
    const m = await run("München");
    expect(m.understood.corrections).toEqual({});
    expect(new Set(m.lawyers.map((l) => l.city))).toEqual(new Set(["Munich"]));
    const u = await run("Muncie");
    expect(new Set(u.lawyers.map((l) => l.city))).toEqual(new Set(["Muncie"]));
  });

  it("resolves the location filter in any language and script", async () => {
    for (const location of ["München", "ミュンヘン", "ميونيخ", "Muenchen", "ＭＵＮＣＨＥＮ"]) {
      const r = await searchLawyers(database.db, SearchParamsSchema.parse({ location }));
      expect(r.total, location).toBe(6);
      expect(new Set(r.lawyers.map((l) => l.city)), location).toEqual(new Set(["Munich"]));
    }
    const de = await searchLawyers(database.db, SearchParamsSchema.parse({ location: "Deutschland" }));
    expect(de.total).toBe(24);
  });

  it("resolves a region in another language: Bayern is Bavaria, Nordrhein-Westfalen is North Rhine-Westphalia (issue 14 §3)", async () => {
    for (const location of ["Bayern", "bayern", "Bavaria"]) {
      const r = await searchLawyers(database.db, SearchParamsSchema.parse({ location }));
      expect(r.total, location).toBe(6);
      expect(new Set(r.lawyers.map((l) => l.city)), location).toEqual(new Set(["Munich"]));
    }
    const nrw = await searchLawyers(
      database.db,
      SearchParamsSchema.parse({ location: "Nordrhein-Westfalen" }),
    );
    expect(new Set(nrw.lawyers.map((l) => l.city))).toEqual(new Set(["Köln"]));
    const text = await run("Unfallanwalt Bayern");
    expect(text.total).toBe(1);
    expect(text.lawyers[0]?.city).toBe("Munich");
  });

  it("suggests practice areas in the page's language (spec §9)", async () => {
    expect(await getSuggestions(database.db, "unfall", "de")).toContain("Verkehrsunfälle");
    expect(await getSuggestions(database.db, "accident", "fr")).toContain("Accidents de la route");
    expect(await getSuggestions(database.db, "交通事", "ja")).toEqual(["交通事故"]);
    expect(await getSuggestions(database.db, "حوادث", "ar")).toContain("حوادث السيارات");
    expect((await getSuggestions(database.db, "car acc", "en"))[0]).toBe("car accident lawyers");
    expect((await getSuggestions(database.db, "car acc"))[0]).toBe("car accident lawyers");
  });
});
