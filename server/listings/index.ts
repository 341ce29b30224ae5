/**
 * Lawyer onboarding (issue 3 "Lawyer onboarding"; spec §1 "Lawyers can sign up, have a
 * dashboard"): a lawyer account links to a listing, either by claiming the listing whose contact
 * email is its own after proving the address with an emailed link, or by creating a new one
 * (pending verification); the linked lawyer edits the business fields of spec §3 and uploads a
 * logo. Plain functions over the database, the mailer and the rate limits, shared by the API
 * (server/api/listings.ts) and the dashboard's pages (through `services.listings`).
 *
 * Security review of issue 3: a new listing shows the account's email (also in its JSON-LD), so
 * creating one needs a proven address (users.is_verified, set by an emailed single-use link, or
 * by claiming); emails to an address the account has not proven carry no text the account chose;
 * listing writes (create, edit, logo) are limited per account ('listing-write').
 *
 * After every write to `lawyers` the search caches of this process are invalidated (and a new
 * name, firm or city joins the search vocabulary, search-sync.ts), so the public profile, the API
 * and the search answer the new values at once (other instances within a second through
 * search_state.version; docs/search.md "Caching").
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, CLAIM_TOKEN_TTL_MS, type PublicUser } from "../../lib/account.ts";
import { isLawyerId } from "../../lib/ids.ts";
import {
  type ClaimCandidate,
  LISTING_MESSAGES,
  type ListingOwnerView,
  type OwnedListing,
} from "../../lib/listing-owner.ts";
import {
  fieldErrorsOf,
  internationalPhone,
  LISTING_FIELD_MESSAGES,
  type ListingCreateInput,
  ListingCreateSchema,
  type ListingUpdateInput,
  ListingUpdateSchema,
} from "../../lib/listing-owner-schema.ts";
import type { RequestMeta } from "../accounts/service.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { emailVerifications, lawyerLogos, lawyers, listingClaims, users } from "../db/schema.ts";
import type { Mailer } from "../email/mailer.ts";
import type { Logger } from "../logger.ts";
import { invalidateSearchCaches } from "../search/index.ts";
import { RateLimitedError, type RateLimits } from "../security/rate-limit.ts";
import { hashToken, newToken } from "../security/tokens.ts";
import { countryName } from "../seed/countries.ts";
import { ListingError } from "./errors.ts";
import { processLogo } from "./logo.ts";
import { countryOptions, lookUpCity } from "./places.ts";
import { searchDataChanged, syncSearchVocabulary } from "./search-sync.ts";

export { ListingError } from "./errors.ts";

/** What the listings service needs from the process. */
export interface ListingsDeps {
  db: Db;
  mailer: Pick<Mailer, "send">;
  rateLimits: Pick<RateLimits, "consume">;
  logger: Logger;
  config: Config;
}

/** A stored logo as GET /media/logos/{lawyerId} serves it. */
export interface StoredLogo {
  content: Buffer;
  contentType: string;
  byteSize: number;
  etag: string;
  updatedAt: Date;
}

/** Subject of the claim email. */
export const CLAIM_EMAIL_SUBJECT = "Confirm your LexAtlas listing";
/** Subject of the email that proves an account's address before it creates a listing. */
export const VERIFY_EMAIL_SUBJECT = "Verify your email address for LexAtlas";

/**
 * The listings domain functions, bound to the process's database, mailer and rate limits. Every
 * method takes the signed-in user as the session lookup gave it and re-reads the account's row,
 * so a link made by another request is seen.
 */
export interface ListingsService {
  /**
   * What the dashboard's "My listing" shows (ListingOwnerView): `client` for a client account;
   * `linked` with the listing for a linked lawyer; `claimable` with the unlinked listing whose
   * email equals the account's (any letter case) and when a working link was last sent; else
   * `create` with the country options.
   */
  ownerView(user: PublicUser): Promise<ListingOwnerView>;
  /**
   * Emails a single-use link `${meta.origin}/claim-listing?token=…` (32 random bytes, base64url;
   * stored as its SHA-256; works CLAIM_TOKEN_TTL_MS) to the account's address, which is the
   * listing's. Answers the claimable view with `claimSentAt` set.
   * @throws ListingError 403 not a lawyer account; 409 already linked; 404 no claimable listing;
   *   429 (with retryAfterSeconds) past the 'claim-ip' limit for meta.ip
   */
  requestClaim(user: PublicUser, meta: RequestMeta): Promise<ListingOwnerView>;
  /**
   * Links the account to the listing of a claim token sent to this same account: sets
   * users.lawyer_id, users.is_verified = true and mirrors the listing into the business fields;
   * the token is used up. Answers the linked view.
   * @throws ListingError 400 unknown, used or expired token, a token of another account, or a
   *   listing whose email changed since; 403 not a lawyer account; 409 the account is already
   *   linked or another account has linked the listing
   */
  confirmClaim(user: PublicUser, token: string): Promise<ListingOwnerView>;
  /**
   * Emails a single-use link `${meta.origin}/claim-listing?verify=…` (32 random bytes, base64url;
   * stored as its SHA-256 in email_verifications with the address; works CLAIM_TOKEN_TTL_MS) to
   * the account's address, which a lawyer account must prove before it creates a listing
   * (security review of issue 3). Shares the 'claim-ip' limit with claim links. Answers the
   * owner view (`create` with `verificationSentAt` set, unless a listing can be claimed).
   * @throws ListingError 403 not a lawyer account; 409 already linked, or the email is already
   *   verified; 429 (with retryAfterSeconds) past the 'claim-ip' limit for meta.ip
   */
  requestEmailVerification(user: PublicUser, meta: RequestMeta): Promise<ListingOwnerView>;
  /**
   * Marks the account's email verified (users.is_verified = true) with a token of
   * requestEmailVerification sent to this same account and its current address; the token is used
   * up. Answers the owner view (`create` with `emailVerified`).
   * @throws ListingError 400 unknown, used or expired token, a token of another account, or one
   *   sent to another address; 403 not a lawyer account
   */
  confirmEmailVerification(user: PublicUser, token: string): Promise<ListingOwnerView>;
  /**
   * Creates a listing for a lawyer account without one (email = the account's, verified false,
   * verification_status 'pending', rating 0, 0 reviews), links it and mirrors it into the
   * account's business fields. The account's email must be verified first (users.is_verified;
   * security review of issue 3: the listing shows the address). `input` is the raw payload; it
   * is validated with ListingCreateSchema. Counts one 'listing-write' for the account. Answers
   * the linked view.
   * @throws ListingError 400 invalid input (with `fields`); 403 not a lawyer account, or
   *   `verifyEmailFirst` while the email is not verified; 409 already linked, or a listing with
   *   the account's email exists (claim it instead); 429 past the 'listing-write' limit
   */
  createListing(user: PublicUser, input: unknown): Promise<ListingOwnerView>;
  /**
   * Changes the given business fields of the account's listing (ListingUpdateSchema; the phone
   * must be valid for the listing's country) and mirrors them into the account. Counts one
   * 'listing-write' for the account (after the input is valid). Answers the linked view.
   * @throws ListingError 400 invalid input (with `fields`); 403 not a lawyer account; 404 no
   *   linked listing; 429 past the 'listing-write' limit
   */
  updateListing(user: PublicUser, input: unknown): Promise<ListingOwnerView>;
  /**
   * Stores an uploaded logo (checked by content, re-encoded as WebP within 256 × 256, see
   * processLogo) for the account's listing and points lawyers.business_logo at
   * `/media/logos/{id}?v={etag}`. Counts one 'listing-write' for the account before the image is
   * decoded. Answers the linked view.
   * @throws ListingError 403 not a lawyer account; 404 no linked listing; 413 larger than 2 MB;
   *   422 not a JPEG, PNG, WebP or GIF image, or more than 4096 × 4096 pixels; 429 past the
   *   'listing-write' limit
   */
  setLogo(user: PublicUser, bytes: Uint8Array): Promise<ListingOwnerView>;
  /** The stored logo of a listing, or null when it has none (or the id is not a valid id). */
  getLogo(lawyerId: number): Promise<StoredLogo | null>;
}

/** Escapes text for HTML element content and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An email with a text part and an HTML part, as the mailer sends it. */
interface LinkEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * An email with one link to an address the account has not proven yet (claim and verification
 * links). It greets no one by name and contains no text the account chose (security review of
 * issue 3: a sign-up's first name, 100 characters with line breaks, went to a stranger's inbox):
 * it says that someone signed up with this address and asked for `asked`, and tells a reader who
 * did not to ignore the email. Plain text with the link on a line of its own, and the same in
 * HTML (escaped) with a button-like link labelled `button`.
 */
function linkEmail(p: {
  to: string;
  subject: string;
  asked: string;
  action: string;
  button: string;
  link: string;
  hours: number;
  unchanged: string;
}): LinkEmail {
  const someone = `Someone signed up on LexAtlas with this address (${p.to}) and ${p.asked}`;
  const when = `The link works for ${p.hours} hours, once, while signed in to the account that asked for it.`;
  const ignore = `If it wasn't you, ignore this email: ${p.unchanged}`;
  return {
    to: p.to,
    subject: p.subject,
    text: [
      "Hello,",
      "",
      someone,
      "",
      `If it was you, open this link to ${p.action}:`,
      p.link,
      "",
      when,
      ignore,
      "",
      "LexAtlas",
    ].join("\n"),
    html: [
      "<p>Hello,</p>",
      `<p>${escapeHtml(someone)}</p>`,
      `<p>${escapeHtml(`If it was you, use this link to ${p.action}:`)}</p>`,
      `<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:10px 16px;background:#1864ab;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(p.button)}</a></p>`,
      `<p>${escapeHtml(when)}<br>${escapeHtml(ignore)}</p>`,
      "<p>LexAtlas</p>",
    ].join("\n"),
  };
}

/**
 * The claim email (issue 3) to the listing's address `to`, which the account has not proven yet:
 * a neutral greeting, the listing described by `listing` ("Name, Firm, Location": the listing's
 * own text, not the account's) and the link, which works `hours` hours. No account-provided text
 * (linkEmail).
 */
export function claimEmail(p: { to: string; listing: string; link: string; hours: number }): LinkEmail {
  return linkEmail({
    to: p.to,
    subject: CLAIM_EMAIL_SUBJECT,
    asked: `asked to manage the listing "${p.listing}", which uses this address as its contact email.`,
    action: "confirm that this listing is yours",
    button: "Confirm that this listing is mine",
    link: p.link,
    hours: p.hours,
    unchanged: "nothing changes, and the listing stays as it is.",
  });
}

/**
 * The verification email (security review of issue 3) to the account's address `to` before it
 * may create a listing showing that address: a neutral greeting and the link, which works `hours`
 * hours. No account-provided text (linkEmail).
 */
export function verifyEmail(p: { to: string; link: string; hours: number }): LinkEmail {
  return linkEmail({
    to: p.to,
    subject: VERIFY_EMAIL_SUBJECT,
    asked:
      "asked to create a listing in the LexAtlas directory that shows this address as its contact email.",
    action: "verify the address",
    button: "Verify my email address",
    link: p.link,
    hours: p.hours,
    unchanged: "no listing is created with this address.",
  });
}

/** SHA-256 hex of a claim or verification token, as stored in listing_claims.token and email_verifications.token. */
export const hashClaimToken = hashToken;

/** Columns of a listing its owner edits. */
const ownedColumns = {
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
  businessAddress: lawyers.businessAddress,
  website: lawyers.website,
  workingHours: lawyers.workingHours,
  experience: lawyers.experience,
  rating: lawyers.rating,
  reviewCount: lawyers.reviewCount,
  verified: lawyers.verified,
  verificationStatus: lawyers.verificationStatus,
  businessLogo: lawyers.businessLogo,
  imageUrl: lawyers.imageUrl,
};

type OwnedRow = {
  [K in keyof typeof ownedColumns]: (typeof ownedColumns)[K]["_"]["data"] | null;
};

function toOwnedListing(r: OwnedRow): OwnedListing {
  return {
    id: Number(r.id),
    name: r.name ?? "",
    firm: r.firm ?? "",
    email: r.email ?? "",
    phone: r.phone ?? "",
    location: r.location ?? "",
    country: r.country ?? "",
    countryCode: r.countryCode ?? "",
    state: r.state ?? null,
    city: r.city ?? "",
    bio: r.bio ?? "",
    practiceAreas: r.practiceAreas ?? [],
    businessAddress: r.businessAddress ?? null,
    website: r.website ?? null,
    workingHours: r.workingHours ?? null,
    experience: Number(r.experience ?? 0),
    rating: Number(r.rating ?? 0),
    reviewCount: Number(r.reviewCount ?? 0),
    verified: Boolean(r.verified),
    verificationStatus: (r.verificationStatus ?? "unverified") as OwnedListing["verificationStatus"],
    logoUrl: r.businessLogo ?? r.imageUrl ?? null,
    profilePath: `/lawyer/${r.id}`,
  };
}

/** The account's business fields mirroring a listing (spec §3 "User": businessName …). */
function businessFieldsOf(l: {
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
    businessPhone: l.phone || null,
    businessAddress: l.businessAddress,
    businessWebsite: l.website,
  };
}

/** True when a database error is a unique violation (23505), through Drizzle's wrapper. */
function isUniqueViolation(err: unknown): boolean {
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
const LISTING_EMAIL_LOCK_KEY = 0x1e4a7_1a7;

/** Creates the listings service (see ListingsService). */
export function createListingsService({ db, mailer, rateLimits, logger }: ListingsDeps): ListingsService {
  /** The account's current row (role, email, link), or a 403 when it is gone. */
  async function account(user: PublicUser) {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        lawyerId: users.lawyerId,
        isVerified: users.isVerified,
      })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    const row = rows[0];
    if (!row) throw new ListingError(403, LISTING_MESSAGES.lawyersOnly);
    return row;
  }

  /** The account's row when it is a lawyer account. */
  async function lawyerAccount(user: PublicUser) {
    const row = await account(user);
    if (row.role !== "lawyer") throw new ListingError(403, LISTING_MESSAGES.lawyersOnly);
    return row;
  }

  async function ownedListing(lawyerId: number): Promise<OwnedListing | null> {
    const rows = await db.select(ownedColumns).from(lawyers).where(eq(lawyers.id, lawyerId)).limit(1);
    return rows[0] ? toOwnedListing(rows[0]) : null;
  }

  async function linkedView(lawyerId: number): Promise<ListingOwnerView> {
    const listing = await ownedListing(lawyerId);
    if (!listing) throw new ListingError(404, LISTING_MESSAGES.noListing);
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
          gt(listingClaims.expiresAt, new Date()),
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
          gt(emailVerifications.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(emailVerifications.createdAt))
      .limit(1);
    return rows[0]?.createdAt ?? null;
  }

  /** Counts one attempt under `name`; past the limit a ListingError 429 with `message`. */
  async function limit(name: "claim-ip" | "listing-write", key: string, message: string): Promise<void> {
    try {
      await rateLimits.consume(name, key);
    } catch (err) {
      if (err instanceof RateLimitedError) {
        throw new ListingError(429, message, undefined, err.retryAfterSeconds);
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

  const service: ListingsService = {
    async ownerView(user) {
      const acct = await account(user).catch(() => null);
      if (acct?.role !== "lawyer") return { kind: "client" };
      if (acct.lawyerId !== null) {
        const listing = await ownedListing(acct.lawyerId);
        if (listing) return { kind: "linked", listing };
      }
      const candidate = await claimCandidate(acct.email);
      if (candidate) {
        const sent = await lastClaimSent(acct.id, candidate.id);
        return { kind: "claimable", email: acct.email, candidate, claimSentAt: sent?.toISOString() ?? null };
      }
      const sent = acct.isVerified ? null : await lastVerificationSent(acct.id, acct.email);
      return {
        kind: "create",
        email: acct.email,
        countries: countryOptions(),
        emailVerified: acct.isVerified,
        verificationSentAt: sent?.toISOString() ?? null,
      };
    },

    async requestClaim(user, meta) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId !== null) throw new ListingError(409, LISTING_MESSAGES.alreadyLinked);
      const candidate = await claimCandidate(acct.email);
      if (!candidate) throw new ListingError(404, LISTING_MESSAGES.claimNoCandidate);
      await limit("claim-ip", meta.ip, ACCOUNT_MESSAGES.tooMany);
      const token = newToken();
      const now = new Date();
      await db.insert(listingClaims).values({
        userId: acct.id,
        lawyerId: candidate.id,
        token: hashClaimToken(token),
        expiresAt: new Date(now.getTime() + CLAIM_TOKEN_TTL_MS),
        createdAt: now,
      });
      const link = `${meta.origin}/claim-listing?${new URLSearchParams({ token })}`;
      const hours = Math.round(CLAIM_TOKEN_TTL_MS / 3_600_000);
      const what = [candidate.name, candidate.firm, candidate.location].filter(Boolean).join(", ");
      await mailer.send(claimEmail({ to: acct.email, listing: what, link, hours }));
      logger.info({ userId: acct.id, lawyerId: candidate.id }, "listing claim link sent");
      return { kind: "claimable", email: acct.email, candidate, claimSentAt: now.toISOString() };
    },

    async confirmClaim(user, token) {
      const acct = await lawyerAccount(user);
      if (typeof token !== "string" || token.trim() === "" || token.length > 200) {
        throw new ListingError(400, LISTING_MESSAGES.claimInvalid);
      }
      const rows = await db
        .select()
        .from(listingClaims)
        .where(eq(listingClaims.token, hashClaimToken(token.trim())))
        .limit(1);
      const claim = rows[0];
      if (!claim) throw new ListingError(400, LISTING_MESSAGES.claimInvalid);
      if (claim.userId !== acct.id) throw new ListingError(400, LISTING_MESSAGES.claimOtherUser);
      if (claim.usedAt) throw new ListingError(400, LISTING_MESSAGES.claimUsed);
      if (claim.expiresAt.getTime() <= Date.now()) throw new ListingError(400, LISTING_MESSAGES.claimExpired);
      if (acct.lawyerId !== null) throw new ListingError(409, LISTING_MESSAGES.alreadyLinked);
      try {
        await db.transaction(async (tx) => {
          // Use the token up first: of two confirmations at once, only one gets the row.
          const used = await tx
            .update(listingClaims)
            .set({ usedAt: new Date() })
            .where(and(eq(listingClaims.id, claim.id), isNull(listingClaims.usedAt)))
            .returning({ id: listingClaims.id });
          if (used.length === 0) throw new ListingError(400, LISTING_MESSAGES.claimUsed);
          const listing = (
            await tx
              .select({
                id: lawyers.id,
                email: lawyers.email,
                name: lawyers.name,
                firm: lawyers.firm,
                bio: lawyers.bio,
                phone: lawyers.phone,
                businessAddress: lawyers.businessAddress,
                website: lawyers.website,
              })
              .from(lawyers)
              .where(eq(lawyers.id, claim.lawyerId))
              .limit(1)
          )[0];
          if (!listing || listing.email.trim().toLowerCase() !== acct.email.trim().toLowerCase()) {
            throw new ListingError(400, LISTING_MESSAGES.claimEmailChanged);
          }
          const taken = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.lawyerId, listing.id))
            .limit(1);
          if (taken.length > 0) throw new ListingError(409, LISTING_MESSAGES.listingTaken);
          const linked = await tx
            .update(users)
            .set({
              lawyerId: listing.id,
              isVerified: true,
              ...businessFieldsOf(listing),
              updatedAt: new Date(),
            })
            .where(and(eq(users.id, acct.id), isNull(users.lawyerId)))
            .returning({ id: users.id });
          if (linked.length === 0) throw new ListingError(409, LISTING_MESSAGES.alreadyLinked);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ListingError(409, LISTING_MESSAGES.listingTaken);
        throw err;
      }
      logger.info({ userId: acct.id, lawyerId: claim.lawyerId }, "listing claimed");
      return linkedView(claim.lawyerId);
    },

    async requestEmailVerification(user, meta) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId !== null) throw new ListingError(409, LISTING_MESSAGES.alreadyLinked);
      if (acct.isVerified) throw new ListingError(409, LISTING_MESSAGES.emailAlreadyVerified);
      await limit("claim-ip", meta.ip, ACCOUNT_MESSAGES.tooMany);
      const token = newToken();
      const now = new Date();
      await db.insert(emailVerifications).values({
        userId: acct.id,
        email: acct.email,
        token: hashClaimToken(token),
        expiresAt: new Date(now.getTime() + CLAIM_TOKEN_TTL_MS),
        createdAt: now,
      });
      const link = `${meta.origin}/claim-listing?${new URLSearchParams({ verify: token })}`;
      const hours = Math.round(CLAIM_TOKEN_TTL_MS / 3_600_000);
      await mailer.send(verifyEmail({ to: acct.email, link, hours }));
      logger.info({ userId: acct.id }, "email verification link sent");
      return service.ownerView(user);
    },

    async confirmEmailVerification(user, token) {
      const acct = await lawyerAccount(user);
      if (typeof token !== "string" || token.trim() === "" || token.length > 200) {
        throw new ListingError(400, LISTING_MESSAGES.claimInvalid);
      }
      const rows = await db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.token, hashClaimToken(token.trim())))
        .limit(1);
      const link = rows[0];
      if (!link) throw new ListingError(400, LISTING_MESSAGES.claimInvalid);
      if (link.userId !== acct.id) throw new ListingError(400, LISTING_MESSAGES.claimOtherUser);
      if (link.usedAt) throw new ListingError(400, LISTING_MESSAGES.claimUsed);
      if (link.expiresAt.getTime() <= Date.now()) throw new ListingError(400, LISTING_MESSAGES.claimExpired);
      if (link.email.trim().toLowerCase() !== acct.email.trim().toLowerCase()) {
        throw new ListingError(400, LISTING_MESSAGES.verifyEmailChanged);
      }
      await db.transaction(async (tx) => {
        // Use the token up first: of two confirmations at once, only one gets the row.
        const used = await tx
          .update(emailVerifications)
          .set({ usedAt: new Date() })
          .where(and(eq(emailVerifications.id, link.id), isNull(emailVerifications.usedAt)))
          .returning({ id: emailVerifications.id });
        if (used.length === 0) throw new ListingError(400, LISTING_MESSAGES.claimUsed);
        await tx
          .update(users)
          .set({ isVerified: true, updatedAt: new Date() })
          .where(and(eq(users.id, acct.id), sql`lower(${users.email}) = lower(${link.email})`));
      });
      logger.info({ userId: acct.id }, "email verified");
      return service.ownerView(user);
    },

    async createListing(user, input) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId !== null) throw new ListingError(409, LISTING_MESSAGES.alreadyLinked);
      if (!acct.isVerified) throw new ListingError(403, LISTING_MESSAGES.verifyEmailFirst);
      const parsed = ListingCreateSchema.safeParse(input);
      if (!parsed.success) {
        const raw = input as { countryCode?: unknown } | null;
        const code = typeof raw?.countryCode === "string" ? raw.countryCode.trim().toUpperCase() : "";
        throw invalid(parsed.error, input, countryName(code) ? code : null);
      }
      const v: ListingCreateInput = parsed.data;
      const country = countryName(v.countryCode);
      if (!country) {
        throw new ListingError(400, LISTING_FIELD_MESSAGES.countryCode, {
          countryCode: LISTING_FIELD_MESSAGES.countryCode,
        });
      }
      const phone = internationalPhone(v.phone, v.countryCode);
      if (!phone) {
        const message = LISTING_FIELD_MESSAGES.phoneInvalid(country);
        throw new ListingError(400, message, { phone: message });
      }
      await limit("listing-write", acct.id, LISTING_MESSAGES.tooManyWrites);
      const state = v.state ?? null;
      const place = lookUpCity(v.countryCode, v.city, state);
      let id: number;
      let vocabularyChanged = false;
      try {
        id = await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${LISTING_EMAIL_LOCK_KEY})`);
          if (await listedEmailExists(tx, acct.email))
            throw new ListingError(409, LISTING_MESSAGES.emailListed);
          const row = {
            name: v.name,
            firm: v.firm ?? "",
            email: acct.email,
            phone,
            location: [v.city, state, country].filter(Boolean).join(", ").slice(0, 255),
            country,
            countryCode: v.countryCode,
            state,
            city: v.city,
            latitude: place.latitude,
            longitude: place.longitude,
            timeZone: place.timeZone,
            experience: v.experience,
            rating: 0,
            reviewCount: 0,
            bio: v.bio ?? "",
            practiceAreas: v.practiceAreas,
            businessAddress: v.businessAddress ?? null,
            website: v.website ?? null,
            workingHours: v.workingHours ?? null,
            verified: false,
            verificationStatus: "pending",
          };
          const inserted = await tx.insert(lawyers).values(row).returning({ id: lawyers.id });
          const newId = inserted[0]?.id;
          if (newId === undefined) throw new Error("insert into lawyers returned no id");
          vocabularyChanged = await syncSearchVocabulary(
            tx,
            {},
            {
              name: row.name,
              firm: row.firm,
              practiceAreas: row.practiceAreas,
              place: { city: row.city, state, country, countryCode: row.countryCode },
            },
          );
          const linked = await tx
            .update(users)
            .set({ lawyerId: newId, ...businessFieldsOf(row), updatedAt: new Date() })
            .where(and(eq(users.id, acct.id), isNull(users.lawyerId)))
            .returning({ id: users.id });
          if (linked.length === 0) throw new ListingError(409, LISTING_MESSAGES.alreadyLinked);
          return newId;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ListingError(409, LISTING_MESSAGES.alreadyLinked);
        throw err;
      }
      searchDataChanged(db, vocabularyChanged);
      logger.info({ userId: acct.id, lawyerId: id }, "listing created");
      return linkedView(id);
    },

    async updateListing(user, input) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId === null) throw new ListingError(404, LISTING_MESSAGES.noListing);
      const current = await ownedListing(acct.lawyerId);
      if (!current) throw new ListingError(404, LISTING_MESSAGES.noListing);
      const parsed = ListingUpdateSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error, input, current.countryCode);
      const v: ListingUpdateInput = parsed.data;
      const patch: Partial<typeof lawyers.$inferInsert> = {};
      if (v.name !== undefined) patch.name = v.name;
      if (v.firm !== undefined) patch.firm = v.firm ?? "";
      if (v.bio !== undefined) patch.bio = v.bio ?? "";
      if (v.businessAddress !== undefined) patch.businessAddress = v.businessAddress;
      if (v.website !== undefined) patch.website = v.website;
      if (v.workingHours !== undefined) patch.workingHours = v.workingHours;
      if (v.practiceAreas !== undefined) patch.practiceAreas = v.practiceAreas;
      if (v.phone !== undefined) {
        const phone = internationalPhone(v.phone, current.countryCode);
        if (!phone) {
          const message = LISTING_FIELD_MESSAGES.phoneInvalid(current.country || current.countryCode);
          throw new ListingError(400, message, { phone: message });
        }
        patch.phone = phone;
      }
      await limit("listing-write", acct.id, LISTING_MESSAGES.tooManyWrites);
      const next = { ...current, ...patch };
      let vocabularyChanged = false;
      await db.transaction(async (tx) => {
        await tx
          .update(lawyers)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(lawyers.id, current.id));
        await tx
          .update(users)
          .set({ ...businessFieldsOf(next), updatedAt: new Date() })
          .where(eq(users.id, acct.id));
        vocabularyChanged = await syncSearchVocabulary(
          tx,
          { name: current.name, firm: current.firm, practiceAreas: current.practiceAreas },
          { name: next.name, firm: next.firm, practiceAreas: next.practiceAreas },
        );
      });
      searchDataChanged(db, vocabularyChanged);
      logger.info({ userId: acct.id, lawyerId: current.id, fields: Object.keys(patch) }, "listing updated");
      return linkedView(current.id);
    },

    async setLogo(user, bytes) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId === null) throw new ListingError(404, LISTING_MESSAGES.noListing);
      // Counted before the image is decoded: decoding is the expensive part.
      await limit("listing-write", acct.id, LISTING_MESSAGES.tooManyWrites);
      const logo = await processLogo(bytes);
      const lawyerId = acct.lawyerId;
      const url = `/media/logos/${lawyerId}?v=${logo.etag}`;
      await db.transaction(async (tx) => {
        const values = {
          content: logo.content,
          contentType: logo.contentType,
          byteSize: logo.byteSize,
          etag: logo.etag,
          updatedAt: new Date(),
        };
        await tx
          .insert(lawyerLogos)
          .values({ lawyerId, ...values })
          .onConflictDoUpdate({ target: lawyerLogos.lawyerId, set: values });
        await tx
          .update(lawyers)
          .set({ businessLogo: url, updatedAt: new Date() })
          .where(eq(lawyers.id, lawyerId));
      });
      invalidateSearchCaches(db);
      logger.info({ userId: acct.id, lawyerId, bytes: logo.byteSize }, "listing logo updated");
      return linkedView(lawyerId);
    },

    async getLogo(lawyerId) {
      if (!isLawyerId(lawyerId)) return null;
      const rows = await db
        .select({
          content: lawyerLogos.content,
          contentType: lawyerLogos.contentType,
          byteSize: lawyerLogos.byteSize,
          etag: lawyerLogos.etag,
          updatedAt: lawyerLogos.updatedAt,
        })
        .from(lawyerLogos)
        .where(eq(lawyerLogos.lawyerId, lawyerId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
  return service;
}

/** A 400 for a failed parse: the first field's message (or the form's) with every field's. */
/**
 * A 400 for a failed parse: the first field's message (or the form's) with every field's. When
 * the phone passed the schema's own checks, it is also checked against `country` (the listing's,
 * or the chosen one), so every problem of the form shows at once.
 */
function invalid(
  error: Parameters<typeof fieldErrorsOf>[0],
  input: unknown,
  country: string | null,
): ListingError {
  const { fields, form } = fieldErrorsOf(error);
  const phone = (input as { phone?: unknown } | null)?.phone;
  if (!fields.phone && country && typeof phone === "string" && phone.trim() !== "" && phone.length <= 50) {
    if (!internationalPhone(phone, country)) {
      fields.phone = LISTING_FIELD_MESSAGES.phoneInvalid(countryName(country) ?? country);
    }
  }
  const first = Object.values(fields)[0];
  return new ListingError(400, form ?? first ?? LISTING_MESSAGES.invalid, fields);
}
