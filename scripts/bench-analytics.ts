/**
 * Analytics recording cost (issue 6 "Recording never slows or breaks the page"; docs/performance.md):
 * `npm run bench:analytics` (`-- --runs=N`, default 300). Needs a build (`npm run build`).
 *
 * Starts the real product (pages and API) on 127.0.0.1 (random port) over a fresh PGlite
 * database, or a fresh temporary PostgreSQL database when DATABASE_URL is set (an admin
 * connection; dropped afterwards), with 20 listings. Then alternates GET /lawyer/{id} requests:
 *   - "recorded": a browser's user agent from a new address each time, so every request is a new
 *     visitor whose view is written (visitor hash + counter upsert);
 *   - "not recorded": a crawler's user agent, which the recorder skips.
 * Prints the client round trip's median, p95 and mean for both (the page must not wait for the
 * recording, so the two should match), then the cost of one recording itself (recordView awaited
 * directly, median and p95), and checks that every recorded view was counted.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../server/runtime-defaults.ts";
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { BUILD_SERVER, createApp } from "../server/app.ts";
import { systemClock } from "../server/clock.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";
import { insertTestListing } from "../tests/support/api.ts";
import { openBenchDatabase, percentile, serveBench } from "./bench-support.ts";

const runs = Number(
  /^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 300,
);
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const line = (label: string, xs: number[]) =>
  `${label.padEnd(34)} median ${percentile(xs, 50).toFixed(2)} ms   p95 ${percentile(xs, 95).toFixed(2)} ms   mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)} ms   (n=${xs.length})`;

async function main() {
  if (!existsSync(BUILD_SERVER)) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const bench = await openBenchDatabase(process.env.DATABASE_URL ? "postgres" : "pglite");
  const { database } = bench;
  const config = loadConfig({ DATA_DIR: bench.tmp, LOG_LEVEL: "silent", TRUST_PROXY: "true" });
  const services = createServices({
    clock: systemClock,
    db: database.db,
    config,
    logger: createLogger("silent"),
  });
  const app = await createApp({ services, pages: true });
  const { server, base } = await serveBench(app, "");
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
      const res = await fetch(`${base}/lawyer/${id}`, {
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
      `difference of medians: ${(percentile(recorded, 50) - percentile(skipped, 50)).toFixed(2)} ms; views counted ${counted} of ${runs}`,
    );
    console.log(line("recordView awaited (the write)", direct));
    if (counted !== runs) throw new Error(`expected ${runs} views counted, got ${counted}`);
  } finally {
    await new Promise((r) => server.close(() => r(undefined)));
    await services.mailer.close();
    await bench.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
