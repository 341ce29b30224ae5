/**
 * Runs the real Hono app on a loopback port for integration tests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app.ts";
import type { Clock } from "../../server/clock.ts";
import { systemClock } from "../../server/clock.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { createLogger, type Logger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";

/**
 * A running test server: its base URL (http://127.0.0.1:PORT), the configuration it runs with,
 * its DATA_DIR (where the mail outbox goes when SMTP_URL is unset) and a close function.
 */
export interface TestServer {
  baseUrl: string;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** Options for startTestServer. */
export interface TestServerOptions {
  /**
   * Extra environment for loadConfig, e.g. `{ SMTP_URL: capture.url }` (tests/doubles/smtp-capture.ts)
   * or `{ TRUST_PROXY: "true" }`. LOG_LEVEL is always "silent". Without DATA_DIR a fresh
   * temporary folder is used and removed on close, so tests never write into ./data.
   */
  env?: Record<string, string>;
  /**
   * The server's clock (server/clock.ts), e.g. a test clock (tests/support/clock.ts) to move past
   * an expiry instead of waiting; default the real time.
   */
  clock?: Clock;
  /**
   * Issue 18 §3: the read handle (a read replica's, or a second database standing in for one)
   * that searches, profiles, facets and matching reads use; default the same `db`.
   */
  readDb?: Db;
  /**
   * The server's logger; default silent. Issue 27 §2: a test that reads the log passes one over
   * a captured destination (tests/support/log-capture.ts).
   */
  logger?: Logger;
  /**
   * Changes the server's services before the app is built: a test seam for a fault (a service
   * whose database call fails), issue 27 §2. Default: none.
   */
  adjustServices?: (services: Services) => void;
  /** Serve the pages too, from this build (tests/support/page-build.ts inMemoryPageBuild). */
  pageBuild?: ServerBuild;
}

/**
 * Starts the API (and the pages when `options.pageBuild` is given) on 127.0.0.1 with an ephemeral
 * port, on the given database.
 * Throws ConfigError when `options.env` holds a bad value.
 */
export async function startTestServer(db: Db, options: TestServerOptions = {}): Promise<TestServer> {
  const ownDataDir = options.env?.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), "lexatlas-test-"));
  const config = loadConfig({
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...options.env,
    LOG_LEVEL: "silent",
  });
  const logger = options.logger ?? createLogger("silent");
  const services = createServices({
    db,
    config,
    logger,
    clock: options.clock ?? systemClock,
    ...(options.readDb ? { readDb: options.readDb } : {}),
  });
  options.adjustServices?.(services);
  const app = await createApp({ services, pages: options.pageBuild ?? false });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        baseUrl: `http://127.0.0.1:${info.port}`,
        config,
        dataDir: config.DATA_DIR,
        close: async () => {
          await new Promise<void>((r) => server.close(() => r()));
          if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
        },
      });
    });
  });
}
