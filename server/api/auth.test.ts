/**
 * /api/auth through the real server on loopback against a real database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL) and a real in-process SMTP server, tested as an attacker would
 * (issue 3 "Tests"). The server trusts X-Forwarded-For here (TRUST_PROXY), so each test speaks
 * from its own client IP and the per-IP rate limits of one test do not leak into another.
 */

import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES as ACCOUNT_MESSAGES_REFERENCE,
  RESET_TOKEN_TTL_MS,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from "../../lib/account.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { type ApiCall, firstField, TEST_PASSWORD, testApi } from "../../tests/support/api.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english, englishTable } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { RESET_EMAIL_SUBJECT } from "../accounts/index.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { emailLinkOrigin } from "../config.ts";
import type { Database } from "../db/client.ts";
import { passwordResetTokens, userSessions, users } from "../db/schema.ts";
import { NOT_JSON_MESSAGE as NOT_JSON_MESSAGE_REFERENCE } from "../http.ts";
import { RATE_LIMITS } from "../security/rate-limit.ts";
import { BODY_TOO_LARGE_MESSAGE, SIGNED_OUT_MESSAGE } from "./auth.ts";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const ACCOUNT_MESSAGES = englishTable(ACCOUNT_MESSAGES_REFERENCE);
const NOT_JSON_MESSAGE = english(NOT_JSON_MESSAGE_REFERENCE);

let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
/** The server's clock: expiry tests move it and put it back (docs/testing.md "Time"). */
const clock = createTestClock();

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" }, clock });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

const PASSWORD = TEST_PASSWORD;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Every session token and password the tests handed out, to look for in every response. */
const secrets = new Set<string>();

/**
 * Every response is checked for secrets: no password hash, no `password` value, and no session
 * token inside a `user`. Tokens it hands out join `secrets`.
 */
function checkNoSecrets(_method: string, path: string, { text, body }: ApiCall): void {
  expect(text).not.toContain("$argon2");
  // A `password` key with a value (fieldErrors may name the field, with its messages as an array).
  if (path.startsWith("/api/auth/")) expect(text).not.toMatch(/"password"\s*:\s*"/);
  for (const secret of secrets) {
    const user = (body as { user?: unknown } | null)?.user ?? (path === "/api/auth/me" ? body : undefined);
    if (user !== undefined) expect(JSON.stringify(user)).not.toContain(secret);
  }
  if (typeof body === "object" && body && "token" in body) secrets.add(String(body.token));
}

/** Requests from fresh IPs (checked by checkNoSecrets); sign-ups of fresh clients. */
const { freshIp, freshEmail, call, signUp } = testApi(() => server, {
  emailPrefix: "user",
  inspect: checkNoSecrets,
});

/** The reset link token of the newest reset email to `email`, read from the real SMTP server. */
async function resetTokenFromEmail(email: string, after = 0): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.to.includes(email) && m.subject === RESET_EMAIL_SUBJECT && smtp.messages.indexOf(m) >= after,
  );
  const link = /(http\S+\/reset-password\?token=)([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(link?.[1]).toBe(`${emailLinkOrigin(server.config)}/reset-password?token=`);
  return link?.[2] ?? "";
}

const me = (token: string) => call("GET", "/api/auth/me", { token });

describe(`POST /api/auth/signup (${TEST_ENGINE})`, () => {
  it("creates a client by default: 201 { token, user }, argon2id hash and hashed session stored, no cookie", async () => {
    const r = await call("POST", "/api/auth/signup", {
      body: { email: "  New.Client@Example.ORG ", password: PASSWORD, firstName: " Ann ", lastName: "Lee" },
    });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(["token", "user"]);
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(r.body.user).toMatchObject({
      email: "new.client@example.org",
      firstName: "Ann",
      lastName: "Lee",
      role: "user",
      isVerified: false,
      lawyerId: null,
      subscriptionStatus: "inactive",
      subscriptionTier: "free",
    });
    expect(r.headers.get("set-cookie")).toBeNull();
    expect(r.headers.get("cache-control")).toBe("no-store");

    const [row] = await database.db.select().from(users).where(eq(users.id, r.body.user.id));
    expect(row?.email).toBe("new.client@example.org");
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, r.body.user.id));
    expect(sessions.map((s) => s.sessionToken)).toEqual([sha256(r.body.token)]);
    expect((sessions[0]?.expiresAt.getTime() ?? 0) - clock.now().getTime()).toBe(SESSION_TTL_MS);
  });

  it("creates a lawyer when role is lawyer", async () => {
    const { user } = await signUp({ role: "lawyer" });
    expect(user.role).toBe("lawyer");
  });

  it("refuses the same email in another letter case with 409", async () => {
    const { email } = await signUp();
    const r = await call("POST", "/api/auth/signup", {
      body: { email: ` ${email.toUpperCase()}`, password: PASSWORD, firstName: "B", lastName: "C" },
    });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      message: ACCOUNT_MESSAGES.emailTaken,
      fieldErrors: { email: [ACCOUNT_MESSAGES.emailTaken] },
    });
  });

  it("two simultaneous sign-ups with one email: one 201, one 409", async () => {
    const email = freshEmail("race");
    const results = await Promise.all(
      [email, email.toUpperCase(), email, email.toUpperCase()].map((e) =>
        call("POST", "/api/auth/signup", {
          body: { email: e, password: PASSWORD, firstName: "R", lastName: "C" },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  const valid = { email: "valid@example.org", password: PASSWORD, firstName: "Ann", lastName: "Lee" };
  it.each([
    ["malformed JSON", { raw: '{"email": "a@b.org",' }, "The request body is not valid JSON.", undefined],
    ["an empty body", { raw: "" }, "The request body is not valid JSON.", undefined],
    ["a JSON array", { body: [valid] }, "The request body must be a JSON object.", undefined],
    ["a JSON string", { body: "hello" }, "The request body must be a JSON object.", undefined],
    ["no email", { body: { ...valid, email: undefined } }, ACCOUNT_MESSAGES.email, "email"],
    ["an invalid email", { body: { ...valid, email: "not-an-email" } }, ACCOUNT_MESSAGES.email, "email"],
    ["a number as email", { body: { ...valid, email: 42 } }, ACCOUNT_MESSAGES.email, "email"],
    ["no password", { body: { ...valid, password: undefined } }, ACCOUNT_MESSAGES.passwordShort, "password"],
    [
      "a number as password",
      { body: { ...valid, password: 12345678 } },
      ACCOUNT_MESSAGES.passwordShort,
      "password",
    ],
    [
      "a 5-character password",
      { body: { ...valid, password: "abcde" } },
      ACCOUNT_MESSAGES.passwordShort,
      "password",
    ],
    [
      "a 129-character password",
      { body: { ...valid, password: "x".repeat(129) } },
      ACCOUNT_MESSAGES.passwordLong,
      "password",
    ],
    ["no first name", { body: { ...valid, firstName: undefined } }, ACCOUNT_MESSAGES.firstName, "firstName"],
    ["a blank first name", { body: { ...valid, firstName: "   " } }, ACCOUNT_MESSAGES.firstName, "firstName"],
    [
      "an array as last name",
      { body: { ...valid, lastName: ["Lee"] } },
      ACCOUNT_MESSAGES.lastName,
      "lastName",
    ],
    ["an unknown role", { body: { ...valid, role: "admin" } }, ACCOUNT_MESSAGES.role, "role"],
    ["a null role", { body: { ...valid, role: null } }, ACCOUNT_MESSAGES.role, "role"],
    [
      "a common password",
      { body: { ...valid, password: "basketball" } },
      ACCOUNT_MESSAGES.passwordCommon,
      "password",
    ],
    [
      "a common password in capitals",
      { body: { ...valid, password: "PASSWORD123" } },
      ACCOUNT_MESSAGES.passwordCommon,
      "password",
    ],
  ])("answers 400 for %s, naming the field", async (_name, opts, message, field) => {
    const r = await call("POST", "/api/auth/signup", opts);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
    expect(firstField(r.body)).toBe(field);
    const rows = await database.db.select().from(users).where(eq(users.email, "valid@example.org"));
    expect(rows).toHaveLength(0);
  });

  it("answers 415 { message } when the body is not sent as JSON, and 400 when there is no body", async () => {
    const form = await call("POST", "/api/auth/signup", {
      raw: new URLSearchParams(valid).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: NOT_JSON_MESSAGE });
    const none = await call("POST", "/api/auth/signup");
    expect(none.status).toBe(400);
    expect(firstField(none.body)).toBe("email");
  });

  it("answers 413 for a 1 MB body, and 400 (not 413) just under 16 KB", async () => {
    const big = await call("POST", "/api/auth/signup", {
      body: { ...valid, firstName: "x".repeat(1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: BODY_TOO_LARGE_MESSAGE });
    const chunked = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": freshIp() },
      body: new Blob([JSON.stringify({ ...valid, password: "y".repeat(1024 * 1024) })]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413); // no Content-Length: counted while streaming
    const under = await call("POST", "/api/auth/signup", {
      body: { ...valid, firstName: "x".repeat(15_000) },
    });
    expect(under.status).toBe(400);
    expect(firstField(under.body)).toBe("firstName");
  });

  it(`limits sign-ups per IP: ${RATE_LIMITS["signup-ip"].points} per hour, then 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS["signup-ip"].points; i++) {
      const r = await call("POST", "/api/auth/signup", {
        ip,
        body: { email: freshEmail("many"), password: PASSWORD, firstName: "M", lastName: "N" },
      });
      expect(r.status).toBe(201);
    }
    const r = await call("POST", "/api/auth/signup", {
      ip,
      body: { email: freshEmail("many"), password: PASSWORD, firstName: "M", lastName: "N" },
    });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ message: ACCOUNT_MESSAGES.tooMany });
    const retryAfter = Number(r.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS["signup-ip"].durationSeconds);
    // Another IP is not affected.
    expect((await call("POST", "/api/auth/signup", { body: { ...valid, email: freshEmail() } })).status).toBe(
      201,
    );
  });
});

describe(`POST /api/auth/login (${TEST_ENGINE})`, () => {
  it("answers 200 { token, user } for the right password, any letter case of the email, and sets no cookie", async () => {
    const { email, user } = await signUp();
    const r = await call("POST", "/api/auth/login", {
      body: { email: ` ${email.toUpperCase()} `, password: PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual(user);
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.headers.get("set-cookie")).toBeNull();
    expect((await me(r.body.token)).body).toEqual(user);
  });

  it("answers the same 401 for an unknown email and for a wrong password", async () => {
    const { email } = await signUp();
    const wrong = await call("POST", "/api/auth/login", { body: { email, password: "wrong password" } });
    const unknown = await call("POST", "/api/auth/login", {
      body: { email: freshEmail("nobody"), password: "wrong password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.badCredentials });
  });

  it.each([
    ["malformed JSON", { raw: "{email" }, "The request body is not valid JSON."],
    ["missing fields", { body: {} }, ACCOUNT_MESSAGES.email],
    ["a boolean password", { body: { email: "a@b.org", password: true } }, ACCOUNT_MESSAGES.passwordRequired],
  ])("answers 400 for %s", async (_name, opts, message) => {
    const r = await call("POST", "/api/auth/login", opts);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });

  it(`limits attempts per account (${RATE_LIMITS["login-account"].points}), from any IPs, even with the right password`, async () => {
    const { email } = await signUp();
    for (let i = 0; i < RATE_LIMITS["login-account"].points; i++) {
      const r = await call("POST", "/api/auth/login", { body: { email, password: `wrong ${i}` } });
      expect(r.status).toBe(401);
    }
    const r = await call("POST", "/api/auth/login", {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ message: ACCOUNT_MESSAGES.tooMany });
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(
      RATE_LIMITS["login-account"].durationSeconds,
    );
    // An unknown account is limited the same way, so a 429 tells nothing about existence.
    const nobody = freshEmail("nobody");
    const answers: number[] = [];
    for (let i = 0; i <= RATE_LIMITS["login-account"].points; i++)
      answers.push(
        (await call("POST", "/api/auth/login", { body: { email: nobody, password: "wrong password" } }))
          .status,
      );
    expect(answers.at(-1)).toBe(429);
  });

  it("a successful login clears the account's failed attempts", async () => {
    const { email } = await signUp();
    const points = RATE_LIMITS["login-account"].points;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < points - 1; i++)
        expect(
          (await call("POST", "/api/auth/login", { body: { email, password: "wrong password" } })).status,
        ).toBe(401);
      expect((await call("POST", "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(
        200,
      );
    }
  });

  it(`limits attempts per IP (${RATE_LIMITS["login-ip"].points}) across accounts`, async () => {
    const ip = freshIp();
    const { email } = await signUp();
    for (let i = 0; i < RATE_LIMITS["login-ip"].points; i++) {
      const r = await call("POST", "/api/auth/login", {
        ip,
        body: { email: freshEmail("spray"), password: "wrong password" },
      });
      expect(r.status).toBe(401);
    }
    const r = await call("POST", "/api/auth/login", { ip, body: { email, password: PASSWORD } });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same account from another IP still signs in.
    expect((await call("POST", "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe(`GET /api/auth/me (${TEST_ENGINE})`, () => {
  it("answers the user itself for a bearer token and for the session cookie", async () => {
    const { token, user } = await signUp();
    const byBearer = await me(token);
    expect(byBearer.status).toBe(200);
    expect(byBearer.body).toEqual(user);
    expect(byBearer.headers.get("cache-control")).toBe("no-store");
    const byCookie = await call("GET", "/api/auth/me", { cookie: token });
    expect(byCookie.body).toEqual(user);
    const amongOthers = await call("GET", "/api/auth/me", {
      headers: { Cookie: `theme=dark; ${SESSION_COOKIE}="${token}" ; other=1; broken` },
    });
    expect(amongOthers.body).toEqual(user);
  });

  it.each([
    ["no credentials", {}],
    ["a made-up token", { token: "A".repeat(43) }],
    ["a malformed token", { token: "not a token" }],
    ["another scheme", { headers: { Authorization: "Basic dXNlcjpwYXNz" } }],
    ["an empty cookie", { headers: { Cookie: `${SESSION_COOKIE}=` } }],
  ])("answers 401 { message } for %s", async (_name, opts) => {
    const r = await call("GET", "/api/auth/me", opts);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: ACCOUNT_MESSAGES.signedOut });
    expect(r.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("judges a request with a bearer header by that header alone (a valid cookie does not rescue a bad bearer)", async () => {
    const { token } = await signUp();
    const r = await call("GET", "/api/auth/me", { token: "B".repeat(43), cookie: token });
    expect(r.status).toBe(401);
  });

  it("a session works for 30 days after sign-in, then answers 401 (test clock)", () =>
    clock.rewinding(async () => {
      const { token } = await signUp();
      expect((await me(token)).status).toBe(200);
      clock.advance(SESSION_TTL_MS - 1000);
      expect((await me(token)).status).toBe(200);
      clock.advance(1000);
      expect((await me(token)).status).toBe(401);
    }));
});

describe(`PUT /api/auth/profile (${TEST_ENGINE})`, () => {
  it("updates the caller's name and business fields; an empty string clears one", async () => {
    const { token, user } = await signUp();
    const r = await call("PUT", "/api/auth/profile", {
      token,
      body: {
        firstName: " Anna ",
        businessName: "Lee Law",
        businessPhone: "+1 416 555 0100",
        businessWebsite: "",
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: "Anna",
      lastName: "Lee",
      businessName: "Lee Law",
      businessPhone: "+14165550100",
      businessWebsite: null,
    });
    expect(Date.parse(r.body.user.updatedAt)).toBeGreaterThanOrEqual(Date.parse(user.updatedAt));
    expect((await me(token)).body).toEqual(r.body.user);
    const cleared = await call("PUT", "/api/auth/profile", { token, body: { businessName: "" } });
    expect(cleared.body.user.businessName).toBeNull();
    expect((await call("PUT", "/api/auth/profile", { token, body: {} })).body.user.firstName).toBe("Anna");
  });

  it.each([
    ["email", { email: "other@example.org" }],
    ["role", { role: "lawyer" }],
    ["password", { password: "a new password" }],
    ["subscriptionTier", { subscriptionTier: "premium" }],
  ])("refuses a change of %s with 400 naming it, and changes nothing", async (field, body) => {
    const { token, user } = await signUp();
    const r = await call("PUT", "/api/auth/profile", { token, body });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message: `Unknown field: ${field}`,
      fieldErrors: { [field]: [`Unknown field: ${field}`] },
    });
    expect((await me(token)).body).toEqual(user);
  });

  it.each([
    ["a number as first name", { firstName: 7 }, "firstName"],
    ["a last name without a letter", { lastName: "1234" }, "lastName"],
    ["a 256-character business name", { businessName: "x".repeat(256) }, "businessName"],
  ])("answers 400 for %s", async (_name, body, field) => {
    const { token } = await signUp();
    const r = await call("PUT", "/api/auth/profile", { token, body });
    expect(r.status).toBe(400);
    expect(firstField(r.body)).toBe(field);
  });

  it("answers 401 when signed out, before looking at the body", async () => {
    const r = await call("PUT", "/api/auth/profile", { raw: "{not json" });
    expect(r.status).toBe(401);
  });
});

describe(`password reset (${TEST_ENGINE})`, () => {
  it("forgot-password answers the same for an existing and an unknown email, and mails only the account", async () => {
    const { email } = await signUp();
    const unknownEmail = freshEmail("ghost");
    const before = smtp.messages.length;
    const unknown = await call("POST", "/api/auth/forgot-password", { body: { email: unknownEmail } });
    const known = await call("POST", "/api/auth/forgot-password", { body: { email: email.toUpperCase() } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.body).toEqual({ message: ACCOUNT_MESSAGES.resetSent });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe(RESET_EMAIL_SUBJECT);
    expect(mail.text).toContain("Hello Ann,");
    expect(mail.text).toContain("expires in 1 hour");
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(unknownEmail))).toEqual([]);
  });

  it("builds the emailed link from the configured origin, never from a forged Host header", async () => {
    const { email } = await signUp();
    const before = smtp.messages.length;
    const { port } = new URL(server.baseUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/api/auth/forgot-password",
          method: "POST",
          headers: {
            Host: "attacker.example",
            "Content-Type": "application/json",
            "X-Forwarded-For": freshIp(),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ email }));
    });
    expect(status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before);
    expect(mail.text).not.toContain("attacker.example");
    expect(mail.text).toContain(`${emailLinkOrigin(server.config)}/reset-password?token=`);
  });

  it("the emailed link resets the password once, revokes every session, and the new password signs in", async () => {
    const { email, token: first } = await signUp();
    const second = (await call("POST", "/api/auth/login", { body: { email, password: PASSWORD } })).body
      .token;
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);

    const after = smtp.messages.length;
    await call("POST", "/api/auth/forgot-password", { body: { email } });
    const resetToken = await resetTokenFromEmail(email, after);
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await database.db.select().from(passwordResetTokens);
    expect(stored.map((t) => t.token)).toContain(sha256(resetToken));
    expect(stored.map((t) => t.token)).not.toContain(resetToken);

    const newPassword = "a brand new secret";
    const r = await call("POST", "/api/auth/reset-password", { body: { token: resetToken, newPassword } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: ACCOUNT_MESSAGES.resetDone });

    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(401);
    const login = await call("POST", "/api/auth/login", { body: { email, password: newPassword } });
    expect(login.status).toBe(200);

    const again = await call("POST", "/api/auth/reset-password", {
      body: { token: resetToken, newPassword: "yet another secret" },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: ACCOUNT_MESSAGES.resetInvalid,
      fieldErrors: { token: [ACCOUNT_MESSAGES.resetInvalid] },
    });
    expect((await me(login.body.token)).status).toBe(200); // the failed reuse revoked nothing
  });

  it("a reset link expires 1 hour after the request: 400 then, and it still works a second before (test clock)", () =>
    clock.rewinding(async () => {
      const { email, user } = await signUp();
      const requested = clock.now().getTime();
      const after = smtp.messages.length;
      await call("POST", "/api/auth/forgot-password", { body: { email } });
      const resetToken = await resetTokenFromEmail(email, after); // the link is stored before it is sent
      const [row] = await database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id));
      expect((row?.expiresAt.getTime() ?? 0) - requested).toBe(RESET_TOKEN_TTL_MS);

      clock.set(new Date(requested + RESET_TOKEN_TTL_MS));
      const expired = await call("POST", "/api/auth/reset-password", {
        body: { token: resetToken, newPassword: "fresh secret" },
      });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(ACCOUNT_MESSAGES.resetInvalid);
      expect((await call("POST", "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(
        200,
      );

      // The refusal used nothing up: a second before the hour, the same link still works.
      clock.set(new Date(requested + RESET_TOKEN_TTL_MS - 1000));
      const ok = await call("POST", "/api/auth/reset-password", {
        body: { token: resetToken, newPassword: "fresh secret" },
      });
      expect(ok.status).toBe(200);
    }));

  it("a new request voids the earlier link", async () => {
    const { email } = await signUp();
    let after = smtp.messages.length;
    await call("POST", "/api/auth/forgot-password", { body: { email } });
    const older = await resetTokenFromEmail(email, after);
    after = smtp.messages.length;
    await call("POST", "/api/auth/forgot-password", { body: { email } });
    const newer = await resetTokenFromEmail(email, after);
    expect(newer).not.toBe(older);
    const r = await call("POST", "/api/auth/reset-password", {
      body: { token: older, newPassword: "fresh secret" },
    });
    expect(r.status).toBe(400);
    const ok = await call("POST", "/api/auth/reset-password", {
      body: { token: newer, newPassword: "fresh secret" },
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a common new password without using up the link", async () => {
    const { email } = await signUp();
    const after = smtp.messages.length;
    await call("POST", "/api/auth/forgot-password", { body: { email } });
    const resetToken = await resetTokenFromEmail(email, after);
    const common = await call("POST", "/api/auth/reset-password", {
      body: { token: resetToken, newPassword: "1q2w3e4r5t6y" },
    });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({
      message: ACCOUNT_MESSAGES.passwordCommon,
      fieldErrors: { newPassword: [ACCOUNT_MESSAGES.passwordCommon] },
    });
    const ok = await call("POST", "/api/auth/reset-password", {
      body: { token: resetToken, newPassword: "fresh secret" },
    });
    expect(ok.status).toBe(200);
  });

  it.each([
    [
      "a made-up token",
      { token: "C".repeat(43), newPassword: "fresh secret" },
      ACCOUNT_MESSAGES.resetInvalid,
      "token",
    ],
    [
      "a malformed token",
      { token: "../../etc", newPassword: "fresh secret" },
      ACCOUNT_MESSAGES.resetInvalid,
      "token",
    ],
    ["no token", { newPassword: "fresh secret" }, ACCOUNT_MESSAGES.resetInvalid, "token"],
    [
      "a short password",
      { token: "C".repeat(43), newPassword: "abc" },
      ACCOUNT_MESSAGES.passwordShort,
      "newPassword",
    ],
  ])("reset-password answers 400 for %s", async (_name, body, message, field) => {
    const r = await call("POST", "/api/auth/reset-password", { body });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message, fieldErrors: { [field]: [message] } });
  });

  it("forgot-password answers 400 for an invalid email and for malformed JSON", async () => {
    expect((await call("POST", "/api/auth/forgot-password", { body: { email: "nope" } })).body).toEqual({
      message: ACCOUNT_MESSAGES.email,
      fieldErrors: { email: [ACCOUNT_MESSAGES.email] },
    });
    expect((await call("POST", "/api/auth/forgot-password", { raw: "{" })).status).toBe(400);
  });

  it.each([
    ["forgot-password", "forgot-ip", () => ({ email: freshEmail("f") })],
    ["reset-password", "reset-ip", () => ({ token: "D".repeat(43), newPassword: "fresh secret" })],
  ] as const)("limits %s per IP, then 429 with Retry-After", async (endpoint, limit, body) => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS[limit].points; i++)
      expect((await call("POST", `/api/auth/${endpoint}`, { ip, body: body() })).status).not.toBe(429);
    const r = await call("POST", `/api/auth/${endpoint}`, { ip, body: body() });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ message: ACCOUNT_MESSAGES.tooMany });
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("forgot-password takes about the same time for an existing and an unknown email (medians within 50 ms)", async () => {
    const { email } = await signUp();
    const time = async (address: string) => {
      const started = performance.now();
      const r = await call("POST", "/api/auth/forgot-password", { body: { email: address } });
      expect(r.status).toBe(200);
      return performance.now() - started;
    };
    const existing: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 10; i++) {
      existing.push(await time(email));
      unknown.push(await time(freshEmail("ghost")));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    expect(Math.abs(median(existing) - median(unknown))).toBeLessThan(50);
  });
});

describe(`POST /api/auth/logout (${TEST_ENGINE})`, () => {
  it("revokes a bearer session: the old token then answers 401; no cookie is touched", async () => {
    const { token } = await signUp();
    const r = await call("POST", "/api/auth/logout", { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: SIGNED_OUT_MESSAGE });
    expect(r.headers.get("set-cookie")).toBeNull();
    expect((await me(token)).status).toBe(401);
    const rows = await database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.sessionToken, sha256(token)));
    expect(rows).toEqual([]);
  });

  it("revokes a cookie session from the site's own origin and clears the cookie", async () => {
    const { token } = await signUp();
    const other = (
      await call("POST", "/api/auth/login", {
        body: { email: (await me(token)).body.email, password: PASSWORD },
      })
    ).body.token;
    const r = await call("POST", "/api/auth/logout", { cookie: token, headers: { Origin: server.baseUrl } });
    expect(r.status).toBe(200);
    const cookie = r.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(cookie).toContain("Max-Age=0");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Lax");
    expect((await me(token)).status).toBe(401);
    expect((await me(other)).status).toBe(200); // only that session
  });

  it("answers 200 when already signed out", async () => {
    expect((await call("POST", "/api/auth/logout")).status).toBe(200);
    const stale = await call("POST", "/api/auth/logout", {
      cookie: "E".repeat(43),
      headers: { Origin: server.baseUrl },
    });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("set-cookie")).toContain("Max-Age=0");
  });
});

describe(`cross-site requests (${TEST_ENGINE})`, () => {
  it("refuses a cookie-authenticated logout from a foreign origin with 403, and the session survives", async () => {
    const { token } = await signUp();
    const r = await call("POST", "/api/auth/logout", {
      cookie: token,
      headers: { Origin: "https://evil.example" },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/Cross-site request refused/);
    expect((await me(token)).status).toBe(200);
  });

  it("refuses a cookie-authenticated profile change from a foreign site (Sec-Fetch-Site) and without any origin header", async () => {
    const { token, user } = await signUp();
    const crossSite = await call("PUT", "/api/auth/profile", {
      cookie: token,
      headers: { "Sec-Fetch-Site": "cross-site" },
      body: { firstName: "Mallory" },
    });
    expect(crossSite.status).toBe(403);
    const bare = await call("PUT", "/api/auth/profile", { cookie: token, body: { firstName: "Mallory" } });
    expect(bare.status).toBe(403);
    expect((await me(token)).body.firstName).toBe(user.firstName);
    const own = await call("PUT", "/api/auth/profile", {
      cookie: token,
      headers: { Origin: server.baseUrl },
      body: { firstName: "Own" },
    });
    expect(own.status).toBe(200);
    expect(own.body.user.firstName).toBe("Own");
  });

  it("lets a bearer-authenticated request through whatever its origin", async () => {
    const { token } = await signUp();
    const r = await call("PUT", "/api/auth/profile", {
      token,
      headers: { Origin: "https://other-client.example" },
      body: { businessName: "From an API client" },
    });
    expect(r.status).toBe(200);
  });

  it("lets a login without a cookie through (API clients send no Origin)", async () => {
    const { email } = await signUp();
    expect((await call("POST", "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});

/**
 * An account made under the older rules (spec §5: 6 characters), stored as sign-up stored it then:
 * its email. Issue 27 §2: such accounts still sign in, and must change the password first.
 */
async function accountWithPassword(password: string, role = "user"): Promise<string> {
  const email = freshEmail("legacy");
  await database.db.insert(users).values({
    email,
    password: await hashPassword(password),
    firstName: "Old",
    lastName: "Rules",
    role,
  });
  return email;
}

describe(`the password policy (issue 27 §2) (${TEST_ENGINE})`, () => {
  it("sign-up refuses passwords under 10 characters, and common or guessable ones of any length", async () => {
    const valid = { firstName: "Ann", lastName: "Lee" };
    for (const [password, message] of [
      ["nine char", ACCOUNT_MESSAGES.passwordShort],
      ["abc123", ACCOUNT_MESSAGES.passwordShort],
      ["salamander", ACCOUNT_MESSAGES.passwordCommon], // past the former top 10,000
      ["qwertyuiop", ACCOUNT_MESSAGES.passwordCommon],
      ["zzzzzzzzzzzz", ACCOUNT_MESSAGES.passwordGuessable],
      ["LexAtlas2026!", ACCOUNT_MESSAGES.passwordGuessable],
    ] as const) {
      const r = await call("POST", "/api/auth/signup", { body: { ...valid, email: freshEmail(), password } });
      expect(r.status, password).toBe(400);
      expect(r.body).toEqual({ message, fieldErrors: { password: [message] } });
    }
    const email = freshEmail("margaret.oduya");
    const own = await call("POST", "/api/auth/signup", {
      body: { ...valid, email, password: `${email.split("@")[0]}!!` },
    });
    expect(own.body.message).toBe(ACCOUNT_MESSAGES.passwordGuessable);
    const ok = await call("POST", "/api/auth/signup", { body: { ...valid, email, password: "tulip quay" } });
    expect(ok.status).toBe(201);
  });

  it("a staff set-password link asks 12 characters; the link stays usable after a refusal", async () => {
    const email = await accountWithPassword("placeholder-unknown-123", "moderator");
    const after = smtp.messages.length;
    await call("POST", "/api/auth/forgot-password", { body: { email } });
    const token = await resetTokenFromEmail(email, after);
    const short = await call("POST", "/api/auth/reset-password", {
      body: { token, newPassword: "tulip quay" },
    });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      message: ACCOUNT_MESSAGES.passwordShortStaff,
      fieldErrors: { newPassword: [ACCOUNT_MESSAGES.passwordShortStaff] },
    });
    expect(ACCOUNT_MESSAGES.passwordShortStaff).toContain("12");
    const ok = await call("POST", "/api/auth/reset-password", {
      body: { token, newPassword: "tulip quay harbour" },
    });
    expect(ok.status).toBe(200);
  });

  it("a 6-character password still signs in, but only to change it: 403 elsewhere, then normal", async () => {
    const email = await accountWithPassword("abc123");
    const login = await call("POST", "/api/auth/login", { body: { email, password: "abc123" } });
    expect(login.status).toBe(200);
    expect(login.body.passwordChangeRequired).toBe(true);
    const token = login.body.token as string;
    // Reads of its own account and sign-out work; everything else that needs a user is refused.
    expect((await me(token)).status).toBe(200);
    for (const [method, path, body] of [
      ["PUT", "/api/auth/profile", { businessName: "Not yet" }],
      ["GET", "/api/cases", undefined],
      ["GET", "/api/account/deletion", undefined],
    ] as const) {
      const r = await call(method, path, { token, ...(body ? { body } : {}) });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body).toEqual({ message: ACCOUNT_MESSAGES.passwordChangeRequired });
    }
    // The change itself: the current password must be right, the new one must meet the policy.
    const wrong = await call("POST", "/api/auth/change-password", {
      token,
      body: { currentPassword: "abc124", newPassword: "tulip quay harbour" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ currentPassword: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    const weak = await call("POST", "/api/auth/change-password", {
      token,
      body: { currentPassword: "abc123", newPassword: "abc123" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors).toEqual({ newPassword: [ACCOUNT_MESSAGES.passwordShort] });
    // Another session of the account (an older device) is signed out by the change.
    const other = (await call("POST", "/api/auth/login", { body: { email, password: "abc123" } })).body.token;
    const changed = await call("POST", "/api/auth/change-password", {
      token,
      body: { currentPassword: "abc123", newPassword: "tulip quay harbour" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: "Your password has been changed." });
    expect((await call("PUT", "/api/auth/profile", { token, body: { businessName: "Now" } })).status).toBe(
      200,
    );
    expect((await call("GET", "/api/cases", { token })).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    // The old password no longer signs in; the new one does, without restriction.
    expect((await call("POST", "/api/auth/login", { body: { email, password: "abc123" } })).status).toBe(401);
    const fresh = await call("POST", "/api/auth/login", { body: { email, password: "tulip quay harbour" } });
    expect(fresh.body.passwordChangeRequired).toBe(false);
  });

  it("a password that is long enough but on the list is asked to change too; a good one is not", async () => {
    const listed = await accountWithPassword("basketball");
    const a = await call("POST", "/api/auth/login", { body: { email: listed, password: "basketball" } });
    expect(a.body.passwordChangeRequired).toBe(true);
    const { email } = await signUp();
    const b = await call("POST", "/api/auth/login", { body: { email, password: PASSWORD } });
    expect(b.body.passwordChangeRequired).toBe(false);
    // A restricted session is anonymous on public routes: search still answers.
    expect((await call("GET", "/api/taxonomy", { token: a.body.token })).status).toBe(200);
  });

  it("changing the password is limited per account: 429 with Retry-After past 10 an hour", async () => {
    const { token } = await signUp();
    for (let i = 0; i < RATE_LIMITS["password-change-user"].points; i += 1) {
      const r = await call("POST", "/api/auth/change-password", {
        token,
        body: { currentPassword: "not it at all", newPassword: "tulip quay harbour" },
      });
      expect(r.status).toBe(400);
    }
    const limited = await call("POST", "/api/auth/change-password", {
      token,
      body: { currentPassword: PASSWORD, newPassword: "tulip quay harbour" },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.body).toEqual({ message: ACCOUNT_MESSAGES.tooMany });
  });
});

describe(`the API description (${TEST_ENGINE})`, () => {
  it("/api/openapi.json documents the auth routes with bearer and cookie security", async () => {
    const doc = (await call("GET", "/api/openapi.json")).body;
    for (const path of [
      "signup",
      "login",
      "me",
      "profile",
      "forgot-password",
      "reset-password",
      "change-password",
      "logout",
    ])
      expect(Object.keys(doc.paths)).toContain(`/api/auth/${path}`);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      "bearerAuth",
      "caseToken",
      "sessionCookie",
    ]);
    expect(doc.paths["/api/auth/me"].get.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
  });
});
