/**
 * Subscription display rules shared by the dashboard and the API docs (spec §4 "Subscription").
 */
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
