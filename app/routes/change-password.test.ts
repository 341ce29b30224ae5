/**
 * Issue 27 §2 "Existing users with a short (now too weak) password are asked to change it at
 * their next sign-in", through the pages' loaders, actions and the root middleware against the
 * real accounts and staff services and a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a user seeded with a 6-character password signs in and every page sends
 * them to /change-password (in their locale, returning afterwards); staff likewise right after the
 * second factor, with the staff minimum of 12; after the change everything is normal.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES as ACCOUNT_MESSAGES_REFERENCE } from "../../lib/account.ts";
import { hashPassword } from "../../server/accounts/passwords.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { userSessions, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createOrPromoteStaff } from "../../server/staff/staff-cli.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { englishTable } from "../../tests/support/english.ts";
import { pageContext, pageRequests, routeOutcome, sessionTokenOf } from "../../tests/support/page-routes.ts";
import { middleware as rootMiddleware } from "../root.tsx";
import { action as changeAction, loader as changeLoader } from "./change-password.tsx";
import { action as secondFactorAction, loader as secondFactorLoader } from "./login.second-factor.tsx";
import { action as loginAction } from "./login.tsx";

const ACCOUNT_MESSAGES = englishTable(ACCOUNT_MESSAGES_REFERENCE);
const ORIGIN = "http://lexatlas.test";
const { get, post } = pageRequests(ORIGIN);

describe(`a password the policy no longer accepts (issue 27 §2) (${TEST_ENGINE})`, () => {
  let database: Database;
  let services: Services;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-change-password-"));
    services = createServices({
      clock: systemClock,
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
      logger: createLogger("silent"),
    });
  });
  afterAll(async () => {
    await services.mailer.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let counter = 0;
  const ip = () => {
    counter += 1;
    return `203.0.113.${counter}`;
  };

  /** An account stored under the spec's old rule (6 characters) with `password`: its email. */
  async function legacyAccount(password: string, role = "user"): Promise<string> {
    counter += 1;
    const email = `legacy-${counter}@example.org`;
    await database.db
      .insert(users)
      .values({ email, password: await hashPassword(password), firstName: "Old", lastName: "Rules", role });
    return email;
  }

  /** Signs in on the page at `at` ("/login" or "/de/login") and answers the outcome. */
  const logIn = (email: string, password: string, at = "/login", redirectTo?: string) =>
    routeOutcome(() =>
      loginAction({
        request: post(at, { email, password, ...(redirectTo ? { redirectTo } : {}) }),
        context: pageContext(services, ip()),
        params: {},
      } as never),
    );

  /** What the root middleware answers for `request`: its redirect target, or "page" when the page runs. */
  async function throughRoot(request: Request): Promise<string> {
    const response = (await rootMiddleware[0]?.(
      { request, context: pageContext(services, ip()), params: {} } as never,
      async () => new Response("page"),
    )) as Response;
    return response.status === 302 ? (response.headers.get("Location") ?? "") : await response.text();
  }

  it("signs in with a 6-character password, then every page goes to /change-password and back afterwards", async () => {
    const email = await legacyAccount("abc123");
    const login = await logIn(email, "abc123", "/de/login", "/de/dashboard?tab=cases");
    expect(login.status).toBe(302);
    const token = sessionTokenOf(login.cookie);
    const [row] = await database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, (await user(email)).id));
    expect(row?.passwordChangeRequired).toBe(true);

    // Documents and data requests of any page, in any locale, go to the change page first.
    expect(await throughRoot(get("/de/dashboard?tab=cases", token))).toBe(
      "/de/change-password?redirectTo=%2Fde%2Fdashboard%3Ftab%3Dcases",
    );
    expect(await throughRoot(get("/dashboard.data?_routes=routes%2Fdashboard", token))).toBe(
      "/change-password?redirectTo=%2Fdashboard",
    );
    expect(await throughRoot(post("/dashboard/listing", { intent: "update" }, token))).toBe(
      "/change-password?redirectTo=%2Fdashboard%2Flisting",
    );
    expect(await throughRoot(get("/", token))).toBe("/change-password?redirectTo=%2F");
    // The change page itself, logout and the language switch open.
    for (const open of ["/de/change-password", "/change-password.data", "/logout", "/language?lang=fr"])
      expect(await throughRoot(get(open, token))).toBe("page");
    // Without a session, or with a full one, nothing changes.
    expect(await throughRoot(get("/de/dashboard"))).toBe("page");

    const page = await routeOutcome(() =>
      changeLoader({
        request: get("/de/change-password?redirectTo=%2Fde%2Fdashboard%3Ftab%3Dcases", token),
        context: pageContext(services, ip()),
        params: {},
      } as never),
    );
    expect(page.data).toEqual({ required: true, minLength: 10, redirectTo: "/de/dashboard?tab=cases" });

    const change = (fields: Record<string, string>) =>
      routeOutcome(() =>
        changeAction({
          request: post("/de/change-password", { redirectTo: "/de/dashboard?tab=cases", ...fields }, token),
          context: pageContext(services, ip()),
          params: {},
        } as never),
      );
    const wrong = await change({ currentPassword: "abc124", newPassword: "Wellenbrecher am Deich" });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      values: {},
      fieldErrors: { currentPassword: "Das ist nicht Ihr aktuelles Passwort." },
    });
    const weak = await change({ currentPassword: "abc123", newPassword: "basketball" });
    expect(weak.status).toBe(400);
    expect((weak.data as { fieldErrors: Record<string, string> }).fieldErrors.newPassword).toMatch(/Liste/);
    const done = await change({ currentPassword: "abc123", newPassword: "Wellenbrecher am Deich" });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/de/dashboard?tab=cases");
    expect(await throughRoot(get("/de/dashboard?tab=cases", token))).toBe("page");
    const again = await logIn(email, "Wellenbrecher am Deich");
    expect(await throughRoot(get("/dashboard", sessionTokenOf(again.cookie)))).toBe("page");
  });

  it("a member with a strong password is never sent there; signed out, the change page asks to sign in", async () => {
    const email = await legacyAccount("tulip quay harbour");
    const login = await logIn(email, "tulip quay harbour");
    expect(await throughRoot(get("/dashboard", sessionTokenOf(login.cookie)))).toBe("page");
    const signedOut = await routeOutcome(() =>
      changeLoader({
        request: get("/de/change-password"),
        context: pageContext(services, ip()),
        params: {},
      } as never),
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe("/de/login?redirectTo=%2Fde%2Fchange-password");
  });

  it("staff with an 11-character password pass the second factor, then must choose one of 12 characters", async () => {
    counter += 1;
    const email = `mod-${counter}@example.org`;
    const made = await createOrPromoteStaff(
      database,
      { email, role: "moderator", resetSecondFactor: false },
      {
        origin: ORIGIN,
      },
    );
    await database.db
      .update(users)
      .set({ password: await hashPassword("quays tulip") })
      .where(eq(users.id, made.userId));
    const login = await logIn(email, "quays tulip");
    expect(login.location).toMatch(/^\/login\/second-factor\?/);
    const pending = sessionTokenOf(login.cookie);
    // Before the second factor the session is pending: signed out everywhere, so no redirect yet.
    expect(await throughRoot(get("/admin", pending))).toBe("page");
    const enrol = await routeOutcome(() =>
      secondFactorLoader({
        request: get("/login/second-factor", pending),
        context: pageContext(services, ip()),
        params: {},
      } as never),
    );
    const secret = (enrol.data as { view: { secret: string } }).view.secret;
    const passed = await routeOutcome(() =>
      secondFactorAction({
        request: post(
          "/login/second-factor",
          { intent: "enrol", code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }) },
          pending,
        ),
        context: pageContext(services, ip()),
        params: {},
      } as never),
    );
    const token = sessionTokenOf(passed.cookie);
    expect(token).not.toBe("");
    expect(await throughRoot(get("/admin", token))).toBe("/change-password?redirectTo=%2Fadmin");
    const page = await routeOutcome(() =>
      changeLoader({
        request: get("/change-password", token),
        context: pageContext(services, ip()),
        params: {},
      } as never),
    );
    expect(page.data).toMatchObject({ required: true, minLength: 12 });
    const short = await routeOutcome(() =>
      changeAction({
        request: post(
          "/change-password",
          { currentPassword: "quays tulip", newPassword: "tulip quay!" },
          token,
        ),
        context: pageContext(services, ip()),
        params: {},
      } as never),
    );
    expect(short.data).toMatchObject({ fieldErrors: { newPassword: ACCOUNT_MESSAGES.passwordShortStaff } });
    const done = await routeOutcome(() =>
      changeAction({
        request: post(
          "/change-password",
          { currentPassword: "quays tulip", newPassword: "harbour lights at dusk", redirectTo: "/admin" },
          token,
        ),
        context: pageContext(services, ip()),
        params: {},
      } as never),
    );
    expect(done.location).toBe("/admin");
    expect(await throughRoot(get("/admin", token))).toBe("page");
  });

  async function user(email: string) {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row;
  }
});
