import type { PublicUser } from "../../lib/account.ts";
import type { ListingOwnerView } from "../../lib/listing-owner.ts";
import type { RequestMeta } from "../accounts/service.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../email/mailer.ts";
import type { Logger } from "../logger.ts";
import type { RateLimits } from "../security/rate-limit.ts";

/** What the listings service needs from the process. */
export interface ListingsDeps {
  db: Db;
  /** Decides claim and verification link expiry and stamps changes (server/clock.ts). */
  clock: Clock;
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
   * @throws ForbiddenError not a lawyer account; 409 already linked; 404 no claimable listing;
   *   429 (with retryAfterSeconds) past the 'claim-ip' limit for meta.ip
   */
  requestClaim(user: PublicUser, meta: RequestMeta): Promise<ListingOwnerView>;
  /**
   * Links the account to the listing of a claim token sent to this same account: sets
   * users.lawyer_id, users.is_verified = true and mirrors the listing into the business fields;
   * the token is used up. Answers the linked view.
   * @throws ValidationError unknown, used or expired token, a token of another account, or a
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
   * @throws ForbiddenError not a lawyer account; 409 already linked, or the email is already
   *   verified; 429 (with retryAfterSeconds) past the 'claim-ip' limit for meta.ip
   */
  requestEmailVerification(user: PublicUser, meta: RequestMeta): Promise<ListingOwnerView>;
  /**
   * Marks the account's email verified (users.is_verified = true) with a token of
   * requestEmailVerification sent to this same account and its current address; the token is used
   * up. Answers the owner view (`create` with `emailVerified`).
   * @throws ValidationError unknown, used or expired token, a token of another account, or one
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
   * @throws ValidationError invalid input (with `fieldErrors`); 403 not a lawyer account, or
   *   `verifyEmailFirst` while the email is not verified; 409 already linked, or a listing with
   *   the account's email exists (claim it instead); 429 past the 'listing-write' limit
   */
  createListing(user: PublicUser, input: unknown): Promise<ListingOwnerView>;
  /**
   * Changes the given business fields of the account's listing (ListingUpdateSchema; the phone
   * must be valid for the listing's country) and mirrors them into the account. Counts one
   * 'listing-write' for the account (after the input is valid). Answers the linked view.
   * `options.locate` (the edit form's "Find on map from my address", issue 28 §5): geocode the
   * business address (the new one, else the stored one) even when it did not change and over
   * typed coordinates; without a geocoder it is a plain save.
   * @throws ValidationError invalid input (with `fieldErrors`); 403 not a lawyer account; 404 no
   *   linked listing; 429 past the 'listing-write' limit
   */
  updateListing(user: PublicUser, input: unknown, options?: { locate?: boolean }): Promise<ListingOwnerView>;
  /**
   * Replaces the fee terms of the account's listing (issue 19 §1; server/listings/fees.ts): the
   * lawyer JSON's `fees` shape, checked by lib/fees.ts parseFeeTerms and against the listing's
   * country's rule (checkFeeRules). Counts one 'listing-write' (after the input is valid).
   * Answers the linked view.
   * @throws ValidationError with `fieldErrors` keyed by lib/fees.ts FEE_FIELDS (e.g.
   *   `contingency`: banned in the country; `contingencyMaxPercent`: above its cap); 403 not a
   *   lawyer account; 404 no linked listing; 429 past the 'listing-write' limit
   */
  updateFees(user: PublicUser, input: unknown): Promise<ListingOwnerView>;
  /**
   * Replaces the specialist titles of the account's listing (issue 28 §2;
   * server/listings/specialist-titles.ts): `{ specialistTitles: [{ title, issuer, area, since }] }`,
   * checked by lib/specialist-titles.ts parseSpecialistTitles; a title no longer stated loses its
   * check; audited. Counts one 'listing-write' (after the input is valid). Answers the linked view.
   * @throws ValidationError with `fieldErrors` keyed `specialistTitles.<i>.<field>` (or
   *   `specialistTitles`); 403 not a lawyer account; 404 no linked listing; 429 past 'listing-write'
   */
  updateSpecialistTitles(user: PublicUser, input: unknown): Promise<ListingOwnerView>;
  /**
   * Stores an uploaded logo (checked by content, re-encoded as WebP within 256 × 256, see
   * processLogo) for the account's listing and points lawyers.business_logo at
   * `/media/logos/{id}?v={etag}`. Counts one 'listing-write' for the account before the image is
   * decoded. Answers the linked view.
   * @throws ForbiddenError not a lawyer account; 404 no linked listing; 413 larger than 2 MB;
   *   422 not a JPEG, PNG, WebP or GIF image, or more than 4096 × 4096 pixels; 429 past the
   *   'listing-write' limit
   */
  setLogo(user: PublicUser, bytes: Uint8Array): Promise<ListingOwnerView>;
  /** The stored logo of a listing, or null when it has none (or the id is not a valid id). */
  getLogo(lawyerId: number): Promise<StoredLogo | null>;
}
