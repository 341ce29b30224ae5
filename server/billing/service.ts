/**
 * Contract of billing (spec §4 "Subscription", §7 /api/stripe/*; issue 6): Stripe Checkout or the
 * local test-payments provider, webhooks, cancel at period end and the status read model.
 * Implemented in server/billing/index.ts.
 */
import type { SubscriptionStatusResponse } from "./status.ts";

/** Billing as loaders and API handlers use it. */
export interface BillingService {
  /** GET /api/stripe/subscription-status's answer for a user; null when the user does not exist. */
  status(userId: string): Promise<SubscriptionStatusResponse | null>;
}
