/**
 * Subscription status as the dashboard and GET /api/stripe/subscription-status show it (spec §3
 * "Subscription status response", §4 "Subscription", §7; issue 6). Read from the user record,
 * which the webhooks and the test-payments provider keep right (server/billing/apply.ts), with
 * one rule applied on read so it is never stale: a canceled premium past its period end reads as
 * free (lib/subscription.ts effectiveTier).
 */
import { eq } from "drizzle-orm";
import type { SubscriptionStatus, SubscriptionTier } from "../../lib/account.ts";
import { effectiveTier } from "../../lib/subscription.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/** The subscription part of the answer; period bounds in epoch seconds (spec §3). */
export interface SubscriptionPeriod {
  status: SubscriptionStatus;
  current_period_start: number;
  current_period_end: number;
  /** True when the subscription ends at current_period_end and will not renew (issue 6). */
  cancel_at_period_end: boolean;
}

/** Answer of GET /api/stripe/subscription-status (spec §3). */
export interface SubscriptionStatusResponse {
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  stripeSubscription: SubscriptionPeriod | null;
}

/** Epoch seconds of a date (spec §3: "current_period_start and current_period_end (epoch seconds)"). */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * The columns of a user's stored subscription that decide its tier, as a drizzle selection
 * (`db.select({ ...TIER_COLUMNS })`): tier, status and period end (server/db/schema.ts users).
 */
export const TIER_COLUMNS = {
  tier: users.subscriptionTier,
  status: users.subscriptionStatus,
  end: users.subscriptionEndDate,
};

/**
 * The tier a row selected with TIER_COLUMNS has at `now`: its stored tier, except that a
 * canceled premium past its period end is free (spec §1; lib/subscription.ts effectiveTier).
 */
export function tierAt(row: { tier: string; status: string; end: Date | null }, now: Date): SubscriptionTier {
  return effectiveTier(row.tier as SubscriptionTier, row.status, row.end, now);
}

/**
 * Reads the subscription status of one user at `now` (the billing service passes its clock's
 * time; default the real time). Returns null when the user does not exist.
 * `stripeSubscription` is null unless both period dates are known.
 */
export async function getSubscriptionStatus(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<SubscriptionStatusResponse | null> {
  const [row] = await db
    .select({
      ...TIER_COLUMNS,
      start: users.subscriptionStartDate,
      cancelAtPeriodEnd: users.subscriptionCancelAtPeriodEnd,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const status = row.status as SubscriptionStatus;
  return {
    subscriptionTier: tierAt(row, now),
    subscriptionStatus: status,
    stripeSubscription:
      row.start && row.end
        ? {
            status,
            current_period_start: epochSeconds(row.start),
            current_period_end: epochSeconds(row.end),
            cancel_at_period_end: row.cancelAtPeriodEnd,
          }
        : null,
  };
}
