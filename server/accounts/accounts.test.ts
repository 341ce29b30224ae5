/**
 * The accounts service's behaviour that the API cannot show (issue 3): housekeeping of expired
 * rows and answers for users that no longer exist. Real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL); the API's behaviour is in server/api/auth.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_TTL_MS } from "../../lib/account.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Clock } from "../clock.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { passwordResetTokens, userSessions, users } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { hashToken, newToken } from "../security/tokens.ts";
import { createServices } from "../services.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A fresh accounts service (its own once-an-hour purge) on the test database, on `clock` if given. */
const accounts = (clock?: Clock) =>
  createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
    clock: clock ?? systemClock,
  }).accounts;
const meta = { ip: "127.0.0.1", origin: "http://localhost" };
const input = (email: string) => ({
  email,
  password: "correct horse 42",
  firstName: "A",
  lastName: "B",
  role: "user" as const,
});

describe(`accounts service (${TEST_ENGINE})`, () => {
  it("deletes expired sessions when it next issues one, and keeps live ones (test clock)", async () => {
    const clock = createTestClock();
    const service = accounts(clock);
    const old = await service.signUp(input("old@example.org"), meta);
    clock.advance(SESSION_TTL_MS - 2 * 60 * 60_000);
    const live = await service.signUp(input("live@example.org"), meta);
    // Past the old session's 30 days (and the hour between two purges); the live one has 2 hours left.
    clock.advance(2 * 60 * 60_000 + 1);
    expect(await service.userForToken(old.token)).toBeNull();
    await service.logIn({ email: "live@example.org", password: "correct horse 42" }, meta);
    const left = await database.db.select({ userId: userSessions.userId }).from(userSessions);
    expect(left.map((s) => s.userId)).not.toContain(old.user.id);
    expect(left.filter((s) => s.userId === live.user.id)).toHaveLength(2);
  });

  it("userForToken answers null for a session whose user was deleted, and updateProfile 404", async () => {
    const service = accounts();
    const session = await service.signUp(input("gone@example.org"), meta);
    expect((await service.userForToken(session.token))?.user.id).toBe(session.user.id);
    await database.db.delete(users).where(eq(users.id, session.user.id));
    expect(await service.userForToken(session.token)).toBeNull();
    await expect(service.updateProfile(session.user.id, { firstName: "X" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.updateProfile(session.user.id, {})).rejects.toBeInstanceOf(DomainError);
  });

  it("resetTokenIsUsable: a fresh link is usable (and stays so when asked), a used, expired or garbage one is not", async () => {
    const service = accounts();
    const { user } = await service.signUp(input("reset-check@example.org"), meta);
    // A link stored as requestPasswordReset stores it: the SHA-256 of a fresh 256-bit secret.
    const storeLink = async (expiresAt: Date) => {
      const token = newToken();
      await database.db
        .insert(passwordResetTokens)
        .values({ userId: user.id, token: hashToken(token), expiresAt });
      return token;
    };
    const fresh = await storeLink(new Date(Date.now() + 60 * 60 * 1000));
    expect(await service.resetTokenIsUsable(fresh)).toBe(true);
    // Asking is a read: the link still works afterwards, once.
    expect(await service.resetTokenIsUsable(fresh)).toBe(true);
    await service.resetPassword({ token: fresh, newPassword: "a new long passphrase" }, meta);
    expect(await service.resetTokenIsUsable(fresh)).toBe(false);

    const expired = await storeLink(new Date(Date.now() - 1000));
    expect(await service.resetTokenIsUsable(expired)).toBe(false);

    expect(await service.resetTokenIsUsable(newToken())).toBe(false); // well-formed, never issued
    expect(await service.resetTokenIsUsable("x")).toBe(false);
    expect(await service.resetTokenIsUsable("")).toBe(false);
    expect(await service.resetTokenIsUsable(null)).toBe(false);
    expect(await service.resetTokenIsUsable(undefined)).toBe(false);
    expect(await service.resetTokenIsUsable(`${"a".repeat(42)}'`)).toBe(false);
    expect(await service.resetTokenIsUsable(hashToken(fresh))).toBe(false); // the stored hash is not a link
  });
});
