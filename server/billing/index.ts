/** Billing (issue 6): Stripe or the test-payments provider, webhooks and subscription status. */
import type { DomainDeps } from "../services.ts";
import type { BillingService } from "./service.ts";
import { getSubscriptionStatus } from "./status.ts";

/** Creates the process's billing service. */
export function createBillingService(deps: DomainDeps): BillingService {
  return {
    status: (userId) => getSubscriptionStatus(deps.db, userId),
  };
}
