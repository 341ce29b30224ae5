/**
 * Bulk insert of lawyer listings, shared by the demo data loader and the import command
 * (issue 2 §2): all rows in one transaction (all or nothing), in multi-row INSERTs, then the
 * search vocabulary is rebuilt.
 */
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { refreshSearchData } from "../search/index.ts";
import type { NewLawyer } from "./generate.ts";

/** Rows per INSERT statement: ~36 parameters a row stays well under PostgreSQL's 65,535. */
export const DEFAULT_BATCH_SIZE = 1000;

/** Anything with Drizzle's `insert`: the database handle or an open transaction. */
export type Inserter = Pick<Db, "insert">;

/** Inserts `rows` in batches of `batchSize` on an open handle or transaction (no transaction of its own). */
export async function insertBatches(
  executor: Inserter,
  rows: readonly NewLawyer[],
  batchSize = DEFAULT_BATCH_SIZE,
): Promise<void> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError("batchSize must be a positive integer");
  for (let start = 0; start < rows.length; start += batchSize) {
    await executor.insert(lawyers).values(rows.slice(start, start + batchSize));
  }
}

/**
 * Inserts `rows` into `lawyers` inside ONE transaction, `batchSize` rows per INSERT (default
 * 1,000): if any row fails, nothing is written and the database error is thrown. Afterwards
 * rebuilds the search data with `refreshSearchData` unless `refresh: false`.
 * Returns the number of rows inserted.
 */
export async function insertLawyers(
  db: Db,
  rows: readonly NewLawyer[],
  opts: { batchSize?: number; refresh?: boolean } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  await db.transaction(async (tx) => {
    await insertBatches(tx, rows, opts.batchSize);
  });
  if (opts.refresh ?? true) await refreshSearchData(db);
  return rows.length;
}
