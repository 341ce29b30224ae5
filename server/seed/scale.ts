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
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { refreshResponseStats } from "../responses/stats.ts";
import { refreshSearchData } from "../search/index.ts";
import { createDemoAccounts } from "./demo-accounts.ts";
import { insertDemoResponderAccounts } from "./demo-responses.ts";
import { DEFAULT_SEED } from "./generate.ts";
import {
  type ScaleChunk,
  ScaleChunkBuilder,
  STAGED_COLUMNS,
  STAGED_EXTRA,
  type StagedTable,
} from "./scale-rows.ts";

/**
 * Version of the rows a load writes: bump it whenever the generator or scale-rows.ts changes its
 * output, so a load interrupted under the old code restarts instead of mixing the two.
 */
export const SCALE_GENERATOR_VERSION = 4;
/** The most listings seed:scale loads into PGlite (issue 18 §1: "or PGlite for ≤ 100,000"). */
export const PGLITE_MAX_LAWYERS = 100_000;
/** Listings per chunk (and per COPY transaction) unless told otherwise. */
export const DEFAULT_CHUNK_SIZE = 10_000;

/** Same key as seedIfEmpty's lock: a server starting on the database meanwhile does not seed. */
const SEED_LOCK_KEY = 0x1e4a7_5eed;
/** Held for a whole load so two seed:scale commands on one database do not interleave. */
const SCALE_LOCK_KEY = 0x1e4a7_5ca1;

/** The target tables in the order the final step fills them. */
const TABLES = Object.keys(STAGED_COLUMNS) as StagedTable[];
const staging = (t: StagedTable) => `seed_scale_${t}`;

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

/** The database holds listings seed:scale did not make, or the load is not allowed (message says why). */
export class ScaleRefusedError extends Error {
  override name = "ScaleRefusedError";
}

/** The signal stopped the load after a finished chunk; the same call resumes it. */
export class ScaleInterruptedError extends Error {
  override name = "ScaleInterruptedError";
}

type StateRow = {
  lawyers: number;
  seed: number;
  version: number;
  chunk_size: number;
  now: Date;
  status: string;
};

/** The engine-specific COPY of one chunk, in a transaction with its chunk row. */
type ChunkWriter = { write(chunk: ScaleChunk): Promise<void>; close(): Promise<void> };

/** The node-postgres pool or the PGlite instance behind a Drizzle handle. */
function clientOf(db: Db): { kind: "postgres"; pool: pg.Pool } | { kind: "pglite"; pglite: PGlite } {
  const client = (db as unknown as { $client: unknown }).$client as Record<string, unknown>;
  if (typeof client.connect === "function" && "totalCount" in client)
    return { kind: "postgres", pool: client as unknown as pg.Pool };
  return { kind: "pglite", pglite: client as unknown as PGlite };
}

const copySql = (t: StagedTable) =>
  `COPY ${staging(t)} (${[...STAGED_COLUMNS[t], ...STAGED_EXTRA[t]].join(", ")}) FROM STDIN`;

/** Writes chunks with pg-copy-streams on one dedicated connection (which also holds the load lock). */
async function postgresWriter(pool: pg.Pool): Promise<ChunkWriter & { client: pg.PoolClient }> {
  const client = await pool.connect();
  return {
    client,
    async write(chunk) {
      await client.query("BEGIN");
      try {
        for (const t of TABLES) {
          if (!chunk.text[t]) continue;
          await pipeline(Readable.from([Buffer.from(chunk.text[t])]), client.query(copyFrom(copySql(t))));
        }
        await client.query("INSERT INTO seed_scale_chunks (chunk, lawyers) VALUES ($1, $2)", [
          chunk.index,
          chunk.lawyers,
        ]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        throw e;
      }
    },
    async close() {
      await client.query("SELECT pg_advisory_unlock($1)", [SCALE_LOCK_KEY]).catch(() => {});
      client.release();
    },
  };
}

/** Writes chunks into PGlite with `COPY ... FROM '/dev/blob'` (PGlite's way to feed COPY). */
function pgliteWriter(pglite: PGlite): ChunkWriter {
  return {
    async write(chunk) {
      await pglite.transaction(async (tx) => {
        for (const t of TABLES) {
          if (!chunk.text[t]) continue;
          await tx.query(copySql(t).replace("FROM STDIN", "FROM '/dev/blob'"), [], {
            blob: new Blob([chunk.text[t]]),
          });
        }
        await tx.query("INSERT INTO seed_scale_chunks (chunk, lawyers) VALUES ($1, $2)", [
          chunk.index,
          chunk.lawyers,
        ]);
      });
    },
    async close() {},
  };
}

/** Chunks from a worker thread (generation overlaps COPY), or from this thread. */
function chunkSource(
  opts: { count: number; seed: number; now: Date; chunkSize: number; from: number },
  useWorker: boolean,
): { next(): Promise<ScaleChunk | null>; close(): Promise<void> } {
  if (!useWorker) {
    const builder = new ScaleChunkBuilder(opts);
    builder.skipTo(opts.from);
    return { next: async () => builder.nextChunk(), close: async () => {} };
  }
  const worker = new Worker(new URL("./scale-worker.ts", import.meta.url), {
    workerData: { ...opts, now: opts.now.toISOString() },
  });
  const queue: (ScaleChunk | null)[] = [];
  let waiting: { resolve: (c: ScaleChunk | null) => void; reject: (e: Error) => void } | null = null;
  let failed: Error | null = null;
  worker.on("message", (msg: ScaleChunk | null) => {
    if (waiting) {
      waiting.resolve(msg);
      waiting = null;
    } else queue.push(msg);
  });
  const fail = (e: Error) => {
    failed = e;
    waiting?.reject(e);
    waiting = null;
  };
  worker.on("error", fail);
  worker.on("exit", (code) => {
    if (code !== 0 && !failed) fail(new Error(`the generator worker exited with code ${code}`));
  });
  return {
    next() {
      // Ask for one more ahead, so the worker builds the next chunk while this one is written.
      worker.postMessage("more");
      if (queue.length > 0) return Promise.resolve(queue.shift() as ScaleChunk | null);
      if (failed) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** The recorded state, or null. */
async function readState(db: Db): Promise<StateRow | null> {
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
async function dropStaging(db: Pick<Db, "execute">): Promise<void> {
  for (const t of TABLES) await db.execute(sql.raw(`DROP TABLE IF EXISTS ${staging(t)}`));
  await db.execute(sql`DROP TABLE IF EXISTS seed_scale_chunks`);
}

/** Creates empty staging tables shaped like their targets' copied columns (no constraints, no indexes). */
async function createStaging(db: Db): Promise<void> {
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

/** A secondary index or foreign key of a target table, dropped before the bulk insert and re-created after. */
interface Deferred {
  table: string;
  name: string;
  kind: "index" | "fk";
  definition: string;
}

/**
 * Moves staging into the target tables in one transaction: drops the targets' secondary indexes
 * and foreign keys (those not backing a primary key or unique constraint), inserts, creates the
 * demo accounts and drops their listings' response cases (as seedIfEmpty, which creates them
 * first), re-creates indexes and keys (a key is validated by one query instead of a lookup per
 * row), moves the serial sequences past the explicit ids, marks the state done and drops staging.
 */
async function finalStep(
  db: Db,
  opts: {
    kind: "postgres" | "pglite";
    now: Date;
    hashPassword?: ((p: string) => Promise<string>) | undefined;
  },
): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  let mark = performance.now();
  /** Adds the time since the last mark to `name`. */
  const lap = (name: string) => {
    const at = performance.now();
    steps[name] = (steps[name] ?? 0) + Math.round(at - mark);
    mark = at;
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const { rows: present } = await tx.execute<{ id: number }>(sql`SELECT id FROM lawyers LIMIT 1`);
    if (present.length > 0)
      throw new ScaleRefusedError(
        "Listings appeared in the database during the load (a server seeded it?): nothing moved.",
      );
    if (opts.kind === "postgres") await tx.execute(sql`SET LOCAL maintenance_work_mem = '512MB'`);
    const names = TABLES.map((t) => `'${t}'`).join(", ");
    const { rows: indexes } = await tx.execute<{ table: string; name: string; definition: string }>(
      sql.raw(`SELECT c.relname AS table, i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname IN (${names})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`),
    );
    const { rows: keys } = await tx.execute<{ table: string; name: string; definition: string }>(
      sql.raw(`SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND k.contype = 'f' AND c.relname IN (${names})`),
    );
    const deferred: Deferred[] = [
      ...indexes.map((r) => ({ ...r, kind: "index" as const })),
      ...keys.map((r) => ({ ...r, kind: "fk" as const })),
    ];
    for (const d of deferred)
      await tx.execute(
        sql.raw(
          d.kind === "index"
            ? `DROP INDEX public."${d.name}"`
            : `ALTER TABLE public."${d.table}" DROP CONSTRAINT "${d.name}"`,
        ),
      );

    lap("drop indexes and keys");
    const move = async (t: StagedTable, where = "", order = "") => {
      const cols = STAGED_COLUMNS[t].join(", ");
      await tx.execute(
        sql.raw(`INSERT INTO ${t} (${cols}) SELECT ${cols} FROM ${staging(t)} ${where} ${order}`),
      );
      lap(`insert ${t}`);
    };
    await move("lawyers", "", "ORDER BY id");
    await move("bar_admissions", "", "ORDER BY id");
    await move("verification_checks", "", "ORDER BY lawyer_id, ord");
    await move("disciplinary_records", "", "ORDER BY lawyer_id, ord");
    // Demo accounts take listings first (seedIfEmpty's order), so their listings get no response cases.
    if (opts.hashPassword) await createDemoAccounts(tx, opts.hashPassword, opts.now);
    const { rows: owned } = await tx.execute<{ id: number }>(
      sql`SELECT lawyer_id AS id FROM users WHERE lawyer_id IS NOT NULL`,
    );
    const ownedIds = owned.map((r) => Number(r.id));
    const notOwned = ownedIds.length ? `WHERE NOT (response AND lawyer_id IN (${ownedIds.join(",")}))` : "";
    await move("cases", notOwned);
    await move("case_status_events", ownedIds.length ? `WHERE lawyer_id NOT IN (${ownedIds.join(",")})` : "");
    await move("reviews");
    if (ownedIds.length) await refreshResponseStats(tx, { now: () => opts.now }, ownedIds);
    // Issue 28 §4: the listings that answered demo cases are managed, as seedIfEmpty writes them.
    await insertDemoResponderAccounts(tx);
    lap("demo accounts and their response figures");

    for (const d of deferred.filter((x) => x.kind === "index")) {
      await tx.execute(sql.raw(d.definition));
      lap(d.name === "lawyers_search_vector_idx" ? "index lawyers_search_vector_idx (GIN)" : "other indexes");
    }
    for (const d of deferred.filter((x) => x.kind === "fk"))
      await tx.execute(sql.raw(`ALTER TABLE public."${d.table}" ADD CONSTRAINT "${d.name}" ${d.definition}`));
    for (const t of ["lawyers", "bar_admissions"])
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${t}), false)`,
        ),
      );
    await tx.execute(sql`UPDATE seed_scale_state SET status = 'done', finished_at = now() WHERE id = 1`);
    lap("foreign keys, sequences and state");
    await dropStaging(tx);
  });
  lap("commit");
  return steps;
}
