/**
 * Subscription status as the dashboard shows it (spec §3 "Subscription status response", §4
 * "Subscription", §7 GET /api/stripe/subscription-status). Until billing (issue 6) lands, the
 * status comes from the user record alone: a free account is `free`/`inactive` with no
 * subscription; a premium demo account carries its period dates.
 */
import { eq } from "drizzle-orm";
import type { SubscriptionStatus, SubscriptionTier } from "../../lib/account.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/** The subscription part of the answer; period bounds in epoch seconds (spec §3). */
export interface SubscriptionPeriod {
  status: SubscriptionStatus;
  current_period_start: number;
  current_period_end: number;
}

/** Answer of GET /api/stripe/subscription-status (spec §3). */
export interface SubscriptionStatusResponse {
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  stripeSubscription: SubscriptionPeriod | null;
}

/** Epoch seconds of a date (spec §3: "current_period_start and current_period_end (epoch seconds)"). */
function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * Reads the subscription status of one user. Returns null when the user does not exist.
 * `stripeSubscription` is null unless both period dates are known.
 */
export async function getSubscriptionStatus(
  db: Db,
  userId: string,
): Promise<SubscriptionStatusResponse | null> {
  const [row] = await db
    .select({
      tier: users.subscriptionTier,
      status: users.subscriptionStatus,
      start: users.subscriptionStartDate,
      end: users.subscriptionEndDate,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const tier = row.tier as SubscriptionTier;
  const status = row.status as SubscriptionStatus;
  return {
    subscriptionTier: tier,
    subscriptionStatus: status,
    stripeSubscription:
      row.start && row.end
        ? { status, current_period_start: epochSeconds(row.start), current_period_end: epochSeconds(row.end) }
        : null,
  };
}
