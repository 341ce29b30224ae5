/**
 * Encryption-at-rest benchmark (issue 17 §3; docs/performance.md "Document encryption"):
 * `npm run bench:crypto` (`-- --runs=N`, default 20).
 *
 * Over a fresh in-memory PGlite database (or a fresh temporary PostgreSQL database when
 * DATABASE_URL is set: an admin connection, dropped afterwards) and the real local store in a
 * temporary folder, measures put + get (write the upload's temporary file, putFile, get, read
 * every byte) of 1 MB and 10 MB files through the RAW store and through the encrypting store
 * (server/storage/encrypted.ts: AES-256-GCM streamed on put, authenticated in memory on get, one
 * key row each way), alternating the two in the same run. Prints median and p95 in ms per case
 * and the encrypted/raw ratio of medians.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../server/runtime-defaults.ts";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { systemClock } from "../server/clock.ts";
import { openDatabase } from "../server/db/client.ts";
import { createEncryptedStore } from "../server/storage/encrypted.ts";
import { createLocalStore, type DocumentStore, randomKey, readAll } from "../server/storage/index.ts";
import { generateMasterKey, staticKeyring } from "../server/storage/keyring.ts";
import { freshPostgres, percentile } from "./bench-support.ts";

const runs = Number(
  /^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 20,
);

/** One put + get of `bytes` through `store`; answers the milliseconds. */
async function roundTrip(store: DocumentStore, bytes: Buffer): Promise<number> {
  const start = performance.now();
  const key = randomKey();
  const tmp = path.join(await store.tempDir(), `${key}.bench`);
  writeFileSync(tmp, bytes);
  await store.putFile(key, tmp, "application/pdf");
  const got = await store.get(key);
  if (!got) throw new Error("stored object missing");
  const back = await readAll(got);
  const ms = performance.now() - start;
  if (back.length !== bytes.length) throw new Error("size mismatch");
  await store.delete(key);
  return ms;
}

async function main() {
  const postgres = await freshPostgres("lexatlas_bench_crypto");
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: "memory://" });
  const dir = mkdtempSync(path.join(tmpdir(), "lexatlas-bench-crypto-"));
  try {
    const raw = createLocalStore(path.join(dir, "uploads"));
    const encrypted = createEncryptedStore(raw, staticKeyring(generateMasterKey()), database.db, {
      clock: systemClock,
    });
    console.log(
      `bench:crypto  ${runs} runs per case, ${postgres ? "PostgreSQL" : "PGlite"}, local disk, Node ${process.version}`,
    );
    for (const mb of [1, 10]) {
      const bytes = randomBytes(mb * 1024 * 1024);
      // Warm-up of both paths.
      await roundTrip(raw, bytes);
      await roundTrip(encrypted, bytes);
      const times = { raw: [] as number[], encrypted: [] as number[] };
      for (let i = 0; i < runs; i++) {
        times.raw.push(await roundTrip(raw, bytes));
        times.encrypted.push(await roundTrip(encrypted, bytes));
      }
      const line = (name: keyof typeof times) =>
        `  ${String(mb).padStart(2)} MB ${name.padEnd(9)} median ${percentile(times[name], 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times[name], 95).toFixed(1).padStart(7)} ms`;
      console.log(line("raw"));
      console.log(line("encrypted"));
      console.log(
        `  ${String(mb).padStart(2)} MB encrypted/raw (medians) ${(percentile(times.encrypted, 50) / percentile(times.raw, 50)).toFixed(2)}×`,
      );
    }
  } finally {
    await database.close();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
