/**
 * Billing (issue 6; spec §4 "Subscription", §7 /api/stripe/*): picks the provider (Stripe when
 * STRIPE_SECRET_KEY is set, else the local test-payments provider) and adds the rules common to
 * both: who may start a checkout (not a premium user: 409) and who may cancel (premium and active
 * only: 409). docs/ARCHITECTURE.md "Billing".
 */
import { eq } from "drizzle-orm";
import { canCancelSubscription, effectiveTier } from "../../lib/subscription.ts";
import { users } from "../db/schema.ts";
import { RateLimitedError } from "../security/rate-limit.ts";
import type { DomainDeps } from "../services.ts";
import { applySubscriptionChange } from "./apply.ts";
import type { BillingAccount, PaymentProvider } from "./provider.ts";
import { BILLING_MESSAGES, BillingError, type BillingService } from "./service.ts";
import { getSubscriptionStatus } from "./status.ts";
import { createStripeProvider } from "./stripe.ts";
import { createTestProvider } from "./test-provider.ts";

export { BILLING_MESSAGES, BillingError } from "./service.ts";

/** Creates the process's billing service; `provider` replaces the configured one (tests). */
export function createBillingService(deps: DomainDeps, provider?: PaymentProvider): BillingService {
  const { db } = deps;
  const payments =
    provider ??
    (deps.config.STRIPE_SECRET_KEY
      ? createStripeProvider(deps)
      : createTestProvider({ db, emailLinkOrigin: deps.emailLinkOrigin }));

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
        tier: users.subscriptionTier,
        status: users.subscriptionStatus,
        end: users.subscriptionEndDate,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw new BillingError(404, "This account no longer exists.");
    const tier = effectiveTier(row.tier as "free" | "premium", row.status, row.end);
    const billing: BillingAccount = row;
    return { billing, tier, status: row.status };
  }

  return {
    mode: payments.mode,
    status: (userId) => getSubscriptionStatus(db, userId),

    async createCheckout(user) {
      const { billing, tier } = await account(user.id);
      if (tier === "premium") throw new BillingError(409, BILLING_MESSAGES.alreadyPremium);
      try {
        await deps.rateLimits.consume("checkout-user", user.id);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new BillingError(
            429,
            "Too many checkouts started. Please try again later.",
            err.retryAfterSeconds,
          );
        throw err;
      }
      return payments.createCheckout(billing);
    },

    async cancel(userId) {
      const { billing, tier, status } = await account(userId);
      if (!canCancelSubscription(tier, status)) throw new BillingError(409, BILLING_MESSAGES.notCancelable);
      const change = await payments.cancelAtPeriodEnd(billing);
      await applySubscriptionChange(db, userId, change);
      const answer = await getSubscriptionStatus(db, userId);
      if (!answer) throw new BillingError(404, "This account no longer exists.");
      return answer;
    },

    handleWebhook: (rawBody, signature) => payments.handleWebhook(rawBody, signature),
    testCheckout: (userId, sessionId) => payments.testCheckout(userId, sessionId),
    payTestCheckout: (userId, sessionId) => payments.payTestCheckout(userId, sessionId),
  };
}
