/**
 * The account pages' loaders and actions against the real accounts service and a real database
 * (issue 3 "Screens", "Dashboard shell"): what each form answers on bad input, on a refused
 * submission and on success (cookie, redirect), the sign-in guard, the root loader's signed-in
 * summary and stale-cookie removal, logout revocation and the private cache header.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES as ACCOUNT_MESSAGES_REFERENCE, SESSION_COOKIE } from "../../lib/account.ts";
import { translateMessage } from "../../lib/i18n/message.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { ValidationError } from "../../server/errors.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english, englishTable } from "../../tests/support/english.ts";
import { servicesContext } from "../context.ts";
import { failedSubmission, tooManyMessage } from "../features/accounts/account-form.server.ts";
import { ensureLocale, getT } from "../i18n/i18n.ts";
import { loader as rootLoader, middleware as rootMiddleware } from "../root.tsx";
import { loginPath } from "../session.server.ts";
import { loader as dashboardLoader } from "./dashboard.tsx";
import { action as forgotAction } from "./forgot-password.tsx";
import { action as loginAction, loader as loginLoader, meta as loginMeta } from "./login.tsx";
import { action as logoutAction } from "./logout.tsx";
import { action as resetAction } from "./reset-password.tsx";
import { action as signupAction, meta as signupMeta } from "./signup.tsx";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const ACCOUNT_MESSAGES = englishTable(ACCOUNT_MESSAGES_REFERENCE);

const ORIGIN = "http://lexatlas.test";

/** What `data()` returns: the body and the response init. */
interface DataResult<T = Record<string, unknown>> {
  data: T;
  init: ResponseInit | null;
}

type AnyArgs = { request: Request; context: RouterContextProvider; params: Record<string, string> };

describe(`account pages (${TEST_ENGINE})`, () => {
  let database: Database;
  let services: Services;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-pages-"));
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

  /** A fresh router context for one request, as server/app.ts makes it. */
  function context(ip = "203.0.113.7"): RouterContextProvider {
    const ctx = new RouterContextProvider();
    ctx.set(servicesContext, services);
    rememberClientIp(ctx, ip);
    return ctx;
  }

  /** The arguments of a loader or action for `request`. */
  function args(request: Request, ip?: string): AnyArgs {
    return { request, context: context(ip), params: {} };
  }

  /** A same-origin form POST to `path` with `fields`, optionally with a session cookie. */
  function post(pathname: string, fields: Record<string, string>, token?: string): Request {
    const headers: Record<string, string> = { Origin: ORIGIN };
    if (token) headers.Cookie = `${SESSION_COOKIE}=${token}`;
    return new Request(`${ORIGIN}${pathname}`, {
      method: "POST",
      headers,
      body: new URLSearchParams(fields),
    });
  }

  function get(pathname: string, token?: string): Request {
    return new Request(`${ORIGIN}${pathname}`, {
      headers: token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {},
    });
  }

  /** The session token of a Set-Cookie value ("" when it clears the cookie). */
  function cookieToken(response: Response): string {
    const header = response.headers.get("Set-Cookie") ?? "";
    return new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(header)?.[1] ?? "missing";
  }

  let counter = 0;
  /** A new client IP per sign-up, so the sign-up limit (10 per IP per hour) never interferes. */
  function nextIp(): string {
    counter += 1;
    return `10.0.${Math.floor(counter / 250)}.${counter % 250}`;
  }
  function email(label: string) {
    counter += 1;
    return `pages-${counter}-${label}@example.com`;
  }

  async function signUp(address: string, password = "correct horse battery"): Promise<string> {
    const response = (await signupAction(
      args(
        post("/signup", {
          firstName: "Ada",
          lastName: "Lovelace",
          email: address,
          password,
          role: "user",
          redirectTo: "/dashboard",
        }),
        nextIp(),
      ) as never,
    )) as Response;
    expect(response.status).toBe(302);
    return cookieToken(response);
  }

  it("sign-up: bad input answers 400 with each message by its field and the typed values, never the password", async () => {
    const result = (await signupAction(
      args(
        post("/signup", {
          firstName: " ",
          lastName: "Byron",
          email: "nope",
          password: "12345",
          role: "admin",
        }),
      ) as never,
    )) as unknown as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      values: { firstName: " ", lastName: "Byron", email: "nope", role: "admin" },
      fieldErrors: {
        firstName: ACCOUNT_MESSAGES.firstName,
        email: ACCOUNT_MESSAGES.email,
        password: ACCOUNT_MESSAGES.passwordShort,
        role: ACCOUNT_MESSAGES.role,
      },
    });
    expect(JSON.stringify(result.data)).not.toContain("12345");
  });

  it("sign-up: one name is enough (issue 14 §2), stored NFC, from a Japanese page", async () => {
    const response = (await signupAction(
      args(
        post("/ja/signup", {
          firstName: "Zoe\u0308",
          lastName: "",
          email: email("one-name"),
          password: "correct horse battery",
          role: "user",
        }),
        nextIp(),
      ) as never,
    )) as Response;
    expect(response.status).toBe(302);
    const me = await services.accounts.userForToken(cookieToken(response));
    expect(me?.user).toMatchObject({ firstName: "Zoë", lastName: "" });
  });

  it("sign-up: success redirects to a same-site redirectTo with the session cookie; an off-site one goes to /dashboard", async () => {
    const address = email("signup");
    const response = (await signupAction(
      args(
        post("/signup", {
          firstName: "Ada",
          lastName: "Lovelace",
          email: address,
          password: "correct horse battery",
          role: "lawyer",
          redirectTo: "/dashboard?view=upgrade",
        }),
        nextIp(),
      ) as never,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?view=upgrade");
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    const me = await services.accounts.userForToken(cookieToken(response));
    expect(me?.user).toMatchObject({ email: address, role: "lawyer" });

    const offsite = (await signupAction(
      args(
        post("/signup", {
          firstName: "Eve",
          lastName: "Mallory",
          email: email("offsite"),
          password: "correct horse battery",
          redirectTo: "//evil.example/steal",
        }),
        nextIp(),
      ) as never,
    )) as Response;
    expect(offsite.headers.get("Location")).toBe("/dashboard");
  });

  it("sign-up: a taken email (any letter case) shows next to Email with the typed values", async () => {
    const address = email("taken");
    await signUp(address);
    const result = (await signupAction(
      args(
        post("/signup", {
          firstName: "Ada",
          lastName: "Again",
          email: address.toUpperCase(),
          password: "another long one",
        }),
        nextIp(),
      ) as never,
    )) as unknown as DataResult;
    expect(result.init?.status).toBe(409);
    expect(result.data).toEqual({
      values: { firstName: "Ada", lastName: "Again", email: address.toUpperCase() },
      fieldErrors: { email: ACCOUNT_MESSAGES.emailTaken },
    });
  });

  it("login: wrong password answers 401 with the server's message above the form and the typed email", async () => {
    const address = email("login");
    await signUp(address);
    const result = (await loginAction(
      args(post("/login", { email: address, password: "not the password" })) as never,
    )) as unknown as DataResult;
    expect(result.init?.status).toBe(401);
    expect(result.data).toEqual({
      values: { email: address },
      fieldErrors: {},
      message: ACCOUNT_MESSAGES.badCredentials,
    });

    const ok = (await loginAction(
      args(
        post("/login", { email: address, password: "correct horse battery", redirectTo: "/browse-lawyers" }),
      ) as never,
    )) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/browse-lawyers");
    expect((await services.accounts.userForToken(cookieToken(ok)))?.user.email).toBe(address);
  });

  it("login: past the per-account limit answers 429 with the wait in minutes and Retry-After", async () => {
    const address = email("limited");
    await signUp(address);
    let result: DataResult | undefined;
    for (let i = 0; i < 8 && result?.init?.status !== 429; i++) {
      result = (await loginAction(
        args(post("/login", { email: address, password: `wrong-${i}-password` }), `198.51.100.${i}`) as never,
      )) as unknown as DataResult;
    }
    expect(result?.init?.status).toBe(429);
    const retryAfter = Number(new Headers(result?.init?.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(result?.data.message).toBe(english(tooManyMessage(retryAfter)));
    expect(english(String(result?.data.message))).toMatch(
      /^Too many attempts\. Please wait and try again in about \d+ minutes?\.$/,
    );
  });

  it("login and sign-up pages send a signed-in visitor on to redirectTo or /dashboard", async () => {
    const token = await signUp(email("already"));
    await expect(
      loginLoader(args(get("/login?redirectTo=%2Fbrowse-lawyers", token)) as never),
    ).rejects.toSatisfy((r: Response) => r.status === 302 && r.headers.get("Location") === "/browse-lawyers");
    const signedOut = await loginLoader(args(get("/login?redirectTo=%2Fdashboard&reset=1")) as never);
    expect(signedOut).toEqual({ redirectTo: "/dashboard", reset: true });
    const offsite = await loginLoader(args(get("/login?redirectTo=https%3A%2F%2Fevil.example")) as never);
    expect(offsite.redirectTo).toBeNull();
  });

  it("a German visitor stays in /de: the guard, sign-in and sign-out keep the locale (issue 14 §1)", async () => {
    const address = email("deutsch");
    await signUp(address);
    // Signed out at /de/dashboard: the German sign-in page, which comes back to /de/dashboard.
    const guarded = await dashboardLoader(args(get("/de/dashboard")) as never).catch((r: unknown) => r);
    expect((guarded as Response).headers.get("Location")).toBe("/de/login?redirectTo=%2Fde%2Fdashboard");
    // A sign-in at /de/login without redirectTo lands on the German dashboard.
    const plain = (await loginAction(
      args(post("/de/login", { email: address, password: "correct horse battery" }), nextIp()) as never,
    )) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/de/dashboard");
    // redirectTo keeps its localized path.
    const back = (await loginAction(
      args(
        post("/de/login", {
          email: address,
          password: "correct horse battery",
          redirectTo: "/de/claim-listing?token=abc",
        }),
        nextIp(),
      ) as never,
    )) as Response;
    expect(back.headers.get("Location")).toBe("/de/claim-listing?token=abc");
    // Signed in, /de/login goes straight to the German dashboard; signing out goes to /de.
    const token = cookieToken(back);
    await expect(loginLoader(args(get("/de/login", token)) as never)).rejects.toSatisfy(
      (r: Response) => r.status === 302 && r.headers.get("Location") === "/de/dashboard",
    );
    const out = (await logoutAction(args(post("/de/logout", {}, token)) as never)) as Response;
    expect(out.headers.get("Location")).toBe("/de");
  });

  it("dashboard: a signed-out visitor goes to /login and back; a stale cookie is also removed", async () => {
    const thrown = await dashboardLoader(args(get("/dashboard?view=upgrade")) as never).catch(
      (r: Response) => r,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(loginPath("/dashboard?view=upgrade"));
    expect((thrown as Response).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fdashboard%3Fview%3Dupgrade",
    );

    const stale = await dashboardLoader(args(get("/dashboard", "stale-token-value")) as never).catch(
      (r: Response) => r,
    );
    expect((stale as Response).status).toBe(302);
    expect(cookieToken(stale as Response)).toBe("");
  });

  it("a signed-out data request for /dashboard sends the visitor back to /dashboard after sign-in", async () => {
    let thrown: unknown;
    try {
      await dashboardLoader(args(get("/dashboard.data?_routes=routes%2Fdashboard")) as never);
    } catch (err) {
      thrown = err;
    }
    expect((thrown as Response).headers.get("Location")).toBe(loginPath("/dashboard"));
  });

  it("dashboard: the user's own record and the upgrade view only for non-premium users", async () => {
    const address = email("dash");
    const token = await signUp(address);
    const result = await dashboardLoader(args(get("/dashboard?view=upgrade", token)) as never);
    expect(result.user).toMatchObject({
      email: address,
      subscriptionTier: "free",
      subscriptionStatus: "inactive",
    });
    expect(result.upgrade).toBe(true);
    expect(JSON.stringify(result)).not.toMatch(/password|token/i);
  });

  it("root loader: the signed-in summary (no email) for the header; a stale cookie counts as signed out and is cleared", async () => {
    const token = await signUp(email("root"));
    const signedIn = (await rootLoader(args(get("/about", token)) as never)) as unknown as DataResult;
    expect(signedIn.data).toMatchObject({
      origin: ORIGIN,
      locale: "en",
      timeZone: "UTC",
      user: { firstName: "Ada", lastName: "Lovelace", role: "user", subscriptionTier: "free" },
    });
    expect(new Headers(signedIn.init?.headers).has("Set-Cookie")).toBe(false);

    const anonymous = (await rootLoader(args(get("/about")) as never)) as unknown as DataResult;
    // The support phones are written for the visitor too (issue 14 §2; support-phones.test.tsx).
    const phones = { supportPhones: expect.objectContaining({ phone: expect.any(Object) }) };
    // Issue 19 §5: the company's contact details from configuration, marked as the demo's examples.
    const company = { company: expect.objectContaining({ example: true, address: expect.any(String) }) };
    expect(anonymous.data).toEqual({
      origin: ORIGIN,
      locale: "en",
      timeZone: "UTC",
      ...phones,
      ...company,
      user: null,
      demoListings: false,
      // Issue 17 §1: no cookie choice made yet.
      consent: null,
    });

    const stale = (await rootLoader(
      args(get("/about", "revoked-or-unknown")) as never,
    )) as unknown as DataResult;
    expect(stale.data).toEqual({
      origin: ORIGIN,
      locale: "en",
      timeZone: "UTC",
      ...phones,
      ...company,
      user: null,
      demoListings: false,
      // Issue 17 §1: no cookie choice made yet.
      consent: null,
    });
    expect(new Headers(stale.init?.headers).get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  });

  it("root middleware: responses to requests with a session cookie, or that set one, are private and not stored", async () => {
    const run = async (request: Request, response: Response) =>
      (await rootMiddleware[0]?.(args(request) as never, async () => response)) as Response;
    const signedIn = await run(get("/", "some-token"), new Response("page"));
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    const setsCookie = await run(
      get("/"),
      new Response(null, { headers: { "Set-Cookie": `${SESSION_COOKIE}=x; Path=/` } }),
    );
    expect(setsCookie.headers.get("Cache-Control")).toBe("private, no-store");
    const anonymous = await run(get("/"), new Response("page"));
    expect(anonymous.headers.get("Cache-Control")).toBeNull();
    // Signed in or out, a page varies by Cookie (once, next to what it already varies by) and by
    // Accept-Language: an unprefixed (English) page may send a visitor to their language (issue
    // 14 §1), and every footer writes the support phone for the visitor's region (issue 14 §2).
    expect(signedIn.headers.get("Vary")).toBe("Accept-Language, Cookie");
    expect(anonymous.headers.get("Vary")).toBe("Accept-Language, Cookie");
    const varied = await run(get("/"), new Response("page", { headers: { Vary: "Accept-Language" } }));
    expect(varied.headers.get("Vary")).toBe("Accept-Language, Cookie");
    const already = await run(get("/de"), new Response("page", { headers: { Vary: "cookie" } }));
    expect(already.headers.get("Vary")).toBe("cookie, Accept-Language");
  });

  it("login over an existing session cookie revokes that earlier session (no planted session survives)", async () => {
    const planted = await signUp(email("planted"));
    const address = email("relogin");
    await signUp(address);
    const response = (await loginAction(
      args(post("/login", { email: address, password: "correct horse battery" }, planted), nextIp()) as never,
    )) as Response;
    expect(response.status).toBe(302);
    expect(await services.accounts.userForToken(cookieToken(response))).not.toBeNull();
    expect(await services.accounts.userForToken(planted)).toBeNull();
  });

  it("login refuses a return path that would leave the site (tab, backslash, other origin)", async () => {
    const address = email("redirect");
    await signUp(address);
    for (const redirectTo of [
      "/\t/evil.example/",
      "/\\evil.example",
      "//evil.example",
      "https://evil.example/",
    ]) {
      const response = (await loginAction(
        args(
          post("/login", { email: address, password: "correct horse battery", redirectTo }),
          nextIp(),
        ) as never,
      )) as Response;
      expect(response.headers.get("Location"), redirectTo).toBe("/dashboard");
    }
  });

  it("logout revokes the session on the server and clears the cookie", async () => {
    const token = await signUp(email("logout"));
    expect(await services.accounts.userForToken(token)).not.toBeNull();
    const response = (await logoutAction(args(post("/logout", {}, token)) as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(cookieToken(response)).toBe("");
    expect(await services.accounts.userForToken(token)).toBeNull();
  });

  it("forgot password: the same confirmation for an account and for an unknown email; a bad email by its field", async () => {
    const address = email("forgot");
    await signUp(address);
    for (const who of [address, email("nobody")]) {
      const result = await forgotAction(
        args(post("/forgot-password", { email: who }), "192.0.2.10") as never,
      );
      expect(result).toEqual({ sent: true });
    }
    const bad = (await forgotAction(
      args(post("/forgot-password", { email: "x" })) as never,
    )) as unknown as DataResult;
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toEqual({ values: { email: "x" }, fieldErrors: { email: ACCOUNT_MESSAGES.email } });
  });

  it("reset password: a bad token shows the invalid-link message; a short password shows by its field", async () => {
    expect(
      await resetAction(
        args(post("/reset-password", { token: "x".repeat(43), newPassword: "long enough one" })) as never,
      ),
    ).toEqual({ invalidToken: true });
    expect(
      await resetAction(args(post("/reset-password", { newPassword: "long enough one" })) as never),
    ).toEqual({
      invalidToken: true,
    });
    const short = (await resetAction(
      args(post("/reset-password", { token: "abc", newPassword: "123" })) as never,
    )) as unknown as DataResult;
    expect(short.init?.status).toBe(400);
    expect(short.data).toEqual({ values: {}, fieldErrors: { newPassword: ACCOUNT_MESSAGES.passwordShort } });
  });
});

describe("account form helpers", () => {
  it("tooManyMessage rounds the wait up to whole minutes, at least one", () => {
    expect(english(tooManyMessage(1))).toBe(
      "Too many attempts. Please wait and try again in about 1 minute.",
    );
    expect(english(tooManyMessage(61))).toBe(
      "Too many attempts. Please wait and try again in about 2 minutes.",
    );
    expect(english(tooManyMessage(900))).toBe(
      "Too many attempts. Please wait and try again in about 15 minutes.",
    );
    expect(english(tooManyMessage(undefined))).toBe(ACCOUNT_MESSAGES.tooMany);
    // A limit's own message names its limit, with the wait.
    expect(english(tooManyMessage(120, "fallback", "listing:tooManyWrites"))).toBe(
      "You have changed your listing many times in a short while. Please try again in about 2 minutes.",
    );
    expect(tooManyMessage(undefined, "fallback", "listing:tooManyWrites")).toBe("fallback");
  });

  it("the sign-in and sign-up titles and descriptions are in the page's language (issue 14 §1)", async () => {
    await ensureLocale("ja");
    const matches = [{ id: "root", loaderData: { origin: ORIGIN, locale: "ja" } }];
    const login = loginMeta({ matches } as never);
    expect(login).toContainEqual({ title: "ログイン | LexAtlas" });
    expect(login).toContainEqual(expect.objectContaining({ rel: "canonical", href: `${ORIGIN}/ja/login` }));
    expect(signupMeta({ matches } as never)).toContainEqual({ title: "新規登録 | LexAtlas" });
  });

  it("tooManyMessage speaks the reader's language (issue 14 §1)", async () => {
    await ensureLocale("de");
    expect(translateMessage(getT("de"), tooManyMessage(900))).toBe(
      "Zu viele Versuche. Bitte warten Sie und versuchen Sie es in etwa 15 Minuten erneut.",
    );
  });

  it("failedSubmission: a field the form lacks goes above the form; unexpected errors are logged and show the fallback", () => {
    const logged: unknown[] = [];
    const log = (e: unknown) => logged.push(e);
    const other = failedSubmission(
      new ValidationError("Odd.", "token"),
      { email: "a@b.co" },
      ["email"],
      "F",
      log,
    );
    expect(other).toMatchObject({ data: { fieldErrors: {}, message: "Odd." }, init: { status: 400 } });
    const boom = new Error("database down");
    const unexpected = failedSubmission(boom, {}, ["email"], "Login failed. Please try again.", log);
    expect(unexpected).toMatchObject({
      data: { message: "Login failed. Please try again." },
      init: { status: 500 },
    });
    expect(logged).toEqual([boom]);
  });
});
