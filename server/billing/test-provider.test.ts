/**
 * The test-payments provider end to end on the real server and database (issue 6 "Tests"): no
 * Stripe keys, create-subscription answers the local checkout page, paying it makes the user
 * premium once, cancel keeps premium until the period end, and the read model turns a canceled
 * premium past its end into free.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CHECKOUT_TTL_MS } from "../../lib/subscription.ts";
import { testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { systemClock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { testCheckoutSessions, users } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { createLogger } from "../logger.ts";
import { BILLING_MESSAGES, createBillingService } from "./index.ts";
import type { BillingService } from "./service.ts";
import { getSubscriptionStatus } from "./status.ts";
import { createTestProvider } from "./test-provider.ts";

describe(`test-payments provider (${TEST_ENGINE})`, () => {
  let database: Database;
  let server: TestServer;
  let billing: BillingService;
  const api = testApi(() => server, { emailPrefix: "testpay", signUpDefaults: { role: "lawyer" } });

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startTestServer(database.db, {
      env: { TRUST_PROXY: "true", PUBLIC_URL: "https://lexatlas.example", TEST_PAYMENTS: "true" },
    });
    // The page loader's view of the same database (the pages call the billing service directly).
    billing = createBillingService({
      db: database.db,
      config: server.config,
      logger: createLogger("silent"),
      emailLinkOrigin: "https://lexatlas.example",
      clock: systemClock,
    } as DomainDeps);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const row = async (userId: string) => {
    const [r] = await database.db.select().from(users).where(eq(users.id, userId));
    if (!r) throw new Error("user gone");
    return r;
  };
  const checkoutId = (url: string) => {
    const m = /^https:\/\/lexatlas\.example\/test-checkout\/(tcs_[A-Za-z0-9_-]+)$/.exec(url);
    expect(m, url).not.toBeNull();
    return m?.[1] as string;
  };

  it("runs create → page → pay → premium, once", async () => {
    const { token, user } = await api.signUp();
    expect(billing.mode).toBe("test");
    const created = await api.call("POST", "/api/stripe/create-subscription", { token });
    expect(created.status).toBe(200);
    const id = checkoutId(created.body.url);

    const view = await billing.testCheckout(user.id, id);
    expect(view).toMatchObject({ id, status: "open", priceCents: 2999 });
    const before = Date.now();
    await billing.payTestCheckout(user.id, id);

    const status = await api.call("GET", "/api/stripe/subscription-status", { token });
    expect(status.body.subscriptionTier).toBe("premium");
    expect(status.body.subscriptionStatus).toBe("active");
    const { current_period_start: start, current_period_end: end } = status.body.stripeSubscription;
    expect(start * 1000).toBeGreaterThanOrEqual(before - 1000);
    expect(end - start).toBeGreaterThanOrEqual(28 * 86_400);
    expect(end - start).toBeLessThanOrEqual(31 * 86_400);
    expect((await row(user.id)).stripeSubscriptionId).toMatch(/^test_sub_/);
    expect((await billing.testCheckout(user.id, id))?.status).toBe("complete");

    // A completed checkout cannot be paid again, and a premium user gets no new checkout.
    await expect(billing.payTestCheckout(user.id, id)).rejects.toMatchObject({ status: 409 });
    const again = await api.call("POST", "/api/stripe/create-subscription", { token });
    expect(again.status).toBe(409);
  });

  it("refuses a used checkout even to a user who is free again", async () => {
    const { token, user } = await api.signUp();
    const id = checkoutId((await api.call("POST", "/api/stripe/create-subscription", { token })).body.url);
    await billing.payTestCheckout(user.id, id);
    await database.db
      .update(users)
      .set({ subscriptionTier: "free", subscriptionStatus: "canceled" })
      .where(eq(users.id, user.id));
    await expect(billing.payTestCheckout(user.id, id)).rejects.toMatchObject({
      status: 409,
      message: BILLING_MESSAGES.checkoutComplete,
    });
    expect((await row(user.id)).subscriptionTier).toBe("free");
  });

  it("shows and pays a checkout only for its owner", async () => {
    const owner = await api.signUp();
    const other = await api.signUp();
    const id = checkoutId(
      (await api.call("POST", "/api/stripe/create-subscription", { token: owner.token })).body.url,
    );
    expect(await billing.testCheckout(other.user.id, id)).toBeNull();
    expect(await billing.testCheckout(owner.user.id, "tcs_unknown_unknown_unknown_x")).toBeNull();
    expect(await billing.testCheckout(owner.user.id, "../../etc")).toBeNull();
    await expect(billing.payTestCheckout(other.user.id, id)).rejects.toMatchObject({ status: 404 });
    expect((await row(other.user.id)).subscriptionTier).toBe("free");
    expect((await row(owner.user.id)).subscriptionTier).toBe("free");
  });

  it("expires a checkout after 30 minutes", async () => {
    const { user } = await api.signUp();
    const later = new Date(Date.now() + TEST_CHECKOUT_TTL_MS + 1000);
    const provider = createTestProvider({ db: database.db, emailLinkOrigin: "https://lexatlas.example" });
    const { url } = await provider.createCheckout({
      ...user,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
    });
    const id = checkoutId(url);
    const future = createTestProvider({ db: database.db, emailLinkOrigin: "x", clock: { now: () => later } });
    expect((await future.testCheckout(user.id, id))?.status).toBe("expired");
    await expect(future.payTestCheckout(user.id, id)).rejects.toMatchObject({
      status: 409,
      message: BILLING_MESSAGES.checkoutExpired,
    });
    const [session] = await database.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, id));
    expect(session?.status).toBe("open");
    expect((await row(user.id)).subscriptionTier).toBe("free");
  });

  it("cancels at period end: canceled and premium until the end, free after it", async () => {
    const { token, user } = await api.signUp();
    const refused = await api.call("POST", "/api/stripe/cancel-subscription", { token });
    expect(refused.status).toBe(409);
    const id = checkoutId((await api.call("POST", "/api/stripe/create-subscription", { token })).body.url);
    await billing.payTestCheckout(user.id, id);

    const canceled = await api.call("POST", "/api/stripe/cancel-subscription", { token });
    expect(canceled.status).toBe(200);
    expect(canceled.body.subscriptionTier).toBe("premium");
    expect(canceled.body.subscriptionStatus).toBe("canceled");
    expect(canceled.body.stripeSubscription.cancel_at_period_end).toBe(true);
    expect((await api.call("POST", "/api/stripe/cancel-subscription", { token })).status).toBe(409);

    const end = new Date(canceled.body.stripeSubscription.current_period_end * 1000);
    const after = await getSubscriptionStatus(database.db, user.id, new Date(end.getTime() + 1000));
    expect(after?.subscriptionTier).toBe("free");
    // Once the period has passed, every reader sees free: the API and the signed-in user.
    await database.db
      .update(users)
      .set({ subscriptionEndDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect((await api.call("GET", "/api/stripe/subscription-status", { token })).body.subscriptionTier).toBe(
      "free",
    );
    expect((await api.call("GET", "/api/auth/me", { token })).body.subscriptionTier).toBe("free");
    // And may subscribe again.
    expect((await api.call("POST", "/api/stripe/create-subscription", { token })).status).toBe(200);
  });

  it("answers 404 to webhooks: Stripe is not configured", async () => {
    const r = await api.call("POST", "/api/stripe/webhook", {
      raw: JSON.stringify({ id: "evt_1", type: "checkout.session.completed" }),
      headers: { "Stripe-Signature": "t=1,v1=abc" },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/not configured/);
  });
});

describe(`billing on a public server without Stripe keys (${TEST_ENGINE})`, () => {
  let database: Database;
  let server: TestServer;
  const api = testApi(() => server, { emailPrefix: "payoff", signUpDefaults: { role: "lawyer" } });

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startTestServer(database.db, {
      env: { TRUST_PROXY: "true", PUBLIC_URL: "https://lexatlas.example" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("starts no checkout (409, nothing stored) and has no webhook: premium is never free", async () => {
    const { token, user } = await api.signUp();
    const created = await api.call("POST", "/api/stripe/create-subscription", { token });
    expect(created.status).toBe(409);
    expect(created.body.message).toBe(english(BILLING_MESSAGES.paymentsOff));
    const sessions = await database.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.userId, user.id));
    expect(sessions).toHaveLength(0);
    const [u] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(u?.subscriptionTier).toBe("free");
    expect((await api.call("POST", "/api/stripe/webhook", { raw: "{}" })).status).toBe(404);
  });
});
