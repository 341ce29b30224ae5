/**
 * The local test-payments provider (issue 6 "Billing"; docs/design.md §2 "Payments"): without
 * STRIPE_SECRET_KEY, a checkout is a row in test_checkout_sessions and a page of our own
 * (/test-checkout/{id}) that says plainly that it is test mode and that no card is charged.
 * Paying completes the checkout once (it expires after 30 minutes) and applies the same change as
 * Stripe's checkout.session.completed (server/billing/apply.ts), so `npm start` shows the whole
 * upgrade path with no keys.
 */

import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { PREMIUM_PRICE_CENTS } from "../../lib/constants.ts";
import { TEST_CHECKOUT_TTL_MS } from "../../lib/subscription.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { testCheckoutSessions, users } from "../db/schema.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { applySubscriptionChange, premiumStarted } from "./apply.ts";
import type { PaymentProvider } from "./provider.ts";
import { BILLING_MESSAGES, type TestCheckoutView } from "./service.ts";
import { TIER_COLUMNS, tierAt } from "./status.ts";

/** What the test provider needs from the process. */
export interface TestProviderDeps {
  db: Db;
  /** Origin of the checkout page's absolute URL (the site's own). */
  emailLinkOrigin: string;
  /** Decides checkout expiry and the paid period (server/clock.ts; default systemClock; tests move it). */
  clock?: Clock;
}

/** A checkout id: "tcs_" and 32 random base64url characters (unguessable; it is in the URL). */
function newCheckoutId(): string {
  return `tcs_${randomBytes(24).toString("base64url")}`;
}

/** The same calendar day one month later (Jan 31 → Mar 3 as Date does; a month of premium). */
export function oneMonthLater(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** A checkout id as the URL may carry it: bounded, URL-safe characters only. */
const CHECKOUT_ID = /^tcs_[A-Za-z0-9_-]{20,60}$/;

/** Creates the test-payments provider. */
export function createTestProvider(deps: TestProviderDeps): PaymentProvider {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const now = () => clock.now();

  async function find(userId: string, sessionId: string) {
    if (!CHECKOUT_ID.test(sessionId)) return null;
    const [row] = await db
      .select()
      .from(testCheckoutSessions)
      .where(and(eq(testCheckoutSessions.id, sessionId), eq(testCheckoutSessions.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  return {
    mode: "test",

    async createCheckout(account) {
      const id = newCheckoutId();
      const created = now();
      await db.insert(testCheckoutSessions).values({
        id,
        userId: account.id,
        status: "open",
        createdAt: created,
        expiresAt: new Date(created.getTime() + TEST_CHECKOUT_TTL_MS),
      });
      return { url: `${deps.emailLinkOrigin}/test-checkout/${id}` };
    },

    async cancelAtPeriodEnd() {
      // No one to ask: the subscription simply ends at its period end (read as free from then on).
      return { status: "canceled", cancelAtPeriodEnd: true };
    },

    async handleWebhook() {
      throw new NotFoundError(BILLING_MESSAGES.webhookOff);
    },

    async testCheckout(userId, sessionId) {
      const row = await find(userId, sessionId);
      if (!row) return null;
      const status: TestCheckoutView["status"] =
        row.status === "open" && row.expiresAt.getTime() <= now().getTime()
          ? "expired"
          : (row.status as TestCheckoutView["status"]);
      return { id: row.id, status, priceCents: PREMIUM_PRICE_CENTS, expiresAt: row.expiresAt.toISOString() };
    },

    async payTestCheckout(userId, sessionId) {
      // Not an id of a checkout (NUL would reach PostgreSQL as SQLSTATE 22021): none of this user's.
      if (!CHECKOUT_ID.test(sessionId)) throw new NotFoundError(BILLING_MESSAGES.checkoutNotFound);
      const paidAt = now();
      const outcome = await db.transaction(async (tx) => {
        const [user] = await tx.select(TIER_COLUMNS).from(users).where(eq(users.id, userId)).limit(1);
        if (!user) return "missing" as const;
        if (tierAt(user, paidAt) === "premium") return "premium" as const;
        // Single use: only an open, unexpired checkout of this user turns complete, once.
        const done = await tx
          .update(testCheckoutSessions)
          .set({ status: "complete", completedAt: paidAt })
          .where(
            and(
              eq(testCheckoutSessions.id, sessionId),
              eq(testCheckoutSessions.userId, userId),
              eq(testCheckoutSessions.status, "open"),
              gt(testCheckoutSessions.expiresAt, paidAt),
            ),
          )
          .returning({ id: testCheckoutSessions.id });
        if (done.length === 0) return "refused" as const;
        await applySubscriptionChange(
          tx,
          userId,
          premiumStarted(`test_sub_${sessionId.slice(4)}`, paidAt, oneMonthLater(paidAt)),
          { now: paidAt },
        );
        return "paid" as const;
      });
      if (outcome === "paid") return;
      if (outcome === "premium") throw new ConflictError(BILLING_MESSAGES.alreadyPremium);
      const view = await this.testCheckout(userId, sessionId);
      if (!view) throw new NotFoundError(BILLING_MESSAGES.checkoutNotFound);
      throw new ConflictError(
        view.status === "complete" ? BILLING_MESSAGES.checkoutComplete : BILLING_MESSAGES.checkoutExpired,
      );
    },
  };
}
