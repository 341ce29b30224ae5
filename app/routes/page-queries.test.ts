/**
 * Issue 29 "No page scans the data per request": a page's second request (same data version)
 * sends no aggregate query (count, avg, sum, GROUP BY) over the directory to the database. The
 * first one may; later ones answer from the in-process copies keyed by the data version
 * (server/search/cache.ts, facts.ts; server/site/stats.ts cachedDirectoryStats).
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { insertFixtures } from "../../server/search/fixtures.ts";
import { refreshSearchData } from "../../server/search/index.ts";
import { seedIfEmpty } from "../../server/seed/index.ts";
import { createServices, type Services } from "../../server/services.ts";
import { getDirectoryStats } from "../../server/site/stats.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { aggregateQueries, queriesOf } from "../../tests/support/query-log.ts";
import { servicesContext } from "../context.ts";
import { loader as aboutLoader } from "./about.tsx";
import { loader as browseLoader } from "./browse-lawyers.tsx";
import { loader as homeLoader } from "./home.tsx";
import { loader as lawyerLoader } from "./lawyer.tsx";

/** A page's loader as these tests call it: the route's arguments, the result unread. */
type PageLoader = (args: { context: RouterContextProvider; request: Request; params: object }) => unknown;

describe(`pages send no aggregate query on a repeated request (${TEST_ENGINE}, issue 29)`, () => {
  let database: Database;
  let services: Services;
  beforeAll(async () => {
    database = await openTestDatabase();
    await insertFixtures(database.db);
    await refreshSearchData(database.db);
    services = createServices({
      clock: systemClock,
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent" }),
      logger: createLogger("silent"),
    });
  });
  afterAll(async () => {
    await database.close();
  });

  /** Runs a page's loader as a document request for `url` would. */
  async function load(loader: PageLoader, url: string) {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    return loader({ context, request: new Request(url), params: {} });
  }

  it.each([
    ["home", homeLoader as unknown as PageLoader, "http://localhost/"],
    ["home in Arabic", homeLoader as unknown as PageLoader, "http://localhost/ar"],
    ["about", aboutLoader as unknown as PageLoader, "http://localhost/about"],
  ] as const)("%s", async (_name, loader, url) => {
    await load(loader, url);
    const again = await queriesOf(database.db, () => load(loader, url));
    expect(aggregateQueries(again)).toEqual([]);
  });

  it("the count sees an aggregate query when one is sent", async () => {
    const direct = await queriesOf(database.db, () => getDirectoryStats(database.db));
    expect(aggregateQueries(direct)).toHaveLength(1);
  });
});

/**
 * Issue 29: "a test fails when a page's query count grows with the number of listings". The same
 * pages on two directories of the demo generator, one four times the other: each page's repeated
 * request sends the same number of queries on both, and none aggregates.
 */
describe(`a page's queries do not grow with the directory (${TEST_ENGINE}, issue 29)`, () => {
  const sizes = [150, 600] as const;
  const directories: { database: Database; services: Services }[] = [];
  beforeAll(async () => {
    for (const count of sizes) {
      const database = await openTestDatabase();
      const logger = createLogger("silent");
      await seedIfEmpty(database.db, { count, logger, clock: createTestClock("2026-11-02T12:00:00Z") });
      await refreshSearchData(database.db);
      directories.push({
        database,
        services: createServices({
          clock: systemClock,
          db: database.db,
          config: loadConfig({ LOG_LEVEL: "silent" }),
          logger,
        }),
      });
    }
  }, 120_000);
  afterAll(async () => {
    for (const { database } of directories) await database.close();
  });

  /** The queries of the second of two identical requests of `url` to `loader` on directory `i`. */
  async function repeated(i: number, loader: PageLoader, url: string, params: object): Promise<string[]> {
    const { database, services } = directories[i] as (typeof directories)[0];
    const run = async () => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      // A prefetch: the profile's view counter (a write, not awaited) stays out of the count.
      const request = new Request(url, { headers: { "Sec-Purpose": "prefetch" } });
      return loader({ context, request, params });
    };
    await run();
    return queriesOf(database.db, run);
  }

  it.each([
    ["home", homeLoader as unknown as PageLoader, "http://localhost/", {}],
    ["home in Arabic", homeLoader as unknown as PageLoader, "http://localhost/ar", {}],
    [
      "browse with a query and filters",
      browseLoader as unknown as PageLoader,
      "http://localhost/browse-lawyers?query=car+accident&languages=es&verified=true&freeConsultation=true",
      {},
    ],
    ["profile", lawyerLoader as unknown as PageLoader, "http://localhost/lawyer/1", { id: "1" }],
    ["about", aboutLoader as unknown as PageLoader, "http://localhost/about", {}],
  ] as const)("%s", async (_name, loader, url, params) => {
    const [small, large] = [await repeated(0, loader, url, params), await repeated(1, loader, url, params)];
    // An aggregate is allowed only over one listing's rows (the profile's review histogram and
    // count: `lawyer_id = $1`, an index range), never over the directory.
    const overDirectory = aggregateQueries(large).filter((q) => !/"lawyer_id" = \$1/.test(q));
    expect(overDirectory).toEqual([]);
    expect(large.length, `queries at ${sizes[1]} listings against ${sizes[0]}:\n${large.join("\n")}`).toBe(
      small.length,
    );
  });
});
