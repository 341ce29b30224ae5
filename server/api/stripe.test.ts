import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { openTestDatabase, TEST_ENGINE } from "../testing/db.ts";
import { startTestServer, type TestServer } from "../testing/server.ts";

describe(`GET /api/stripe/subscription-status (${TEST_ENGINE})`, () => {
  let database: Database;
  let server: TestServer;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startTestServer(database.db);
    const res = await fetch(`${server.baseUrl}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email: "status@example.com",
        password: "quiet-harbour-42",
        firstName: "Sam",
        lastName: "Status",
        role: "lawyer",
      }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; user: { id: string } };
    token = body.token;
    userId = body.user.id;
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const status = (auth?: string) =>
    fetch(`${server.baseUrl}/api/stripe/subscription-status`, {
      headers: auth ? { Authorization: `Bearer ${auth}` } : {},
    });

  it("answers 401 with a JSON message when signed out or with an unknown token", async () => {
    for (const res of [await status(), await status("not-a-real-token")]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(/sign in/i);
    }
  });

  it("answers free and inactive with no subscription for a new account, privately", async () => {
    const res = await status(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({
      subscriptionTier: "free",
      subscriptionStatus: "inactive",
      stripeSubscription: null,
    });
  });

  it("answers the period in epoch seconds for a premium account", async () => {
    const start = new Date("2026-11-01T00:00:00Z");
    const end = new Date("2026-12-01T00:00:00Z");
    await database.db
      .update(users)
      .set({
        subscriptionTier: "premium",
        subscriptionStatus: "active",
        subscriptionStartDate: start,
        subscriptionEndDate: end,
      })
      .where(eq(users.id, userId));
    const res = await status(token);
    expect(await res.json()).toEqual({
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      stripeSubscription: {
        status: "active",
        current_period_start: start.getTime() / 1000,
        current_period_end: end.getTime() / 1000,
      },
    });
  });
});
