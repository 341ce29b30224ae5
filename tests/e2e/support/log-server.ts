/**
 * A journey server whose log the journey reads (issue 27 §2, tests/e2e/logs.spec.ts), started as
 * a child process (`node tests/e2e/support/log-server.ts`): the built app (pages and API) over a
 * fresh database (tests/support/db.ts: in-memory PGlite, or a fresh PostgreSQL database with
 * TEST_DATABASE_URL) and a fresh DATA_DIR, on 127.0.0.1 and a random port, with the real logger
 * at level debug writing to STDERR through the real destination (server/log-destination.ts), and
 * the demo data of 20 listings with the demo accounts (server/seed, README "Demo"). It prints
 * one JSON line `{ baseUrl }` on stdout and stops when stdin closes.
 *
 * Fault seams, for pages that answer 5xx (never in the product): the case loader's read
 * (`services.cases.get`) fails inside the database, with the case title as a query parameter,
 * for a case titled "FAULT …"; and answers a status no page knows for a case titled
 * "RENDERFAULT …", so that the page's render throws (inside the root's Suspense boundary).
 * Test-only: never imported by the product.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../../../server/runtime-defaults.ts";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../../server/accounts/passwords.ts";
import { createApp } from "../../../server/app.ts";
import { systemClock } from "../../../server/clock.ts";
import { loadConfig } from "../../../server/config.ts";
import { createLogDestination, guardStdio } from "../../../server/log-destination.ts";
import { createLogger } from "../../../server/logger.ts";
import { seedIfEmpty } from "../../../server/seed/index.ts";
import { createServices } from "../../../server/services.ts";
import { openTestDatabase } from "../../support/db.ts";
import { stopWhenStdinCloses } from "./child-server.ts";

guardStdio();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lexatlas-e2e-logs-"));
const database = await openTestDatabase();
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "debug", TRUST_PROXY: "true", PORT: "0" });
const logger = createLogger("debug", createLogDestination(process.stderr));
await seedIfEmpty(database.db, { count: 20, logger, hashPassword });
const services = createServices({ clock: systemClock, db: database.db, config, logger });
const cases = services.cases;
// The door is a class (server/cases/index.ts Cases): replace one method on an object whose
// prototype is the door, so the others keep their `this`.
services.cases = Object.assign(Object.create(cases) as typeof cases, {
  async get(id: string, viewer: Parameters<typeof cases.get>[1]) {
    const found = await cases.get(id, viewer);
    if (found?.caseTitle.startsWith("FAULT")) await services.db.execute(sql`SELECT ${found.caseTitle}::int`);
    if (found?.caseTitle.startsWith("RENDERFAULT")) return { ...found, status: "unknown" as never };
    return found;
  },
});
const app = await createApp({ services, pages: true });

const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(JSON.stringify({ baseUrl: `http://127.0.0.1:${info.port}` }));
});
stopWhenStdinCloses({ server, services, database, dataDir });
