/**
 * Billing (issue 6; spec §4 "Subscription", §7 /api/stripe/*): picks the provider (Stripe when
 * STRIPE_SECRET_KEY is set, else the local test-payments provider on a local or TEST_PAYMENTS
 * server, else none: config.ts paymentsMode) and adds the rules common to
 * both: who may start a checkout (not a premium user: 409) and who may cancel (premium and active
 * only: 409). docs/ARCHITECTURE.md "Billing".
 */

import { eq } from "drizzle-orm";
import { msg } from "../../lib/i18n/message.ts";
import { canCancelSubscription } from "../../lib/subscription.ts";
import { paymentsMode } from "../config.ts";
import { users } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { ConflictError, NotFoundError, RateLimitedError } from "../errors.ts";
import { applySubscriptionChange } from "./apply.ts";
import type { BillingAccount, PaymentProvider } from "./provider.ts";
import { BILLING_MESSAGES, type BillingService } from "./service.ts";
import { getSubscriptionStatus, TIER_COLUMNS, tierAt } from "./status.ts";
import { createStripeProvider } from "./stripe.ts";
import { createTestProvider } from "./test-provider.ts";

export { BILLING_MESSAGES } from "./service.ts";

/**
 * The provider when payments are off (config.ts paymentsMode: a public PUBLIC_URL without Stripe
 * keys or TEST_PAYMENTS): no checkout starts (409 BILLING_MESSAGES.paymentsOff), webhooks and test
 * checkouts answer 404.
 */
function paymentsOff(): PaymentProvider {
  const off = () => Promise.reject(new ConflictError(BILLING_MESSAGES.paymentsOff));
  return {
    mode: "off",
    createCheckout: off,
    cancelAtPeriodEnd: off,
    handleWebhook: () => Promise.reject(new NotFoundError(BILLING_MESSAGES.webhookOff)),
    testCheckout: async () => null,
    payTestCheckout: () => Promise.reject(new NotFoundError(BILLING_MESSAGES.checkoutNotFound)),
  };
}

/** Creates the process's billing service; `provider` replaces the configured one (tests). */
export function createBillingService(deps: DomainDeps, provider?: PaymentProvider): BillingService {
  const { db } = deps;
  const mode = paymentsMode(deps.config);
  const payments =
    provider ??
    (mode === "stripe"
      ? createStripeProvider(deps)
      : mode === "test"
        ? createTestProvider({ db, emailLinkOrigin: deps.emailLinkOrigin, clock: deps.clock })
        : paymentsOff());

  /** The user's billing record with the tier as it reads now; 404 when the user is gone. */
  async function account(userId: string) {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        stripeCustomerId: users.stripeCustomerId,
        stripeSubscriptionId: users.stripeSubscriptionId,
        ...TIER_COLUMNS,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw new NotFoundError(msg("errors:account.gone"));
    const tier = tierAt(row, deps.clock.now());
    const billing: BillingAccount = row;
    return { billing, tier, status: row.status };
  }

  return {
    mode: payments.mode,
    status: (userId) => getSubscriptionStatus(db, userId, deps.clock.now()),

    async createCheckout(user, locale) {
      const { billing, tier } = await account(user.id);
      if (tier === "premium") throw new ConflictError(BILLING_MESSAGES.alreadyPremium);
      try {
        await deps.rateLimits.consume("checkout-user", user.id);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new RateLimitedError(msg("errors:billing.tooManyCheckouts"), err.retryAfterSeconds);
        throw err;
      }
      return payments.createCheckout(billing, locale);
    },

    async cancel(userId) {
      const { billing, tier, status } = await account(userId);
      if (!canCancelSubscription(tier, status)) throw new ConflictError(BILLING_MESSAGES.notCancelable);
      const change = await payments.cancelAtPeriodEnd(billing);
      await applySubscriptionChange(db, userId, change, { now: deps.clock.now() });
      const answer = await getSubscriptionStatus(db, userId, deps.clock.now());
      if (!answer) throw new NotFoundError(msg("errors:account.gone"));
      return answer;
    },

    handleWebhook: (rawBody, signature) => payments.handleWebhook(rawBody, signature),
    testCheckout: (userId, sessionId) => payments.testCheckout(userId, sessionId),
    payTestCheckout: (userId, sessionId) => payments.payTestCheckout(userId, sessionId),
  };
}
