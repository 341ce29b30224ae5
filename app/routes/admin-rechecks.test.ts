/**
 * /admin/rechecks/:checkId (issue 15 §2 "Ongoing monitoring"), called as React Router calls it
 * with the real services over a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the authorisation matrix (anonymous → /login; client, lawyer, other lawyer → 403; staff with
 * the password only → /login/second-factor; moderator and admin → the page), unknown ids 404,
 * a refused form keeps its values with a message per field, and a moderator's re-confirmation
 * through the page is audited with the IP and brings the tick back. Helpers follow
 * app/routes/admin-routes.test.ts (staff enrolment through the pages with a real TOTP code).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { auditLog, lawyers, users, verificationChecks } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { createOrPromoteStaff } from "../../server/staff/staff-cli.ts";
import { TEST_PASSWORD } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import {
  enrolledStaffSession,
  routeOutcome as outcome,
  sessionTokenOf as tokenOf,
} from "../../tests/support/page-routes.ts";
import { servicesContext } from "../context.ts";
import { action as recheckAction, loader as recheckLoader } from "./admin.rechecks.tsx";
import { loader as overviewLoader } from "./admin.tsx";
import { action as loginAction } from "./login.tsx";

const ORIGIN = "http://localhost";
let database: Database;
let services: Services;
let dataDir: string;
let lawyerId: number;
let checkId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-admin-rechecks-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
  const [l] = await database.db
    .insert(lawyers)
    .values({
      name: "Dana Ruiz",
      email: "dana@firm.example",
      location: "New York",
      country: "United States",
      countryCode: "US",
      city: "New York",
    })
    .returning({ id: lawyers.id });
  lawyerId = (l as { id: number }).id;
  const [c] = await database.db
    .insert(verificationChecks)
    .values({
      lawyerId,
      kind: "licence",
      status: "lapsed",
      method: "register_lookup",
      source: "NY register",
      checkedOn: "2024-01-10",
      nextCheckDue: "2025-01-10",
    })
    .returning({ id: verificationChecks.id });
  checkId = (c as { id: number }).id;
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
function context(ip = "203.0.113.50"): RouterContextProvider {
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, services);
  rememberClientIp(ctx, ip);
  return ctx;
}
function get(pathname: string, token?: string): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    headers: token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {},
  });
}
function post(pathname: string, fields: Record<string, string>, token?: string): Request {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (token) headers.Cookie = `${SESSION_COOKIE}=${token}`;
  return new Request(`${ORIGIN}${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

async function account(role: "user" | "lawyer") {
  counter += 1;
  const session = await services.accounts.signUp(
    {
      email: `admin-rechecks.${counter}@example.org`,
      password: TEST_PASSWORD,
      firstName: "Ann",
      lastName: "Lee",
      role,
    },
    { ip: `198.51.100.${counter}`, origin: ORIGIN },
  );
  return session.token;
}

/** A staff account made by the staff:create code path with its password set; answers its email. */
async function staffAccount(role: "moderator" | "admin") {
  counter += 1;
  const email = `staff.${counter}@example.org`;
  const made = await createOrPromoteStaff(
    database,
    { email, role, resetSecondFactor: false },
    { origin: ORIGIN },
  );
  const token = new URL(made.link).searchParams.get("token") ?? "";
  await services.accounts.resetPassword(
    { token, newPassword: TEST_PASSWORD },
    { ip: "198.51.100.250", origin: ORIGIN },
  );
  return email;
}

/** Signs in through the /login page action; answers the response (a redirect with the cookie). */
async function pageLogin(email: string, pathname = "/login", redirectTo?: string) {
  return outcome(() =>
    loginAction({
      request: post(pathname, { email, password: TEST_PASSWORD, ...(redirectTo ? { redirectTo } : {}) }),
      context: context(`10.9.${counter % 250}.${++counter % 250}`),
      params: {},
    } as never),
  );
}

/** The current TOTP code of `secret` (the test runs on the real clock). */
function _generateCode(secret: string): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/** A new staff account that enrolled TOTP through the pages; answers its email and the passed session's token. */
async function staffSession(role: "moderator" | "admin"): Promise<{ email: string; token: string }> {
  counter += 1;
  return enrolledStaffSession({
    services,
    database,
    origin: ORIGIN,
    role,
    email: `rechecks.staff.${counter}@example.org`,
    loginIp: `10.9.${counter % 250}.${++counter % 250}`,
  });
}

const today = new Date().toISOString().slice(0, 10);
const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
const confirmFields = {
  outcome: "verified",
  method: "register_lookup",
  source: "New York State Unified Court System, Attorney Registration",
  sourceUrl: "https://iapps.courts.state.ny.us/attorneyservices/search",
  checkedOn: today,
  nextCheckDue: nextYear,
  reason: "Currently registered on the register",
};

function page(id: string, token?: string) {
  return outcome(() =>
    recheckLoader({
      request: get(`/admin/rechecks/${id}`, token),
      context: context(),
      params: { checkId: id },
    } as never),
  );
}
function submit(id: string, fields: Record<string, string>, token?: string, ip = "203.0.113.50") {
  return outcome(() =>
    recheckAction({
      request: post(`/admin/rechecks/${id}`, fields, token),
      context: context(ip),
      params: { checkId: id },
    } as never),
  );
}

describe(`/admin/rechecks/:checkId (${TEST_ENGINE})`, () => {
  it("the authorisation matrix on the page and its action", async () => {
    const client = await account("user");
    const lawyer = await account("lawyer");
    // "lawyer" owns the listing whose check this is; "other lawyer" does not.
    await database.db
      .update(users)
      .set({ lawyerId })
      .where(eq(users.email, `admin-rechecks.${counter}@example.org`));
    const otherLawyer = await account("lawyer");
    const pending = tokenOf((await pageLogin(await staffAccount("moderator"))).cookie);
    const moderator = (await staffSession("moderator")).token;
    const admin = (await staffSession("admin")).token;
    const id = String(checkId);
    const back = `/admin/rechecks/${id}`;
    for (const [name, run] of [
      ["page", (token?: string) => page(id, token)],
      ["action", (token?: string) => submit(id, { outcome: "lapsed", reason: "" }, token)],
    ] as const) {
      const anonymous = await run();
      expect(anonymous.status, name).toBe(302);
      expect(anonymous.location, name).toBe(`/login?${new URLSearchParams({ redirectTo: back })}`);
      for (const [who, token] of [
        ["client", client],
        ["lawyer", lawyer],
        ["other lawyer", otherLawyer],
      ] as const) {
        const denied = await run(token);
        expect(denied.status, `${name} as ${who}`).toBe(403);
        expect(denied.data, `${name} as ${who}`).toEqual({ message: "admin:forbidden.notStaff" });
      }
      const halfway = await run(pending);
      expect(halfway.status, `${name} with the password only`).toBe(302);
      expect(halfway.location).toBe(`/login/second-factor?${new URLSearchParams({ redirectTo: back })}`);
      for (const [who, token] of [
        ["moderator", moderator],
        ["admin", admin],
      ] as const) {
        // The page answers 200; the action with an empty reason answers 400 (allowed, but refused).
        expect((await run(token)).status, `${name} as ${who}`).toBe(name === "page" ? 200 : 400);
      }
    }
    expect((await page("999999", moderator)).status).toBe(404);
    expect((await page("abc", moderator)).status).toBe(404);
    expect(
      (await submit("999999", { outcome: "lapsed", reason: "gone from the register" }, moderator)).status,
    ).toBe(404);
  });

  it("a moderator re-confirms through the page: audited with the IP, tick back, out of the queue", async () => {
    const moderator = await staffSession("moderator");
    const id = String(checkId);
    const overview = await outcome(() =>
      overviewLoader({ request: get("/admin", moderator.token), context: context(), params: {} } as never),
    );
    const queued = JSON.stringify(overview.data);
    expect(queued).toContain(`/admin/rechecks/${id}`);

    const shown = await page(id, moderator.token);
    expect(shown.data).toMatchObject({
      check: { checkId, listingName: "Dana Ruiz", status: "lapsed", nextCheckDue: "2025-01-10" },
    });

    const refused = await submit(
      id,
      { ...confirmFields, sourceUrl: "ftp://x", nextCheckDue: "2020-01-01" },
      moderator.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "verified",
      values: { source: confirmFields.source, sourceUrl: "ftp://x", nextCheckDue: "2020-01-01" },
      fieldErrors: {
        sourceUrl: "admin:rechecks.errors.sourceUrl",
        nextCheckDue: "admin:rechecks.errors.nextCheckDue",
      },
    });

    const done = await submit(id, confirmFields, moderator.token, "203.0.113.77");
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/rechecks/${id}?done=verified`);
    const [check] = await database.db
      .select()
      .from(verificationChecks)
      .where(eq(verificationChecks.id, checkId));
    expect(check).toMatchObject({ status: "verified", nextCheckDue: nextYear, checkedOn: today });
    const [listing] = await database.db
      .select({ verified: lawyers.verified })
      .from(lawyers)
      .where(eq(lawyers.id, lawyerId));
    expect(listing?.verified).toBe(true);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "verification.rechecked"), eq(auditLog.subjectId, String(lawyerId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorRole: "moderator",
      ip: "203.0.113.77",
      reason: confirmFields.reason,
    });
    const after = await outcome(() =>
      overviewLoader({ request: get("/admin", moderator.token), context: context(), params: {} } as never),
    );
    expect(JSON.stringify(after.data)).not.toContain(`/admin/rechecks/${id}"`);
  });
});
