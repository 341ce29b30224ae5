/**
 * The one place a subscription changes (issue 6 "Billing"): Stripe's webhooks, Stripe cancel and
 * the test-payments provider all call applySubscriptionChange, so both providers drive the same
 * state changes. A webhook event is recorded in stripe_events in the same transaction as its
 * change, so an event Stripe sends again is applied once.
 */

import { and, eq, isNull, or } from "drizzle-orm";
import type { SubscriptionStatus, SubscriptionTier } from "../../lib/account.ts";
import { isUuid } from "../../lib/ids.ts";
import type { Db } from "../db/client.ts";
import { stripeEvents, users } from "../db/schema.ts";

/** A database handle or an open transaction. */
export type Executor = Pick<Db, "select" | "insert" | "update">;

/** What changes on the user; absent fields stay as they are. Dates are the billing period's bounds. */
export interface SubscriptionChange {
  tier?: SubscriptionTier;
  status?: SubscriptionStatus;
  /** The provider's subscription id (Stripe's sub_…, the test provider's test_sub_…). */
  subscriptionId?: string;
  customerId?: string;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
}

/** The change a paid checkout makes (checkout.session.completed, a paid test checkout). */
export function premiumStarted(
  subscriptionId: string,
  periodStart: Date | null,
  periodEnd: Date | null,
  customerId?: string,
): SubscriptionChange {
  return {
    tier: "premium",
    status: "active",
    subscriptionId,
    customerId,
    periodStart,
    periodEnd,
    cancelAtPeriodEnd: false,
  };
}

/**
 * Applies `change` to user `userId`. With `onlySubscription`, only while the user's stored
 * subscription is that one or none (an old subscription's late event never touches a newer
 * one). `now` stamps updatedAt (the billing service's clock; default the real time). Answers
 * true when the user row was updated.
 */
export async function applySubscriptionChange(
  tx: Executor,
  userId: string,
  change: SubscriptionChange,
  options: { onlySubscription?: string; now?: Date } = {},
): Promise<boolean> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: options.now ?? new Date() };
  if (change.tier !== undefined) set.subscriptionTier = change.tier;
  if (change.status !== undefined) set.subscriptionStatus = change.status;
  if (change.subscriptionId !== undefined) set.stripeSubscriptionId = change.subscriptionId;
  if (change.customerId !== undefined) set.stripeCustomerId = change.customerId;
  if (change.periodStart !== undefined) set.subscriptionStartDate = change.periodStart;
  if (change.periodEnd !== undefined) set.subscriptionEndDate = change.periodEnd;
  if (change.cancelAtPeriodEnd !== undefined) set.subscriptionCancelAtPeriodEnd = change.cancelAtPeriodEnd;
  const where = options.onlySubscription
    ? and(
        eq(users.id, userId),
        or(isNull(users.stripeSubscriptionId), eq(users.stripeSubscriptionId, options.onlySubscription)),
      )
    : eq(users.id, userId);
  const rows = await tx.update(users).set(set).where(where).returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Records a webhook event as applied; answers false when it was already recorded (Stripe sent
 * it again). Call inside the transaction that applies the event.
 */
export async function recordEventOnce(tx: Executor, event: { id: string; type: string }): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/**
 * The user an event is about: by our user id (client_reference_id or metadata.userId, when it is
 * a UUID of an existing user), else by the stored subscription id, else by the Stripe customer
 * id. Null when none matches.
 */
export async function findBillingUser(
  tx: Executor,
  keys: { userId?: string | null; subscriptionId?: string | null; customerId?: string | null },
): Promise<string | null> {
  const tries = [
    keys.userId && isUuid(keys.userId) ? eq(users.id, keys.userId) : null,
    keys.subscriptionId ? eq(users.stripeSubscriptionId, keys.subscriptionId) : null,
    keys.customerId ? eq(users.stripeCustomerId, keys.customerId) : null,
  ];
  for (const where of tries) {
    if (!where) continue;
    const [row] = await tx.select({ id: users.id }).from(users).where(where).limit(1);
    if (row) return row.id;
  }
  return null;
}
