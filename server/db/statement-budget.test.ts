/**
 * Issue 29: statements with a time budget (server/db/statement-budget.ts). On PostgreSQL a
 * statement past its budget is cancelled by the database and answered StatementBudgetExceeded,
 * the budget ends with its transaction (the pooled connection keeps no timeout), and the
 * planner's estimate is read without running the query; on PGlite the statement runs unbounded.
 */

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "./client.ts";
import { estimatedRows, isEmbeddedDb, StatementBudgetExceeded, withinBudget } from "./statement-budget.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`withinBudget (${TEST_ENGINE})`, () => {
  it("answers what the statement answers when it finishes within its budget", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 2_000, max: 10_000 }),
        async (n, budget) => {
          const res = await withinBudget(database.db, budget, (d) =>
            d.execute<{ n: number | string }>(sql`SELECT ${n}::int AS n`),
          );
          expect(Number(res.rows[0]?.n)).toBe(n);
        },
      ),
      { numRuns: 10 },
    );
  });

  it("passes on an error of the statement that is not its budget", async () => {
    await expect(
      withinBudget(database.db, 5_000, (d) => d.execute(sql`SELECT * FROM no_such_table_of_issue_29`)),
    ).rejects.not.toBeInstanceOf(StatementBudgetExceeded);
  });
});

describe(`a statement past its budget (${TEST_ENGINE})`, () => {
  it("tells the embedded engine from PostgreSQL", () => {
    expect(isEmbeddedDb(database.db)).toBe(TEST_ENGINE === "pglite");
  });

  it("is cancelled on PostgreSQL whatever the budget, leaving no timeout on the pool; runs to its end on PGlite", async () => {
    if (TEST_ENGINE === "pglite") {
      // One connection, no timer: the statement runs as it is.
      const res = await withinBudget(database.db, 1, (d) =>
        d.execute<{ n: number }>(sql`SELECT 7 AS n, pg_sleep(0.05)`),
      );
      expect(Number(res.rows[0]?.n)).toBe(7);
      return;
    }
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 20, max: 120 }), async (budget) => {
        const started = performance.now();
        // The statement would sleep ten times its budget (at least a second) if not cancelled.
        const sleep = Math.max(1, (budget * 10) / 1000);
        const error = await withinBudget(database.db, budget, (d) =>
          d.execute(sql`SELECT pg_sleep(${sleep})`),
        ).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StatementBudgetExceeded);
        expect((error as StatementBudgetExceeded).budgetMs).toBe(budget);
        expect(performance.now() - started).toBeLessThan(sleep * 1000);
        // SET LOCAL ended with the transaction: every pooled connection answers without a timeout.
        const shown = await Promise.all(
          Array.from({ length: 3 }, () =>
            database.db.execute<{ statement_timeout: string }>(sql`SHOW statement_timeout`),
          ),
        );
        for (const r of shown) expect(r.rows[0]?.statement_timeout).toBe("0");
      }),
      { numRuns: 4 },
    );
  });

  it("is estimated from the plan without running it on PostgreSQL; PGlite has no estimate", async () => {
    const estimate = await estimatedRows(database.db, sql`SELECT g FROM generate_series(1, 5000) AS g`);
    expect(estimate).toBe(TEST_ENGINE === "postgres" ? 5000 : null);
  });
});
