/**
 * Database handle: PGlite (embedded PostgreSQL in DATA_DIR) by default, node-postgres when a
 * DATABASE_URL is given (docs/design.md §2). Both speak the same SQL and run the same migrations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "../logger.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import type { Db } from "./handle.ts";
import { linkReadHandle, ReplicaPool } from "./read-replica.ts";
import * as schema from "./schema.ts";

/** The Drizzle handle every domain function takes (server/db/handle.ts). */
export type { Db };

/** An open database with its engine kind and a close function that releases everything. */
export interface Database {
  db: Db;
  /**
   * The handle for searches, facets, profiles and matching reads (issue 18 §3): a streaming
   * replica's (DATABASE_READ_URL, server/db/read-replica.ts), else the same object as `db`.
   * Never migrated, never written to.
   */
  readDb: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export { DataDirLockedError } from "./data-dir-lock.ts";

/** Folder of the committed SQL migrations. */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Options for openDatabase: either a PostgreSQL URL or a PGlite data folder (or memory). */
export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; `"memory://"` for an in-memory database (tests). */
  dataDir?: string;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Pool size for PostgreSQL (default 10); the read replica's pool has the same size. */
  poolSize?: number;
  /**
   * Issue 18 §3: a read replica's URL (DATABASE_READ_URL). Used only with `databaseUrl`; PGlite
   * ignores it (readDb is then the primary's handle).
   */
  readUrl?: string | undefined;
  /** Where the read replica's outage warning goes (server/db/read-replica.ts ReplicaPool). */
  logger?: Logger;
}

/**
 * Opens the database and applies migrations.
 * For PGlite on a folder, takes an exclusive lock on it first (server/db/data-dir-lock.ts): a
 * second live process gets DataDirLockedError at once, naming the PID that holds the folder; the
 * lock of a process that died is taken over at once (PGlite itself does not lock, docs/design.md §6).
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const runMigrations = opts.migrate ?? true;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on("error", () => {}); // idle client errors are reported on the next query
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (runMigrations) {
      // Issue 18 §2: instances starting together migrate one after the other (advisory lock
      // 1818000/4, server/cluster/jobs.ts JOB_LOCKS.migrations); the later one finds nothing to do.
      const lock = await pool.connect();
      try {
        await lock.query("SELECT pg_advisory_lock(1818000, 4)");
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query("SELECT pg_advisory_unlock(1818000, 4)").catch(() => {});
        lock.release();
      }
    }
    if (!opts.readUrl) return { db, readDb: db, kind: "postgres", close: () => pool.end() };
    // Issue 18 §3: the replica's pool falls back to the primary's while the replica is down.
    const readPool = new ReplicaPool(
      { connectionString: opts.readUrl, max: opts.poolSize ?? 10 },
      pool,
      opts.logger,
    );
    readPool.on("error", () => {});
    const readDb = drizzlePg(readPool, { schema }) as unknown as Db;
    linkReadHandle(db, readDb, readPool);
    return {
      db,
      readDb,
      kind: "postgres",
      async close() {
        await readPool.end();
        await pool.end();
      },
    };
  }

  const dataDir = opts.dataDir ?? "./data";
  const inMemory = dataDir.startsWith("memory://");
  let release: (() => void) | undefined;
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  const client = new PGlite({
    ...(inMemory ? {} : { dataDir }),
    extensions: { pg_trgm, unaccent, cube, earthdistance, fuzzystrmatch },
  });
  let db: Db;
  try {
    await client.waitReady;
    db = drizzlePglite(client, { schema }) as unknown as Db;
    if (runMigrations) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    release?.(); // a folder that failed to open is not left locked
    throw err;
  }
  return {
    db,
    readDb: db,
    kind: "pglite",
    async close() {
      await client.close();
      release?.();
    },
  };
}
