/**
 * The fuzzer's test files share these suites (issue 27 "a fuzzer in `npm test`"); each file
 * runs one part in its own server and database so vitest runs the parts side by side.
 */

import { afterAll, beforeAll, expect, it } from "vitest";
import { TEST_ENGINE } from "../support/db.ts";
import { apiRequest, operationCases, operationsOf, siteCases, siteRequest } from "./api.ts";
import { FuzzStats, fuzzProperty } from "./check.ts";
import { type FuzzWorld, startFuzzWorld } from "./harness.ts";
import { pageCases, pageRequest, pageRoutes } from "./pages.ts";

/**
 * Runs per API operation (× FUZZ_RUNS), times the number of media types its body takes (POST
 * /api/cases: JSON and a streamed multipart upload, the riskiest parser, gets twice as many).
 */
export const API_RUNS = 30;
/** Runs of requests outside the document, any method (× FUZZ_RUNS). */
export const SITE_RUNS = 120;
/** Runs per page of the route table (× FUZZ_RUNS); GETs, `.data` GETs and form POSTs. */
export const PAGE_RUNS = 20;

/**
 * One fuzz test in a world of its own (`pages`: with the pages): `run` fuzzes its properties into
 * `stats`; the test fails with every finding, and the file prints its counts at the end.
 */
function fuzzSuite(
  title: string,
  pages: boolean,
  run: (world: FuzzWorld, stats: FuzzStats) => Promise<void>,
): void {
  let world: FuzzWorld;
  const stats = new FuzzStats();
  const started = performance.now();
  beforeAll(async () => {
    world = await startFuzzWorld({ pages });
  }, 180_000);
  afterAll(async () => {
    console.log(stats.summary(`${title} (${TEST_ENGINE})`, (performance.now() - started) / 1000));
    await world?.close();
  });
  it(`${title}: no 5xx, no uncaught exception, the one error shape on API 4xx, no stack trace on a page, nothing written when refused (${TEST_ENGINE})`, async () => {
    await run(world, stats);
    expect(stats.failures, stats.failures.join("\n\n")).toEqual([]);
  }, 900_000);
}

/** One property per item (an operation, a page), the ids of existing rows re-read every five. */
async function fuzzEach<I>(
  world: FuzzWorld,
  items: I[],
  property: (item: I) => Promise<void>,
): Promise<void> {
  expect(items.length).toBeGreaterThan(0);
  for (const [i, item] of items.entries()) {
    if (i % 5 === 0) await world.refreshIds();
    await property(item);
  }
}

/**
 * Fuzzes the API operations of shard `shard` of `of` (the served document's operations in order,
 * dealt out): `API_RUNS` requests each, as every role, valid and hostile.
 */
export function fuzzApiShard(shard: number, of: number): void {
  fuzzSuite(`api ${shard + 1}/${of}`, false, async (world, stats) => {
    const res = await fetch(`${world.baseUrl}/api/openapi.json`);
    const { operations, resolve } = operationsOf(await res.json());
    const mine = operations.filter((_, i) => i % of === shard);
    await fuzzEach(world, mine, (op) =>
      fuzzProperty(
        world,
        stats,
        op.name,
        operationCases(op, resolve, world.ids),
        (c) => apiRequest(op, c, world),
        API_RUNS * Math.max(1, Object.keys(op.bodies).length),
      ),
    );
    // Outside the document (health, metrics, SEO, flags, unknown and odd paths, odd methods).
    if (shard === 0)
      await fuzzProperty(world, stats, "site", siteCases(), (c) => siteRequest(c, world), SITE_RUNS);
  });
}

/**
 * Fuzzes the pages of shard `shard` of `of` (app/routes.ts in order, dealt out): `PAGE_RUNS`
 * requests each — GET, `.data` GET and, for a page with an action, form POSTs — as every role,
 * in every locale prefix.
 */
export function fuzzPagesShard(shard: number, of: number): void {
  fuzzSuite(`pages ${shard + 1}/${of}`, true, async (world, stats) => {
    const mine = pageRoutes().filter((_, i) => i % of === shard);
    await fuzzEach(world, mine, (page) =>
      fuzzProperty(
        world,
        stats,
        `page /${page.pattern}`,
        pageCases(page, world.ids),
        (c) => pageRequest(page, c, world),
        PAGE_RUNS,
      ),
    );
  });
}
