/**
 * The state and staging tables of `npm run seed:scale` (issue 18 §1; the load is described in
 * server/seed/scale.ts): the locks, the refusals, the `seed_scale_state` row and the UNLOGGED
 * `seed_scale_*` tables shaped from scale-columns.ts.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { STAGED_COLUMNS, STAGED_EXTRA, type StagedTable } from "./scale-columns.ts";

/** Same key as seedIfEmpty's lock: a server starting on the database meanwhile does not seed. */
export const SEED_LOCK_KEY = 0x1e4a7_5eed;
/** Held for a whole load so two seed:scale commands on one database do not interleave. */
export const SCALE_LOCK_KEY = 0x1e4a7_5ca1;

/** The target tables in the order the final step fills them. */
export const TABLES = Object.keys(STAGED_COLUMNS) as StagedTable[];
/** The staging table of target table `t`. */
export const staging = (t: StagedTable) => `seed_scale_${t}`;

/** The database holds listings seed:scale did not make, or the load is not allowed (message says why). */
export class ScaleRefusedError extends Error {
  override name = "ScaleRefusedError";
}

/** The signal stopped the load after a finished chunk; the same call resumes it. */
export class ScaleInterruptedError extends Error {
  override name = "ScaleInterruptedError";
}

/** The row of `seed_scale_state`: the parameters and status of the load in this database. */
export type StateRow = {
  lawyers: number;
  seed: number;
  version: number;
  chunk_size: number;
  now: Date;
  status: string;
};

/** The recorded state, or null. */
export async function readState(db: Db): Promise<StateRow | null> {
  const { rows } = await db.execute<StateRow>(
    sql`SELECT lawyers, seed, version, chunk_size, now, status FROM seed_scale_state WHERE id = 1`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    lawyers: Number(r.lawyers),
    seed: Number(r.seed),
    version: Number(r.version),
    chunk_size: Number(r.chunk_size),
    now: new Date(r.now),
    status: String(r.status),
  };
}

/** Drops the staging tables and the chunk list (an abandoned or finished load). */
export async function dropStaging(db: Pick<Db, "execute">): Promise<void> {
  for (const t of TABLES) await db.execute(sql.raw(`DROP TABLE IF EXISTS ${staging(t)}`));
  await db.execute(sql`DROP TABLE IF EXISTS seed_scale_chunks`);
}

/** Creates empty staging tables shaped like their targets' copied columns (no constraints, no indexes). */
export async function createStaging(db: Db): Promise<void> {
  const extraType: Record<string, string> = { ord: "0::int", response: "false", lawyer_id: "0::int" };
  for (const t of TABLES) {
    const cols = [...STAGED_COLUMNS[t], ...STAGED_EXTRA[t].map((c) => `${extraType[c]} AS ${c}`)];
    await db.execute(
      sql.raw(`CREATE UNLOGGED TABLE ${staging(t)} AS SELECT ${cols.join(", ")} FROM ${t} WITH NO DATA`),
    );
  }
  await db.execute(
    sql`CREATE UNLOGGED TABLE seed_scale_chunks (chunk integer PRIMARY KEY, lawyers integer NOT NULL)`,
  );
}
