/**
 * What a payment provider does for billing (issue 6 "Billing"; docs/design.md §2 "Payments"): Stripe
 * (server/billing/stripe.ts) when STRIPE_SECRET_KEY is set, else the local test-payments provider
 * (server/billing/test-provider.ts). Both drive the same state changes through
 * server/billing/apply.ts; server/billing/index.ts adds the checks common to both.
 */
import type { Locale } from "../../lib/i18n/locales.ts";
import type { SubscriptionChange } from "./apply.ts";
import type { BillingUser, ProviderOperations } from "./service.ts";

/** The user's stored billing ids, as the provider needs them. */
export interface BillingAccount extends BillingUser {
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

/**
 * One payment provider. Errors are DomainErrors (server/errors.ts, 4xx) for expected failures.
 * The webhook and the test checkout are the service's own (ProviderOperations); the provider
 * answers 404 for the ones of the other mode.
 */
export interface PaymentProvider extends ProviderOperations {
  /**
   * Starts a checkout for premium; answers the absolute URL the browser is sent to. The provider's
   * way back to the site (Stripe's success and cancel URLs) is in `locale`, the page's (issue 28 §2).
   */
  createCheckout(account: BillingAccount, locale?: Locale): Promise<{ url: string }>;
  /**
   * Asks the provider to end the subscription at the period end and answers the change to store
   * (status canceled, tier unchanged, cancelAtPeriodEnd true).
   */
  cancelAtPeriodEnd(account: BillingAccount): Promise<SubscriptionChange>;
}
