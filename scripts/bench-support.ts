/**
 * What the search and matching benchmarks share (scripts/bench-search.ts, scripts/bench-match.ts;
 * docs/search.md and docs/matching.md "Performance"): the sizes and engines to run, a fresh
 * database per run (PGlite in a temporary folder, or a temporary PostgreSQL database beside
 * DATABASE_URL), the generator's lawyers, the real API on a random loopback port, one child
 * process per run, and percentiles.
 */

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import pg from "pg";
import { type Database, type Db, openDatabase } from "../server/db/client.ts";
import { generateLawyers } from "../server/seed/generate.ts";
import { insertLawyers } from "../server/seed/insert.ts";
import { loadScaleData } from "../server/seed/scale.ts";

/** The database engines a benchmark runs on. */
export type BenchEngine = "pglite" | "postgres";

/**
 * The p-th percentile (0-100, nearest rank) of `xs` in their unit; NaN for an empty list.
 */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

/**
 * A fresh, empty PostgreSQL database named `<prefix>_<random>` on DATABASE_URL's server with a
 * `drop()` to remove it, or undefined when DATABASE_URL is unset (the benchmark runs on PGlite).
 */
export async function freshPostgres(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return undefined;
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The runs asked for on the command line: sizes from `--sizes=N,M` (default 5,500 and 100,000
 * lawyers), engines PGlite and, when DATABASE_URL is set, PostgreSQL.
 */
export function benchRuns(argv: readonly string[] = process.argv): {
  sizes: number[];
  engines: BenchEngine[];
} {
  const sizesArg = argv.find((a) => a.startsWith("--sizes="));
  const sizes = sizesArg ? sizesArg.slice(8).split(",").map(Number) : [5500, 100_000];
  const engines: BenchEngine[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  return { sizes, engines };
}

/**
 * A fresh database for one run and a temporary folder `tmp` (PGlite's data, or DATA_DIR):
 * PGlite in `tmp`, or a new database `lexatlas_bench_<random>` on the server of DATABASE_URL
 * (an admin connection). `dispose` closes it, drops the PostgreSQL database and removes `tmp`.
 * Throws when PostgreSQL refuses the connection or the CREATE DATABASE.
 */
export async function openBenchDatabase(
  engine: BenchEngine,
): Promise<{ database: Database; tmp: string; dispose(): Promise<void> }> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "lexatlas-bench-"));
  let dropPg: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (engine === "postgres") {
    const admin = process.env.DATABASE_URL as string;
    const name = `lexatlas_bench_${randomBytes(5).toString("hex")}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropPg = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  }
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: tmp });
  return {
    database,
    tmp,
    async dispose() {
      await database.close();
      await dropPg?.();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * Loads `size` generated lawyers (seed 20261121); answers the ms it took. Up to 100,000 the
 * listings alone by INSERT (search data not refreshed); above, the COPY loader of
 * `npm run seed:scale` (server/seed/scale.ts, issue 18 §1: every related table, then ANALYZE and
 * the search data), which takes minutes where the INSERT path took a quarter of an hour.
 */
export async function loadBenchLawyers(db: Db, size: number): Promise<number> {
  const t = performance.now();
  if (size > SCALE_LOADER_ABOVE) await loadScaleData(db, { lawyers: size, seed: 20261121 });
  else await insertLawyers(db, generateLawyers(size, 20261121), { refresh: false });
  return performance.now() - t;
}

/** Sizes above this load through seed:scale's COPY loader (loadBenchLawyers), PostgreSQL only. */
const SCALE_LOADER_ABOVE = 100_000;

/**
 * Serves `app` on 127.0.0.1 with a random port; answers the server and `base`, the URL of
 * `pathPrefix` on it (e.g. "/api/lawyers/search?").
 */
export function serveBench(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  pathPrefix: string,
): Promise<{ server: ReturnType<typeof serve>; base: string }> {
  return new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ server: s, base: `http://127.0.0.1:${info.port}${pathPrefix}` }),
    );
  });
}

/**
 * Runs `script --child <engine> <size>` in a child Node (with --expose-gc) and answers the JSON
 * of its last stdout line; rejects when the child exits non-zero.
 */
export function spawnBenchChild<T>(script: string, engine: string, size: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", script, "--child", engine, String(size)], {
      stdio: ["ignore", "pipe", "inherit"],
      env: process.env,
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0) reject(new Error(`benchmark child ${engine} ${size} exited with ${code}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}

/**
 * A benchmark's entry point. In a child (`<script> --child <engine> <size>`) it runs
 * `runChild(engine, size)` and answers null. Otherwise it prints `title` followed by the CPU
 * count and Node version, then for each engine and size of benchRuns() a line "… <engine> <size>
 * lawyers" while `script` runs it in a child process, and answers the children's results in
 * that order. Rejects when a child fails.
 */
export async function runBenchmarks<T>(
  script: string,
  title: string,
  runChild: (engine: BenchEngine, size: number) => Promise<void>,
): Promise<T[] | null> {
  if (process.argv[2] === "--child") {
    await runChild(process.argv[3] as BenchEngine, Number(process.argv[4]));
    return null;
  }
  const { sizes, engines } = benchRuns();
  console.log(`${title}, ${os.cpus().length} CPUs, Node ${process.version}`);
  const results: T[] = [];
  for (const engine of engines) {
    for (const size of sizes) {
      if (engine === "pglite" && size > SCALE_LOADER_ABOVE) {
        console.log(
          `… pglite ${size.toLocaleString("en")} lawyers: not measured (PGlite takes at most ${SCALE_LOADER_ABOVE.toLocaleString("en")}; set DATABASE_URL for PostgreSQL)`,
        );
        continue;
      }
      console.log(`… ${engine} ${size.toLocaleString("en")} lawyers`);
      results.push(await spawnBenchChild<T>(script, engine, size));
    }
  }
  return results;
}
