import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";

describe(`database (${TEST_ENGINE})`, () => {
  it("applies the migrations with the search extensions", async () => {
    const database = await openTestDatabase();
    try {
      const { rows } = await database.db.execute<{ x: string; n: number }>(
        sql`select f_unaccent('Müller') as x, (select count(*)::int from lawyers) as n`,
      );
      expect(rows[0]).toEqual({ x: "Muller", n: 0 });
    } finally {
      await database.close();
    }
  });
});
