/**
 * syncSearchVocabulary against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * search_lexicon moves by the difference between a listing's words before and after, so repeated
 * edits cannot inflate the counts (security review of issue 3), and a new listing counts its place.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { syncSearchVocabulary } from "./search-sync.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The frequency of each word (absent: undefined). */
async function lexicon(...words: string[]): Promise<Record<string, number | undefined>> {
  const { rows } = await database.db.execute<{ word: string; frequency: number | string }>(
    sql`SELECT word, frequency FROM search_lexicon WHERE word IN (${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )})`,
  );
  return Object.fromEntries(
    words.map((w) => {
      const f = rows.find((r) => r.word === w)?.frequency;
      return [w, f === undefined ? undefined : Number(f)];
    }),
  );
}

describe(`syncSearchVocabulary (${TEST_ENGINE})`, () => {
  it("counts a new listing's words per occurrence (unaccented, lower case) and its place", async () => {
    const changed = await syncSearchVocabulary(
      database.db,
      {},
      {
        name: "Zélie Brightwater",
        firm: "Brightwater & Brightwater",
        practiceAreas: ["Dog Bites"],
        place: { city: "Kenora", state: "Ontario", country: "Canada", countryCode: "CA" },
      },
    );
    expect(changed).toBe(true);
    expect(await lexicon("zelie", "brightwater", "dog", "bites", "kenora")).toEqual({
      zelie: 1,
      brightwater: 3,
      dog: 1,
      bites: 1,
      kenora: 1,
    });
    const { rows } = await database.db.execute<{ lawyer_count: number | string }>(
      sql`SELECT lawyer_count FROM search_places WHERE kind = 'city' AND key = 'kenora' AND country_code = 'CA'`,
    );
    expect(Number(rows[0]?.lawyer_count)).toBe(1);
  });

  it("an unchanged save changes nothing; an edit moves counts by the difference; never below 0", async () => {
    const before = { name: "Orla Fenwick", firm: "Fenwick Law", practiceAreas: ["Car Accidents"] };
    await syncSearchVocabulary(database.db, {}, before);
    const start = await lexicon("orla", "fenwick", "law", "saltmarsh");
    expect(start).toMatchObject({ orla: 1, fenwick: 2, saltmarsh: undefined });

    for (let i = 0; i < 10; i++) {
      expect(await syncSearchVocabulary(database.db, before, { ...before })).toBe(false);
    }
    expect(await lexicon("orla", "fenwick", "law", "saltmarsh")).toEqual(start);

    const after = { ...before, firm: "Saltmarsh Partners" };
    for (let i = 0; i < 5; i++) {
      expect(await syncSearchVocabulary(database.db, before, after)).toBe(true);
      expect(await lexicon("fenwick", "saltmarsh")).toEqual({ fenwick: 1, saltmarsh: 1 });
      expect(await syncSearchVocabulary(database.db, after, before)).toBe(true);
      expect(await lexicon("orla", "fenwick", "law", "saltmarsh")).toEqual({ ...start, saltmarsh: 0 });
    }

    // Counts that drifted (a concurrent edit, a stale "before") stop at 0 instead of going negative.
    await syncSearchVocabulary(database.db, { firm: "Saltmarsh Saltmarsh Saltmarsh" }, {});
    expect(await lexicon("saltmarsh")).toEqual({ saltmarsh: 0 });
  });
});
