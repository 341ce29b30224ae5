/**
 * Response-time figures' cost (issue 16 §3; docs/performance.md "Response times"):
 * `npm run bench:response` (`-- --size=N` demo lawyers, default 5600, the demo data's size).
 *
 * Over a fresh PGlite database (or a fresh temporary PostgreSQL database when DATABASE_URL is set,
 * an admin connection; dropped afterwards): loads the demo lawyers and their demo cases as the
 * seed does (server/seed/demo-responses.ts), then measures
 *   - the full refresh of every listing's cached figures (the daily job's step), cold (every row
 *     changes) and warm (nothing changed: no write), 5 runs each;
 *   - the one-listing refresh done on a lawyer's first response (200 runs, median and p95);
 *   - one response sweep over the demo data (nothing due: the demo cases are marked handled).
 * Prints the demo data's figures too: listings with figures, their median response time, the
 * share of them answering within 24 h, and the cases per listing.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../server/runtime-defaults.ts";
import { sql } from "drizzle-orm";
import { systemClock } from "../server/clock.ts";
import { createLogger } from "../server/logger.ts";
import { refreshResponseStats } from "../server/responses/stats.ts";
import { runResponseSweep } from "../server/responses/sweep.ts";
import { insertDemoResponses } from "../server/seed/demo-responses.ts";
import { generateLawyers } from "../server/seed/generate.ts";
import { insertBatches } from "../server/seed/insert.ts";
import { openBenchDatabase, percentile } from "./bench-support.ts";

const size = Number(
  /^--size=(\d+)$/.exec(process.argv.find((a) => a.startsWith("--size=")) ?? "")?.[1] ?? 5600,
);

async function main() {
  const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
  const bench = await openBenchDatabase(engine);
  const db = bench.database.db;
  try {
    const t0 = performance.now();
    await insertBatches(db, generateLawyers(size), undefined, systemClock);
    const t1 = performance.now();
    const cases = await db.transaction((tx) => insertDemoResponses(tx, systemClock));
    const t2 = performance.now();
    console.log(
      `${engine}: ${size} lawyers in ${Math.round(t1 - t0)} ms; ${cases} demo cases + first figures in ${Math.round(t2 - t1)} ms`,
    );

    await db.execute(
      sql`UPDATE lawyers SET median_first_response_hours = NULL, answered_within_24h_share = NULL, response_sample_size = 0`,
    );
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (i > 0)
        await db.execute(
          sql`UPDATE lawyers SET median_first_response_hours = NULL, answered_within_24h_share = NULL, response_sample_size = 0`,
        );
      let s = performance.now();
      const r = await refreshResponseStats(db, systemClock);
      cold.push(performance.now() - s);
      if (i === 0) console.log(`full refresh rewrote ${r.changed} listings`);
      s = performance.now();
      await refreshResponseStats(db, systemClock);
      warm.push(performance.now() - s);
    }
    const { rows: ids } = await db.execute<{ id: number }>(
      sql`SELECT lawyer_id AS id FROM cases GROUP BY lawyer_id ORDER BY lawyer_id LIMIT 200`,
    );
    const one: number[] = [];
    for (const r of ids) {
      const s = performance.now();
      await refreshResponseStats(db, systemClock, [Number(r.id)]);
      one.push(performance.now() - s);
    }
    let s = performance.now();
    const sweep = await runResponseSweep({
      db,
      clock: systemClock,
      mailer: { send: async () => {} },
      emailLinkOrigin: "https://lexatlas.test",
      logger: createLogger("silent"),
    });
    const sweepMs = performance.now() - s;
    const fmt = (label: string, xs: number[]) =>
      `${label.padEnd(40)} median ${percentile(xs, 50).toFixed(1)} ms   p95 ${percentile(xs, 95).toFixed(1)} ms   (n=${xs.length})`;
    console.log(fmt("full refresh, every listing changes", cold));
    console.log(fmt("full refresh, nothing changed", warm));
    console.log(fmt("one listing (first response)", one));
    console.log(
      `response sweep: ${sweepMs.toFixed(1)} ms (${sweep.reminders} reminders, ${sweep.clientNotices} notices)`,
    );

    s = performance.now();
    const { rows } = await db.execute<{
      listings: number;
      with_figures: number;
      median: number | null;
      within24: number;
      avg_cases: number;
    }>(sql`
      SELECT count(*)::int AS listings,
        count(median_first_response_hours)::int AS with_figures,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY median_first_response_hours) AS median,
        count(*) FILTER (WHERE median_first_response_hours <= 24)::int AS within24,
        (SELECT round(avg(n), 1) FROM (SELECT count(*) AS n FROM cases GROUP BY lawyer_id) x)::float AS avg_cases
      FROM lawyers`);
    const d = rows[0];
    if (d)
      console.log(
        `demo data: ${d.with_figures} of ${d.listings} listings (${((100 * d.with_figures) / d.listings).toFixed(1)} %) show figures; ` +
          `median of their medians ${Number(d.median).toFixed(1)} h; ${d.within24} (${((100 * d.within24) / Math.max(1, d.with_figures)).toFixed(1)} % of them) usually respond within 24 h; ${d.avg_cases} cases per listing with cases`,
      );
  } finally {
    await bench.dispose();
  }
}

await main();
