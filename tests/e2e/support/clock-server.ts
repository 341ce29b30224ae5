/**
 * A journey server whose clock the journey moves (issue 16 §3 journeys: "client case unanswered →
 * clock past 24 h → resend"; §1 "engage → close → invite → review"). The shared journey server
 * (serve.ts) runs on the real clock, so a journey that needs time to pass starts this one instead,
 * as a child process (`node tests/e2e/support/clock-server.ts`): the built app (pages and API) over
 * a fresh database (tests/support/db.ts openTestDatabase: in-memory PGlite, or a fresh PostgreSQL
 * database dropped at the end when TEST_DATABASE_URL is set) and a fresh DATA_DIR (its mail
 * outbox), with a test clock (tests/support/clock.ts) starting at START, on 127.0.0.1 and a random
 * port.
 *
 * It inserts the listings named in LISTINGS, prints one JSON line `{ "baseUrl", "dataDir", "listings": [{ id, name, email }] }`, then reads
 * commands, one per line, from stdin, answering "ok" (or a JSON line) to each:
 *   - `advance <ms>`: moves the clock forward;
 *   - `sweep`: runs the response sweep once (server/responses/sweep.ts) and prints its summary;
 *   - `lawyer <index> <email> <password>` (no spaces in any): creates a verified lawyer account managing listing
 *     `index` of LISTINGS (as a claimed listing), answers "ok";
 *   - `staff <email>`: creates a moderator as `npm run staff:create` does (server/staff/staff-cli.ts
 *     createOrPromoteStaff, on the test clock) and prints `{ "link": "/reset-password?token=…" }`;
 *   - `now`: prints the clock's instant (ISO 8601), e.g. for TOTP codes the server will accept;
 *   - `client <email> <password>`: creates a client account (issue 17 §4 journey), answers "ok";
 *   - `daily`: runs the daily jobs once (server/daily-jobs.ts runDailyJobs: erasures due, expired
 *     exports …) and prints their summary.
 * Test-only: never imported by the product.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../../../server/runtime-defaults.ts";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { serve } from "@hono/node-server";
import { hashPassword } from "../../../server/accounts/passwords.ts";
import { createApp } from "../../../server/app.ts";
import { loadConfig, retentionPolicy } from "../../../server/config.ts";
import { runDailyJobs } from "../../../server/daily-jobs.ts";
import { lawyers, users } from "../../../server/db/schema.ts";
import { createLogger } from "../../../server/logger.ts";
import { runResponseSweep } from "../../../server/responses/sweep.ts";
import { createServices } from "../../../server/services.ts";
import { createOrPromoteStaff } from "../../../server/staff/staff-cli.ts";
import { createTestClock } from "../../support/clock.ts";
import { openTestDatabase } from "../../support/db.ts";
import { stopWhenStdinCloses } from "./child-server.ts";

/** The clock's start. */
export const START = "2026-06-01T08:00:00Z";
/** The listings of the journey: [name, city]. */
export const LISTINGS: [string, string][] = [
  ["Ola Silent", "Halifax"],
  ["Pia Ready", "Halifax"],
];

const dataDir = mkdtempSync(path.join(os.tmpdir(), "lexatlas-e2e-clock-"));
const clock = createTestClock(START);
const database = await openTestDatabase();
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "true", PORT: "0" });
const services = createServices({ db: database.db, config, logger: createLogger("silent"), clock });
const app = await createApp({ services, pages: true });

const listings: { id: number; name: string; email: string }[] = [];
for (const [i, [name, city]] of LISTINGS.entries()) {
  const email = `lawyer${i}@clock-journey.example`;
  const [row] = await database.db
    .insert(lawyers)
    .values({
      name,
      firm: `${name} Injury Law`,
      email,
      phone: "+19025550100",
      location: `${city}, Nova Scotia, Canada`,
      country: "Canada",
      countryCode: "CA",
      state: "Nova Scotia",
      city,
      practiceAreas: ["Car Accidents"],
    })
    .returning({ id: lawyers.id });
  const id = (row as { id: number }).id;
  listings.push({ id, name, email });
}

const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(JSON.stringify({ baseUrl: `http://127.0.0.1:${info.port}`, dataDir, listings }));
});

const lines = createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  const [command, arg] = line.trim().split(/\s+/);
  if (command === "advance") {
    clock.advance(Number(arg));
    console.log("ok");
  } else if (command === "sweep") {
    const summary = await runResponseSweep({
      db: database.db,
      clock,
      mailer: services.mailer,
      emailLinkOrigin: services.emailLinkOrigin,
    });
    console.log(JSON.stringify(summary));
  } else if (command === "lawyer") {
    const [, index, email, password] = line.trim().split(/\s+/);
    const listing = listings[Number(index)];
    if (!listing || !email || !password) throw new Error(`bad command: ${line}`);
    await database.db.insert(users).values({
      email,
      password: await hashPassword(password),
      firstName: "Journey",
      lastName: "Lawyer",
      role: "lawyer",
      lawyerId: listing.id,
      isVerified: true,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    console.log("ok");
  } else if (command === "staff") {
    const created = await createOrPromoteStaff(
      database,
      { email: arg as string, role: "moderator", resetSecondFactor: false },
      { origin: "http://clock-server.invalid", clock },
    );
    const url = new URL(created.link);
    console.log(JSON.stringify({ link: `${url.pathname}${url.search}` }));
  } else if (command === "client") {
    const [, email, password] = line.trim().split(/\s+/);
    if (!email || !password) throw new Error(`bad command: ${line}`);
    await database.db.insert(users).values({
      email,
      password: await hashPassword(password),
      firstName: "Journey",
      lastName: "Client",
      role: "user",
      isVerified: true,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    console.log("ok");
  } else if (command === "daily") {
    const summary = await runDailyJobs({
      db: database.db,
      clock,
      mailer: services.mailer,
      emailLinkOrigin: services.emailLinkOrigin,
      store: services.documents.store,
      retention: retentionPolicy(config),
    });
    console.log(JSON.stringify(summary));
  } else if (command === "now") {
    console.log(clock.now().toISOString());
  }
});
stopWhenStdinCloses({ server, services, database, dataDir }, lines);
