/**
 * The listings service's reads and shared steps (issue 3 "Lawyer onboarding"): the owner's
 * account, the owned listing and its mapping, claim candidates, the last links sent, the write
 * limits. Used by the claim (claims.ts) and editing (editing.ts) operations.
 */

import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { feeTermsOf } from "../../lib/fees.ts";
import { isGrammaticalGender } from "../../lib/grammatical-gender.ts";
import {
  type ClaimCandidate,
  LISTING_MESSAGES,
  type ListingOwnerView,
  type OwnedListing,
} from "../../lib/listing-owner.ts";
import { toE164 } from "../../lib/phone.ts";
import { specialistTitlesOf } from "../../lib/specialist-titles.ts";
import type { Db } from "../db/client.ts";
import { emailVerifications, lawyers, listingClaims, users } from "../db/schema.ts";
import { ForbiddenError, NotFoundError, RateLimitedError } from "../errors.ts";
import { listingIdentity } from "../search/dto.ts";
import { hashToken } from "../security/tokens.ts";
import type { ListingsDeps } from "./service.ts";

/** SHA-256 hex of a claim or verification token, as stored in listing_claims.token and email_verifications.token. */
export const hashClaimToken = hashToken;

/** Columns of a listing its owner edits. */
export const ownedColumns = {
  id: lawyers.id,
  name: lawyers.name,
  firm: lawyers.firm,
  email: lawyers.email,
  phone: lawyers.phone,
  location: lawyers.location,
  country: lawyers.country,
  countryCode: lawyers.countryCode,
  state: lawyers.state,
  city: lawyers.city,
  bio: lawyers.bio,
  practiceAreas: lawyers.practiceAreas,
  languages: lawyers.languages,
  businessAddress: lawyers.businessAddress,
  website: lawyers.website,
  workingHours: lawyers.workingHours,
  grammaticalGender: lawyers.grammaticalGender,
  latitude: lawyers.latitude,
  longitude: lawyers.longitude,
  experience: lawyers.experience,
  rating: lawyers.rating,
  reviewCount: lawyers.reviewCount,
  verified: lawyers.verified,
  verificationStatus: lawyers.verificationStatus,
  businessLogo: lawyers.businessLogo,
  imageUrl: lawyers.imageUrl,
  freeConsultation: lawyers.freeConsultation,
  consultationMinutes: lawyers.consultationMinutes,
  feeModels: lawyers.feeModels,
  specialistTitles: lawyers.specialistTitles,
};

type OwnedRow = {
  [K in keyof typeof ownedColumns]: (typeof ownedColumns)[K]["_"]["data"] | null;
};

/**
 * Maps a row of ownedColumns to the owner's view of the listing (lib/listing-owner.ts
 * OwnedListing): identity and place as every view shows them (server/search/dto.ts
 * listingIdentity), the logo (uploaded, else the demo image) and the public profile's path.
 */
export function toOwnedListing(r: OwnedRow): OwnedListing {
  return {
    ...listingIdentity(r),
    bio: r.bio ?? "",
    practiceAreas: r.practiceAreas ?? [],
    languages: r.languages ?? [],
    businessAddress: r.businessAddress ?? null,
    website: r.website ?? null,
    workingHours: r.workingHours ?? null,
    grammaticalGender: isGrammaticalGender(r.grammaticalGender) ? r.grammaticalGender : null,
    latitude: r.latitude === null || r.latitude === undefined ? null : Number(r.latitude),
    longitude: r.longitude === null || r.longitude === undefined ? null : Number(r.longitude),
    experience: Number(r.experience ?? 0),
    rating: Number(r.rating ?? 0),
    reviewCount: Number(r.reviewCount ?? 0),
    verified: Boolean(r.verified),
    verificationStatus: (r.verificationStatus ?? "unverified") as OwnedListing["verificationStatus"],
    logoUrl: r.businessLogo ?? r.imageUrl ?? null,
    profilePath: `/lawyer/${r.id}`,
    fees: feeTermsOf(r),
    specialistTitles: specialistTitlesOf(r.specialistTitles),
  };
}

/**
 * The account's business fields mirroring a listing (spec §3 "User": businessName …); the
 * business phone in E.164 as every stored phone of an account (issue 14 §2; the listing keeps
 * its international form).
 */
export function businessFieldsOf(l: {
  name: string;
  firm: string | null;
  bio: string | null;
  phone: string | null;
  businessAddress: string | null;
  website: string | null;
}) {
  return {
    businessName: (l.firm || l.name).slice(0, 255),
    businessDescription: l.bio || null,
    businessPhone: l.phone ? (toE164(l.phone) ?? l.phone) : null,
    businessAddress: l.businessAddress,
    businessWebsite: l.website,
  };
}

/** True when a database error is a unique violation (23505), through Drizzle's wrapper. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Advisory lock key held while a listing's email is checked and a listing inserted: the same key
 * as the import (server/seed/import.ts IMPORT_LOCK_KEY), so an import and a new listing cannot
 * both list one email.
 */
export const LISTING_EMAIL_LOCK_KEY = 0x1e4a7_1a7;

/** The shared reads and steps of the listings service, over `deps`. */
export function createListingStore({
  db,
  rateLimits,
  clock,
}: Pick<ListingsDeps, "db" | "rateLimits" | "clock">) {
  /** The account's current row (role, email, link), or a 403 when it is gone. */
  async function account(user: PublicUser) {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        lawyerId: users.lawyerId,
        isVerified: users.isVerified,
        // The account's language: its claim and verification emails are written in it.
        locale: users.locale,
      })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    const row = rows[0];
    if (!row) throw new ForbiddenError(LISTING_MESSAGES.lawyersOnly);
    return row;
  }

  /** The account's row when it is a lawyer account. */
  async function lawyerAccount(user: PublicUser) {
    const row = await account(user);
    if (row.role !== "lawyer") throw new ForbiddenError(LISTING_MESSAGES.lawyersOnly);
    return row;
  }

  async function ownedListing(lawyerId: number): Promise<OwnedListing | null> {
    const rows = await db.select(ownedColumns).from(lawyers).where(eq(lawyers.id, lawyerId)).limit(1);
    return rows[0] ? toOwnedListing(rows[0]) : null;
  }

  async function linkedView(lawyerId: number): Promise<ListingOwnerView> {
    const listing = await ownedListing(lawyerId);
    if (!listing) throw new NotFoundError(LISTING_MESSAGES.noListing);
    return { kind: "linked", listing };
  }

  /** The lowest-id listing with this email (any case) that no account has linked. */
  async function claimCandidate(email: string): Promise<ClaimCandidate | null> {
    const rows = await db
      .select({
        id: lawyers.id,
        name: lawyers.name,
        firm: lawyers.firm,
        city: lawyers.city,
        country: lawyers.country,
        location: lawyers.location,
      })
      .from(lawyers)
      .where(
        and(
          sql`lower(${lawyers.email}) = lower(${email})`,
          sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.lawyerId} = ${lawyers.id})`,
        ),
      )
      .orderBy(lawyers.id)
      .limit(1);
    return rows[0] ?? null;
  }

  /** When a link for this account and listing that still works was last sent, or null. */
  async function lastClaimSent(userId: string, lawyerId: number): Promise<Date | null> {
    const rows = await db
      .select({ createdAt: listingClaims.createdAt })
      .from(listingClaims)
      .where(
        and(
          eq(listingClaims.userId, userId),
          eq(listingClaims.lawyerId, lawyerId),
          isNull(listingClaims.usedAt),
          gt(listingClaims.expiresAt, clock.now()),
        ),
      )
      .orderBy(desc(listingClaims.createdAt))
      .limit(1);
    return rows[0]?.createdAt ?? null;
  }

  /** When a verification link for this account and address that still works was last sent, or null. */
  async function lastVerificationSent(userId: string, email: string): Promise<Date | null> {
    const rows = await db
      .select({ createdAt: emailVerifications.createdAt })
      .from(emailVerifications)
      .where(
        and(
          eq(emailVerifications.userId, userId),
          eq(emailVerifications.email, email),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, clock.now()),
        ),
      )
      .orderBy(desc(emailVerifications.createdAt))
      .limit(1);
    return rows[0]?.createdAt ?? null;
  }

  /** Counts one attempt under `name`; past the limit a RateLimitedError with `message`. */
  async function limit(name: "claim-ip" | "listing-write", key: string, message: string): Promise<void> {
    try {
      await rateLimits.consume(name, key);
    } catch (err) {
      if (err instanceof RateLimitedError) {
        throw new RateLimitedError(message, err.retryAfterSeconds);
      }
      throw err;
    }
  }

  async function listedEmailExists(executor: Pick<Db, "execute">, email: string): Promise<boolean> {
    const { rows } = await executor.execute<{ id: number }>(
      sql`SELECT id FROM lawyers WHERE lower(email) = lower(${email}) LIMIT 1`,
    );
    return rows.length > 0;
  }

  return {
    account,
    lawyerAccount,
    ownedListing,
    linkedView,
    claimCandidate,
    lastClaimSent,
    lastVerificationSent,
    limit,
    listedEmailExists,
  };
}

/** The shared reads and steps (see createListingStore). */
export type ListingStore = ReturnType<typeof createListingStore>;
