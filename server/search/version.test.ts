/**
 * Cache coherence across instances (docs/search.md "Caching"): a write to lawyers by any process
 * bumps search_state.version through a trigger; searches notice it within VERSION_CHECK_MS and
 * the in-process copy is rebuilt in the background. A write followed by invalidateSearchCaches
 * in the same process is visible at once.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { VERSION_CHECK_MS } from "./cache.ts";
import { insertFixtures } from "./fixtures.ts";
import { invalidateSearchCaches, searchLawyers } from "./index.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
});
afterAll(async () => {
  await database?.close();
});

const all = SearchParamsSchema.parse({});
const version = async () =>
  Number((await database.db.execute<{ v: string }>(sql`SELECT version AS v FROM search_state`)).rows[0]?.v);

const countInDatabase = async () =>
  Number((await database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM lawyers`)).rows[0]?.n);

async function addLawyer(name: string) {
  await database.db.execute(sql`
    INSERT INTO lawyers (name, email, location, country, country_code, city, practice_areas, rating)
    VALUES (${name}, 'new@example.test', 'Oslo, Norway', 'Norway', 'NO', 'Oslo', ARRAY['Dog Bites'], 4.1)`);
}

describe(`search data version (${TEST_ENGINE})`, () => {
  it("is bumped by the database on every write to lawyers", async () => {
    const before = await version();
    await addLawyer("Version Probe");
    expect(await version()).toBe(before + 1);
    await database.db.execute(sql`UPDATE lawyers SET rating = 4.2 WHERE name = 'Version Probe'`);
    expect(await version()).toBe(before + 2);
  });

  it("is not bumped by a statement that changes no row (issue 29: restarts kept the facts file stale)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          sql`UPDATE lawyers SET rating = rating WHERE id < 0`,
          sql`DELETE FROM lawyers WHERE id < 0`,
          sql`INSERT INTO lawyers (name, email, location, country, country_code, city, rating) SELECT name, email, location, country, country_code, city, rating FROM lawyers WHERE id < 0`,
        ),
        async (statement) => {
          const before = await version();
          await database.db.execute(statement);
          expect(await version()).toBe(before);
        },
      ),
      { numRuns: 6 },
    );
  });

  it("shows a write by another instance within a second, without a visitor waiting for a rebuild", async () => {
    await searchLawyers(database.db, all); // this process now holds a copy of the data
    await addLawyer("Other Instance"); // as another process would: no invalidation here
    const expected = await countInDatabase();
    await new Promise((r) => setTimeout(r, VERSION_CHECK_MS + 50));
    const deadline = Date.now() + 10_000;
    let total = -1;
    while (total !== expected && Date.now() < deadline) {
      total = (await searchLawyers(database.db, all)).total;
      if (total !== expected) await new Promise((r) => setTimeout(r, 50));
    }
    expect(total).toBe(expected);
  });

  it("answers from this process's own write at once after invalidateSearchCaches", async () => {
    await searchLawyers(database.db, all);
    await addLawyer("Same Instance");
    invalidateSearchCaches(database.db);
    expect((await searchLawyers(database.db, all)).total).toBe(await countInDatabase());
  });
});
