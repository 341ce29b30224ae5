/**
 * The request-authentication middleware and guards other routers use (issue 3), with the real
 * accounts service on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), through
 * Hono's request handling.
 */

import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES as ACCOUNT_MESSAGES_REFERENCE, SESSION_COOKIE } from "../../lib/account.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english, englishTable } from "../../tests/support/english.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { errorHandler } from "../http.ts";
import { createLogger } from "../logger.ts";
import { createServices, type Services } from "../services.ts";
import {
  type AuthEnv,
  authenticate,
  FORBIDDEN_MESSAGE as FORBIDDEN_MESSAGE_REFERENCE,
  optionalUser,
  requestMeta,
  requireRole,
  requireUser,
  signedIn,
} from "./auth-middleware.ts";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const ACCOUNT_MESSAGES = englishTable(ACCOUNT_MESSAGES_REFERENCE);
const FORBIDDEN_MESSAGE = english(FORBIDDEN_MESSAGE_REFERENCE);

let database: Database;
let services: Services;
let clientToken: string;
let lawyerToken: string;

beforeAll(async () => {
  database = await openTestDatabase();
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
  });
  const meta = { ip: "127.0.0.1", origin: "http://localhost" };
  const base = { password: "correct horse 42", firstName: "A", lastName: "B" };
  clientToken = (await services.accounts.signUp({ ...base, email: "client@example.org", role: "user" }, meta))
    .token;
  lawyerToken = (
    await services.accounts.signUp({ ...base, email: "lawyer@example.org", role: "lawyer" }, meta)
  ).token;
});
afterAll(async () => {
  await database?.close();
});

/** An app with the middleware, an error handler like server/app.ts's, and one route per guard. */
function guardedApp() {
  const app = new Hono<AuthEnv>();
  app.use("*", authenticate(services.accounts));
  app.onError(errorHandler(createLogger("silent")));
  app.get("/user", (c) => c.json({ id: requireUser(c).user.id, via: requireUser(c).via }));
  app.get("/lawyer", (c) => c.json({ role: requireRole(c, "lawyer").user.role }));
  app.get("/either", (c) => c.json({ role: requireRole(c, "user", "lawyer").user.role }));
  app.get("/optional", (c) => c.json({ via: optionalUser(c)?.via ?? null }));
  app.post("/lawyer-only", signedIn("lawyer"), (c) => c.json({ ok: true }));
  return app;
}

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const cookie = (token: string) => ({ headers: { Cookie: `${SESSION_COOKIE}=${token}` } });

describe(`authenticate and the guards (${TEST_ENGINE})`, () => {
  it("requireUser: the caller by bearer or cookie, 401 { message } with WWW-Authenticate otherwise", async () => {
    const app = guardedApp();
    expect(await (await app.request("/user", bearer(clientToken))).json()).toMatchObject({ via: "bearer" });
    expect(await (await app.request("/user", cookie(clientToken))).json()).toMatchObject({ via: "cookie" });
    const none = await app.request("/user");
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: ACCOUNT_MESSAGES.signedOut });
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="LexAtlas"');
    expect((await app.request("/user", bearer("x".repeat(43)))).status).toBe(401);
  });

  it("requireRole: 403 { message } for another role, 401 when signed out, any of several roles", async () => {
    const app = guardedApp();
    expect(await (await app.request("/lawyer", bearer(lawyerToken))).json()).toEqual({ role: "lawyer" });
    const client = await app.request("/lawyer", bearer(clientToken));
    expect(client.status).toBe(403);
    expect(await client.json()).toEqual({ message: FORBIDDEN_MESSAGE });
    expect((await app.request("/lawyer")).status).toBe(401);
    expect((await app.request("/either", bearer(clientToken))).status).toBe(200);
  });

  it("signedIn(roles) guards a route as middleware", async () => {
    const app = guardedApp();
    expect((await app.request("/lawyer-only", { method: "POST", ...bearer(lawyerToken) })).status).toBe(200);
    expect((await app.request("/lawyer-only", { method: "POST", ...bearer(clientToken) })).status).toBe(403);
    expect((await app.request("/lawyer-only", { method: "POST" })).status).toBe(401);
  });

  it("optionalUser: null when signed out, the session otherwise", async () => {
    const app = guardedApp();
    expect(await (await app.request("/optional")).json()).toEqual({ via: null });
    expect(await (await app.request("/optional", cookie(lawyerToken))).json()).toEqual({ via: "cookie" });
  });

  it("a guard without the middleware is a wiring mistake, not a silent 401", async () => {
    const app = new Hono();
    app.onError((err, c) => c.text(err.message, 500));
    app.get("/user", (c) => c.json(requireUser(c)));
    const res = await app.request("/user");
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("authenticate() did not run before a guard on GET /user");
  });
});

describe("requestMeta", () => {
  it("takes the link origin from PUBLIC_URL, else HOST:PORT, never the Host header; the IP per TRUST_PROXY", async () => {
    const app = new Hono();
    const seen: unknown[] = [];
    app.get("/meta", (c) => {
      seen.push(requestMeta(c, { PUBLIC_URL: undefined, TRUST_PROXY: false, PORT: 3000, HOST: "0.0.0.0" }));
      seen.push(
        requestMeta(c, {
          PUBLIC_URL: "https://lexatlas.example/base",
          TRUST_PROXY: true,
          PORT: 3000,
          HOST: "0.0.0.0",
        }),
      );
      return c.text("ok");
    });
    await app.request("http://attacker.example:5555/meta", {
      headers: { "X-Forwarded-For": "203.0.113.9", Host: "attacker.example:5555" },
    });
    expect(seen).toEqual([
      { ip: "unknown", origin: "http://localhost:3000", locale: "en", device: null },
      { ip: "203.0.113.9", origin: "https://lexatlas.example", locale: "en", device: null },
    ]);
  });
});
