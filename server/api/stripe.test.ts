/**
 * /api/stripe against the real server and database with Stripe's API played by a local stand-in
 * (issue 6 "Tests"): the official SDK is pointed at it through STRIPE_API_URL, and webhook
 * payloads are signed with the SDK's generateTestHeaderString.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type StripeStandIn,
  startStripeStandIn,
  subscriptionObject,
} from "../../tests/doubles/stripe-stand-in.ts";
import { testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { stripeEvents, users } from "../db/schema.ts";
import { RATE_LIMITS } from "../security/rate-limit.ts";

const WEBHOOK_SECRET = "whsec_standinsecret";
/** A current billing period: began 5 days ago, ends in 25 days (epoch seconds). */
const NOW_S = Math.floor(Date.now() / 1000);
const PERIOD = { start: NOW_S - 5 * 86_400, end: NOW_S + 25 * 86_400 };
const signer = new Stripe("sk_test_signer");

describe(`/api/stripe with Stripe (${TEST_ENGINE})`, () => {
  let database: Database;
  let server: TestServer;
  let stand: StripeStandIn;
  const api = testApi(() => server, { emailPrefix: "billing", signUpDefaults: { role: "lawyer" } });
  let eventCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    stand = await startStripeStandIn();
    server = await startTestServer(database.db, {
      env: {
        TRUST_PROXY: "true",
        PUBLIC_URL: "https://lexatlas.example",
        STRIPE_SECRET_KEY: "sk_test_standin",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_ID: "price_premium",
        STRIPE_API_URL: stand.url,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await stand?.close();
    await database?.close();
  });

  /** Sends one event, signed with `secret` (default the configured one); answers the call. */
  const deliver = (
    type: string,
    object: Record<string, unknown>,
    opts: { id?: string; secret?: string } = {},
  ) => {
    eventCounter += 1;
    const payload = JSON.stringify({
      id: opts.id ?? `evt_${eventCounter}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
    });
    return api.call("POST", "/api/stripe/webhook", { raw: payload, headers: { "Stripe-Signature": header } });
  };

  const row = async (userId: string) => {
    const [r] = await database.db.select().from(users).where(eq(users.id, userId));
    if (!r) throw new Error("user gone");
    return r;
  };

  /** A fresh lawyer made premium through a checkout.session.completed event with subscription `subId`. */
  const premiumUser = async (subId: string) => {
    const { token, user } = await api.signUp();
    const created = await api.call("POST", "/api/stripe/create-subscription", { token });
    expect(created.status).toBe(200);
    const customer = (await row(user.id)).stripeCustomerId as string;
    stand.subscriptions.set(subId, subscriptionObject(subId, customer, "active", PERIOD));
    const done = await deliver("checkout.session.completed", {
      id: `cs_${subId}`,
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: user.id,
      customer,
      subscription: subId,
    });
    expect(done.body).toEqual({ received: true, outcome: "applied" });
    return { token, user, customer };
  };

  it("answers 401 to signed-out callers on status, create and cancel", async () => {
    expect((await api.call("GET", "/api/stripe/subscription-status")).status).toBe(401);
    expect((await api.call("POST", "/api/stripe/create-subscription")).status).toBe(401);
    const cancel = await api.call("POST", "/api/stripe/cancel-subscription");
    expect(cancel.status).toBe(401);
    expect(cancel.body.message).toMatch(/sign in/i);
  });

  it("creates a subscription-mode Checkout Session and reuses the Stripe customer", async () => {
    const { token, user, email } = await api.signUp();
    stand.requests.length = 0;
    const first = await api.call("POST", "/api/stripe/create-subscription", {
      token,
      headers: { Host: "evil.example" },
    });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const customer = (await row(user.id)).stripeCustomerId;
    expect(customer).toMatch(/^cus_test/);
    const second = await api.call("POST", "/api/stripe/create-subscription", { token });
    expect(second.status).toBe(200);

    const customers = stand.requests.filter((r) => r.path === "/v1/customers");
    expect(customers).toHaveLength(1);
    expect(customers[0]?.form.email).toBe(email);
    expect(customers[0]?.form["metadata[userId]"]).toBe(user.id);
    const sessions = stand.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s.form.mode).toBe("subscription");
      expect(s.form.customer).toBe(customer);
      expect(s.form.client_reference_id).toBe(user.id);
      expect(s.form["line_items[0][price]"]).toBe("price_premium");
      expect(s.form["line_items[0][quantity]"]).toBe("1");
      // The site's own origin, never the Host header.
      expect(s.form.success_url).toBe("https://lexatlas.example/dashboard?upgraded=1");
      expect(s.form.cancel_url).toBe("https://lexatlas.example/dashboard?view=upgrade");
      expect(s.headers.authorization).toBe("Bearer sk_test_standin");
    }
  });

  it("issue 28 §2: the way back from Stripe is in the language the checkout was started in", async () => {
    const { token } = await api.signUp();
    stand.requests.length = 0;
    const r = await api.call("POST", "/api/stripe/create-subscription", {
      token,
      headers: { "Accept-Language": "de-DE,de;q=0.9" },
    });
    expect(r.status).toBe(200);
    const [session] = stand.requests.filter((q) => q.path === "/v1/checkout/sessions");
    expect(session?.form.success_url).toBe("https://lexatlas.example/de/dashboard?upgraded=1");
    expect(session?.form.cancel_url).toBe("https://lexatlas.example/de/dashboard?view=upgrade");
  });

  it(`answers 429 with Retry-After after ${RATE_LIMITS["checkout-user"].points} checkouts started by one account`, async () => {
    const { token } = await api.signUp();
    for (let i = 0; i < RATE_LIMITS["checkout-user"].points; i += 1) {
      const r = await api.call("POST", "/api/stripe/create-subscription", { token });
      expect(r.status, r.text).toBe(200);
    }
    const before = stand.requests.length;
    const limited = await api.call("POST", "/api/stripe/create-subscription", { token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/too many checkouts/i);
    // Refused before Stripe is called.
    expect(stand.requests.length).toBe(before);
  });

  it("answers 422 with a message when Stripe fails, and changes nothing", async () => {
    const { token, user } = await api.signUp();
    stand.failWith = 500;
    try {
      const r = await api.call("POST", "/api/stripe/create-subscription", { token });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/payment provider/i);
    } finally {
      stand.failWith = null;
    }
    expect((await row(user.id)).subscriptionTier).toBe("free");
  });

  it("refuses a webhook with a bad, missing or stale signature: 400 and nothing changes", async () => {
    const { user } = await api.signUp();
    const object = {
      id: "cs_forged",
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: user.id,
      subscription: "sub_forged",
    };
    stand.subscriptions.set("sub_forged", subscriptionObject("sub_forged", "cus_x", "active", PERIOD));
    const forged = await deliver("checkout.session.completed", object, {
      id: "evt_forged",
      secret: "whsec_wrong",
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/signature/i);
    const unsigned = await api.call("POST", "/api/stripe/webhook", {
      raw: JSON.stringify({
        id: "evt_forged",
        object: "event",
        type: "checkout.session.completed",
        data: { object },
      }),
    });
    expect(unsigned.status).toBe(400);
    const payload = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "checkout.session.completed",
      data: { object },
    });
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const old = await api.call("POST", "/api/stripe/webhook", {
      raw: payload,
      headers: { "Stripe-Signature": stale },
    });
    expect(old.status).toBe(400);
    const r = await row(user.id);
    expect([r.subscriptionTier, r.subscriptionStatus, r.stripeSubscriptionId]).toEqual([
      "free",
      "inactive",
      null,
    ]);
    const events = await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"));
    expect(events).toHaveLength(0);
  });

  it("checkout.session.completed makes the user premium and active with the period of the subscription", async () => {
    const { token, user, customer } = await premiumUser("sub_complete");
    const r = await row(user.id);
    expect(r.subscriptionTier).toBe("premium");
    expect(r.subscriptionStatus).toBe("active");
    expect(r.stripeSubscriptionId).toBe("sub_complete");
    expect(r.stripeCustomerId).toBe(customer);
    const status = await api.call("GET", "/api/stripe/subscription-status", { token });
    expect(status.body).toEqual({
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      stripeSubscription: {
        status: "active",
        current_period_start: PERIOD.start,
        current_period_end: PERIOD.end,
        cancel_at_period_end: false,
      },
    });
    // Already premium: no second checkout.
    const again = await api.call("POST", "/api/stripe/create-subscription", { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You already have Premium.");
  });

  it("a completed checkout whose first payment is still under way (incomplete) grants nothing until Stripe says active", async () => {
    const { token, user } = await api.signUp();
    expect((await api.call("POST", "/api/stripe/create-subscription", { token })).status).toBe(200);
    const customer = (await row(user.id)).stripeCustomerId as string;
    stand.subscriptions.set("sub_pending", subscriptionObject("sub_pending", customer, "incomplete", PERIOD));
    const done = await deliver("checkout.session.completed", {
      id: "cs_sub_pending",
      object: "checkout.session",
      mode: "subscription",
      payment_status: "unpaid",
      client_reference_id: user.id,
      customer,
      subscription: "sub_pending",
    });
    expect(done.status, done.text).toBe(200);
    let r = await row(user.id);
    expect(r.subscriptionTier).toBe("free");
    expect(r.subscriptionStatus).toBe("inactive");
    expect(r.stripeSubscriptionId).toBe("sub_pending");
    // The payment clears: Stripe's update makes the account premium.
    const paid = await deliver(
      "customer.subscription.updated",
      subscriptionObject("sub_pending", customer, "active", PERIOD),
    );
    expect(paid.body).toEqual({ received: true, outcome: "applied" });
    r = await row(user.id);
    expect(r.subscriptionTier).toBe("premium");
    expect(r.subscriptionStatus).toBe("active");
  });

  it("applies a replayed event once", async () => {
    const { user, customer } = await premiumUser("sub_replay");
    const completed = {
      id: "cs_replay",
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: user.id,
      customer,
      subscription: "sub_replay",
    };
    const first = await deliver("checkout.session.completed", completed, { id: "evt_replay_once" });
    expect(first.body.outcome).toBe("applied");
    const deleted = await deliver(
      "customer.subscription.deleted",
      subscriptionObject("sub_replay", customer, "canceled", PERIOD),
    );
    expect(deleted.body.outcome).toBe("applied");
    expect((await row(user.id)).subscriptionTier).toBe("free");
    // Stripe sends the completed event again: acknowledged, not applied (the user stays free).
    const replay = await deliver("checkout.session.completed", completed, { id: "evt_replay_once" });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, outcome: "duplicate" });
    const r = await row(user.id);
    expect([r.subscriptionTier, r.subscriptionStatus]).toEqual(["free", "canceled"]);
    const events = await database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, "evt_replay_once"));
    expect(events).toHaveLength(1);
  });

  it("keeps tier and status right through every transition of customer.subscription.updated", async () => {
    const { user, customer } = await premiumUser("sub_moves");
    const update = async (status: string, extra: Record<string, unknown> = {}) => {
      const r = await deliver(
        "customer.subscription.updated",
        subscriptionObject("sub_moves", customer, status, PERIOD, extra),
      );
      expect(r.status).toBe(200);
      const u = await row(user.id);
      return [u.subscriptionTier, u.subscriptionStatus, u.subscriptionCancelAtPeriodEnd];
    };
    expect(await update("past_due")).toEqual(["premium", "past_due", false]);
    expect(await update("active")).toEqual(["premium", "active", false]);
    expect(await update("trialing")).toEqual(["premium", "active", false]);
    expect(await update("active", { cancel_at_period_end: true })).toEqual(["premium", "canceled", true]);
    expect(await update("active")).toEqual(["premium", "active", false]);
    expect(await update("unpaid")).toEqual(["free", "past_due", false]);
    expect(await update("active")).toEqual(["premium", "active", false]);
    expect(await update("canceled")).toEqual(["free", "canceled", false]);
  });

  it("reads the period from the subscription itself on older API versions", async () => {
    const { token, customer } = await premiumUser("sub_legacy");
    const legacy = subscriptionObject("sub_legacy", customer, "active", PERIOD, {
      items: { object: "list", data: [] },
      current_period_start: PERIOD.start + 100,
      current_period_end: PERIOD.end + 100,
    });
    await deliver("customer.subscription.updated", legacy);
    const status = await api.call("GET", "/api/stripe/subscription-status", { token });
    expect(status.body.stripeSubscription.current_period_start).toBe(PERIOD.start + 100);
    expect(status.body.stripeSubscription.current_period_end).toBe(PERIOD.end + 100);
  });

  it("invoice.payment_failed makes the subscription past_due (both invoice shapes)", async () => {
    const { user } = await premiumUser("sub_failing");
    const failed = await deliver("invoice.payment_failed", {
      id: "in_1",
      object: "invoice",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_failing" } },
    });
    expect(failed.body.outcome).toBe("applied");
    expect((await row(user.id)).subscriptionStatus).toBe("past_due");
    const { user: other } = await premiumUser("sub_failing_old");
    await deliver("invoice.payment_failed", {
      id: "in_2",
      object: "invoice",
      subscription: "sub_failing_old",
    });
    const r = await row(other.id);
    expect([r.subscriptionTier, r.subscriptionStatus]).toEqual(["premium", "past_due"]);
  });

  it("customer.subscription.deleted makes the user free; a late event of an older subscription changes nothing", async () => {
    const { user, customer } = await premiumUser("sub_gone");
    const stale = await deliver(
      "customer.subscription.deleted",
      subscriptionObject("sub_someone_older", customer, "canceled", PERIOD),
    );
    expect(stale.status).toBe(200);
    expect((await row(user.id)).subscriptionTier).toBe("premium");
    await deliver(
      "customer.subscription.deleted",
      subscriptionObject("sub_gone", customer, "canceled", PERIOD),
    );
    const r = await row(user.id);
    expect([r.subscriptionTier, r.subscriptionStatus]).toEqual(["free", "canceled"]);
  });

  it("acknowledges and ignores event types it does not handle", async () => {
    const r = await deliver("charge.succeeded", { id: "ch_1", object: "charge" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ received: true, outcome: "ignored" });
  });

  it("cancels at period end in Stripe: canceled, premium until the period end; only for premium and active", async () => {
    const { token: freeToken } = await api.signUp();
    const refused = await api.call("POST", "/api/stripe/cancel-subscription", { token: freeToken });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Only an active Premium subscription can be canceled.");

    const { token, user } = await premiumUser("sub_cancel");
    stand.requests.length = 0;
    const r = await api.call("POST", "/api/stripe/cancel-subscription", { token });
    expect(r.status).toBe(200);
    const updates = stand.requests.filter(
      (q) => q.path === "/v1/subscriptions/sub_cancel" && q.method === "POST",
    );
    expect(updates).toHaveLength(1);
    expect(updates[0]?.form.cancel_at_period_end).toBe("true");
    expect(r.body).toEqual({
      subscriptionTier: "premium",
      subscriptionStatus: "canceled",
      stripeSubscription: {
        status: "canceled",
        current_period_start: PERIOD.start,
        current_period_end: PERIOD.end,
        cancel_at_period_end: true,
      },
    });
    expect((await row(user.id)).subscriptionCancelAtPeriodEnd).toBe(true);
    const twice = await api.call("POST", "/api/stripe/cancel-subscription", { token });
    expect(twice.status).toBe(409);
    // At the period end Stripe deletes the subscription: free.
    await deliver(
      "customer.subscription.deleted",
      subscriptionObject("sub_cancel", "cus_any", "canceled", PERIOD),
    );
    expect((await row(user.id)).subscriptionTier).toBe("free");
  });
  it("refuses a webhook body over 1 MB with 413", async () => {
    const r = await api.call("POST", "/api/stripe/webhook", {
      raw: "x".repeat(1024 * 1024 + 10),
      headers: { "Stripe-Signature": "t=1,v1=0" },
    });
    expect(r.status).toBe(413);
  });
});
