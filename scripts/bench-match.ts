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
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, arrayOverlaps, gte, sql } from "drizzle-orm";
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
import { loadConfig } from "../server/config.ts";
import type { Db } from "../server/db/client.ts";
import { lawyers } from "../server/db/schema.ts";
import { createLogger } from "../server/logger.ts";
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
} from "./bench-support.ts";

const ROUNDS = 5;
const STORE_BUILDS = 3;
const SQL_REPS = 3;

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
}

/** 96 assessments: each case type 12 times, options cycling, every third limited to a demo country. */
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

async function runChild(engine: BenchEngine, size: number): Promise<void> {
  const { database, tmp, dispose } = await openBenchDatabase(engine);
  const { db } = database;
  try {
    const loadMs = await loadBenchLawyers(db, size);
    let t: number;
    const assessments = benchAssessments();
    for (const a of assessments) await saveAssessment(db, a);

    const builds: number[] = [];
    for (let i = 0; i < STORE_BUILDS; i++) {
      dropMatchStore(db);
      t = performance.now();
      await getMatchStore(db);
      builds.push(performance.now() - t);
    }
    const store = await getMatchStore(db);
    const storeBytes = Object.values(store).reduce(
      (n: number, v) => n + (ArrayBuffer.isView(v) ? v.byteLength : 0),
      0,
    );

    const candidates = assessments.map((a) => countCandidates(store, a.caseType, a.country));
    const rank: number[] = [];
    const inProcess: number[] = [];
    const perAssessment = new Map<string, number>();
    const label = (a: Assessment) => `${a.caseType}${a.country ? ` in ${a.country}` : ""}`;
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
    const app = await createApp({ services: { db, config, logger: createLogger("silent") }, pages: false });
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

    (globalThis as { gc?: () => void }).gc?.();
    const result: ChildResult = {
      engine,
      size,
      loadMs,
      storeBuildMs: percentile(builds, 50),
      storeMb: storeBytes / 1024 / 1024,
      candidates,
      rank,
      inProcess,
      server: serverMs,
      client: clientMs,
      sqlFetch: sqlResults,
      rssMb: process.memoryUsage().rss / 1024 / 1024,
      slowest: [...perAssessment.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([l, ms]) => ({ label: l, ms })),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await dispose();
  }
}

const ms = (n: number) => n.toFixed(1);
const pp = (xs: number[]) => `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 95))}`;

async function main(): Promise<void> {
  const results = await runBenchmarks<ChildResult>(
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
