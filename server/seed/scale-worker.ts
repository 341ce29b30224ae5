/**
 * The generator thread of `npm run seed:scale` (server/seed/scale.ts, issue 18 §1): builds the
 * chunks of the load described by `workerData` ({ count, seed, now (ISO), chunkSize, from }) with
 * ScaleChunkBuilder and posts each one when the main thread asks ("more"), keeping one chunk
 * built ahead so generation overlaps the database's COPY. Posts null after the last chunk.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type ScaleChunk, ScaleChunkBuilder } from "./scale-rows.ts";

const data = workerData as { count: number; seed: number; now: string; chunkSize: number; from: number };
const builder = new ScaleChunkBuilder({
  count: data.count,
  seed: data.seed,
  now: new Date(data.now),
  chunkSize: data.chunkSize,
});
builder.skipTo(data.from);

let ahead: ScaleChunk | null | undefined = builder.nextChunk();
parentPort?.on("message", () => {
  if (ahead === undefined) ahead = builder.nextChunk();
  parentPort?.postMessage(ahead);
  ahead = ahead === null ? null : undefined;
  // Build the next one while the main thread writes this one.
  if (ahead === undefined)
    setImmediate(() => {
      if (ahead === undefined) ahead = builder.nextChunk();
    });
});
