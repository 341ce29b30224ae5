/**
 * Matching benchmark (issue 5 "Tests and figures"; docs/matching.md "Performance"):
 * `npm run bench:match`.
 *
 * For each size (5,500 and 100,000 lawyers; `--sizes=N,M` to change) and engine (PGlite in a
 * fresh temp folder; also PostgreSQL in a fresh temporary database when DATABASE_URL is set), a
 * child process loads the generator's lawyers, stores a fixed set of 96 assessments (every case
 * type, every option, a third of them limited to a country), starts the real HTTP server on
 * 127.0.0.1 with a random port, and prints:
 *   - the time to build the in-memory matching store (the first request after a write waits for
 *     it when no older copy exists) and its size;
 *   - the number of candidates per assessment (p50 / max);
 *   - p50/p95 of the ranking alone (the loop over the store), of getMatches in process (load the
 *     assessment, rank, read and score the chosen rows), of the server's time (Server-Timing)
 *     and of the client round trip of GET /api/personality/matches/{sessionId};
 *   - for comparison, the time to fetch the scoring columns of every candidate row from the
 *     database for the largest candidate sets ("Other", the general practices, and "Car
 *     Accidents", anywhere): what scoring in TypeScript without the store would cost per request.
 * Target: getMatches p95 at most 50 ms at 100,000 lawyers on PGlite. Exits non-zero if a request
 * fails.
 *
 * An existing database (issue 18 §1 "Matching at 1,000,000"), PostgreSQL only:
 * `DATABASE_URL=<admin url> npm run bench:match -- --sizes=1000000 --template=lexatlas_1m` copies
 * the database (CREATE DATABASE … TEMPLATE, retried while someone is connected to it), runs on the
 * copy (the assessments are written there) and drops it; `--database=<url>` (or
 * BENCH_MATCH_DATABASE_URL) runs on that database as it is and deletes its assessments at the end.
 * Besides the figures above it prints the store's build time (a first build and a second one with
 * the database's cache warm), its memory (heap and arrayBuffers deltas, the typed arrays' bytes),
 * and the cold start of a real server process (`node server/main.ts` on the same database, a
 * fresh DATA_DIR): milliseconds from spawn to "listening", and from "listening" to the answer of
 * a first GET /api/personality/matches/{id} sent at once (and that answer's Server-Timing, the
 * route's own time), first without the store's file copy, then with the copy the first process
 * saved; when its log said "matching store ready" and "place names ready"; its RSS at the end.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../server/runtime-defaults.ts";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, arrayOverlaps, gte, inArray, sql } from "drizzle-orm";
import pg from "pg";
import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
} from "../lib/constants.ts";
import type { Assessment, TraitRatings } from "../lib/personality.ts";
import { createApp } from "../server/app.ts";
import { systemClock } from "../server/clock.ts";
import { loadConfig } from "../server/config.ts";
import { type Db, openDatabase } from "../server/db/client.ts";
import { clientPersonalities, lawyers } from "../server/db/schema.ts";
import { createLogger } from "../server/logger.ts";
import { matchStoreBytes } from "../server/matching/build-match-store.ts";
import {
  countCandidates,
  dropMatchStore,
  getMatchStore,
  rankCandidates,
  verifiedListing,
} from "../server/matching/candidates.ts";
import { getMatches, saveAssessment } from "../server/matching/index.ts";
import {
  CASE_TYPE_AREAS,
  coversCaseType,
  GENERAL_PRACTICE_MIN_AREAS,
  MATCH_LIMIT,
} from "../server/matching/model.ts";
import { DEMO_COUNTRY_CODES } from "../server/seed/generate.ts";
import { mulberry32 } from "../server/seed/prng.ts";
import {
  type BenchEngine,
  loadBenchLawyers,
  openBenchDatabase,
  percentile,
  runBenchmarks,
  serveBench,
  spawnBenchChild,
} from "./bench-support.ts";

const ROUNDS = 5;
const STORE_BUILDS = 3;
const SQL_REPS = process.argv.some((a) => a.startsWith("--template=") || a.startsWith("--database=")) ? 1 : 3;

interface ChildResult {
  engine: string;
  size: number;
  loadMs: number;
  storeBuildMs: number;
  storeMb: number;
  candidates: number[];
  rank: number[];
  inProcess: number[];
  server: number[];
  client: number[];
  sqlFetch: { label: string; rows: number; ms: number }[];
  rssMb: number;
  slowest: { label: string; ms: number }[];
  /** Existing-database runs only (see the header). */
  big?: BigResult;
}

interface BigResult {
  storeBuildsMs: number[];
  storeRows: number;
  heapDeltaMb: number;
  arrayBuffersDeltaMb: number;
  cold: ColdStart[];
}

interface ColdStart {
  label: string;
  listeningMs: number;
  firstAnswerMs: number;
  /** The first answer's Server-Timing: the route's own time, without waiting for the event loop. */
  firstServerMs: number;
  /** ms from spawn to the log line "place names ready" (their build holds the event loop). */
  placeNamesMs: number | null;
  status: number;
  storeReadyMs: number | null;
  rssMb: number;
}

/** Languages asked for by every fourth bench assessment (issue 14 §4 tiers). */
const BENCH_LANGUAGES = ["en", "de", "fr", "es", "ja", "ar", "pt", "nl"] as const;

/**
 * 96 assessments: each case type 12 times, options cycling, every third limited to a demo
 * country, every fourth with a preferred language.
 */
export function benchAssessments(): Assessment[] {
  const next = mulberry32(20261121);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  const out: Assessment[] = [];
  for (let i = 0; i < 96; i++) {
    out.push({
      sessionId: `${1767225600000 + i}-bench${i.toString(36)}`,
      personalityTraits: Object.fromEntries(
        PERSONALITY_TRAITS.map((t) => [t, 1 + Math.floor(next() * 10)]),
      ) as TraitRatings,
      communicationPreference: pick(COMMUNICATION_STYLES),
      approachPreference: pick(APPROACH_STYLES),
      priorityFocus: pick(PRIORITY_FOCUSES),
      caseType: ASSESSMENT_CASE_TYPES[i % ASSESSMENT_CASE_TYPES.length] as Assessment["caseType"],
      caseComplexity: pick(CASE_COMPLEXITIES),
      timePreference: pick(TIME_PREFERENCES),
      country: i % 3 === 2 ? pick(DEMO_COUNTRY_CODES.slice(0, 12)) : undefined,
      language: i % 4 === 3 ? BENCH_LANGUAGES[(i >> 2) % BENCH_LANGUAGES.length] : undefined,
    });
  }
  return out;
}

/** GET answering status, Server-Timing ms and the client's round trip ms. */
function get(url: string): Promise<{ status: number; serverMs: number; clientMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => {
          const timing = String(res.headers["server-timing"] ?? "");
          const serverMs = Number(/dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN);
          resolve({ status: res.statusCode ?? 0, serverMs, clientMs: performance.now() - started });
        });
      })
      .on("error", reject);
  });
}

/** Fetches the scoring columns of every candidate of a case type (anywhere): the no-store alternative. */
async function sqlFetch(db: Db, caseType: Assessment["caseType"]): Promise<{ rows: number; ms: number }> {
  const areas = CASE_TYPE_AREAS[caseType];
  const cover =
    areas === null
      ? gte(sql`cardinality(${lawyers.practiceAreas})`, GENERAL_PRACTICE_MIN_AREAS)
      : arrayOverlaps(lawyers.practiceAreas, [...areas]);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < SQL_REPS; i++) {
    const t = performance.now();
    const r = await db
      .select({
        id: lawyers.id,
        countryCode: lawyers.countryCode,
        practiceAreas: lawyers.practiceAreas,
        experience: lawyers.experience,
        rating: lawyers.rating,
        reviewCount: lawyers.reviewCount,
        personalityTraits: lawyers.personalityTraits,
        communicationStyle: lawyers.communicationStyle,
        approachStyle: lawyers.approachStyle,
        clientFocus: lawyers.clientFocus,
        availabilityLevel: lawyers.availabilityLevel,
        caseComplexityPreference: lawyers.caseComplexityPreference,
      })
      .from(lawyers)
      .where(and(verifiedListing, cover));
    times.push(performance.now() - t);
    rows = r.length;
  }
  return { rows, ms: percentile(times, 50) };
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => bytes / 1024 / 1024;

async function runChild(engine: BenchEngine, size: number): Promise<void> {
  if (engine === ("existing" as BenchEngine)) return runExistingChild(size);
  const { database, tmp, dispose } = await openBenchDatabase(engine);
  const { db } = database;
  try {
    const loadMs = await loadBenchLawyers(db, size);
    const assessments = benchAssessments();
    for (const a of assessments) await saveAssessment(db, a);
    const builds: number[] = [];
    for (let i = 0; i < STORE_BUILDS; i++) {
      dropMatchStore(db);
      const t = performance.now();
      await getMatchStore(db);
      builds.push(performance.now() - t);
    }
    const result = await measure(db, engine, size, loadMs, builds, tmp);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await dispose();
  }
}

/** The child of an existing database (BENCH_MATCH_URL): build, memory, requests, cold start; its assessments are deleted at the end. */
async function runExistingChild(size: number): Promise<void> {
  const url = process.env.BENCH_MATCH_URL as string;
  const database = await openDatabase({ databaseUrl: url });
  const { db } = database;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "lexatlas-bench-match-"));
  const assessments = benchAssessments();
  const ids = assessments.map((a) => a.sessionId);
  try {
    const rows = Number(
      (await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM lawyers`)).rows[0]?.n ?? 0,
    );
    if (rows !== size)
      console.error(`note: the database holds ${rows.toLocaleString("en")} lawyers, not ${size}`);
    await db.delete(clientPersonalities).where(inArray(clientPersonalities.sessionId, ids));
    for (const a of assessments) await saveAssessment(db, a);

    const builds: number[] = [];
    gc();
    const before = process.memoryUsage();
    for (let i = 0; i < 2; i++) {
      dropMatchStore(db);
      gc();
      const t = performance.now();
      await getMatchStore(db);
      builds.push(performance.now() - t);
    }
    gc();
    const after = process.memoryUsage();
    const store = await getMatchStore(db);
    const result = await measure(db, "postgres", rows, 0, builds, tmp);
    result.big = {
      storeBuildsMs: builds,
      storeRows: store.n,
      heapDeltaMb: mb(after.heapUsed - before.heapUsed),
      arrayBuffersDeltaMb: mb(after.arrayBuffers - before.arrayBuffers),
      cold: [],
    };
    const dataDir = path.join(tmp, "cold");
    const probe = assessments[0] as Assessment;
    result.big.cold.push(await coldStart(url, dataDir, probe.sessionId, "no file copy (first start)"));
    result.big.cold.push(await coldStart(url, dataDir, probe.sessionId, "with the file copy"));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await db.delete(clientPersonalities).where(inArray(clientPersonalities.sessionId, ids));
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Starts `node server/main.ts` on `url` with `dataDir`, and answers the ms from spawn to its
 * "running at" line, the ms from then to the answer of GET /api/personality/matches/{sessionId}
 * sent at once, when its log said "matching store ready" (ms from spawn), and its RSS after 20
 * more requests. Waits until the store's file copy is in `dataDir`, then stops the server.
 */
async function coldStart(url: string, dataDir: string, sessionId: string, label: string): Promise<ColdStart> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const spawned = performance.now();
  const child = spawn(process.execPath, [path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      // Issue 29: React's production build (as `npm start`), the local configuration rules.
      NODE_ENV: "production",
      DEPLOYMENT: "local",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let storeReadyMs: number | null = null;
  let placeNamesMs: number | null = null;
  let out = "";
  const listening = new Promise<{ base: string; ms: number }>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (storeReadyMs === null && out.includes("matching store ready"))
        storeReadyMs = performance.now() - spawned;
      if (placeNamesMs === null && out.includes("place names ready"))
        placeNamesMs = performance.now() - spawned;
      const m = /LexAtlas is running at (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve({ base: (m[1] as string).replace(/\/$/, ""), ms: performance.now() - spawned });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${out.slice(-2000)}`)));
  });
  try {
    const { base, ms: listeningMs } = await listening;
    const first = await get(`${base}/api/personality/matches/${sessionId}`);
    for (let i = 0; i < 20; i++) await get(`${base}/api/personality/matches/${sessionId}`);
    for (let i = 0; i < 600 && storeReadyMs === null; i++) await new Promise((r) => setTimeout(r, 100));
    // The first start saves the file copy after its build: wait for it (at most 60 s).
    for (
      let i = 0;
      i < 600 && !(existsSync(dataDir) && readdirSync(dataDir).some((f) => f.endsWith(".bin")));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (let i = 0; i < 600 && placeNamesMs === null; i++) await new Promise((r) => setTimeout(r, 100));
    return {
      label,
      listeningMs,
      firstAnswerMs: first.clientMs,
      firstServerMs: first.serverMs,
      placeNamesMs,
      status: first.status,
      storeReadyMs,
      rssMb: rssKb / 1024,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

/** Times ranking, getMatches and the HTTP route over `db` (whose assessments are stored) and answers the figures. */
async function measure(
  db: Db,
  engine: string,
  size: number,
  loadMs: number,
  builds: number[],
  tmp: string,
): Promise<ChildResult> {
  let t: number;
  const assessments = benchAssessments();
  const store = await getMatchStore(db);
  const storeBytes = matchStoreBytes(store);

  const candidates = assessments.map((a) => countCandidates(store, a.caseType, a.country));
  const rank: number[] = [];
  const inProcess: number[] = [];
  const perAssessment = new Map<string, number>();
  const label = (a: Assessment) =>
    `${a.caseType}${a.country ? ` in ${a.country}` : ""}${a.language ? ` (${a.language})` : ""}`;
  for (const a of assessments) await getMatches(db, a.sessionId); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const a of assessments) {
      t = performance.now();
      rankCandidates(store, a, a.country, MATCH_LIMIT * 2);
      rank.push(performance.now() - t);
      t = performance.now();
      const m = await getMatches(db, a.sessionId);
      const ms = performance.now() - t;
      if (!m) throw new Error(`no matches for ${a.sessionId}`);
      for (const x of m)
        if (!coversCaseType(x.lawyer.practiceAreas, a.caseType))
          throw new Error("a lawyer outside the case type");
      inProcess.push(ms);
      perAssessment.set(label(a), Math.max(perAssessment.get(label(a)) ?? 0, ms));
    }
  }

  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: tmp });
  const app = await createApp({
    services: { db, config, logger: createLogger("silent"), clock: systemClock },
    pages: false,
  });
  const { server, base } = await serveBench(app, "/api/personality/matches/");
  const serverMs: number[] = [];
  const clientMs: number[] = [];
  for (const a of assessments) await get(base + a.sessionId); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const a of assessments) {
      const r = await get(base + a.sessionId);
      if (r.status !== 200) throw new Error(`matches ${a.sessionId} answered ${r.status}`);
      serverMs.push(r.serverMs);
      clientMs.push(r.clientMs);
    }
  }
  await new Promise<void>((r) => server.close(() => r()));

  const sqlResults: ChildResult["sqlFetch"] = [];
  for (const caseType of ["Other", "Car Accidents"] as const) {
    const r = await sqlFetch(db, caseType);
    sqlResults.push({ label: caseType, ...r });
  }

  gc();
  return {
    engine,
    size,
    loadMs,
    storeBuildMs: percentile(builds, 50),
    storeMb: mb(storeBytes),
    candidates,
    rank,
    inProcess,
    server: serverMs,
    client: clientMs,
    sqlFetch: sqlResults,
    rssMb: mb(process.memoryUsage().rss),
    slowest: [...perAssessment.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([l, ms]) => ({ label: l, ms })),
  };
}

/** The value of `--name=value` on the command line, if given. */
function flag(name: string): string | undefined {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a?.slice(name.length + 3);
}

/**
 * Copies database `template` on DATABASE_URL's server (CREATE DATABASE … TEMPLATE needs nobody
 * connected to it: retried every 10 s for up to 30 min) and answers its URL and a drop.
 */
async function copyDatabase(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error("--template needs DATABASE_URL (an admin connection to the server)");
  const name = `bench_match_${randomBytes(4).toString("hex")}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const t = performance.now();
      await run(`CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(template)}`);
      console.log(`copied ${template} to ${name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      break;
    } catch (err) {
      if (attempt >= 180 || !/being accessed by other users/.test(String(err))) throw err;
      if (attempt % 6 === 0) console.log(`${template} is in use; retrying every 10 s`);
      await new Promise((r) => setTimeout(r, 10_000));
    }
  }
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The existing-database run (see the header): one child on a copy of `--template` or on `--database`. */
async function mainExisting(): Promise<ChildResult[]> {
  const template = flag("template");
  const sizes = flag("sizes");
  const size = sizes ? Number(sizes.split(",")[0]) : 1_000_000;
  console.log(
    `LexAtlas matching benchmark on an existing database: ${benchAssessments().length} assessments x ${ROUNDS} rounds, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const copy = template ? await copyDatabase(template) : undefined;
  const url = copy?.url ?? ((flag("database") ?? process.env.BENCH_MATCH_DATABASE_URL) as string);
  process.env.BENCH_MATCH_URL = url;
  try {
    return [await spawnBenchChild<ChildResult>(fileURLToPath(import.meta.url), "existing", size)];
  } finally {
    await copy?.drop();
  }
}

const ms = (n: number) => n.toFixed(1);
const pp = (xs: number[]) => `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 95))}`;

async function main(): Promise<void> {
  const existing =
    process.argv[2] !== "--child" &&
    (flag("template") !== undefined ||
      flag("database") !== undefined ||
      process.env.BENCH_MATCH_DATABASE_URL);
  const results = existing
    ? await mainExisting()
    : await runBenchmarks<ChildResult>(
        fileURLToPath(import.meta.url),
        `LexAtlas matching benchmark: ${benchAssessments().length} assessments x ${ROUNDS} rounds`,
        runChild,
      );
  if (!results) return;
  console.log("");
  console.log(
    "| engine | lawyers | load s | store build ms | store MB | candidates p50 / max | rank p50 / p95 ms | getMatches p50 / p95 ms | server p50 / p95 ms | round trip p50 / p95 ms | RSS MB |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${r.size.toLocaleString("en")} | ${(r.loadMs / 1000).toFixed(1)} | ${Math.round(r.storeBuildMs)} | ` +
        `${r.storeMb.toFixed(1)} | ${percentile(r.candidates, 50).toLocaleString("en")} / ${Math.max(...r.candidates).toLocaleString("en")} | ` +
        `${pp(r.rank)} | ${pp(r.inProcess)} | ${pp(r.server)} | ${pp(r.client)} | ${Math.round(r.rssMb)} |`,
    );
  }
  console.log("");
  console.log("Without the store: fetching the scoring columns of every candidate row (median of 3):");
  for (const r of results)
    for (const s of r.sqlFetch)
      console.log(
        `  ${r.engine} ${r.size.toLocaleString("en")}: ${s.label}, ${s.rows.toLocaleString("en")} rows, ${ms(s.ms)} ms`,
      );
  console.log("");
  for (const r of results)
    console.log(
      `slowest (${r.engine}, ${r.size}): ${r.slowest.map((s) => `${s.label} ${ms(s.ms)} ms`).join("; ")}`,
    );
  for (const r of results) {
    const big = r.big;
    if (!big) continue;
    console.log("");
    console.log(
      `Store at ${big.storeRows.toLocaleString("en")} verified listings: builds ${big.storeBuildsMs.map((x) => `${Math.round(x)} ms`).join(", ")} ` +
        `(first, then with the database's cache warm); typed arrays ${r.storeMb.toFixed(1)} MB; ` +
        `heap delta ${big.heapDeltaMb.toFixed(1)} MB, arrayBuffers delta ${big.arrayBuffersDeltaMb.toFixed(1)} MB; bench process RSS ${Math.round(r.rssMb)} MB`,
    );
    for (const c of big.cold)
      console.log(
        `Cold server (${c.label}): spawn to listening ${Math.round(c.listeningMs)} ms; listening to first match answer ${Math.round(c.firstAnswerMs)} ms ` +
          `(status ${c.status}; its Server-Timing ${ms(c.firstServerMs)} ms); "matching store ready" ${c.storeReadyMs === null ? "not seen" : `${Math.round(c.storeReadyMs)} ms after spawn`}; ` +
          `"place names ready" ${c.placeNamesMs === null ? "not seen" : `${Math.round(c.placeNamesMs)} ms after spawn`}; server RSS ${Math.round(c.rssMb)} MB`,
      );
    const p95 = percentile(r.client, 95);
    const first = Math.max(...big.cold.map((c) => c.firstAnswerMs));
    console.log(
      `Targets at 1,000,000: GET /api/personality/matches/{id} p95 ≤ 30 ms warm: ${ms(p95)} ms, ${p95 <= 30 ? "met" : "MISSED"}; ` +
        `first match answer ≤ 2 s after listening: ${big.cold.map((c) => `${c.label} ${Math.round(c.firstAnswerMs)} ms`).join(", ")}, ${first <= 2000 ? "met" : "MISSED"}`,
    );
  }
  const target = results.find((r) => r.engine === "pglite" && r.size === 100_000);
  if (target) {
    const p95 = percentile(target.inProcess, 95);
    console.log(
      `\nTarget getMatches p95 ≤ 50 ms at 100,000 lawyers on PGlite: ${ms(p95)} ms, ${p95 <= 50 ? "met" : "MISSED"}`,
    );
  }
}

// Run only as a script (benchAssessments is importable without starting a benchmark).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
