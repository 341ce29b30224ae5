/**
 * Scheduled work that exactly one instance runs (issue 18 §2 "Several instances": "the daily jobs
 * take a PostgreSQL advisory lock so exactly one instance runs them").
 *
 * Every instance keeps its timers (server/main.ts: the daily job, the 15-minute response sweep,
 * the document key re-wrap); each run first takes a session-level advisory lock
 * (`pg_try_advisory_lock`) on ONE pooled connection, held for the whole run and released after
 * it (or by PostgreSQL when that connection dies with its process). An instance that does not get
 * the lock skips the run: another instance is doing it. The daily job also records the day it
 * finished in `job_runs` (migration 0025), read under the lock, so an instance whose hourly tick
 * comes after another instance finished does not run the day again, and neither does a restart.
 *
 * On PGlite (one process, one connection) the lock is taken on that one session; it cannot
 * exclude anything, and nothing else can reach the database, so it is the same code path.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { isoDay } from "../../lib/verification.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";

/**
 * The advisory lock of each job: `pg_try_advisory_lock(JOB_LOCK_SPACE, key)`. The first number
 * keeps LexAtlas's locks apart from any other application's on a shared server.
 */
export const JOB_LOCK_SPACE = 1_818_000;
export const JOB_LOCKS = {
  /** runDailyJobs: verification monitoring, response figures, retention, data rights. */
  daily: 1,
  /** The 15-minute response reminder sweep (server/responses/sweep.ts). */
  responseSweep: 2,
  /** Encryption of legacy documents and re-wrap of data keys (server/storage/rotate.ts). */
  keyRotation: 3,
  /** Migrations at start (server/db/client.ts openDatabase), so two starting instances never race. */
  migrations: 4,
} as const;

/** A job's name, the key of JOB_LOCKS. */
export type JobName = keyof typeof JOB_LOCKS;

/** The result of a locked run: what `fn` answered, or that another holder had the lock. */
export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `fn` while holding the job's advisory lock, or answers `{ ran: false }` at once when
 * another session holds it. PostgreSQL: the lock lives on one connection taken from the handle's
 * pool for the run (`fn` uses the pool's other connections as usual) and is released afterwards
 * even when `fn` throws (what `fn` throws is rethrown). PGlite: on its one session.
 */
export async function withJobLock<T>(db: Db, job: JobName, fn: () => Promise<T>): Promise<LockedRun<T>> {
  const key = JOB_LOCKS[job];
  const pool = (db as unknown as { $client: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const conn = await pool.connect();
    let broken = false;
    try {
      const got = await conn.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [
        JOB_LOCK_SPACE,
        key,
      ]);
      if (!got.rows[0]?.ok) return { ran: false };
      try {
        return { ran: true, value: await fn() };
      } finally {
        await conn.query("SELECT pg_advisory_unlock($1, $2)", [JOB_LOCK_SPACE, key]).catch(() => {
          broken = true; // a lost connection released the lock with its session
        });
      }
    } finally {
      conn.release(broken);
    }
  }
  const got = await db.execute<{ ok: boolean }>(
    sql`SELECT pg_try_advisory_lock(${JOB_LOCK_SPACE}, ${key}) AS ok`,
  );
  if (!got.rows[0]?.ok) return { ran: false };
  try {
    return { ran: true, value: await fn() };
  } finally {
    await db.execute(sql`SELECT pg_advisory_unlock(${JOB_LOCK_SPACE}, ${key})`);
  }
}

/** What runDailyOnce did: ran it, found another instance running it, or found today's run done. */
export type DailyRun<T> =
  | { status: "ran"; day: string; value: T }
  | { status: "busy"; day: string }
  | { status: "done"; day: string };

/**
 * The daily job of the clock's UTC day, at most once across all instances: under the `daily`
 * advisory lock, skips when `job_runs` says the day already finished (unless `force`, for
 * `npm run jobs:daily` run by hand), else runs `run` and records the day. A failed run records
 * nothing, so the next tick (any instance) tries again. Throws what `run` or the database throws.
 */
export async function runDailyOnce<T>(
  db: Db,
  clock: Clock,
  run: () => Promise<T>,
  opts: { force?: boolean } = {},
): Promise<DailyRun<T>> {
  const day = isoDay(clock.now());
  const locked = await withJobLock(db, "daily", async (): Promise<DailyRun<T>> => {
    if (!opts.force) {
      const { rows } = await db.execute<{ last_day: string }>(
        sql`SELECT last_day::text AS last_day FROM job_runs WHERE name = 'daily'`,
      );
      if (rows[0] && rows[0].last_day >= day) return { status: "done", day };
    }
    const value = await run();
    await db.execute(sql`
      INSERT INTO job_runs (name, last_day, finished_at) VALUES ('daily', ${day}::date, ${clock.now()})
      ON CONFLICT (name) DO UPDATE SET last_day = GREATEST(job_runs.last_day, EXCLUDED.last_day),
        finished_at = EXCLUDED.finished_at`);
    return { status: "ran", day, value };
  });
  return locked.ran ? locked.value : { status: "busy", day };
}
