/**
 * Issue 17 §4 pages called as React Router calls them, with the real services over a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the role matrix of /dashboard/data
 * (anonymous → /login; a client, a lawyer and staff see their own "Your data"; the form's
 * deletion: wrong password 400 next to the field in the page's language, staff 403, the client's
 * and the lawyer's 303 to the dashboard with the date; cancel) and the dashboard loader's "Your
 * data" view. The API's matrix (anonymous 401, another case's token 404, staff 403) is in
 * server/rights/rights.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../lib/i18n/locales.ts";
import { ERASURE_GRACE_DAYS } from "../../lib/privacy.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { insertTestListing, TEST_PASSWORD } from "../../tests/support/api.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import {
  enrolledStaffSession,
  routeOutcome as outcome,
  pageContext,
  pageRequests,
} from "../../tests/support/page-routes.ts";
import { ensureLocale } from "../i18n/i18n";
import { action as dataAction, loader as dataLoader } from "./dashboard.data.tsx";
import { loader as dashboardLoader } from "./dashboard.tsx";

const ORIGIN = "http://localhost";
const DAY = 86_400_000;
const { get, post } = pageRequests(ORIGIN);
let database: Database;
let services: Services;
let dataDir: string;
let counter = 0;

beforeAll(async () => {
  await ensureLocale("de" as Locale);
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-rights-routes-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ctx = () => pageContext(services, `203.0.113.${(counter++ % 200) + 1}`);

/** A client or lawyer account (a lawyer owns a fresh listing); answers its session token and id. */
async function account(role: "user" | "lawyer") {
  counter += 1;
  const email = `rights.routes.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: TEST_PASSWORD, firstName: "Ann", lastName: "Lee", role },
    { ip: `198.51.100.${counter % 250}`, origin: ORIGIN },
  );
  if (role === "lawyer") {
    const listing = await insertTestListing(database, `listing.${email}`);
    await database.db.update(users).set({ lawyerId: listing }).where(eq(users.email, email));
  }
  return { token: session.token, id: session.user.id };
}

const load = (token?: string) =>
  outcome(() => dataLoader({ request: get("/dashboard/data", token), context: ctx(), params: {} } as never));
const act = (fields: Record<string, string>, token?: string, pathname = "/dashboard/data") =>
  outcome(() => dataAction({ request: post(pathname, fields, token), context: ctx(), params: {} } as never));

describe("/dashboard/data", () => {
  it("anonymous: the page and the form go to /login", async () => {
    expect((await load()).location).toMatch(/^\/login\?redirectTo=/);
    expect((await act({ intent: "delete", password: TEST_PASSWORD })).location).toMatch(/^\/login/);
  });

  it("a client: wrong password 400 next to the field (in German on /de), then 303 with the date, then cancel", async () => {
    const client = await account("user");
    expect((await load(client.token)).data).toEqual({
      view: { pendingDeletion: null, latestExport: null, staff: false },
    });
    const wrong = await act(
      { intent: "delete", password: "nope nope nope" },
      client.token,
      "/de/dashboard/data",
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      ok: false,
      fieldErrors: { password: "Das ist nicht Ihr aktuelles Passwort." },
    });
    const before = Date.now();
    const done = await act({ intent: "delete", password: TEST_PASSWORD }, client.token);
    expect(done.status).toBe(303);
    expect(done.location).toBe("/dashboard#your-data");
    const view = (await load(client.token)).data as { view: { pendingDeletion: { deletionDate: string } } };
    const due = new Date(view.view.pendingDeletion.deletionDate).getTime();
    expect(due - before).toBeGreaterThanOrEqual(ERASURE_GRACE_DAYS * DAY - 1000);
    expect(due - before).toBeLessThanOrEqual(ERASURE_GRACE_DAYS * DAY + 60_000);
    // The dashboard shows the same state.
    const dash = await outcome(() =>
      dashboardLoader({ request: get("/dashboard", client.token), context: ctx(), params: {} } as never),
    );
    expect((dash.data as { dataRights: unknown }).dataRights).toEqual(view.view);
    const cancelled = await act({ intent: "cancel" }, client.token);
    expect(cancelled.location).toBe("/dashboard?data=cancelled#your-data");
    expect(
      ((await load(client.token)).data as { view: { pendingDeletion: unknown } }).view.pendingDeletion,
    ).toBeNull();
    // Cancelling again: 404 with a message, no crash.
    expect((await act({ intent: "cancel" }, client.token)).status).toBe(404);
  });

  it("a lawyer can ask too; staff see why they cannot (403)", async () => {
    const lawyer = await account("lawyer");
    expect((await act({ intent: "delete", password: TEST_PASSWORD }, lawyer.token)).status).toBe(303);
    await services.rights.cancelErasure({ id: lawyer.id } as never);
    counter += 1;
    const { token } = await enrolledStaffSession({
      services,
      database,
      origin: ORIGIN,
      role: "moderator",
      email: `rights.staff.${counter}@example.org`,
      loginIp: `10.7.0.${counter % 250}`,
    });
    expect(((await load(token)).data as { view: { staff: boolean } }).view.staff).toBe(true);
    const refused = await act({ intent: "delete", password: TEST_PASSWORD }, token);
    expect(refused.status).toBe(403);
    expect((refused.data as { message: string }).message).toMatch(/Staff accounts cannot be deleted here/);
  });
});
