/**
 * A journey server with the ad network configured (issue 17 §1 consent journey,
 * tests/e2e/consent.spec.ts). The shared journey server (serve.ts) runs without AD_PUBLISHER_ID
 * (house ads only, no banner), so the consent journey starts this one as a child process
 * (`node tests/e2e/support/ads-server.ts`): the built app (pages and API) over a fresh database
 * (tests/support/db.ts: in-memory PGlite, or a fresh PostgreSQL database with TEST_DATABASE_URL),
 * a fresh DATA_DIR, AD_PUBLISHER_ID set, on 127.0.0.1 and a random port, with one premium
 * account (ads.ts PREMIUM). It prints one JSON line `{ "baseUrl" }` and stops when stdin closes.
 * Test-only: never imported by the product.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../../../server/runtime-defaults.ts";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { hashPassword } from "../../../server/accounts/passwords.ts";
import { createApp } from "../../../server/app.ts";
import { systemClock } from "../../../server/clock.ts";
import { loadConfig } from "../../../server/config.ts";
import { users } from "../../../server/db/schema.ts";
import { createLogger } from "../../../server/logger.ts";
import { createServices } from "../../../server/services.ts";
import { openTestDatabase } from "../../support/db.ts";
import { PREMIUM, PUBLISHER_ID } from "./ads.ts";
import { stopWhenStdinCloses } from "./child-server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "lexatlas-e2e-ads-"));
const database = await openTestDatabase();
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  TRUST_PROXY: "true",
  PORT: "0",
  AD_PUBLISHER_ID: PUBLISHER_ID,
});
const services = createServices({
  clock: systemClock,
  db: database.db,
  config,
  logger: createLogger("silent"),
});
const app = await createApp({ services, pages: true });

await database.db.insert(users).values({
  email: PREMIUM.email,
  password: await hashPassword(PREMIUM.password),
  firstName: "Pat",
  lastName: "Premium",
  role: "user",
  isVerified: true,
  subscriptionTier: "premium",
  subscriptionStatus: "active",
});

const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(JSON.stringify({ baseUrl: `http://127.0.0.1:${info.port}` }));
});

stopWhenStdinCloses({ server, services, database, dataDir });
