/**
 * `npm run lighthouse`: Lighthouse (mobile, the default form factor with simulated throttling)
 * on home (/), browse (/browse-lawyers) and a profile (/lawyer/<first id from the search API>)
 * of the real product (issue 2 §5). It builds the app, starts the server through
 * tests/e2e/support/serve.ts on a free loopback port with a fresh seeded database (PGlite in a
 * temp DATA_DIR; PostgreSQL when TEST_DATABASE_URL is set), runs the Lighthouse CLI from
 * node_modules with Debian's Chromium, and prints per page the performance, accessibility,
 * best-practices and SEO scores (0 to 100) and the failing audits of every category under its
 * target. Targets: performance >= 95, the other three 100.
 *
 * Each page in the locales of `--locales` (default `en,de,ja,ar`, issue 29: "Lighthouse mobile in
 * en, de, ja and ar"; a locale other than English under its prefix, e.g. /ar/browse-lawyers).
 * Options: `npm run lighthouse -- --runs 3` runs each page 3 times and reports the run with the
 * median performance score; `--json DIR` also keeps each report as DIR/<locale>-<page>.json.
 * Exit code 0 when every page meets every target, 1 otherwise.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const bin = path.join(root, "node_modules/.bin");
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` };

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
/** Minimum score (0 to 100) per category, from issue 2 §5. */
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking";
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

interface AuditItem {
  url?: string;
  description?: string;
  node?: { selector?: string; nodeLabel?: string };
}
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { items?: AuditItem[] };
}

/** Up to three short descriptions of what an audit flagged (a URL, an element, a message). */
function auditItems(audit: Audit): string[] {
  // Insight audits may carry `items` that are not a list; they have nothing to show here.
  const items = audit.details?.items;
  return (Array.isArray(items) ? items : [])
    .map((item) =>
      [item.description, item.url, item.node?.selector, item.node?.nodeLabel].filter(Boolean).join(" | "),
    )
    .filter((text) => text.length > 0)
    .slice(0, 3)
    .map((text) => (text.length > 160 ? `${text.slice(0, 157)}...` : text));
}
interface LighthouseReport {
  finalDisplayedUrl: string;
  runtimeError?: { message: string };
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}

/** A 1×1 grey PNG, every tile of the loopback tile host. */
const GREY_TILE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGO4CwAA3wDeKXlwtgAAAABJRU5ErkJggg==",
  "base64",
);

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

function runLighthouse(url: string, chromePath: string): LighthouseReport {
  const result = spawnSync(
    "lighthouse",
    [
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { cwd: root, env: { ...env, CHROME_PATH: chromePath }, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    throw new Error(`lighthouse failed on ${url} (exit ${result.status}):\n${result.stderr}`);
  }
  const report = JSON.parse(result.stdout) as LighthouseReport;
  if (report.runtimeError) throw new Error(`lighthouse on ${url}: ${report.runtimeError.message}`);
  return report;
}

function score(report: LighthouseReport, category: Category): number {
  return Math.round((report.categories[category]?.score ?? 0) * 100);
}

/**
 * The audits of a category that did not get full marks, worst first: the weighted ones, and
 * for performance also the unweighted insights and diagnostics that explain the metrics
 * (render-blocking requests, unused bytes...).
 */
function failingAudits(report: LighthouseReport, category: Category): Audit[] {
  const scored = new Set(["binary", "numeric", "metricSavings"]);
  return (report.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || category === "performance")
    .map((ref) => report.audits[ref.id])
    .filter((a) => a !== undefined && scored.has(a.scoreDisplayMode))
    .filter(
      (a): a is Audit =>
        a !== undefined && a.score !== null && a.score < (category === "performance" ? 0.9 : 1),
    )
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
}

async function main(): Promise<number> {
  const runs = Math.max(1, Number(argValue("--runs") ?? 1));
  const jsonDir = argValue("--json");
  const chromePath = ensureChromium();

  console.log("Building the app...");
  const build = spawnSync("react-router", ["build"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) throw new Error("react-router build failed");

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`Starting LexAtlas on ${baseUrl} with a fresh seeded database...`);
  // The office map's tiles from a loopback tile host that answers every tile with one grey PNG
  // (no network here; the journeys' tile URL is on a port Chromium refuses, which Lighthouse
  // counted as a console error against best practices).
  const tiles = createHttpServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "max-age=3600" });
    res.end(GREY_TILE_PNG);
  });
  await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
  const tilePort = (tiles.address() as { port: number }).port;
  const server = spawn(process.execPath, [path.join(root, "tests/e2e/support/serve.ts")], {
    cwd: root,
    env: {
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      MAP_TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForServer(`${baseUrl}/`, server, 240_000);
    let profilePath = "/lawyer/1";
    const search = await fetch(`${baseUrl}/api/lawyers/search?pageSize=6`);
    if (search.ok) {
      const first = ((await search.json()) as { id?: number | string }[])[0];
      if (first?.id !== undefined) profilePath = `/lawyer/${first.id}`;
    }
    const locales = (argValue("--locales") ?? "en,de,ja,ar").split(",").filter(Boolean);
    const pages = locales.flatMap((locale) => {
      const prefix = locale === "en" ? "" : `/${locale.toLowerCase()}`;
      return [
        { name: `${locale}-home`, path: prefix || "/" },
        { name: `${locale}-browse`, path: `${prefix}/browse-lawyers` },
        { name: `${locale}-profile`, path: `${prefix}${profilePath}` },
      ];
    });
    let allMet = true;
    const rows: string[] = [];
    for (const page of pages) {
      const url = `${baseUrl}${page.path}`;
      const reports: LighthouseReport[] = [];
      for (let i = 0; i < runs; i++) {
        console.log(`Lighthouse ${page.name} (${page.path})${runs > 1 ? ` run ${i + 1}/${runs}` : ""}...`);
        reports.push(runLighthouse(url, chromePath));
      }
      reports.sort((a, b) => score(a, "performance") - score(b, "performance"));
      const report = reports[Math.floor(reports.length / 2)] as LighthouseReport;
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        writeFileSync(path.join(jsonDir, `${page.name}.json`), JSON.stringify(report));
      }
      const scores = CATEGORIES.map((c) => `${c} ${score(report, c)}`).join(", ");
      rows.push(`${page.name.padEnd(14)} ${page.path.padEnd(22)} ${scores}`);
      console.log(`\n${page.name} ${page.path}: ${scores}`);
      const metrics = METRICS.map((id) => report.audits[id])
        .filter((a): a is Audit => a !== undefined)
        .map((a) => `${a.title} ${a.displayValue ?? ""}`.trim());
      console.log(`  metrics: ${metrics.join("; ")}`);
      for (const category of CATEGORIES) {
        const value = score(report, category);
        if (value >= TARGETS[category] && value === 100) continue;
        if (value < TARGETS[category]) allMet = false;
        const failing = failingAudits(report, category);
        if (value < 100 && failing.length) {
          console.log(`  ${category} ${value} (target ${TARGETS[category]}), audits below full marks:`);
          for (const a of failing) {
            const shown = a.displayValue ? ` (${a.displayValue})` : "";
            console.log(`    - ${a.title}${shown} [${a.id}, score ${Math.round((a.score ?? 0) * 100)}]`);
            for (const item of auditItems(a)) console.log(`        ${item}`);
          }
        }
      }
    }
    console.log(
      `\nLighthouse (mobile, ${runs} run${runs > 1 ? "s, median performance" : ""}) on ${baseUrl}:`,
    );
    for (const row of rows) console.log(row);
    console.log(
      allMet
        ? "All targets met (performance >= 95, accessibility, best practices and SEO 100)."
        : "Some targets missed (performance >= 95, accessibility, best practices and SEO 100).",
    );
    return allMet ? 0 : 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    tiles.close();
  }
}

process.exitCode = await main();
