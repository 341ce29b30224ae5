/**
 * The demo names in their own scripts can be searched for (issue 14 §3, §4): a Greek family name
 * in Greek letters, with or without accents and in capitals; a Korean name in Hangul written
 * together (김민준); a Hebrew family name; an Icelandic name typed without its letters ð and ó.
 * Real generated rows in a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), searched
 * through the directory's own search (server/search).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { searchLawyers } from "../search/index.ts";
import { generateLawyers, type NewLawyer } from "./generate.ts";
import { insertLawyers } from "./insert.ts";

let database: Database;
let rows: NewLawyer[];

beforeAll(async () => {
  database = await openTestDatabase();
  rows = generateLawyers(6000).filter((r) => ["GR", "KR", "IL", "IS"].includes(r.countryCode));
  // The example name, as a Greek listing of its own.
  const greek = rows.find((r) => r.countryCode === "GR") as NewLawyer;
  rows.push({ ...greek, name: "Γιώργος Παπαδόπουλος", email: "giorgos.papadopoulos@search-gr.example" });
  await insertLawyers(database.db, rows);
});
afterAll(async () => {
  await database?.close();
});

/** The names the search returns for `query` (all pages: 48 a page is enough for these few rows). */
async function namesFound(query: string): Promise<{ names: string[]; total: number }> {
  const res = await searchLawyers(database.db, SearchParamsSchema.parse({ query, pageSize: "48" }));
  return { names: res.lawyers.map((l) => l.name), total: res.total };
}

describe(`searching demo names in their scripts (${TEST_ENGINE}, issue 14 §4)`, () => {
  it("finds a Greek family name in Greek script, also in capitals and without accents", async () => {
    const found = await namesFound("Παπαδόπουλος");
    expect(found.names).toContain("Γιώργος Παπαδόπουλος");
    // Every hit names the lawyer or the firm (a partner) by that name.
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const n of found.names) expect(`${n} ${byName.get(n)?.firm}`).toMatch(/Παπαδόπουλος|Papadopoulos/);
    expect((await namesFound("ΠΑΠΑΔΟΠΟΥΛΟΣ")).names).toEqual(found.names);
    expect((await namesFound("Παπαδοπουλος")).names).toEqual(found.names);
    // The same for the generated family names: every lawyer of the first Greek family name drawn.
    const family = rows.find((r) => r.countryCode === "GR")?.name.split(" ")[1] ?? "";
    expect(family).toMatch(/^\p{Script=Greek}+$/u);
    const expected = rows.filter((r) => r.name.split(" ")[1] === family).map((r) => r.name);
    const again = await namesFound(family.toUpperCase());
    for (const n of expected) expect(again.names).toContain(n);
  });

  it("finds a Korean name written in Hangul family name first without a space", async () => {
    const target = rows.find((r) => r.countryCode === "KR");
    expect(target?.name).toMatch(/^\p{Script=Hangul}{2,4}$/u);
    const found = await namesFound(target?.name ?? "");
    expect(found.total).toBeGreaterThan(0);
    expect(found.names.every((n) => n === target?.name)).toBe(true);
  });

  it("finds a Hebrew family name in Hebrew script", async () => {
    const expected = rows.filter((r) => r.countryCode === "IL" && r.name.endsWith(" כהן"));
    expect(expected.length).toBeGreaterThan(0);
    const found = await namesFound("כהן");
    for (const r of expected) expect(found.names).toContain(r.name);
  });

  it("finds an Icelandic name typed in plain Latin letters", async () => {
    const target = rows.find((r) => r.countryCode === "IS" && /[ðóáúíé]/.test(r.name));
    expect(target).toBeDefined();
    const plain = (target?.name ?? "")
      .replace(/ð/g, "d")
      .replace(/Þ/g, "Th")
      .normalize("NFD")
      .replace(/\p{M}/gu, "");
    const found = await namesFound(plain);
    expect(found.names).toContain(target?.name);
  });
});
