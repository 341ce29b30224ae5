/**
 * The accounts service's behaviour that the API cannot show (issue 3): housekeeping of expired
 * rows and answers for users that no longer exist. Real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL); the API's behaviour is in server/api/auth.test.ts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { userSessions, users } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { openTestDatabase, TEST_ENGINE } from "../testing/db.ts";
import { AccountError } from "./service.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A fresh accounts service (its own once-an-hour purge clock) on the test database. */
const accounts = () =>
  createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
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
  it("deletes expired sessions when it next issues one, and keeps live ones", async () => {
    const service = accounts();
    const old = await service.signUp(input("old@example.org"), meta);
    const live = await service.signUp(input("live@example.org"), meta);
    await database.db
      .update(userSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(userSessions.userId, old.user.id));
    await accounts().logIn({ email: "live@example.org", password: "correct horse 42" }, meta);
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
    await expect(service.updateProfile(session.user.id, {})).rejects.toBeInstanceOf(AccountError);
  });
});
