/**
 * Runs the real Hono app on a loopback port for integration tests.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { createLogger } from "../logger.ts";

/** A running test server: its base URL (http://127.0.0.1:PORT) and a close function. */
export interface TestServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts the API (no pages) on 127.0.0.1 with an ephemeral port. */
export async function startTestServer(db: Db): Promise<TestServer> {
  const config = loadConfig({ LOG_LEVEL: "silent" });
  const logger = createLogger("silent");
  const app = await createApp({ services: { db, config, logger }, pages: false });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        baseUrl: `http://127.0.0.1:${info.port}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
