import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { generateLawyers } from "./generate.ts";
import { seedIfEmpty } from "./index.ts";
import { insertLawyers } from "./insert.ts";

async function count(database: Database, where = sql`true`): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM lawyers WHERE ${where}`,
  );
  return rows[0]?.n ?? -1;
}

describe(`seedIfEmpty (${TEST_ENGINE})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("loads the demo lawyers into an empty database once, and not again", async () => {
    const logger = createLogger("silent");
    const started = performance.now();
    expect(await seedIfEmpty(database.db, { count: 5600, logger })).toBe(5600);
    const ms = Math.round(performance.now() - started);
    console.log(`[${TEST_ENGINE}] seedIfEmpty(5600) took ${ms} ms`);
    expect(await count(database)).toBe(5600);
    expect(await seedIfEmpty(database.db, { count: 5600, logger })).toBe(0);
    expect(await count(database)).toBe(5600);
  });

  it("stores the rows as generated (Toronto car-accident lawyers, a Müller, 50+ countries, search data)", async () => {
    expect(
      await count(
        database,
        sql`city = 'Toronto' AND country_code = 'CA' AND 'Car Accidents' = ANY(practice_areas)`,
      ),
    ).toBeGreaterThanOrEqual(10);
    expect(await count(database, sql`lower(f_unaccent(name)) LIKE '%muller%'`)).toBeGreaterThan(0);
    const { rows } = await database.db.execute<{ n: number; places: number; words: number }>(
      sql`SELECT count(DISTINCT country_code)::int AS n,
            (SELECT count(*)::int FROM search_places) AS places,
            (SELECT count(*)::int FROM search_lexicon) AS words FROM lawyers`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(50);
    expect(rows[0]?.places).toBeGreaterThan(50);
    expect(rows[0]?.words).toBeGreaterThan(100);
    const first = generateLawyers(5600)[0];
    const { rows: stored } = await database.db.execute<{ name: string; rating: string }>(
      sql`SELECT name, rating::text FROM lawyers ORDER BY id LIMIT 1`,
    );
    expect(stored[0]?.name).toBe(first?.name);
    expect(Number(stored[0]?.rating)).toBe(first?.rating);
  });

  it("does nothing for a count of 0", async () => {
    const empty = await openTestDatabase();
    try {
      expect(await seedIfEmpty(empty.db, { count: 0, logger: createLogger("silent") })).toBe(0);
      expect(await count(empty)).toBe(0);
    } finally {
      await empty.close();
    }
  });
});

describe(`insertLawyers (${TEST_ENGINE})`, () => {
  it("inserts in batches inside one transaction: one bad row writes nothing", async () => {
    const database = await openTestDatabase();
    try {
      const rows = generateLawyers(25, 3);
      const bad = rows.map((r, i) => (i === 22 ? { ...r, rating: 7 } : r)); // violates lawyers_rating_range
      await expect(insertLawyers(database.db, bad, { batchSize: 10, refresh: false })).rejects.toThrow();
      expect(await count(database)).toBe(0);
      expect(await insertLawyers(database.db, rows, { batchSize: 10 })).toBe(25);
      expect(await count(database)).toBe(25);
    } finally {
      await database.close();
    }
  });
});
