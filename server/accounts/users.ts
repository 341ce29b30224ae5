/**
 * The public shape of a user row (issue 3 "API": a `user` never contains the password hash or
 * any token) and the email normal form used for storage and comparison.
 */
import type { PublicUser, SubscriptionStatus, SubscriptionTier, UserRole } from "../../lib/account.ts";
import { effectiveTier } from "../../lib/subscription.ts";
import type { users } from "../db/schema.ts";

/** A full users row as Drizzle selects it (includes the password hash and Stripe ids). */
export type UserRow = typeof users.$inferSelect;

/**
 * Picks the public fields of a users row, field by field, so a column added to the table later
 * never leaks by default. Dates become ISO 8601 strings. The tier is the one the subscription
 * gives at `now` (the accounts service passes its clock's time; default the real time): a
 * canceled premium past its period end reads as free (issue 6, lib/subscription.ts).
 */
export function toPublicUser(row: UserRow, now: Date = new Date()): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as UserRole,
    isVerified: row.isVerified,
    lawyerId: row.lawyerId,
    businessName: row.businessName,
    businessDescription: row.businessDescription,
    businessPhone: row.businessPhone,
    businessAddress: row.businessAddress,
    businessWebsite: row.businessWebsite,
    profileImageUrl: row.profileImageUrl,
    subscriptionStatus: row.subscriptionStatus as SubscriptionStatus,
    subscriptionTier: effectiveTier(
      row.subscriptionTier as SubscriptionTier,
      row.subscriptionStatus,
      row.subscriptionEndDate,
      now,
    ),
    subscriptionStartDate: row.subscriptionStartDate?.toISOString() ?? null,
    subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An email's stored and compared form: trimmed and lowercased ("  Ann@X.org " → "ann@x.org"). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
