/**
 * `npm run seed:scale -- --lawyers N` (issue 18 §1): loads N demo listings, with everything the
 * demo data gives a listing (verification, demo reviews, demo response cases, the demo accounts),
 * in a resumable, all-or-nothing load fast enough for 1,000,000 on PostgreSQL.
 *
 * How (docs/operations.md "Loading a large data set", docs/performance.md "seed:scale"):
 * 1. Chunks of `chunkSize` listings are generated (scale-rows.ts, in a worker thread so the CPU
 *    generates the next chunk while the database takes this one) and written with COPY into
 *    UNLOGGED staging tables (`seed_scale_*`), each chunk in its own transaction together with
 *    its row in `seed_scale_chunks`. The parameters (count, seed, generator version, chunk size,
 *    the load's instant) are in `seed_scale_state`. An interrupted load (Ctrl-C, kill, crash)
 *    keeps its finished chunks; the same command continues after the last one. Staging is
 *    UNLOGGED: a database crash empties it and its chunk list together, so the state never
 *    claims rows that are gone.
 * 2. The final step moves staging into `lawyers`, `bar_admissions`, `verification_checks`,
 *    `disciplinary_records`, `cases`, `case_status_events` and `reviews` in ONE transaction,
 *    with their secondary indexes dropped and re-created around the insert: readers never see a
 *    half-loaded directory. Then ANALYZE and refreshSearchData.
 *
 * Deterministic: ids 1..N in generator order, uuids derived from the seed (scaleUuid), dates from
 * the instant recorded at the start; the rows equal seedIfEmpty's for the same seed and clock
 * (scale.test.ts). PostgreSQL uses COPY (pg-copy-streams); PGlite (at most
 * PGLITE_MAX_LAWYERS) uses `COPY ... FROM '/dev/blob'` with the chunk as a blob.
 */
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { refreshSearchData } from "../search/index.ts";
import { DEFAULT_SEED } from "./generate.ts";
import { type ChunkWriter, chunkSource, clientOf, pgliteWriter, postgresWriter } from "./scale-copy.ts";
import { finalStep } from "./scale-final.ts";
import {
  createStaging,
  dropStaging,
  readState,
  SCALE_LOCK_KEY,
  ScaleInterruptedError,
  ScaleRefusedError,
  type StateRow,
  TABLES,
} from "./scale-staging.ts";

export { ScaleInterruptedError, ScaleRefusedError } from "./scale-staging.ts";

/**
 * Version of the rows a load writes: bump it whenever the generator or scale-rows.ts changes its
 * output, so a load interrupted under the old code restarts instead of mixing the two.
 */
export const SCALE_GENERATOR_VERSION = 4;
/** The most listings seed:scale loads into PGlite (issue 18 §1: "or PGlite for ≤ 100,000"). */
export const PGLITE_MAX_LAWYERS = 100_000;
/** Listings per chunk (and per COPY transaction) unless told otherwise. */
export const DEFAULT_CHUNK_SIZE = 10_000;

/** What the load is doing, for a progress bar (cli: server/seed/scale-cli.ts). */
export interface ScaleProgress {
  phase: "chunks" | "final" | "analyze" | "search" | "done";
  /** Listings in staging so far (all of them from the "final" phase on). */
  lawyersDone: number;
  lawyers: number;
  chunksDone: number;
  chunks: number;
}

/** Options of loadScaleData. */
export interface ScaleOptions {
  lawyers: number;
  seed?: number;
  chunkSize?: number;
  /** The load's instant when a new load starts (a resumed one keeps its recorded instant). */
  clock?: Clock;
  /** The accounts module's hasher: with it, the demo accounts are created as seedIfEmpty does. */
  hashPassword?: (password: string) => Promise<string>;
  onProgress?: (p: ScaleProgress) => void;
  /** Messages worth telling the operator (a resume, a restart and why). */
  onNotice?: (message: string) => void;
  /** Stops after the chunk being written when aborted: the load is then resumable (ScaleInterruptedError). */
  signal?: AbortSignal;
  /** Generate in a worker thread (default) or in this thread. */
  worker?: boolean;
}

/** What a load did, with the milliseconds of each phase. */
export interface ScaleResult {
  lawyers: number;
  seed: number;
  /** True when the same load had already finished: nothing was written. */
  alreadyLoaded: boolean;
  /** Chunks found finished at the start (a resume), and chunks written by this run. */
  resumedChunks: number;
  writtenChunks: number;
  ms: { chunks: number; final: number; analyze: number; search: number; total: number };
  /** Milliseconds of each part of the final step (drop, each table's insert, indexes, keys). */
  finalSteps: Record<string, number>;
}

/**
 * Loads `opts.lawyers` demo listings (see the module). Resumes a load interrupted with the same
 * count, seed and chunk size; restarts (saying so through onNotice) one left with other
 * parameters or an older generator version. Answers alreadyLoaded when the same load finished.
 * @throws ScaleRefusedError when the database has listings seed:scale did not make (or a finished
 *   load of other parameters), when PGlite is asked for more than PGLITE_MAX_LAWYERS, or while
 *   another seed:scale runs on the database
 * @throws ScaleInterruptedError when `signal` stopped it (finished chunks are kept)
 * @throws RangeError for a count that is not a positive integer; database errors propagate
 */
export async function loadScaleData(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  const count = opts.lawyers;
  const seed = opts.seed ?? DEFAULT_SEED;
  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK_SIZE;
  if (!Number.isInteger(count) || count < 1) throw new RangeError("--lawyers must be a positive integer");
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError("--seed must be an integer from 0 to 4294967295");
  const engine = clientOf(db);
  if (engine.kind === "pglite" && count > PGLITE_MAX_LAWYERS)
    throw new ScaleRefusedError(
      `PGlite takes at most ${PGLITE_MAX_LAWYERS.toLocaleString("en")} listings; set DATABASE_URL to load ${count.toLocaleString("en")} into PostgreSQL.`,
    );
  const started = performance.now();
  const ms = { chunks: 0, final: 0, analyze: 0, search: 0, total: 0 };
  const chunks = Math.ceil(count / chunkSize);
  const progress = (phase: ScaleProgress["phase"], chunksDone: number) =>
    opts.onProgress?.({
      phase,
      chunksDone,
      chunks,
      lawyersDone: Math.min(count, chunksDone * chunkSize),
      lawyers: count,
    });

  const pgWriter = engine.kind === "postgres" ? await postgresWriter(engine.pool) : null;
  const writer: ChunkWriter = pgWriter ?? pgliteWriter((engine as { pglite: PGlite }).pglite);
  try {
    if (pgWriter) {
      const { rows } = await pgWriter.client.query("SELECT pg_try_advisory_lock($1) AS ok", [SCALE_LOCK_KEY]);
      if (!rows[0]?.ok)
        throw new ScaleRefusedError("Another seed:scale is loading this database; wait for it to finish.");
    }
    await db.execute(sql`CREATE TABLE IF NOT EXISTS seed_scale_state (
      id integer PRIMARY KEY CHECK (id = 1), lawyers integer NOT NULL, seed bigint NOT NULL,
      version integer NOT NULL, chunk_size integer NOT NULL, now timestamptz NOT NULL,
      status text NOT NULL, started_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz)`);
    let state = await readState(db);
    const same = (s: StateRow) =>
      s.lawyers === count &&
      s.seed === seed &&
      s.version === SCALE_GENERATOR_VERSION &&
      s.chunk_size === chunkSize;
    const { rows: existing } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lawyers`);
    const listings = Number(existing[0]?.n ?? 0);
    if (listings > 0) {
      if (state?.status === "done" && same(state) && listings === count) {
        progress("done", chunks);
        return {
          lawyers: count,
          seed,
          alreadyLoaded: true,
          resumedChunks: 0,
          writtenChunks: 0,
          ms,
          finalSteps: {},
        };
      }
      if (state?.status === "done")
        throw new ScaleRefusedError(
          `The database holds a finished seed:scale load of ${state.lawyers.toLocaleString("en")} listings (seed ${state.seed}); load ${count.toLocaleString("en")} (seed ${seed}) into an empty database.`,
        );
      throw new ScaleRefusedError(
        `The database already has ${listings.toLocaleString("en")} listings that seed:scale did not make; seed:scale loads only into a database without listings.`,
      );
    }
    if (state && (state.status !== "loading" || !same(state))) {
      if (state.status === "loading")
        opts.onNotice?.(
          `Discarding the unfinished load of ${state.lawyers.toLocaleString("en")} listings (seed ${state.seed}, chunk ${state.chunk_size}, version ${state.version}): starting over with ${count.toLocaleString("en")} (seed ${seed}).`,
        );
      await dropStaging(db);
      await db.execute(sql`DELETE FROM seed_scale_state`);
      state = null;
    }
    let done = 0;
    if (state) {
      const { rows } = await db
        .execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM seed_scale_chunks`)
        .catch(() => ({ rows: [] as { n: number }[] }));
      done = Number(rows[0]?.n ?? 0);
      const { rows: contiguous } = await db
        .execute<{ ok: boolean }>(
          sql`SELECT coalesce(max(chunk), -1) + 1 = count(*) AS ok FROM seed_scale_chunks`,
        )
        .catch(() => ({ rows: [{ ok: false }] }));
      if (!contiguous[0]?.ok) {
        // Staging lost (an UNLOGGED table after a crash) or not there: start the same load anew.
        opts.onNotice?.(
          "The staging tables of the unfinished load are gone (a database crash?): starting over.",
        );
        await dropStaging(db);
        await createStaging(db);
        done = 0;
      } else if (done > 0)
        opts.onNotice?.(
          `Resuming the load of ${count.toLocaleString("en")} listings (seed ${seed}) after chunk ${done} of ${chunks} (the generator first replays the finished chunks without writing them).`,
        );
    } else {
      const now = (opts.clock?.now() ?? new Date()).toISOString();
      await dropStaging(db);
      await createStaging(db);
      await db.execute(
        sql`INSERT INTO seed_scale_state (id, lawyers, seed, version, chunk_size, now, status) VALUES (1, ${count}, ${seed}, ${SCALE_GENERATOR_VERSION}, ${chunkSize}, ${now}, 'loading')`,
      );
      state = await readState(db);
    }
    const now = (state as StateRow).now;
    const resumedChunks = done;
    progress("chunks", done);

    // 1. Chunks into staging.
    let writtenChunks = 0;
    if (done < chunks) {
      const source = chunkSource({ count, seed, now, chunkSize, from: done }, opts.worker ?? true);
      try {
        for (;;) {
          if (opts.signal?.aborted)
            throw new ScaleInterruptedError(
              `Interrupted after chunk ${done} of ${chunks}; run the same command to resume.`,
            );
          const chunk = await source.next();
          if (!chunk) break;
          await writer.write(chunk);
          done = chunk.index + 1;
          writtenChunks++;
          progress("chunks", done);
        }
      } finally {
        await source.close();
      }
    }
    ms.chunks = performance.now() - started;

    // 2. One transaction moves staging into the directory.
    progress("final", chunks);
    const finalStarted = performance.now();
    const finalSteps = await finalStep(db, { kind: engine.kind, now, hashPassword: opts.hashPassword });
    ms.final = performance.now() - finalStarted;

    progress("analyze", chunks);
    const analyzeStarted = performance.now();
    await db.execute(sql.raw(`ANALYZE ${TABLES.join(", ")}`));
    ms.analyze = performance.now() - analyzeStarted;

    progress("search", chunks);
    const searchStarted = performance.now();
    await refreshSearchData(db);
    ms.search = performance.now() - searchStarted;
    ms.total = performance.now() - started;
    progress("done", chunks);
    return { lawyers: count, seed, alreadyLoaded: false, resumedChunks, writtenChunks, ms, finalSteps };
  } finally {
    await writer.close();
  }
}
