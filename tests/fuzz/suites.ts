/**
 * The fuzzer's test files share these suites (issue 27 "a fuzzer in `npm test`"); each file
 * runs one part in its own server and database so vitest runs the parts side by side.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { TEST_ENGINE } from "../support/db.ts";
import { apiRequest, operationCases, operationsOf } from "./api.ts";
import { FuzzStats, fuzzProperty } from "./check.ts";
import { type FuzzWorld, startFuzzWorld } from "./harness.ts";
import { pageCases, pageRequest, pageRoutes } from "./pages.ts";

/** Runs per API operation (× FUZZ_RUNS). */
export const API_RUNS = 30;
/** Runs per page of the route table (× FUZZ_RUNS); GETs, `.data` GETs and form POSTs. */
export const PAGE_RUNS = 20;

/**
 * Fuzzes the API operations of shard `shard` of `of` (operations dealt out in document order):
 * each `API_RUNS` requests as every role, valid and hostile, checked by tests/fuzz/check.ts.
 */
export function fuzzApiShard(shard: number, of: number): void {
  let world: FuzzWorld;
  const stats = new FuzzStats();
  const started = performance.now();
  beforeAll(async () => {
    world = await startFuzzWorld({ pages: false });
  }, 180_000);
  afterAll(async () => {
    console.log(
      stats.summary(`api ${shard + 1}/${of} (${TEST_ENGINE})`, (performance.now() - started) / 1000),
    );
    await world?.close();
  });

  it(`every API operation of part ${shard + 1}/${of} answers without a 5xx, with the one error shape, writing nothing when refused (${TEST_ENGINE})`, async () => {
    const res = await fetch(`${world.baseUrl}/api/openapi.json`);
    const { operations, resolve } = operationsOf(await res.json());
    const mine = operations.filter((_, i) => i % of === shard);
    expect(mine.length).toBeGreaterThan(0);
    for (const [i, op] of mine.entries()) {
      if (i % 5 === 0) await world.refreshIds();
      await fuzzProperty(
        world,
        stats,
        op.name,
        operationCases(op, resolve, world.ids),
        (c) => apiRequest(op, c, world),
        API_RUNS,
      );
    }
    expect(stats.failures, stats.failures.join("\n\n")).toEqual([]);
  }, 900_000);
}

/**
 * Fuzzes the pages of shard `shard` of `of` (app/routes.ts in order, dealt out): each
 * `PAGE_RUNS` requests — GET, `.data` GET and, for a page with an action, form POSTs — as every
 * role, in every locale prefix, checked by tests/fuzz/check.ts.
 */
export function fuzzPagesShard(shard: number, of: number): void {
  let world: FuzzWorld;
  const stats = new FuzzStats();
  const started = performance.now();
  beforeAll(async () => {
    world = await startFuzzWorld({ pages: true });
  }, 180_000);
  afterAll(async () => {
    console.log(
      stats.summary(`pages ${shard + 1}/${of} (${TEST_ENGINE})`, (performance.now() - started) / 1000),
    );
    await world?.close();
  });

  it(`every page of part ${shard + 1}/${of} answers without a 5xx or a stack trace, writing nothing when refused (${TEST_ENGINE})`, async () => {
    const mine = pageRoutes().filter((_, i) => i % of === shard);
    expect(mine.length).toBeGreaterThan(0);
    for (const [i, page] of mine.entries()) {
      if (i % 5 === 0) await world.refreshIds();
      await fuzzProperty(
        world,
        stats,
        `page /${page.pattern}`,
        pageCases(page, world.ids),
        (c) => pageRequest(page, c, world),
        PAGE_RUNS,
      );
    }
    expect(stats.failures, stats.failures.join("\n\n")).toEqual([]);
  }, 900_000);
}
