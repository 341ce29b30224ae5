/**
 * Subscription rules shared by the dashboard, the API and the billing read model (spec §4
 * "Subscription", §8 toasts, §9 price; issue 6 "Billing", "Dashboard").
 */
import { PREMIUM_PRICE_CENTS } from "./constants.ts";

/** Status shown to the user: active, canceled or past_due as stored; anything else is inactive (spec §4). */
export function displayedSubscriptionStatus(
  status: string | null | undefined,
): "active" | "canceled" | "past_due" | "inactive" {
  return status === "active" || status === "canceled" || status === "past_due" ? status : "inactive";
}

/** True when the tier unlocks premium features: no ads, the Analytics tab (spec §4, §6). */
export function isPremium(tier: string | null | undefined): boolean {
  return tier === "premium";
}

/** True when the Cancel Subscription button shows: premium tier with active status (spec §4). */
export function canCancelSubscription(
  tier: string | null | undefined,
  status: string | null | undefined,
): boolean {
  return isPremium(tier) && status === "active";
}

/**
 * The tier a stored subscription gives now (issue 6, cancel at period end, spec §1): a premium
 * subscription that was canceled keeps premium until its period end and reads as free from then
 * on, even before (or without) the provider saying so, so no screen ever shows a stale premium.
 * `end` is the period end (a Date, an ISO string, or null when unknown: then the stored tier
 * stands). Every other combination answers the stored tier.
 */
export function effectiveTier(
  tier: "free" | "premium",
  status: string | null | undefined,
  end: Date | string | null | undefined,
  now: Date = new Date(),
): "free" | "premium" {
  if (tier !== "premium" || status !== "canceled" || end == null) return tier;
  const endMs = typeof end === "string" ? Date.parse(end) : end.getTime();
  return Number.isFinite(endMs) && endMs <= now.getTime() ? "free" : tier;
}

/** "$29.99": the premium price of spec §9 (lib/constants PREMIUM_PRICE_CENTS), in US dollars. */
export const PREMIUM_PRICE_LABEL = `$${(PREMIUM_PRICE_CENTS / 100).toFixed(2)}`;

/** Premium's features as the upgrade view lists them (spec §9 "Subscription and accounts"). */
export const PREMIUM_FEATURES = [
  "Advanced analytics",
  "Client insights",
  "Performance tracking",
  "Priority support",
  "Enhanced features",
] as const;

/** The spec's toasts of the subscription flow (spec §4, §8), verbatim. */
export const BILLING_TOASTS = {
  upgraded: { title: "Welcome to Premium!", message: "Your Premium subscription is active." },
  subscribeFailed: { title: "Payment Error", message: "Failed to create subscription. Please try again." },
  cancelFailed: { title: "Cancellation Failed", message: "Failed to cancel subscription. Please try again." },
  canceled: { title: "Subscription Canceled", message: "Your subscription has been canceled successfully." },
} as const;

/**
 * Notices the dashboard shows after a billing form (the `billing` query parameter, so they work
 * without JavaScript): the spec's toasts and the cancel confirmation step.
 */
export const BILLING_NOTICES = ["payment-error", "canceled", "cancel-failed", "confirm-cancel"] as const;
/** One of BILLING_NOTICES. */
export type BillingNotice = (typeof BILLING_NOTICES)[number];

/** The billing notice named by a query parameter value, or null for anything else. */
export function billingNoticeOf(value: string | null | undefined): BillingNotice | null {
  return (BILLING_NOTICES as readonly string[]).includes(value ?? "") ? (value as BillingNotice) : null;
}

/** How long a checkout of the test-payments provider stays payable: 30 minutes, in milliseconds. */
export const TEST_CHECKOUT_TTL_MS = 30 * 60 * 1000;
