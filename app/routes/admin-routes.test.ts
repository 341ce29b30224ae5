/**
 * The back office's pages and the staff sign-in (issue 15 §1), called as React Router calls them
 * with the real services over a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), and
 * the sign-up refusal of staff roles on the page and on the real API server on loopback.
 *
 * The authorisation matrix of every new route: anonymous → /login?redirectTo=…; client, lawyer
 * and another lawyer → 403 (the site's 403 page); a staff account with the password but not the
 * second factor → /login/second-factor; moderator and admin → the page (admin also sees IPs).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { auditLog, contactMessages, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { createOrPromoteStaff } from "../../server/staff/staff-cli.ts";
import { TEST_PASSWORD, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import {
  enrolledStaffSession,
  routeOutcome as outcome,
  sessionTokenOf as tokenOf,
} from "../../tests/support/page-routes.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { servicesContext } from "../context.ts";
import { loader as rootLoader } from "../root.tsx";
import { loader as auditLoader } from "./admin.audit.tsx";
import { loader as contactLoader } from "./admin.contact.tsx";
import { action as messageAction, loader as messageLoader } from "./admin.contact-message.tsx";
import { loader as overviewLoader } from "./admin.tsx";
import { action as secondFactorAction, loader as secondFactorLoader } from "./login.second-factor.tsx";
import { action as loginAction } from "./login.tsx";
import { action as signupAction } from "./signup.tsx";

const ORIGIN = "http://localhost";
let database: Database;
let services: Services;
let dataDir: string;
let messageId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-admin-routes-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
  const [row] = await database.db
    .insert(contactMessages)
    .values({ name: "Ada", email: "ada@example.org", subject: "Hello", category: "Other", message: "Hi" })
    .returning({ id: contactMessages.id });
  messageId = row?.id ?? "";
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
      email: `admin-routes.${counter}@example.org`,
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

/** A new staff account that enrolled TOTP through the pages; answers its email and the passed session's token. */
async function staffSession(role: "moderator" | "admin"): Promise<{ email: string; token: string }> {
  counter += 1;
  return enrolledStaffSession({
    services,
    database,
    origin: ORIGIN,
    role,
    email: `staff.${counter}@example.org`,
    loginIp: `10.9.${counter % 250}.${++counter % 250}`,
  });
}

/** The current TOTP code of `secret` (the test runs on the real clock). */
function generateCode(secret: string): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/** The loaders and the action of the back office, each for the request of `token` at `prefix`. */
function routes(prefix = "") {
  return {
    overview: (token?: string) =>
      outcome(() =>
        overviewLoader({ request: get(`${prefix}/admin`, token), context: context(), params: {} } as never),
      ),
    contact: (token?: string) =>
      outcome(() =>
        contactLoader({
          request: get(`${prefix}/admin/contact?status=new`, token),
          context: context(),
          params: {},
        } as never),
      ),
    message: (token?: string) =>
      outcome(() =>
        messageLoader({
          request: get(`${prefix}/admin/contact/${messageId}`, token),
          context: context(),
          params: { id: messageId },
        } as never),
      ),
    markHandled: (token?: string) =>
      outcome(() =>
        messageAction({
          request: post(`${prefix}/admin/contact/${messageId}`, { status: "new" }, token),
          context: context(),
          params: { id: messageId },
        } as never),
      ),
    audit: (token?: string) =>
      outcome(() =>
        auditLoader({
          request: get(`${prefix}/admin/audit`, token),
          context: context(),
          params: {},
        } as never),
      ),
  };
}

describe(`back office: the authorisation matrix (${TEST_ENGINE})`, () => {
  it("anonymous, client, lawyer, other lawyer, password-only staff, moderator and admin on every /admin route", async () => {
    const client = await account("user");
    const lawyer = await account("lawyer");
    const otherLawyer = await account("lawyer");
    const pendingEmail = await staffAccount("moderator");
    const pending = tokenOf((await pageLogin(pendingEmail)).cookie);
    const moderator = (await staffSession("moderator")).token;
    const admin = (await staffSession("admin")).token;
    const r = routes();
    const paths = {
      overview: "/admin",
      contact: "/admin/contact?status=new",
      message: `/admin/contact/${messageId}`,
    };
    for (const name of ["overview", "contact", "message", "markHandled", "audit"] as const) {
      const back =
        name === "markHandled"
          ? `/admin/contact/${messageId}`
          : ((paths as Record<string, string>)[name] ?? "/admin/audit");
      const anonymous = await r[name]();
      expect(anonymous.status, name).toBe(302);
      expect(anonymous.location, name).toBe(`/login?${new URLSearchParams({ redirectTo: back })}`);
      for (const [who, token] of [
        ["client", client],
        ["lawyer", lawyer],
        ["other lawyer", otherLawyer],
      ] as const) {
        const denied = await r[name](token);
        expect(denied.status, `${name} as ${who}`).toBe(403);
        expect(denied.data, `${name} as ${who}`).toEqual({ message: "admin:forbidden.notStaff" });
      }
      const halfway = await r[name](pending);
      expect(halfway.status, `${name} with the password only`).toBe(302);
      expect(halfway.location).toBe(`/login/second-factor?${new URLSearchParams({ redirectTo: back })}`);
      for (const [who, token] of [
        ["moderator", moderator],
        ["admin", admin],
      ] as const) {
        const allowed = await r[name](token);
        expect(allowed.status, `${name} as ${who}`).toBe(name === "markHandled" ? 302 : 200);
      }
    }
  });

  it("keeps the locale: /de/admin signed out goes to /de/login, with the password only to /de/login/second-factor", async () => {
    const r = routes("/de");
    expect((await r.overview()).location).toBe(
      `/de/login?${new URLSearchParams({ redirectTo: "/de/admin" })}`,
    );
    const email = await staffAccount("admin");
    const pending = tokenOf((await pageLogin(email, "/de/login")).cookie);
    expect((await r.overview(pending)).location).toBe(
      `/de/login/second-factor?${new URLSearchParams({ redirectTo: "/de/admin" })}`,
    );
  });
});

describe(`staff sign-in through the pages (${TEST_ENGINE})`, () => {
  it("the password of a staff account leads to the second-factor page, never straight to the target", async () => {
    const email = await staffAccount("moderator");
    const login = await pageLogin(email, "/login", "/admin/audit");
    expect(login.status).toBe(302);
    expect(login.location).toBe(
      `/login/second-factor?${new URLSearchParams({ redirectTo: "/admin/audit" })}`,
    );
    // An off-site target is dropped for /admin.
    const offsite = await pageLogin(email, "/login", "https://evil.example/");
    expect(offsite.location).toBe(`/login/second-factor?${new URLSearchParams({ redirectTo: "/admin" })}`);
  });

  it("a wrong code answers 400 next to the field and keeps the enrolment; the right one shows 10 codes and sets a new cookie", async () => {
    const email = await staffAccount("moderator");
    const pending = tokenOf((await pageLogin(email)).cookie);
    const page = await outcome(() =>
      secondFactorLoader({
        request: get("/login/second-factor", pending),
        context: context(),
        params: {},
      } as never),
    );
    const secret = (page.data as { view: { secret: string } }).view.secret;
    const wrong = await outcome(() =>
      secondFactorAction({
        request: post("/login/second-factor", { intent: "enrol", code: "000000" }, pending),
        context: context(),
        params: {},
      } as never),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      view: { mode: "enrol", secret },
      fieldErrors: { code: expect.stringMatching(/not right/) },
    });
    const right = await outcome(() =>
      secondFactorAction({
        request: post("/login/second-factor", { intent: "enrol", code: generateCode(secret) }, pending),
        context: context(),
        params: {},
      } as never),
    );
    expect(right.status).toBe(200);
    expect((right.data as { view: { recoveryCodes: string[] } }).view.recoveryCodes).toHaveLength(10);
    const passed = tokenOf(right.cookie);
    expect(passed).not.toBe(pending);
    expect((await services.accounts.userForToken(passed))?.user.email).toBe(email);
    expect(await services.accounts.userForToken(pending)).toBeNull();
  });

  it("the layout keeps a pending staff session's cookie (not stale) and still clears an unknown one", async () => {
    const email = await staffAccount("admin");
    const pending = tokenOf((await pageLogin(email)).cookie);
    const kept = await outcome(() =>
      rootLoader({ request: get("/login/second-factor", pending), context: context(), params: {} } as never),
    );
    expect(kept.cookie).toBeNull();
    expect((kept.data as { user: unknown }).user).toBeNull();
    const stale = await outcome(() =>
      rootLoader({ request: get("/", "A".repeat(43)), context: context(), params: {} } as never),
    );
    expect(stale.cookie).toMatch(/Max-Age=0/);
  });

  it("the second-factor page sends a visitor without a pending staff session to /login", async () => {
    const page = await outcome(() =>
      secondFactorLoader({ request: get("/login/second-factor"), context: context(), params: {} } as never),
    );
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/login?${new URLSearchParams({ redirectTo: "/admin" })}`);
    const client = await account("user");
    const signedIn = await outcome(() =>
      secondFactorLoader({
        request: get("/login/second-factor", client),
        context: context(),
        params: {},
      } as never),
    );
    // A client is signed in already: sent on to the target, where /admin answers 403.
    expect(signedIn.location).toBe("/admin");
  });

  it("marking a message handled through the page is audited with the staff member and the IP; admins see IPs, moderators do not", async () => {
    const moderator = await staffSession("moderator");
    const done = await outcome(() =>
      messageAction({
        request: post(`/admin/contact/${messageId}`, { status: "handled" }, moderator.token),
        context: context("203.0.113.201"),
        params: { id: messageId },
      } as never),
    );
    expect(done).toMatchObject({ status: 302, location: `/admin/contact/${messageId}?done=handled` });
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
    expect(row?.status).toBe("handled");
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, messageId));
    expect(entries.at(-1)).toMatchObject({ action: "contact.marked_handled", ip: "203.0.113.201" });
    const modView = await routes().audit(moderator.token);
    const modRows = (modView.data as { audit: { rows: { subjectId: string; ip: string | null }[] } }).audit
      .rows;
    expect(modRows.find((r) => r.subjectId === messageId)?.ip).toBeNull();
    const admin = await staffSession("admin");
    const adminView = await outcome(() =>
      auditLoader({
        request: get(
          `/admin/audit?actor=${encodeURIComponent(moderator.email)}&action=contact.marked_handled`,
          admin.token,
        ),
        context: context(),
        params: {},
      } as never),
    );
    const adminRows = (adminView.data as { audit: { rows: { subjectId: string; ip: string | null }[] } })
      .audit.rows;
    expect(adminRows.map((r) => r.ip)).toContain("203.0.113.201");
    expect(adminRows.every((r) => r.subjectId === messageId)).toBe(true);
    // A bad status changes nothing.
    const bad = await outcome(() =>
      messageAction({
        request: post(`/admin/contact/${messageId}`, { status: "deleted" }, moderator.token),
        context: context(),
        params: { id: messageId },
      } as never),
    );
    expect(bad.status).toBe(400);
  });
});

describe(`staff roles are never self-chosen (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database.db);
  });
  afterAll(async () => {
    await server?.close();
  });
  const api = testApi(() => server, { emailPrefix: "self-staff" });

  it.each(["admin", "moderator"])(
    "the API refuses sign-up as %s with 400 on role and creates nothing",
    async (role) => {
      const email = api.freshEmail();
      const r = await api.call("POST", "/api/auth/signup", {
        body: { email, password: TEST_PASSWORD, firstName: "Eve", lastName: "Mallory", role },
      });
      expect(r.status).toBe(400);
      expect(Object.keys((r.body as { fieldErrors: Record<string, unknown> }).fieldErrors)).toEqual(["role"]);
      expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    },
  );

  it.each(["admin", "moderator"])(
    "the sign-up page refuses %s with 400 on role and creates nothing",
    async (role) => {
      counter += 1;
      const email = `page-self-staff.${counter}@example.org`;
      const result = await outcome(() =>
        signupAction({
          request: post("/signup", {
            email,
            password: TEST_PASSWORD,
            firstName: "Eve",
            lastName: "Mallory",
            role,
          }),
          context: context(`10.77.0.${counter % 250}`),
          params: {},
        } as never),
      );
      expect(result.status).toBe(400);
      expect(Object.keys((result.data as { fieldErrors: Record<string, unknown> }).fieldErrors)).toEqual([
        "role",
      ]);
      expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    },
  );

  it("the API is no way around the second factor: a staff account's bearer token from POST /api/auth/login answers 401 everywhere", async () => {
    const email = await staffAccount("admin");
    const login = await api.call("POST", "/api/auth/login", { body: { email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    expect((await api.call("GET", "/api/auth/me", { token })).status).toBe(401);
    expect((await api.call("GET", "/api/auth/me", { cookie: token })).status).toBe(401);
    expect(
      (await api.call("PUT", "/api/auth/profile", { token, body: { firstName: "Mallory" } })).status,
    ).toBe(401);
  });

  it("no API changes a role: a profile update with role admin is refused and the role stays", async () => {
    const { token, user } = await api.signUp({ role: "lawyer" });
    const r = await api.call("PUT", "/api/auth/profile", { token, body: { role: "admin" } });
    expect(r.status).toBe(400);
    const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe("lawyer");
  });
});
