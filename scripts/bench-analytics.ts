/**
 * Analytics recording cost (issue 6 "Recording never slows or breaks the page"; docs/performance.md):
 * `npm run bench:analytics` (`-- --runs=N`, default 300). Needs a build (`npm run build`).
 *
 * Starts the real product (pages and API) on 127.0.0.1 (random port) over a fresh in-memory PGlite
 * database, or a fresh temporary PostgreSQL database when DATABASE_URL is set (an admin
 * connection; dropped afterwards), with 20 listings. Then alternates GET /lawyer/{id} requests:
 *   - "recorded": a browser's user agent from a new address each time, so every request is a new
 *     visitor whose view is written (visitor hash + counter upsert);
 *   - "not recorded": a crawler's user agent, which the recorder skips.
 * Prints the client round trip's median, p95 and mean for both (the page must not wait for the
 * recording, so the two should match), then the cost of one recording itself (recordView awaited
 * directly, median and p95), and checks that every recorded view was counted.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import pg from "pg";
import { BUILD_SERVER, createApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";
import { insertTestListing } from "../server/testing/api.ts";

const runs = Number(
  /^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 300,
);
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A fresh PostgreSQL database on DATABASE_URL's server, or undefined for PGlite. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return undefined;
  const name = `lexatlas_bench_analytics_${randomBytes(4).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const line = (label: string, xs: number[]) =>
  `${label.padEnd(34)} median ${quantile(xs, 0.5).toFixed(2)} ms   p95 ${quantile(xs, 0.95).toFixed(2)} ms   mean ${mean(xs).toFixed(2)} ms   (n=${xs.length})`;

async function main() {
  if (!existsSync(BUILD_SERVER)) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const postgres = await freshPostgres();
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: "memory://" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-bench-analytics-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "true" });
  const services = createServices({ db: database.db, config, logger: createLogger("silent") });
  const app = await createApp({ services, pages: true });
  const server = await new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise((r) => s.close(() => r())) }),
    );
  });
  try {
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1)
      ids.push(await insertTestListing(database, `bench.analytics.${i}@example.org`));
    let counter = 0;
    const nextIp = () => {
      counter += 1;
      return `198.18.${(counter >> 8) & 255}.${counter & 255}`;
    };
    const get = async (id: number, userAgent: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/lawyer/${id}`, {
        headers: { "User-Agent": userAgent, "X-Forwarded-For": nextIp() },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/lawyer/${id} answered ${res.status}`);
      return performance.now() - started;
    };
    // Warm up: the page bundle, the search caches and the day's analytics key.
    for (let i = 0; i < 20; i += 1) {
      await get(ids[i % ids.length] as number, BOT);
      await get(ids[i % ids.length] as number, CHROME);
    }
    await services.analytics.settled();
    const before = await database.db.execute<{ n: number }>(
      sql`SELECT coalesce(sum(views), 0)::int AS n FROM business_analytics`,
    );

    const recorded: number[] = [];
    const skipped: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const id = ids[i % ids.length] as number;
      if (i % 2 === 0) {
        recorded.push(await get(id, CHROME));
        skipped.push(await get(id, BOT));
      } else {
        skipped.push(await get(id, BOT));
        recorded.push(await get(id, CHROME));
      }
    }
    await services.analytics.settled();
    const after = await database.db.execute<{ n: number }>(
      sql`SELECT coalesce(sum(views), 0)::int AS n FROM business_analytics`,
    );
    const counted = (after.rows[0]?.n ?? 0) - (before.rows[0]?.n ?? 0);

    const direct: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const outcome = await services.analytics.recordView(ids[i % ids.length] as number, {
        ip: nextIp(),
        userAgent: CHROME,
      });
      direct.push(performance.now() - started);
      if (outcome.view !== "counted") throw new Error(`recordView answered ${outcome.view}`);
    }

    console.log(`Analytics recording, ${database.kind}, ${runs} requests per case`);
    console.log(line("GET /lawyer/{id}, view recorded", recorded));
    console.log(line("GET /lawyer/{id}, bot (not recorded)", skipped));
    console.log(
      `difference of medians: ${(quantile(recorded, 0.5) - quantile(skipped, 0.5)).toFixed(2)} ms; views counted ${counted} of ${runs}`,
    );
    console.log(line("recordView awaited (the write)", direct));
    if (counted !== runs) throw new Error(`expected ${runs} views counted, got ${counted}`);
  } finally {
    await server.close();
    await services.mailer.close();
    await database.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
