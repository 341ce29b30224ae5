/**
 * Issue 29 "No page scans the data per request": a page's second request (same data version)
 * sends no aggregate query (count, avg, sum, GROUP BY) over the directory to the database. The
 * first one may; later ones answer from the in-process copies keyed by the data version
 * (server/search/cache.ts, facts.ts; server/site/stats.ts cachedDirectoryStats).
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { insertFixtures } from "../../server/search/fixtures.ts";
import { refreshSearchData } from "../../server/search/index.ts";
import { createServices, type Services } from "../../server/services.ts";
import { getDirectoryStats } from "../../server/site/stats.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { aggregateQueries, queriesOf } from "../../tests/support/query-log.ts";
import { servicesContext } from "../context.ts";
import { loader as aboutLoader } from "./about.tsx";
import { loader as homeLoader } from "./home.tsx";

describe(`pages send no aggregate query on a repeated request (${TEST_ENGINE}, issue 29)`, () => {
  let database: Database;
  let services: Services;
  beforeAll(async () => {
    database = await openTestDatabase();
    await insertFixtures(database.db);
    await refreshSearchData(database.db);
    services = createServices({
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent" }),
      logger: createLogger("silent"),
    });
  });
  afterAll(async () => {
    await database.close();
  });

  /** A page's loader as these tests call it: the route's arguments, the result unread. */
  type PageLoader = (args: { context: RouterContextProvider; request: Request; params: object }) => unknown;

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
