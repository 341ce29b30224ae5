/**
 * How seed:scale (issue 18 §1, server/seed/scale.ts) gets chunks into staging: the chunk source
 * (scale-rows.ts in a worker thread, scale-worker.ts, or in this thread) and the engine-specific
 * COPY writers, each chunk in one transaction with its `seed_scale_chunks` row. PostgreSQL uses
 * pg-copy-streams; PGlite `COPY ... FROM '/dev/blob'` with the chunk as a blob.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Db } from "../db/client.ts";
import { STAGED_COLUMNS, STAGED_EXTRA, type StagedTable } from "./scale-columns.ts";
import { type ScaleChunk, ScaleChunkBuilder } from "./scale-rows.ts";
import { SCALE_LOCK_KEY, staging, TABLES } from "./scale-staging.ts";

/** The engine-specific COPY of one chunk, in a transaction with its chunk row. */
export type ChunkWriter = { write(chunk: ScaleChunk): Promise<void>; close(): Promise<void> };

/** The node-postgres pool or the PGlite instance behind a Drizzle handle. */
export function clientOf(db: Db): { kind: "postgres"; pool: pg.Pool } | { kind: "pglite"; pglite: PGlite } {
  const client = (db as unknown as { $client: unknown }).$client as Record<string, unknown>;
  if (typeof client.connect === "function" && "totalCount" in client)
    return { kind: "postgres", pool: client as unknown as pg.Pool };
  return { kind: "pglite", pglite: client as unknown as PGlite };
}

/** The COPY statement that fills the staging table of `t` from the client. */
const copySql = (t: StagedTable) =>
  `COPY ${staging(t)} (${[...STAGED_COLUMNS[t], ...STAGED_EXTRA[t]].join(", ")}) FROM STDIN`;

/** Writes chunks with pg-copy-streams on one dedicated connection (which also holds the load lock). */
export async function postgresWriter(pool: pg.Pool): Promise<ChunkWriter & { client: pg.PoolClient }> {
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
export function pgliteWriter(pglite: PGlite): ChunkWriter {
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
export function chunkSource(
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
