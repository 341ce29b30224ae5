/**
 * Test databases (docs/design.md §2 "Tests"): PGlite in memory by default; a fresh PostgreSQL
 * database per call when TEST_DATABASE_URL is set (CI runs the suite both ways).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../server/db/client.ts";

/** Which engine the integration tests run on, for test names. */
export const TEST_ENGINE = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/**
 * Opens an empty, migrated database for one test file. With TEST_DATABASE_URL it creates a
 * uniquely named database on that server and drops it on close. `{ migrate: false }` leaves it
 * without tables, for a test that applies the migrations itself (server/db/phones-e164.test.ts).
 */
export async function openTestDatabase(opts: { migrate?: boolean } = {}): Promise<Database> {
  const migrate = opts.migrate ?? true;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: "memory://", migrate });
  const name = `lexatlas_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4, migrate });
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
