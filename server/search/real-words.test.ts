/**
 * Issue 28 §1 "Never correct a real word" (docs/search.md "Real words are never corrected"):
 * every row of the real-words table (REAL_WORD_CASES, shown in docs/search.md, which must match it) runs through the real search, with the page
 * in the row's language, over the fixture of server/search/real-words-fixtures.ts (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). Plus: the reported case ("erro médico no parto em São Paulo"
 * found 0 lawyers as "porto"), a correction never empties the results, Japanese and Arabic words
 * are never corrected, and the front-coded word list answers exactly (property).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../lib/i18n/locales.ts";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { foldText } from "../../lib/text-fold.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { DICTIONARY_LOCALES, type DictionaryLocale, dictionary } from "./dictionaries.ts";
import { searchLawyers } from "./index.ts";
import {
  caseWord,
  insertRealWordFixtures,
  REAL_WORD_CASES,
  withRealWordsTable,
} from "./real-words-fixtures.ts";
import { isRealWord, understand } from "./understand.ts";
import { correctWord, getVocabulary, tableWordIndex } from "./vocabulary.ts";
import { encodeWordList, WordList } from "./wordlist.ts";

interface Row {
  n: number;
  lang: DictionaryLocale;
  query: string;
  word: string;
  /** null: kept; else the folded word it must be corrected to. */
  correctedTo: string | null;
  /** For "kept (not X)": what the word would become without the dictionaries. */
  wouldBe: string | null;
}

/** The table's rows, numbered as docs/search.md shows them. */
const rows: Row[] = REAL_WORD_CASES.map((c, i) => ({
  n: i + 1,
  lang: c.lang,
  query: c.query,
  word: caseWord(c),
  correctedTo: c.to ?? null,
  wouldBe: c.not ?? null,
}));

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertRealWordFixtures(database.db);
  // The word lists are derived once per machine (a child process); load them before the rows run.
  for (const l of DICTIONARY_LOCALES) await dictionary(l);
}, 300_000);
afterAll(async () => {
  await database?.close();
});

describe(`the real-words table of docs/search.md (${TEST_ENGINE}, issue 28 §1)`, () => {
  it("is the table docs/search.md shows (regenerate with node scripts/real-words-table.ts)", () => {
    const doc = readFileSync(new URL("../../docs/search.md", import.meta.url), "utf8");
    expect(withRealWordsTable(doc) === doc, "docs/search.md differs from REAL_WORD_CASES").toBe(true);
  });

  it("has at least 40 rows per Latin-script locale, real words and typos", () => {
    for (const lang of DICTIONARY_LOCALES) {
      const mine = rows.filter((r) => r.lang === lang);
      expect(mine.length, lang).toBeGreaterThanOrEqual(40);
      expect(mine.filter((r) => r.wouldBe).length, `${lang} real words at risk`).toBeGreaterThanOrEqual(25);
      expect(mine.filter((r) => r.correctedTo).length, `${lang} typos`).toBeGreaterThanOrEqual(10);
    }
    expect(new Set(rows.map((r) => r.n)).size).toBe(rows.length);
  });

  it.each(rows.map((r) => [r.n, r.lang, r.query, r] as const))("#%i %s %s", async (_n, _l, _q, row) => {
    const key = foldText(row.word);
    const correctionOf = (corrections: Record<string, string>) =>
      Object.entries(corrections).find(([from]) => foldText(from) === key);
    if (row.correctedTo) {
      // The correction step reads the typo as the word (the search then keeps that reading
      // unless it finds nobody: "a correction never empties the results", tested below).
      const u = await understand(database.db, { query: row.query }, { locale: row.lang });
      const corrected = correctionOf(u.corrections);
      expect(corrected?.[1] && foldText(corrected[1]), JSON.stringify(u.corrections)).toBe(row.correctedTo);
      return;
    }
    const r = await searchLawyers(database.db, SearchParamsSchema.parse({ query: row.query }), {
      locale: row.lang,
    });
    const corrected = correctionOf(r.understood.corrections);
    expect(corrected, JSON.stringify(r.understood)).toBeUndefined();
    if (row.wouldBe) {
      // Without the dictionaries the word would have been replaced: the row is a real risk.
      const vocabulary = await getVocabulary(database.db);
      expect(correctWord(vocabulary, key, [tableWordIndex(row.lang)])).toBe(row.wouldBe);
      expect(await isRealWord(row.word, [row.lang])).toBe(true);
    }
  });
});

describe(`never "correct" a real word away (${TEST_ENGINE}, issue 28 §1)`, () => {
  const run = (query: string, locale: Locale, raw: Record<string, string> = {}) =>
    searchLawyers(database.db, SearchParamsSchema.parse({ query, ...raw }), { locale });

  it("finds the São Paulo lawyers for 'erro médico no parto em São Paulo' (was 0 lawyers, read as 'porto')", async () => {
    for (const locale of ["pt-BR", "en", "de", "ja", "ar"] as const) {
      const r = await run("erro médico no parto em São Paulo", locale);
      expect(r.understood.corrections, locale).toEqual({});
      expect(r.total, locale).toBeGreaterThan(0);
      // The only medical-malpractice / birth-injury lawyer of São Paulo state is in Santos
      // (the São Paulo city lawyer takes car accidents only).
      expect(new Set(r.lawyers.map((l) => l.city)), locale).toEqual(new Set(["Santos"]));
    }
  });

  it("keeps the original reading when the corrected one finds nobody, and claims no correction", async () => {
    // "Torronto" is corrected to Toronto, whose only lawyer practises Car Accidents.
    const ok = await run("Torronto", "en");
    expect(ok.understood.corrections).toEqual({ torronto: "toronto" });
    expect(ok.total).toBe(1);
    const none = await run("Torronto", "en", { practiceAreas: "Dog Bites" });
    expect(none.understood.corrections).toEqual({});
    expect(none.total).toBe(0);
    // With another word that still filters, the original finds lawyers (Toronto's has no dog-bite
    // case): its unknown word is left out.
    const kept = await run("Torronto dog bite", "en");
    expect(kept.understood.corrections).toEqual({});
    expect(kept.understood.ignoredWords).toEqual(["torronto"]);
    expect(kept.total).toBeGreaterThan(0);
    // The facets read the request the same way as the search.
    const { getFacets } = await import("./index.ts");
    const params = SearchParamsSchema.parse({ query: "Torronto dog bite" });
    expect((await getFacets(database.db, params, { locale: "en" })).total).toBe(kept.total);
  });

  it("never corrects a Japanese or Arabic word, whatever the page", async () => {
    const words = fc.constantFrom(
      "東京都",
      "べんごし",
      "ミュンヘソ",
      "محاميي",
      "القاهره",
      "دبيي",
      "交通事古",
    );
    await fc.assert(
      fc.asyncProperty(words, fc.constantFrom<Locale>("ja", "ar", "en", "pt-BR"), async (word, locale) => {
        const u = await understand(database.db, { query: word }, { locale });
        expect(u.corrections).toEqual({});
      }),
      { numRuns: 20 },
    );
  });

  it("never corrects a word of the page's dictionary into a place (property over the table's real words)", async () => {
    const real = rows.filter((r) => r.wouldBe && r.query === r.word);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...real),
        fc.constantFrom("", "lawyer ", "in "),
        async (row, prefix) => {
          const u = await understand(database.db, { query: `${prefix}${row.word}` }, { locale: row.lang });
          expect(Object.keys(u.corrections).map(foldText)).not.toContain(foldText(row.word));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the front-coded word list (server/search/wordlist.ts)", () => {
  it("answers exactly the words it holds (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-zß-ÿ]{1,12}$/), { maxLength: 300 }),
        fc.array(fc.stringMatching(/^[a-zß-ÿ]{1,12}$/), { maxLength: 50 }),
        (words, probes) => {
          const sorted = [...words].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
          const list = new WordList(encodeWordList(sorted));
          expect(list.size).toBe(sorted.length);
          const held = new Set(sorted);
          for (const w of [...sorted, ...probes]) expect(list.has(w), w).toBe(held.has(w));
        },
      ),
    );
  });

  it("refuses words out of byte order", () => {
    expect(() => encodeWordList(["b", "a"])).toThrow();
    expect(() => encodeWordList(["a", "a"])).toThrow();
  });
});
