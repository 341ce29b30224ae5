/**
 * "Nothing written" for tests of refused input (issue 27 §2): a fingerprint of every table of
 * the schema (server/db/schema.ts) taken in one statement, the md5 of each table's rows as text,
 * so an insert, an update or a delete anywhere changes it. Tables a refused request may still
 * touch by design (the rate limits' counters, a session's last use) are left out by name.
 */
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema.ts";

/** Tables a refused request may write by design: rate-limit counters and session bookkeeping. */
export const FINGERPRINT_SKIPPED_TABLES: readonly string[] = ["rate_limits", "user_sessions"];

/** Every table name of the schema, sorted. */
export function schemaTableNames(): string[] {
  return Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable))
    .sort();
}

/**
 * The fingerprint of every table but `skip` (default FINGERPRINT_SKIPPED_TABLES): `{ table:
 * md5 of its rows }`, compared with toEqual before and after a refused request.
 */
export async function databaseFingerprint(
  db: Db,
  skip: readonly string[] = FINGERPRINT_SKIPPED_TABLES,
): Promise<Record<string, string>> {
  const tables = schemaTableNames().filter((name) => !skip.includes(name));
  const columns = tables.map(
    (name) =>
      `(SELECT coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM "${name}" t) AS "${name}"`,
  );
  const result = await db.execute(sql.raw(`SELECT ${columns.join(", ")}`));
  return (result.rows[0] ?? {}) as Record<string, string>;
}
