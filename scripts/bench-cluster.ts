/**
 * `npm run bench:cluster` (issue 18 §2 "Several instances"): throughput (requests/s) and latency
 * (p50/p95) of the search and profile pages with ONE and TWO instances behind the round-robin
 * proxy (tests/support/round-robin-proxy.ts) on one PostgreSQL database.
 *
 * Needs DATABASE_URL (a PostgreSQL server where it may create a database; several instances exist
 * only on PostgreSQL). It creates a fresh database (freshPostgres), loads `--lawyers N` demo
 * lawyers (default 20,000), starts the instances as separate `node server/main.ts` processes
 * (tests/support/instance.ts) and drives them with a keep-alive load generator at a fixed
 * concurrency (`--concurrency C`, default 16) for `--seconds S` per workload (default 10, after a
 * 2 s warm-up). Workloads: the JSON search (/api/lawyers/search), the search page
 * (/browse-lawyers) and the profile page (/lawyer/{id}); the two HTML pages need `npm run build`
 * (without a build they are skipped and the profile is measured as /api/lawyers/{id}).
 * Both set-ups go through the proxy, so its cost is the same in each. Prints a table and a note on
 * what a 2-core machine can show. Figures: docs/performance.md "Several instances".
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../server/runtime-defaults.ts";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BUILD_SERVER } from "../server/app.ts";
import { openDatabase } from "../server/db/client.ts";
import { refreshSearchData } from "../server/search/refresh.ts";
import { type Instance, startInstance, waitForLine } from "../tests/support/instance.ts";
import { startRoundRobinProxy } from "../tests/support/round-robin-proxy.ts";
import { freshPostgres, loadBenchLawyers, percentile } from "./bench-support.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = eq ? eq.slice(name.length + 3) : i >= 0 ? process.argv[i + 1] : undefined;
  const n = Number(raw);
  return raw !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
};

const LAWYERS = arg("lawyers", 20_000);
const CONCURRENCY = arg("concurrency", 16);
const SECONDS = arg("seconds", 10);
const WARMUP_MS = 2000;

/** Searches a visitor makes (kinds of docs/search.md: empty, country, area + country, free text, near). */
const SEARCHES = [
  "",
  "location=Germany",
  "practiceAreas=Car+Accidents&location=United+States",
  "query=slip+and+fall+lawyers+in+London",
  "query=medical+malpractice",
  "practiceAreas=Medical+Malpractice&experience=10&rating=4",
  "query=M%C3%BCller",
  "location=Canada&verified=true&sort=rating",
  "query=truck+accident&page=3",
  "location=Japan",
];

interface Figures {
  requests: number;
  errors: number;
  /** Failed answers by status ("network" for a failed connection). */
  failures: Record<string, number>;
  rps: number;
  p50: number;
  p95: number;
}

/** Drives `next()`'s paths against `base` with CONCURRENCY keep-alive clients for `ms`; answers the figures. */
async function drive(base: string, next: () => string, ms: number): Promise<Figures> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(base);
  const latencies: number[] = [];
  let errors = 0;
  const failures: Record<string, number> = {};
  let ip = 0;
  const until = performance.now() + ms;
  const one = (p: string) =>
    new Promise<void>((resolve) => {
      ip = (ip + 1) % 60_000;
      const t = performance.now();
      const req = request(
        {
          agent,
          hostname: url.hostname,
          port: url.port,
          path: p,
          headers: {
            "X-Forwarded-For": `10.${(ip >> 8) & 255}.${ip & 255}.1`,
            "Accept-Encoding": "identity",
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if ((res.statusCode ?? 500) >= 400) {
              errors += 1;
              failures[String(res.statusCode)] = (failures[String(res.statusCode)] ?? 0) + 1;
            } else latencies.push(performance.now() - t);
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors += 1;
        failures.network = (failures.network ?? 0) + 1;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await one(next());
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    failures,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

async function main() {
  const pgdb = await freshPostgres("lexatlas_cluster_bench");
  if (!pgdb) {
    console.error(
      "bench:cluster needs DATABASE_URL (a PostgreSQL server where it may create a database): several instances share one PostgreSQL.",
    );
    process.exit(64);
  }
  const pages = existsSync(BUILD_SERVER);
  const dirs: string[] = [];
  const instances: Instance[] = [];
  try {
    console.log(
      `bench:cluster, ${os.cpus().length} CPUs, Node ${process.version}, ${LAWYERS.toLocaleString("en")} lawyers, concurrency ${CONCURRENCY}, ${SECONDS} s per workload`,
    );
    const database = await openDatabase({ databaseUrl: pgdb.url, poolSize: 4 });
    const loadMs = await loadBenchLawyers(database.db, LAWYERS);
    await refreshSearchData(database.db);
    const { rows } = await database.db.execute<{ id: number }>(sql`SELECT id FROM lawyers ORDER BY id`);
    const ids = rows.map((r) => Number(r.id));
    await database.close();
    console.log(`loaded in ${(loadMs / 1000).toFixed(1)} s`);

    const env = (dataDir: string) => ({
      DATABASE_URL: pgdb.url,
      DATA_DIR: dataDir,
      SEED_LAWYERS: "0",
      LOG_LEVEL: "info", // request lines are debug; info shows "place names ready"
      TRUST_PROXY: "true",
      DOCUMENT_MASTER_KEY: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
      STAFF_SECRET_KEY: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
      S3_ENDPOINT: "http://127.0.0.1:9", // never used by these reads; silences the per-machine warning
      S3_BUCKET: "bench",
      S3_ACCESS_KEY_ID: "bench",
      S3_SECRET_ACCESS_KEY: "bench",
    });
    const start = async () => {
      const d = mkdtempSync(path.join(os.tmpdir(), "lexatlas-cluster-bench-"));
      dirs.push(d);
      const inst = await startInstance(env(d), 120_000);
      await waitForLine(inst, /place names ready/, 120_000);
      instances.push(inst);
      return inst;
    };
    await start();
    await new Promise((r) => setTimeout(r, 3000));

    let s = 0;
    let p = 0;
    const workloads: [string, () => string][] = [
      ["JSON search /api/lawyers/search", () => `/api/lawyers/search?${SEARCHES[s++ % SEARCHES.length]}`],
      ...(pages
        ? ([
            ["search page /browse-lawyers", () => `/browse-lawyers?${SEARCHES[s++ % SEARCHES.length]}`],
            ["profile page /lawyer/{id}", () => `/lawyer/${ids[(p++ * 7919) % ids.length]}`],
          ] as [string, () => string][])
        : ([["profile JSON /api/lawyers/{id}", () => `/api/lawyers/${ids[(p++ * 7919) % ids.length]}`]] as [
            string,
            () => string,
          ][])),
    ];
    const results: { setup: string; workload: string; f: Figures }[] = [];
    for (const count of [1, 2]) {
      if (count === 2) {
        await start();
        await new Promise((r) => setTimeout(r, 3000));
      }
      const proxy = await startRoundRobinProxy(instances.slice(0, count).map((i) => i.url));
      for (const [name, next] of workloads) {
        await drive(proxy.url, next, WARMUP_MS);
        const f = await drive(proxy.url, next, SECONDS * 1000);
        results.push({ setup: `${count} instance${count > 1 ? "s" : ""}`, workload: name, f });
        console.log(
          `${count} instance(s)  ${name.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1)} ms  p95 ${f.p95.toFixed(1)} ms  (${f.requests} ok, ${f.errors} errors ${JSON.stringify(f.failures)})`,
        );
      }
      await proxy.close();
    }
    console.log("\n| Workload | Instances | req/s | p50 ms | p95 ms | errors |");
    console.log("|---|---|---|---|---|---|");
    for (const r of results)
      console.log(
        `| ${r.workload} | ${r.setup} | ${r.f.rps.toFixed(0)} | ${r.f.p50.toFixed(1)} | ${r.f.p95.toFixed(1)} | ${r.f.errors} |`,
      );
    if (!pages) console.log("\n(no build: run `npm run build` first to measure the HTML pages)");
    console.log(
      `\nNote: this machine has ${os.cpus().length} CPU(s). The instances, PostgreSQL, the proxy and this load generator share them, so a second instance can only add throughput while one instance leaves a core idle (its single JavaScript thread is the bottleneck while PostgreSQL and the generator have room). On 2 cores a second instance mostly shows that the set-up works and what the proxy costs, not how far it scales; the scaling figure needs instances on their own cores or machines, with PostgreSQL on its own.`,
    );
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await pgdb.drop();
  }
}

await main();
