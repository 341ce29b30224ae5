/**
 * Search benchmark (issue 2 §5; docs/search.md "Performance"): `npm run bench:search`.
 *
 * For each size (5,500 and 100,000 lawyers; `--sizes=N,M` to change) and engine (PGlite in a
 * fresh temp folder; also PostgreSQL in a fresh temporary database when DATABASE_URL is set), a
 * child process loads the generator's lawyers, starts the real HTTP server on 127.0.0.1 with a
 * random port, runs a fixed mix of 27 searches (free text, typos, location split, every filter,
 * every sort, a deep page, near) and prints:
 *   - p50/p95 of the in-server search time (the Server-Timing header) and of the client round
 *     trip, warm (after warm-up; per-search caches as in production) and cold (every per-search
 *     cache dropped before each request; the search facts of refreshSearchData kept), with the
 *     three slowest cold searches;
 *   - the server process's resident memory (RSS) after the timed runs (after a GC; it includes
 *     PGlite's WebAssembly heap, which holds the whole embedded database engine);
 *   - the gzip bytes of a first page as sent (Accept-Encoding: gzip) against the gzip bytes of
 *     what the spec's original design sends for the same search (every match as one JSON array,
 *     sorted and paged in the browser).
 * Exits non-zero if a search fails.
 */
import http from "node:http";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { SearchParamsSchema } from "../lib/search-params.ts";
import { createApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { dropSearchResultCaches } from "../server/search/cache.ts";
import { refreshSearchData, searchLawyers } from "../server/search/index.ts";
import {
  type BenchEngine,
  loadBenchLawyers,
  openBenchDatabase,
  percentile,
  runBenchmarks,
  serveBench,
} from "./bench-support.ts";

/** The fixed query mix (URL query strings of GET /api/lawyers/search). */
export const QUERY_MIX: string[] = [
  "",
  "query=car+accident+lawyer+in+Toronto",
  "query=personel+injurry",
  "query=medical+malpractice",
  "query=Muller",
  "query=slip+and+fall+lawyers+in+London",
  "query=auto+accident+attorney&location=US",
  "query=wrongful+death&sort=rating",
  "location=Torronto",
  "location=CA",
  "location=Germany&sort=name",
  "practiceAreas=Car+Accidents,Dog+Bites",
  "experience=20",
  "rating=4.5",
  "experience=10&rating=4&practiceAreas=Medical+Malpractice&location=United+States",
  "sort=rating",
  "sort=experience",
  "sort=reviews",
  "sort=name",
  "sort=location",
  "page=40&pageSize=48",
  "query=medical+malpractice&page=20",
  "near=43.6532,-79.3832&radiusKm=100",
  "near=51.5074,-0.1278",
  // Issue 16 §3: the response-time filter and sort (lawyers_response_idx, the facts' `responsive`).
  "respondsWithin24h=true",
  "sort=response",
  "respondsWithin24h=true&location=US&sort=response",
];

const WARM_ROUNDS = 10;
const COLD_ROUNDS = 2;

interface ChildResult {
  engine: string;
  size: number;
  loadMs: number;
  refreshMs: number;
  warmServer: number[];
  warmClient: number[];
  coldServer: number[];
  coldClient: number[];
  rssMb: number;
  pageBytes: { label: string; firstPage: number; original: number; matches: number }[];
  slowest: { q: string; ms: number }[];
  slowestCold: { q: string; ms: number }[];
}

/** GET with Accept-Encoding: gzip; answers status, the bytes as sent, and the Server-Timing ms. */
function get(url: string): Promise<{ status: number; bytes: number; serverMs: number; clientMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" }, agent: false }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => {
          const timing = String(res.headers["server-timing"] ?? "");
          const serverMs = Number(/dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN);
          resolve({ status: res.statusCode ?? 0, bytes, serverMs, clientMs: performance.now() - started });
        });
      })
      .on("error", reject);
  });
}

async function runChild(engine: BenchEngine, size: number): Promise<void> {
  const { database, dispose } = await openBenchDatabase(engine);
  const { db } = database;
  try {
    const loadMs = await loadBenchLawyers(db, size);
    const t = performance.now();
    await refreshSearchData(db);
    const refreshMs = performance.now() - t;

    const config = loadConfig({ LOG_LEVEL: "silent" });
    const app = await createApp({ services: { db, config, logger: createLogger("silent") }, pages: false });
    const { server, base } = await serveBench(app, "/api/lawyers/search?");

    const run = async (q: string) => {
      const r = await get(base + q);
      if (r.status !== 200) throw new Error(`search ${q} answered ${r.status}`);
      return r;
    };
    // Cold: every per-search cache (understanding, totals, ranked ids, facets) dropped before
    // each request; the search facts built by refreshSearchData stay, as in production.
    const coldServer: number[] = [];
    const coldClient: number[] = [];
    const coldPerQuery: { q: string; ms: number }[] = [];
    for (let round = 0; round < COLD_ROUNDS; round++) {
      for (const q of QUERY_MIX) {
        dropSearchResultCaches(db);
        const r = await run(q);
        if (round > 0) {
          coldServer.push(r.serverMs);
          coldClient.push(r.clientMs);
          coldPerQuery.push({ q: q || "(none)", ms: r.serverMs });
        }
      }
    }
    // Warm-up, then measured rounds.
    for (const q of QUERY_MIX) await run(q);
    const warmServer: number[] = [];
    const warmClient: number[] = [];
    const perQuery = new Map<string, number>();
    for (let round = 0; round < WARM_ROUNDS; round++) {
      for (const q of QUERY_MIX) {
        const r = await run(q);
        warmServer.push(r.serverMs);
        warmClient.push(r.clientMs);
        perQuery.set(q, Math.max(perQuery.get(q) ?? 0, r.serverMs));
      }
    }

    (globalThis as { gc?: () => void }).gc?.();
    const rssMb = process.memoryUsage().rss / 1024 / 1024;

    // First page as sent against the original design (every match, gzip).
    const pageBytes: ChildResult["pageBytes"] = [];
    for (const [label, q] of [
      ["no filters", ""],
      ["car accident lawyer in Toronto", "query=car+accident+lawyer+in+Toronto"],
      ["location=CA", "location=CA"],
    ] as const) {
      const first = await run(q);
      const params = SearchParamsSchema.parse(Object.fromEntries(new URLSearchParams(q)));
      const probe = await searchLawyers(db, params);
      const all = await searchLawyers(db, { ...params, page: 1, pageSize: Math.max(1, probe.total) });
      const original = gzipSync(Buffer.from(JSON.stringify(all.lawyers))).length;
      pageBytes.push({ label, firstPage: first.bytes, original, matches: probe.total });
    }

    const result: ChildResult = {
      engine,
      size,
      loadMs,
      refreshMs,
      warmServer,
      warmClient,
      coldServer,
      coldClient,
      rssMb,
      pageBytes,
      slowest: [...perQuery.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([q, ms]) => ({ q: q || "(none)", ms })),
      slowestCold: coldPerQuery.sort((a, b) => b.ms - a.ms).slice(0, 3),
    };
    await new Promise<void>((r) => server.close(() => r()));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await dispose();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const results = await runBenchmarks<ChildResult>(
    fileURLToPath(import.meta.url),
    `LexAtlas search benchmark: ${QUERY_MIX.length} searches x ${WARM_ROUNDS} warm rounds`,
    runChild,
  );
  if (!results) return;
  console.log("");
  console.log(
    "| engine | lawyers | load s | refresh ms | warm server p50 / p95 ms | warm round trip p50 / p95 ms | cold server p50 / p95 ms | RSS MB |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${r.size.toLocaleString("en")} | ${(r.loadMs / 1000).toFixed(1)} | ${Math.round(r.refreshMs)} | ` +
        `${ms(percentile(r.warmServer, 50))} / ${ms(percentile(r.warmServer, 95))} | ` +
        `${ms(percentile(r.warmClient, 50))} / ${ms(percentile(r.warmClient, 95))} | ` +
        `${ms(percentile(r.coldServer, 50))} / ${ms(percentile(r.coldServer, 95))} | ${Math.round(r.rssMb)} |`,
    );
  }
  console.log("");
  console.log(
    "| engine | lawyers | search | matches | first page (gzip, as sent) | original design: every match (gzip) |",
  );
  console.log("|---|---:|---|---:|---:|---:|");
  for (const r of results) {
    for (const b of r.pageBytes) {
      console.log(
        `| ${r.engine} | ${r.size.toLocaleString("en")} | ${b.label} | ${b.matches.toLocaleString("en")} | ${kb(b.firstPage)} | ${kb(b.original)} |`,
      );
    }
  }
  console.log("");
  for (const r of results) {
    console.log(
      `slowest warm (${r.engine}, ${r.size}): ${r.slowest.map((s) => `${s.q} ${ms(s.ms)} ms`).join("; ")}`,
    );
    console.log(
      `slowest cold (${r.engine}, ${r.size}): ${r.slowestCold.map((s) => `${s.q} ${ms(s.ms)} ms`).join("; ")}`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
