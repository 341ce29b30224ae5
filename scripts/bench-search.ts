/**
 * Search benchmark (issue 2 §5, issue 18 §1; docs/search.md "Performance", docs/performance.md):
 * `npm run bench:search`.
 *
 * Runs, in one child process per engine and size, the real HTTP server on 127.0.0.1 with a
 * random port over a database of demo lawyers:
 *   - fresh databases: PGlite in a temp folder and, when DATABASE_URL is set, a temporary
 *     PostgreSQL database, loaded with `--sizes=N,M` generated lawyers (default 5,500 and 100,000)
 *     by `loadLawyers` below (scripts/bench-support.ts loadBenchLawyers: INSERT up to 100,000,
 *     above that the COPY loader of `npm run seed:scale`, PostgreSQL only; PGlite is not run
 *     above 100,000);
 *   - or `--database-url=postgresql://…` (or BENCH_DATABASE_URL): an EXISTING loaded database
 *     (e.g. the 1,000,000 rows of seed:scale), used strictly read-only: every connection of the
 *     run is opened with `default_transaction_read_only=on`, no migration, no refreshSearchData
 *     (which writes the lexicon); the start-up cost is then the in-process build of the
 *     vocabulary, the search facts and the landing facets.
 * For each query class of issue 18 §1 (empty query, country, practice area + country, free text
 * with place split, typo, rare surname, each sort, deep page, near with and without radius,
 * multilingual free text, facets of a broad query) it prints p50/p95 of the in-server time
 * (Server-Timing) warm and cold (every per-search cache dropped before each request; the search
 * facts stay), and on PostgreSQL the floor: the very SQL statements the server sent for that
 * request, captured at the driver and replayed directly through `pg` (median of 3 replays, run
 * one after the other), with the ratio cold p50 / floor. Also: the start-up build, resident
 * memory after each in-process structure is built and after the runs, the first page's gzip
 * bytes against the spec's original design (every match as one JSON array), and a peer a
 * developer might pick instead, MiniSearch 7.2.0, over the same rows for the free-text classes
 * (build time, heap delta, p50/p95, ratio to ours). `--explain=FILE` writes EXPLAIN (ANALYZE, BUFFERS)
 * of every statement of each class's measured requests to FILE (PostgreSQL).
 * Exits non-zero if a search fails.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../server/runtime-defaults.ts";
import { appendFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { createGzip } from "node:zlib";
import MiniSearch from "minisearch";
import pg from "pg";
import { DIRECTORY_WORDS, GENERIC_WORDS } from "../lib/query.ts";
import { SearchParamsSchema } from "../lib/search-params.ts";
import { createApp } from "../server/app.ts";
import { systemClock } from "../server/clock.ts";
import { loadConfig } from "../server/config.ts";
import { type Database, type Db, openDatabase } from "../server/db/client.ts";
import { createLogger } from "../server/logger.ts";
import { dropSearchResultCaches } from "../server/search/cache.ts";
import { getFacts } from "../server/search/facts.ts";
import { getGazetteer } from "../server/search/gazetteer.ts";
import { getFacets, refreshSearchData, searchLawyers } from "../server/search/index.ts";
import { getVocabulary } from "../server/search/vocabulary.ts";
import {
  type BenchEngine,
  loadBenchLawyers,
  openBenchDatabase,
  percentile,
  runBenchmarks,
  serveBench,
  spawnBenchChild,
} from "./bench-support.ts";

/**
 * Loads `size` generated lawyers into a fresh database; answers the ms it took. The ONLY loading
 * step of this benchmark: at merge, point it at seed:scale's COPY loader (issue 18 §1).
 */
async function loadLawyers(db: Db, size: number): Promise<number> {
  return loadBenchLawyers(db, size);
}

/** One query class of issue 18 §1: its API route and the query strings measured for it. */
interface QueryClass {
  name: string;
  route: "search" | "facets";
  queries: string[];
  /** Free text a peer library (MiniSearch) can answer too: the text typed. */
  freeText?: string[];
  /** Fuzzy matching for the peer (typo class). */
  fuzzy?: boolean;
}

/** The classes; `surname` is a rare surname of the data (picked from the database by the run). */
export function queryClasses(surname: string): QueryClass[] {
  return [
    { name: "empty query", route: "search", queries: [""] },
    { name: "country", route: "search", queries: ["location=CA", "location=Germany"] },
    {
      name: "practice area + country",
      route: "search",
      queries: [
        "practiceAreas=Car+Accidents&location=US",
        "experience=10&rating=4&practiceAreas=Medical+Malpractice&location=United+States",
      ],
    },
    {
      name: "free text + place split",
      route: "search",
      queries: ["query=car+accident+lawyer+in+Toronto", "query=slip+and+fall+lawyers+in+London"],
      freeText: ["car accident lawyer in Toronto", "slip and fall lawyers in London"],
    },
    {
      name: "typo",
      route: "search",
      queries: ["query=personel+injurry+Torronto", "location=Torronto"],
      freeText: ["personel injurry Torronto"],
      fuzzy: true,
    },
    {
      name: "rare surname",
      route: "search",
      queries: [`query=${encodeURIComponent(surname)}`],
      freeText: [surname],
    },
    { name: "sort=relevance (text)", route: "search", queries: ["query=wrongful+death&sort=relevance"] },
    { name: "sort=rating", route: "search", queries: ["sort=rating"] },
    { name: "sort=experience", route: "search", queries: ["sort=experience"] },
    { name: "sort=reviews", route: "search", queries: ["sort=reviews"] },
    { name: "sort=name", route: "search", queries: ["sort=name"] },
    { name: "sort=location", route: "search", queries: ["sort=location"] },
    {
      name: "sort=response",
      route: "search",
      queries: ["sort=response", "respondsWithin24h=true&location=US"],
    },
    {
      name: "deep page",
      route: "search",
      queries: [
        "page=200&pageSize=48",
        "sort=name&page=200&pageSize=48",
        "query=medical+malpractice&page=20",
      ],
    },
    { name: "near (no radius)", route: "search", queries: ["near=43.6532,-79.3832", "near=51.5074,-0.1278"] },
    {
      name: "near + radiusKm",
      route: "search",
      queries: ["near=43.6532,-79.3832&radiusKm=100", "near=51.5074,-0.1278&radiusKm=25"],
    },
    {
      name: "multilingual free text",
      route: "search",
      queries: [
        `query=${encodeURIComponent("Unfallanwalt München")}`,
        `query=${encodeURIComponent("交通事故 弁護士 東京")}`,
      ],
      freeText: ["Unfallanwalt München", "交通事故 弁護士 東京"],
    },
    { name: "facets of a broad query", route: "facets", queries: ["", "query=car+accident"] },
  ];
}

const WARM_ROUNDS = 5;
const COLD_ROUNDS = 3;
const FLOOR_REPLAYS = 3;

interface ClassResult {
  name: string;
  queries: number;
  cold: number[];
  warm: number[];
  floor: number[];
  slowest: { q: string; ms: number };
}

interface PeerResult {
  docs: number;
  buildMs: number;
  heapMb: number;
  perClass: { name: string; peer: number[]; ours: number[]; hits: number[] }[];
}

interface ChildResult {
  engine: string;
  size: number;
  loadMs: number | null;
  refreshMs: number;
  refreshWhat: string;
  memory: { step: string; rssMb: number; heapMb: number }[];
  classes: ClassResult[];
  pageBytes: { label: string; firstPage: number; original: number; matches: number; estimated: boolean }[];
  peer: PeerResult | null;
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

/**
 * The statements this process sends through node-postgres while `recording` is set (the floor:
 * the same SQL replayed directly). Patches pg.Client.prototype.query once; the replay client is
 * excluded.
 */
const capture = {
  recording: false,
  statements: [] as { text: string; values: unknown[] }[],
  replayClient: null as pg.Client | null,
};
function installCapture(): void {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (capture.recording && this !== capture.replayClient) {
      const [a, b] = args as [unknown, unknown];
      if (typeof a === "string") capture.statements.push({ text: a, values: Array.isArray(b) ? b : [] });
      else if (a && typeof a === "object" && "text" in a) {
        const q = a as { text: string; values?: unknown[] };
        // drizzle's node-postgres session passes the values as the second argument.
        capture.statements.push({ text: q.text, values: Array.isArray(b) ? b : (q.values ?? []) });
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** A URL whose sessions refuse every write (PostgreSQL's default_transaction_read_only). */
function readOnlyUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set("options", "-c default_transaction_read_only=on");
  return u.toString();
}

function memory(step: string): { step: string; rssMb: number; heapMb: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { step, rssMb: m.rss / 1024 / 1024, heapMb: m.heapUsed / 1024 / 1024 };
}

/** A rare surname of the data: the last word of a name (5+ letters) with the fewest listings. */
async function rareSurname(db: Db, engine: string): Promise<string> {
  if (engine === "pglite") return "Muller";
  const res = await db.execute<{ w: string }>(
    "SELECT w FROM (SELECT regexp_replace(name, '^.* ', '') AS w FROM lawyers) s WHERE w ~ '^[A-Za-z]{5,}$' GROUP BY w ORDER BY count(*), w LIMIT 1" as never,
  );
  return res.rows[0]?.w ?? "Muller";
}

/**
 * The spec's original design sends every match as one JSON array. Its gzip bytes are counted by
 * streaming one lawyer at a time into gzip (no single string: at 1,000,000 matches that string
 * passes V8's maximum length, the `RangeError: Invalid string length` of issue 18). Above
 * 100,000 matches only the first 100,000 are serialised and the bytes scaled by total/100,000
 * (marked estimated): no browser would take such an array, and reading a million rows through
 * the search API here would measure the bench, not the design.
 */
async function originalDesignBytes(
  db: Db,
  q: string,
): Promise<{ bytes: number; matches: number; estimated: boolean }> {
  const params = SearchParamsSchema.parse(Object.fromEntries(new URLSearchParams(q)));
  const probe = await searchLawyers(db, params);
  const n = Math.min(probe.total, 100_000);
  const all = await searchLawyers(db, { ...params, page: 1, pageSize: Math.max(1, n) });
  const gz = createGzip();
  let bytes = 0;
  gz.on("data", (c: Buffer) => {
    bytes += c.length;
  });
  const done = new Promise<void>((r) => gz.on("end", () => r()));
  gz.write("[");
  all.lawyers.forEach((l, i) => {
    gz.write((i ? "," : "") + JSON.stringify(l));
  });
  gz.end("]");
  await done;
  const estimated = probe.total > n;
  return {
    bytes: estimated ? Math.round((bytes * probe.total) / n) : bytes,
    matches: probe.total,
    estimated,
  };
}

/** MiniSearch over the same rows (name, firm, practice areas, places): build, heap, timings. */
async function peerBench(db: Db, classes: QueryClass[], ours: Map<string, number[]>): Promise<PeerResult> {
  const stop = new Set([...GENERIC_WORDS, ...DIRECTORY_WORDS]);
  const fold = (t: string) => t.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const before = memory("peer before");
  const t0 = performance.now();
  const mini = new MiniSearch<{ id: number; text: string }>({
    fields: ["name", "firm", "areas", "place"],
    idField: "id",
    processTerm: (term) => {
      const t = fold(term);
      return stop.has(t) ? null : t;
    },
  });
  let last = 0;
  let docs = 0;
  for (;;) {
    const res = await db.execute<{
      id: number;
      name: string;
      firm: string;
      areas: string[];
      city: string;
      state: string | null;
      country: string;
    }>(
      `SELECT id, name, firm, practice_areas AS areas, city, state, country FROM lawyers WHERE NOT hidden AND id > ${last} ORDER BY id LIMIT 50000` as never,
    );
    if (res.rows.length === 0) break;
    mini.addAll(
      res.rows.map((r) => ({
        id: r.id,
        name: r.name,
        firm: r.firm,
        areas: (r.areas ?? []).join(" "),
        place: [r.city, r.state, r.country].filter(Boolean).join(" "),
      })) as never,
    );
    docs += res.rows.length;
    last = Number(res.rows[res.rows.length - 1]?.id);
  }
  const buildMs = performance.now() - t0;
  const after = memory("peer after");
  const perClass: PeerResult["perClass"] = [];
  for (const c of classes) {
    if (!c.freeText) continue;
    const times: number[] = [];
    const found: number[] = [];
    for (let round = 0; round < WARM_ROUNDS + 1; round++) {
      for (const text of c.freeText) {
        const t = performance.now();
        const hits = mini.search(text, { combineWith: "AND", fuzzy: c.fuzzy ? 0.2 : false });
        hits.slice(0, 12);
        if (round > 0) times.push(performance.now() - t);
        else found.push(hits.length);
      }
    }
    perClass.push({ name: c.name, peer: times, ours: ours.get(c.name) ?? [], hits: found });
  }
  return { docs, buildMs, heapMb: after.heapMb - before.heapMb, perClass };
}

async function runChild(engine: BenchEngine | "existing", size: number): Promise<void> {
  let database: Database;
  let dispose: () => Promise<void>;
  let floorUrl: string | undefined;
  installCapture();
  const mem: ChildResult["memory"] = [memory("process start")];
  if (engine === "existing") {
    const url = readOnlyUrl(process.env.BENCH_DATABASE_URL as string);
    database = await openDatabase({ databaseUrl: url, migrate: false });
    dispose = () => database.close();
    floorUrl = url;
  } else {
    const opened = await openBenchDatabase(engine);
    database = opened.database;
    dispose = opened.dispose;
    if (engine === "postgres")
      floorUrl = (
        (database.db as unknown as { $client: pg.Pool }).$client.options as { connectionString?: string }
      ).connectionString;
  }
  const { db } = database;
  try {
    let loadMs: number | null = null;
    let refreshMs: number;
    let refreshWhat: string;
    if (engine === "existing") {
      const count = await db.execute<{ n: string }>("SELECT count(*) AS n FROM lawyers" as never);
      size = Number(count.rows[0]?.n);
      const lex = await db.execute<{ n: string }>("SELECT count(*) AS n FROM search_lexicon" as never);
      if (Number(lex.rows[0]?.n) === 0)
        throw new Error("The database has no search_lexicon: run refreshSearchData (seed:scale does) first.");
      const t = performance.now();
      await getVocabulary(db);
      mem.push(memory("vocabulary"));
      await getFacts(db);
      mem.push(memory("search facts"));
      await getFacets(db, SearchParamsSchema.parse({}));
      refreshMs = performance.now() - t;
      refreshWhat = "vocabulary + search facts + landing facets (read-only)";
    } else {
      loadMs = await loadLawyers(db, size);
      mem.push(memory("loaded"));
      const t = performance.now();
      await refreshSearchData(db);
      refreshMs = performance.now() - t;
      refreshWhat = "refreshSearchData (lexicon, places, ANALYZE, facts, facets)";
      mem.push(memory("refreshSearchData"));
    }
    getGazetteer();
    mem.push(memory("gazetteer"));

    const config = loadConfig({ LOG_LEVEL: "silent" });
    const app = await createApp({
      services: { db, config, logger: createLogger("silent"), clock: systemClock },
      pages: false,
    });
    const { server, base } = await serveBench(app, "/api/lawyers/");
    const replay = floorUrl ? new pg.Client({ connectionString: floorUrl }) : null;
    if (replay) {
      replay.on("error", () => {}); // the end of the run drops the database under it
      await replay.connect();
      capture.replayClient = replay;
    }

    const run = async (c: QueryClass, q: string) => {
      const r = await get(`${base}${c.route}?${q}`);
      if (r.status !== 200) throw new Error(`${c.route} ${q} answered ${r.status}`);
      return r;
    };
    const classes = queryClasses(await rareSurname(db, engine));
    // `--explain=FILE` (passed to the child as BENCH_EXPLAIN): the plans of every class's SQL.
    const explainFile = replay ? process.env.BENCH_EXPLAIN : undefined;
    if (explainFile) writeFileSync(explainFile, `# EXPLAIN (ANALYZE, BUFFERS), ${engine} ${size} lawyers\n`);
    const results: ClassResult[] = [];
    for (const c of classes) {
      const cold: number[] = [];
      const warm: number[] = [];
      const floor: number[] = [];
      let slowest = { q: "", ms: 0 };
      for (const q of c.queries) {
        // Cold: every per-search cache (understanding, totals, ranked ids, facets) dropped before
        // the request; the search facts stay, as in production. The first round is unmeasured.
        for (let round = 0; round <= COLD_ROUNDS; round++) {
          dropSearchResultCaches(db);
          capture.statements = [];
          capture.recording = round === COLD_ROUNDS && replay !== null;
          const r = await run(c, q);
          capture.recording = false;
          if (round > 0) cold.push(r.serverMs);
          if (r.serverMs > slowest.ms) slowest = { q, ms: r.serverMs };
        }
        if (replay && capture.statements.length > 0) {
          const times: number[] = [];
          for (let k = 0; k < FLOOR_REPLAYS; k++) {
            const t = performance.now();
            for (const s of capture.statements) await replay.query(s.text, s.values as never[]);
            times.push(performance.now() - t);
          }
          floor.push(percentile(times, 50));
          if (explainFile) {
            // EXPLAIN (ANALYZE, BUFFERS) of every statement of this request, for docs/search.md.
            let out = `\n### ${c.name}: ${c.route}?${q}\n`;
            for (const st of capture.statements) {
              if (!/^\s*(select|with)/i.test(st.text)) continue;
              const plan = await replay.query(`EXPLAIN (ANALYZE, BUFFERS) ${st.text}`, st.values as never[]);
              out += `\n${st.text.slice(0, 300).replace(/\s+/g, " ")}${st.text.length > 300 ? " …" : ""}\n`;
              out += `${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}\n`;
            }
            appendFileSync(explainFile, out);
          }
        }
        await run(c, q);
        for (let round = 0; round < WARM_ROUNDS; round++) warm.push((await run(c, q)).serverMs);
      }
      results.push({ name: c.name, queries: c.queries.length, cold, warm, floor, slowest });
      process.stderr.write(
        `  ${c.name}: cold p95 ${percentile(cold, 95).toFixed(1)} ms, warm p95 ${percentile(warm, 95).toFixed(1)} ms\n`,
      );
    }
    mem.push(memory("after the runs"));

    // First page as sent against the original design (every match, gzip).
    const pageBytes: ChildResult["pageBytes"] = [];
    for (const [label, q] of [
      ["no filters", ""],
      ["car accident lawyer in Toronto", "query=car+accident+lawyer+in+Toronto"],
      ["location=CA", "location=CA"],
    ] as const) {
      const first = await get(`${base}search?${q}`);
      const original = await originalDesignBytes(db, q);
      pageBytes.push({
        label,
        firstPage: first.bytes,
        original: original.bytes,
        matches: original.matches,
        estimated: original.estimated,
      });
    }
    await replay?.end();
    await new Promise<void>((r) => server.close(() => r()));

    const ours = new Map(results.map((r) => [r.name, r.warm]));
    const peer = process.env.BENCH_NO_PEER ? null : await peerBench(db, classes, ours);

    const result: ChildResult = {
      engine,
      size,
      loadMs,
      refreshMs,
      refreshWhat,
      memory: mem,
      classes: results,
      pageBytes,
      peer,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await dispose();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => (Number.isNaN(n) ? "–" : n.toFixed(1));

function report(results: ChildResult[]): void {
  for (const r of results) {
    console.log("");
    console.log(
      `## ${r.engine} ${r.size.toLocaleString("en")} lawyers: load ${r.loadMs === null ? "– (existing database)" : `${(r.loadMs / 1000).toFixed(1)} s`}, start-up ${(r.refreshMs / 1000).toFixed(1)} s (${r.refreshWhat})`,
    );
    console.log("");
    console.log(
      "| class | queries | cold p50 / p95 ms | warm p50 / p95 ms | floor (same SQL via pg) p50 ms | cold p50 / floor | slowest cold |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---|");
    for (const c of r.classes) {
      const floor = percentile(c.floor, 50);
      const cold50 = percentile(c.cold, 50);
      console.log(
        `| ${c.name} | ${c.queries} | ${ms(cold50)} / ${ms(percentile(c.cold, 95))} | ${ms(percentile(c.warm, 50))} / ${ms(percentile(c.warm, 95))} | ${c.floor.length === 0 && r.engine !== "pglite" ? "no SQL (facts)" : ms(floor)} | ${Number.isNaN(floor) ? "–" : `${(cold50 / floor).toFixed(1)}×`} | ${c.slowest.q || "(none)"} ${ms(c.slowest.ms)} |`,
      );
    }
    const allCold = r.classes.filter((c) => c.name !== "facets of a broad query").flatMap((c) => c.cold);
    const allWarm = r.classes.filter((c) => c.name !== "facets of a broad query").flatMap((c) => c.warm);
    console.log(
      `| all searches | | ${ms(percentile(allCold, 50))} / ${ms(percentile(allCold, 95))} | ${ms(percentile(allWarm, 50))} / ${ms(percentile(allWarm, 95))} | | | |`,
    );
    console.log("");
    console.log(
      `memory (RSS / heap MB): ${r.memory.map((m) => `${m.step} ${Math.round(m.rssMb)} / ${Math.round(m.heapMb)}`).join("; ")}`,
    );
    console.log("");
    console.log("| search | matches | first page (gzip, as sent) | original design: every match (gzip) |");
    console.log("|---|---:|---:|---:|");
    for (const b of r.pageBytes) {
      console.log(
        `| ${b.label} | ${b.matches.toLocaleString("en")} | ${kb(b.firstPage)} | ${kb(b.original)}${b.estimated ? " (estimated from the first 100,000)" : ""} |`,
      );
    }
    if (r.peer) {
      console.log("");
      console.log(
        `MiniSearch 7.2.0 over ${r.peer.docs.toLocaleString("en")} rows (name, firm, practice areas, places; no bios): build ${(r.peer.buildMs / 1000).toFixed(1)} s, heap +${Math.round(r.peer.heapMb)} MB`,
      );
      console.log("");
      console.log(
        "| class | MiniSearch p50 / p95 ms | MiniSearch matches | ours warm p50 / p95 ms | ratio p95 (MiniSearch / ours) |",
      );
      console.log("|---|---:|---:|---:|---:|");
      for (const p of r.peer.perClass) {
        console.log(
          `| ${p.name} | ${ms(percentile(p.peer, 50))} / ${ms(percentile(p.peer, 95))} | ${p.hits.join(", ")} | ${ms(percentile(p.ours, 50))} / ${ms(percentile(p.ours, 95))} | ${(percentile(p.peer, 95) / percentile(p.ours, 95)).toFixed(2)} |`,
        );
      }
    }
  }
}

async function main(): Promise<void> {
  const arg = process.argv.find((a) => a.startsWith("--database-url="));
  const existing = arg ? arg.slice("--database-url=".length) : process.env.BENCH_DATABASE_URL;
  const script = fileURLToPath(import.meta.url);
  const explain = process.argv.find((a) => a.startsWith("--explain="));
  if (explain) process.env.BENCH_EXPLAIN = explain.slice("--explain=".length);
  if (existing && process.argv[2] !== "--child") {
    console.log(`LexAtlas search benchmark on an existing database (read-only), Node ${process.version}`);
    process.env.BENCH_DATABASE_URL = existing;
    report([await spawnBenchChild<ChildResult>(script, "existing", 0)]);
    return;
  }
  const results = await runBenchmarks<ChildResult>(
    script,
    "LexAtlas search benchmark: issue 18 §1 query classes",
    (e, s) => runChild(e as BenchEngine | "existing", s),
  );
  if (results) report(results);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
