/**
 * Page benchmark (issue 29 "Pages as fast as the data"; docs/performance.md "Pages (issue 29)"):
 * `npm run bench:pages`.
 *
 * Measures, in one run against one server, the server-rendered HTML of each page type in English
 * and Arabic (right-to-left, `/ar/…`) beside the JSON search of the same data:
 *   - home `/`, browse with filters `/browse-lawyers?location=DE&practiceAreas=Car+Accidents`
 *     (lib/search-state.ts searchToQueryString: its names and canonical order), a profile `/lawyer/{id}` (the first result of
 *     that search), matches `/personality-matches/{sessionId}` (the tests' assessment, car accidents in
 *     Canada, stored first by POST /api/personality/assessment), `/about`, a static page `/privacy-policy`, `/login`, and
 *     `/dashboard` signed in as the README's demo lawyer (POST /login);
 *   - the JSON search `/api/lawyers/search?<the same filters>`.
 * For each: p50/p95 of the round trip (ms, the client's whole request on loopback, sequential,
 * `--requests N` after `--warmup N` unmeasured, sent with `Accept-Encoding: br` as a browser
 * does), each page's p50 as a multiple of the JSON search's p50, requests per second with 8
 * concurrent clients (`--throughput-requests N` in all; one connection per request, as
 * scripts/bench-search.ts), the raw bytes of the body
 * (requested without Accept-Encoding), its brotli bytes (node:zlib brotliCompressSync at its
 * default quality, 11) and the bytes the server sent with `Accept-Encoding: br` (its own
 * quality 5). Prints a Markdown table, the JSON search's line and the issue's targets with the
 * measured figure and met/missed: every page's p50 ≤ 2× the JSON search's p50; `/lawyer/{id}`
 * ≥ 100 pages/s and `/` ≥ 50 pages/s at concurrency 8; home ≤ 120 KB raw and ≤ 15 KB brotli;
 * no page over 150 KB raw (KB = 1,024 bytes).
 *
 * Server: `--base-url http://host:port` measures a running server (e.g. `npm start`); otherwise
 * the script starts the product itself as `npm start` does (scripts/start.ts: builds when the
 * build is missing or stale, then server/main.ts) on a free loopback port, over a fresh PGlite in
 * a temporary DATA_DIR with the demo data (SEED_LAWYERS, default 5,600), or with
 * `--database-url postgresql://…` over that database (e.g. the 1,000,000 listings of
 * `npm run seed:scale`; the server migrates it as `npm start` would). It waits for the log line
 * "search facts ready" (at most `--ready-timeout` seconds, default 900), and stops the server
 * (SIGTERM) and removes the temporary folder at the end. The run writes to the database it
 * measures: one sign-in session and one stored assessment.
 *
 * Options (`--name value` or `--name=value`): --base-url, --database-url, --requests (default
 * 50), --warmup (default 5), --throughput-requests (default 200), --concurrency (default 8),
 * --ready-timeout. Exits non-zero when a request fails or a page answers other than 200.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync } from "node:zlib";
import { searchToQueryString } from "../lib/search-state.ts";
import { canadaCarAccidentPayload } from "../tests/support/assessments.ts";
import { percentile } from "./bench-support.ts";

/**
 * The filters of the browse page and of the JSON search it is compared with, in the canonical
 * order of lib/search-state.ts (the page redirects any other order to it).
 */
const FILTERS = searchToQueryString({ practiceAreas: ["Car Accidents"], location: "DE" }).slice(1);
/** The README's demo lawyer (README "Demo accounts"). */
const DEMO_LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };
const LOCALES = ["en", "ar"] as const;
const KB = 1024;

/** The issue's targets (issue 29 "Targets"). */
const TARGET = {
  ratioToJson: 2,
  lawyerPerSecond: 100,
  homePerSecond: 50,
  homeRawBytes: 120 * KB,
  homeBrotliBytes: 15 * KB,
  pageRawBytes: 150 * KB,
};

interface Options {
  baseUrl?: string;
  databaseUrl?: string;
  requests: number;
  warmup: number;
  throughputRequests: number;
  concurrency: number;
  readyTimeoutS: number;
}

/** The command line (see the docstring); throws on an unknown option or a bad number. */
function options(): Options {
  const { values } = parseArgs({
    options: {
      "base-url": { type: "string" },
      "database-url": { type: "string" },
      requests: { type: "string" },
      warmup: { type: "string" },
      "throughput-requests": { type: "string" },
      concurrency: { type: "string" },
      "ready-timeout": { type: "string" },
    },
  });
  const count = (name: keyof typeof values, fallback: number, min: number) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
    return n;
  };
  if (values["base-url"] && values["database-url"])
    throw new Error(
      "--database-url is for the server this script starts; with --base-url the running server's own database is measured",
    );
  return {
    baseUrl: values["base-url"]?.replace(/\/+$/, ""),
    databaseUrl: values["database-url"],
    requests: count("requests", 50, 1),
    warmup: count("warmup", 5, 0),
    throughputRequests: count("throughput-requests", 200, 1),
    concurrency: count("concurrency", 8, 1),
    readyTimeoutS: count("ready-timeout", 900, 1),
  };
}

/** One response: status, headers, the body as received (compressed when the server did) and ms. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

/**
 * One HTTP request to `url` on a new connection (no pooled socket: tests/support/hostile-inputs.ts
 * rawRequest shares 4 keep-alive sockets and answers text, this needs 8 clients and the bytes);
 * the round trip in ms is from the request to the body's last byte.
 */
function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? "GET", headers: init.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** What is measured: a label, its locale ("–" for the JSON search), the URL path and headers. */
interface Target {
  page: string;
  locale: string;
  path: string;
  headers: Record<string, string>;
}

interface Figures extends Target {
  p50: number;
  p95: number;
  perSecond: number;
  rawBytes: number;
  brotliBytes: number;
  sentBytes: number;
}

/** GET `base + path` expecting 200; throws naming the page otherwise. */
async function get(base: string, t: Target, extra: Record<string, string> = {}): Promise<Answer> {
  const a = await request(base + t.path, { headers: { ...t.headers, ...extra } });
  if (a.status !== 200) throw new Error(`${t.page} (${t.locale}) ${t.path} answered ${a.status}`);
  return a;
}

/** Latency (sequential), throughput (`concurrency` clients) and bytes of one target. */
async function measure(base: string, t: Target, o: Options): Promise<Figures> {
  const br = { "Accept-Encoding": "br" };
  for (let i = 0; i < o.warmup; i++) await get(base, t, br);
  const times: number[] = [];
  let sentBytes = 0;
  for (let i = 0; i < o.requests; i++) {
    const a = await get(base, t, br);
    times.push(a.ms);
    sentBytes = a.body.length;
  }
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (next < o.throughputRequests) {
        next++;
        await get(base, t, br);
      }
    }),
  );
  const perSecond = o.throughputRequests / ((performance.now() - started) / 1000);
  const raw = await get(base, t, { "Accept-Encoding": "identity" });
  if (raw.headers["content-encoding"] && raw.headers["content-encoding"] !== "identity")
    throw new Error(`${t.path} was compressed (${raw.headers["content-encoding"]}) without Accept-Encoding`);
  const figures: Figures = {
    ...t,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    perSecond,
    rawBytes: raw.body.length,
    brotliBytes: brotliCompressSync(raw.body).length,
    sentBytes,
  };
  process.stderr.write(
    `  ${t.page} ${t.locale}: p50 ${figures.p50.toFixed(1)} ms, ${perSecond.toFixed(1)}/s, ${raw.body.length} bytes\n`,
  );
  return figures;
}

/** A free TCP port on 127.0.0.1 (bound then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the product as `npm start` does (scripts/start.ts) on a free loopback port; answers its
 * base URL and `stop()` once the log says "search facts ready". Throws when the server exits or
 * is not ready within `timeoutS`, with the last lines of its log.
 */
async function startServer(o: Options): Promise<{ base: string; stop(): Promise<void>; describe: string }> {
  const port = await freePort();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "lexatlas-bench-pages-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: tmp };
  delete env.DATABASE_URL;
  delete env.DATABASE_READ_URL;
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
  env.LOG_LEVEL = "info";
  const script = path.join(import.meta.dirname, "start.ts");
  const child: ChildProcess = spawn(process.execPath, [script], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tail: string[] = [];
  const started = performance.now();
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server was not ready within ${o.readyTimeoutS} s:\n${tail.join("\n")}`)),
      o.readyTimeoutS * 1000,
    );
    const onData = (d: Buffer) => {
      for (const line of d.toString().split("\n")) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (line.includes("search facts ready")) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it was ready:\n${tail.join("\n")}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await ready;
  } catch (err) {
    await stop();
    throw err;
  }
  child.removeAllListeners("exit");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return {
    base: `http://127.0.0.1:${port}`,
    stop,
    describe: `started by this script (npm start's scripts/start.ts) on ${o.databaseUrl ? "PostgreSQL (--database-url)" : "a fresh PGlite with the demo data"}, ready in ${seconds} s`,
  };
}

/** Signs in as the demo lawyer (POST /login, as the form does); answers the Cookie header. */
async function signIn(base: string): Promise<string> {
  const a = await request(`${base}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams(DEMO_LAWYER).toString(),
  });
  const cookies = a.headers["set-cookie"] ?? [];
  if (a.status !== 302 || cookies.length === 0)
    throw new Error(`signing in as ${DEMO_LAWYER.email} answered ${a.status} without a session cookie`);
  return cookies.map((c) => c.split(";")[0]).join("; ");
}

/**
 * Stores the tests' assessment (tests/support/assessments.ts: car accidents in Canada) and
 * answers its session id.
 */
async function storeAssessment(base: string): Promise<string> {
  const payload = canadaCarAccidentPayload();
  const a = await request(`${base}/api/personality/assessment`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(payload),
  });
  if (a.status !== 201)
    throw new Error(`POST /api/personality/assessment answered ${a.status}: ${a.body.toString()}`);
  return payload.sessionId;
}

/** A profile to open: the first result of the JSON search, else of the unfiltered search. */
async function lawyerId(base: string): Promise<number> {
  for (const q of [FILTERS, ""]) {
    const a = await request(`${base}/api/lawyers/search?${q}`);
    // The search answers the page of lawyers as a JSON array (X-Total-Count has the total).
    const id = a.status === 200 ? (JSON.parse(a.body.toString()) as { id: number }[])[0]?.id : undefined;
    if (id !== undefined) return id;
  }
  throw new Error("the search found no lawyer to open a profile of");
}

const ms = (n: number) => n.toFixed(1);
const bytes = (n: number) => n.toLocaleString("en");
const mark = (ok: boolean) => (ok ? "met" : "**missed**");

/** Prints the table, the JSON search's line and the targets with their figures. */
function report(json: Figures, pages: Figures[], o: Options): void {
  console.log("");
  console.log(
    "| page | locale | p50 ms | p95 ms | ×JSON p50 | pages/s at c=" +
      `${o.concurrency} | raw bytes | brotli bytes | sent (br q5) | targets |`,
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const p of pages) {
    const ratio = p.p50 / json.p50;
    const marks = [`p50 ≤ 2× JSON ${mark(ratio <= TARGET.ratioToJson)}`];
    if (p.page === "/") {
      marks.push(`≥ ${TARGET.homePerSecond}/s ${mark(p.perSecond >= TARGET.homePerSecond)}`);
      marks.push(`≤ 120 KB raw ${mark(p.rawBytes <= TARGET.homeRawBytes)}`);
      marks.push(`≤ 15 KB br ${mark(p.brotliBytes <= TARGET.homeBrotliBytes)}`);
    } else marks.push(`≤ 150 KB raw ${mark(p.rawBytes <= TARGET.pageRawBytes)}`);
    if (p.page.startsWith("/lawyer/"))
      marks.push(`≥ ${TARGET.lawyerPerSecond}/s ${mark(p.perSecond >= TARGET.lawyerPerSecond)}`);
    console.log(
      `| ${p.page} | ${p.locale} | ${ms(p.p50)} | ${ms(p.p95)} | ${ratio.toFixed(1)}× | ${p.perSecond.toFixed(1)} | ${bytes(p.rawBytes)} | ${bytes(p.brotliBytes)} | ${bytes(p.sentBytes)} | ${marks.join("; ")} |`,
    );
  }
  console.log("");
  console.log(
    `JSON search ${json.path}: p50 ${ms(json.p50)} ms, p95 ${ms(json.p95)} ms, ${json.perSecond.toFixed(1)} searches/s at c=${o.concurrency}, raw ${bytes(json.rawBytes)} bytes, brotli ${bytes(json.brotliBytes)} bytes`,
  );
  console.log("");
  console.log("Targets (issue 29; KB = 1,024 bytes):");
  const over = pages.filter((p) => p.p50 / json.p50 > TARGET.ratioToJson);
  console.log(
    `- every page's p50 ≤ 2× the JSON search's (${ms(json.p50)} ms → ≤ ${ms(json.p50 * TARGET.ratioToJson)} ms): ${mark(over.length === 0)}${over.length ? ` (${over.map((p) => `${p.page} ${p.locale} ${(p.p50 / json.p50).toFixed(1)}×`).join(", ")})` : ""}`,
  );
  for (const p of pages.filter((x) => x.page.startsWith("/lawyer/")))
    console.log(
      `- ${p.page} ${p.locale} ≥ ${TARGET.lawyerPerSecond} pages/s at c=${o.concurrency}: ${p.perSecond.toFixed(1)}/s ${mark(p.perSecond >= TARGET.lawyerPerSecond)}`,
    );
  for (const p of pages.filter((x) => x.page === "/")) {
    console.log(
      `- / ${p.locale} ≥ ${TARGET.homePerSecond} pages/s at c=${o.concurrency}: ${p.perSecond.toFixed(1)}/s ${mark(p.perSecond >= TARGET.homePerSecond)}`,
    );
    console.log(
      `- / ${p.locale} ≤ 120 KB raw and ≤ 15 KB brotli: ${(p.rawBytes / KB).toFixed(1)} KB ${mark(p.rawBytes <= TARGET.homeRawBytes)}, ${(p.brotliBytes / KB).toFixed(1)} KB ${mark(p.brotliBytes <= TARGET.homeBrotliBytes)}`,
    );
  }
  const big = pages.filter((p) => p.rawBytes > TARGET.pageRawBytes);
  console.log(
    `- no page over 150 KB raw: ${mark(big.length === 0)}${big.length ? ` (${big.map((p) => `${p.page} ${p.locale} ${(p.rawBytes / KB).toFixed(1)} KB`).join(", ")})` : ""}`,
  );
}

async function main(): Promise<void> {
  const o = options();
  const started = o.baseUrl ? undefined : await startServer(o);
  const base = o.baseUrl ?? (started?.base as string);
  try {
    console.log(
      `LexAtlas page benchmark (issue 29), ${os.cpus().length} CPUs, Node ${process.version}; ${base} ${started ? started.describe : "(--base-url: a running server)"}; ${o.requests} requests after ${o.warmup} warm-up, ${o.throughputRequests} at concurrency ${o.concurrency}`,
    );
    const id = await lawyerId(base);
    const sessionId = await storeAssessment(base);
    const cookie = await signIn(base);
    const html = { Accept: "text/html" };
    const pagePaths: { page: string; path: string; headers?: Record<string, string> }[] = [
      { page: "/", path: "/" },
      { page: `/browse-lawyers?${FILTERS}`, path: `/browse-lawyers?${FILTERS}` },
      { page: `/lawyer/${id}`, path: `/lawyer/${id}` },
      { page: "/personality-matches/{id}", path: `/personality-matches/${sessionId}` },
      { page: "/about", path: "/about" },
      { page: "/privacy-policy", path: "/privacy-policy" },
      { page: "/login", path: "/login" },
      { page: "/dashboard (demo lawyer)", path: "/dashboard", headers: { Cookie: cookie } },
    ];
    const json = await measure(
      base,
      { page: "JSON search", locale: "–", path: `/api/lawyers/search?${FILTERS}`, headers: {} },
      o,
    );
    const pages: Figures[] = [];
    for (const p of pagePaths)
      for (const locale of LOCALES) {
        const localized = locale === "en" ? p.path : `/${locale}${p.path === "/" ? "" : p.path}`;
        pages.push(
          await measure(
            base,
            { page: p.page, locale, path: localized, headers: { ...html, ...p.headers } },
            o,
          ),
        );
      }
    report(json, pages, o);
  } finally {
    await started?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
