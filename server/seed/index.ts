/**
 * Demo data loading at start-up (issue 2 §1-2, docs/design.md §4): when the lawyers table is empty,
 * the deterministic generator's fictional listings are inserted with the demo accounts
 * (issue 3), and the search data rebuilt.
 */
import { sql } from "drizzle-orm";
import { type Clock, systemClock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { refreshSearchData } from "../search/index.ts";
import { createDemoAccounts } from "./demo-accounts.ts";
import { insertDemoResponses } from "./demo-responses.ts";
import { DEFAULT_SEED, generateLawyers } from "./generate.ts";
import { insertBatches } from "./insert.ts";

/** Advisory lock key so two processes sharing one PostgreSQL database do not both seed. */
const SEED_LOCK_KEY = 0x1e4a7_5eed;

/**
 * Loads `count` demo lawyers when the lawyers table is empty; does nothing when it has any row
 * or when `count` is 0. The emptiness check and the insert run in one transaction under an
 * advisory lock, so concurrent starts seed once. Logs how many rows were loaded and how long it
 * took. With `hashPassword` (the accounts module's argon2id hasher), the demo accounts of
 * server/seed/demo-accounts.ts are created in the same transaction. Returns the number of
 * lawyers inserted (0 when it did nothing). Database errors propagate.
 */
export async function seedIfEmpty(
  db: Db,
  opts: {
    count: number;
    logger: Logger;
    seed?: number;
    hashPassword?: (password: string) => Promise<string>;
    /** The day the demo checks are dated from (issue 15 §2); the system clock by default. */
    clock?: Clock;
  },
): Promise<number> {
  if (opts.count <= 0) return 0;
  const started = performance.now();
  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: lawyers.id }).from(lawyers).limit(1);
    if (existing.length > 0) return 0;
    const rows = generateLawyers(opts.count, opts.seed ?? DEFAULT_SEED);
    await insertBatches(tx, rows, undefined, opts.clock);
    if (opts.hashPassword) await createDemoAccounts(tx, opts.hashPassword, (opts.clock ?? systemClock).now());
    // Issue 16 §3: fictional cases so demo profiles show response times (demo-responses.ts).
    await insertDemoResponses(tx, opts.clock ?? systemClock);
    return rows.length;
  });
  if (inserted === 0) {
    opts.logger.debug("lawyers table not empty; demo data not loaded");
    return 0;
  }
  const insertedMs = performance.now() - started;
  await refreshSearchData(db);
  const totalMs = Math.round(performance.now() - started);
  opts.logger.info(
    { lawyers: inserted, insertMs: Math.round(insertedMs), totalMs },
    `loaded ${inserted} fictional demo lawyers in ${totalMs} ms`,
  );
  return inserted;
}
