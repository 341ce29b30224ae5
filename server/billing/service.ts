/**
 * Contract of billing (spec §4 "Subscription", §7 /api/stripe/*, §8; issue 6 "Billing"): Stripe
 * Checkout or the local test-payments provider, signed webhooks, cancel at period end and the
 * status read model. Implemented in server/billing/index.ts; docs/ARCHITECTURE.md "Billing".
 */

import type { Locale } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import type { SubscriptionStatusResponse } from "./status.ts";

/** Messages of the expected failures (shown by the API and the pages). */
export const BILLING_MESSAGES = {
  alreadyPremium: msg("errors:billing.alreadyPremium"),
  notCancelable: msg("errors:billing.notCancelable"),
  badSignature: msg("errors:billing.badSignature"),
  webhookOff: msg("errors:billing.webhookOff"),
  checkoutNotFound: msg("errors:billing.checkoutNotFound"),
  checkoutComplete: msg("errors:billing.checkoutComplete"),
  checkoutExpired: msg("errors:billing.checkoutExpired"),
  providerFailed: msg("errors:billing.providerFailed"),
  paymentsOff: msg("errors:billing.paymentsOff"),
} as const;

/** The test-payments provider's checkout as its page shows it (/test-checkout/{id}). */
export interface TestCheckoutView {
  id: string;
  /** open (payable), complete (paid once) or expired (30 minutes passed, or abandoned). */
  status: "open" | "complete" | "expired";
  /** Price of the plan in US cents per month (spec §9: 2999). */
  priceCents: number;
  /** ISO 8601. */
  expiresAt: string;
}

/** The user billing acts for (a PublicUser fits). */
export interface BillingUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * What billing hands straight to its payment provider (server/billing/provider.ts): the mode, the
 * webhook and the test checkout. One contract for both, since BillingService forwards these as they are.
 */
export interface ProviderOperations {
  /** "stripe", "test" (the local test-payments provider) or "off" (no provider: no checkout). */
  readonly mode: "stripe" | "test" | "off";
  /**
   * POST /api/stripe/webhook: verifies `signature` (Stripe-Signature) over the raw body with
   * STRIPE_WEBHOOK_SECRET and applies the event once. Answers whether it changed anything
   * (`duplicate` for an event already applied, `ignored` for a type not handled).
   * ValidationError on a bad signature or body, 404 in test mode (no webhooks).
   */
  handleWebhook(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ outcome: "applied" | "duplicate" | "ignored" }>;
  /** The test provider's checkout `sessionId` if it belongs to `userId`, else null (the page answers 404). */
  testCheckout(userId: string, sessionId: string): Promise<TestCheckoutView | null>;
  /**
   * Pays a test checkout (test mode only): completes it once and applies the same change as
   * Stripe's checkout.session.completed. NotFoundError (unknown, another user's, or Stripe
   * mode), 409 (already paid, expired, or already premium).
   */
  payTestCheckout(userId: string, sessionId: string): Promise<void>;
}

/** Billing as loaders and API handlers use it. */
export interface BillingService extends ProviderOperations {
  /**
   * GET /api/stripe/subscription-status's answer for a user; null when the user does not exist.
   * A canceled premium past its period end reads as free (lib/subscription.ts effectiveTier).
   */
  status(userId: string): Promise<SubscriptionStatusResponse | null>;
  /**
   * Starts a checkout for premium and answers the absolute URL to send the browser to: a Stripe
   * Checkout Session (subscription mode, STRIPE_PRICE_ID, the user's Stripe customer reused or
   * created), or the test provider's /test-checkout/{id}. ConflictError when already premium,
   * 404 when the user is gone, 422 when the provider refuses or cannot be reached. `locale`: the
   * page's (or the API request's), for the provider's way back (issue 28 §2); English by default.
   */
  createCheckout(user: BillingUser, locale?: Locale): Promise<{ url: string }>;
  /**
   * Cancels at the end of the billing period (spec §1): status becomes canceled, the tier stays
   * premium until the period end. ConflictError unless premium and active; 422 provider failure.
   */
  cancel(userId: string): Promise<SubscriptionStatusResponse>;
}
