/**
 * The claim of an existing listing by emailed link, and the email verification that comes before
 * creating a new one (issue 3 "Lawyer onboarding").
 */

import { and, eq, isNull, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, CLAIM_TOKEN_TTL_MS } from "../../lib/account.ts";
import { DEFAULT_LOCALE, isLocale, localizePath } from "../../lib/i18n/locales.ts";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import { recordAudit } from "../audit/index.ts";
import { emailVerifications, lawyers, listingClaims, users } from "../db/schema.ts";
import { emailVerificationEmail, listingClaimEmail } from "../email/templates/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { newToken } from "../security/tokens.ts";
import type { ListingsDeps, ListingsService } from "./service.ts";
import { businessFieldsOf, hashClaimToken, isUniqueViolation, type ListingStore } from "./store.ts";

/** claimOperations of the listings service (see ListingsService). */
export function claimOperations(
  { db, mailer, logger, clock }: ListingsDeps,
  { lawyerAccount, linkedView, claimCandidate, limit }: ListingStore,
  ownerView: ListingsService["ownerView"],
): Pick<
  ListingsService,
  "requestClaim" | "confirmClaim" | "requestEmailVerification" | "confirmEmailVerification"
> {
  return {
    async requestClaim(user, meta) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId !== null) throw new ConflictError(LISTING_MESSAGES.alreadyLinked);
      const candidate = await claimCandidate(acct.email);
      if (!candidate) throw new NotFoundError(LISTING_MESSAGES.claimNoCandidate);
      await limit("claim-ip", meta.ip, ACCOUNT_MESSAGES.tooMany);
      const token = newToken();
      const now = clock.now();
      await db.insert(listingClaims).values({
        userId: acct.id,
        lawyerId: candidate.id,
        token: hashClaimToken(token),
        expiresAt: new Date(now.getTime() + CLAIM_TOKEN_TTL_MS),
        createdAt: now,
      });
      const locale = isLocale(acct.locale) ? acct.locale : DEFAULT_LOCALE;
      const link = `${meta.origin}${localizePath("/claim-listing", locale)}?${new URLSearchParams({ token })}`;
      const hours = Math.round(CLAIM_TOKEN_TTL_MS / 3_600_000);
      const what = [candidate.name, candidate.firm, candidate.location].filter(Boolean).join(", ");
      await mailer.send({
        to: acct.email,
        ...(await listingClaimEmail({ to: acct.email, listing: what, link, hours }, locale)),
      });
      logger.info({ userId: acct.id, lawyerId: candidate.id }, "listing claim link sent");
      return { kind: "claimable", email: acct.email, candidate, claimSentAt: now.toISOString() };
    },

    async confirmClaim(user, token) {
      const acct = await lawyerAccount(user);
      if (typeof token !== "string" || token.trim() === "" || token.length > 200) {
        throw new ValidationError(LISTING_MESSAGES.claimInvalid);
      }
      const rows = await db
        .select()
        .from(listingClaims)
        .where(eq(listingClaims.token, hashClaimToken(token.trim())))
        .limit(1);
      const claim = rows[0];
      if (!claim) throw new ValidationError(LISTING_MESSAGES.claimInvalid);
      if (claim.userId !== acct.id) throw new ValidationError(LISTING_MESSAGES.claimOtherUser);
      if (claim.usedAt) throw new ValidationError(LISTING_MESSAGES.claimUsed);
      if (claim.expiresAt.getTime() <= clock.now().getTime())
        throw new ValidationError(LISTING_MESSAGES.claimExpired);
      if (acct.lawyerId !== null) throw new ConflictError(LISTING_MESSAGES.alreadyLinked);
      try {
        await db.transaction(async (tx) => {
          // Use the token up first: of two confirmations at once, only one gets the row.
          const used = await tx
            .update(listingClaims)
            .set({ usedAt: clock.now() })
            .where(and(eq(listingClaims.id, claim.id), isNull(listingClaims.usedAt)))
            .returning({ id: listingClaims.id });
          if (used.length === 0) throw new ValidationError(LISTING_MESSAGES.claimUsed);
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
            throw new ValidationError(LISTING_MESSAGES.claimEmailChanged);
          }
          const taken = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.lawyerId, listing.id))
            .limit(1);
          if (taken.length > 0) throw new ConflictError(LISTING_MESSAGES.listingTaken);
          const linked = await tx
            .update(users)
            .set({
              lawyerId: listing.id,
              isVerified: true,
              ...businessFieldsOf(listing),
              updatedAt: clock.now(),
            })
            .where(and(eq(users.id, acct.id), isNull(users.lawyerId)))
            .returning({ id: users.id });
          if (linked.length === 0) throw new ConflictError(LISTING_MESSAGES.alreadyLinked);
          // Ownership changed (issue 15 §1 "Audit log"): recorded in the same transaction.
          await recordAudit(tx, {
            actor: { userId: acct.id, role: "lawyer" },
            action: "listing.claimed",
            subjectType: "listing",
            subjectId: listing.id,
            before: { ownerUserId: null },
            after: { ownerUserId: acct.id },
            at: clock.now(),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(LISTING_MESSAGES.listingTaken);
        throw err;
      }
      logger.info({ userId: acct.id, lawyerId: claim.lawyerId }, "listing claimed");
      return linkedView(claim.lawyerId);
    },

    async requestEmailVerification(user, meta) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId !== null) throw new ConflictError(LISTING_MESSAGES.alreadyLinked);
      if (acct.isVerified) throw new ConflictError(LISTING_MESSAGES.emailAlreadyVerified);
      await limit("claim-ip", meta.ip, ACCOUNT_MESSAGES.tooMany);
      const token = newToken();
      const now = clock.now();
      await db.insert(emailVerifications).values({
        userId: acct.id,
        email: acct.email,
        token: hashClaimToken(token),
        expiresAt: new Date(now.getTime() + CLAIM_TOKEN_TTL_MS),
        createdAt: now,
      });
      const locale = isLocale(acct.locale) ? acct.locale : DEFAULT_LOCALE;
      const link = `${meta.origin}${localizePath("/claim-listing", locale)}?${new URLSearchParams({ verify: token })}`;
      const hours = Math.round(CLAIM_TOKEN_TTL_MS / 3_600_000);
      await mailer.send({
        to: acct.email,
        ...(await emailVerificationEmail({ to: acct.email, link, hours }, locale)),
      });
      logger.info({ userId: acct.id }, "email verification link sent");
      return ownerView(user);
    },

    async confirmEmailVerification(user, token) {
      const acct = await lawyerAccount(user);
      if (typeof token !== "string" || token.trim() === "" || token.length > 200) {
        throw new ValidationError(LISTING_MESSAGES.claimInvalid);
      }
      const rows = await db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.token, hashClaimToken(token.trim())))
        .limit(1);
      const link = rows[0];
      if (!link) throw new ValidationError(LISTING_MESSAGES.claimInvalid);
      if (link.userId !== acct.id) throw new ValidationError(LISTING_MESSAGES.claimOtherUser);
      if (link.usedAt) throw new ValidationError(LISTING_MESSAGES.claimUsed);
      if (link.expiresAt.getTime() <= clock.now().getTime())
        throw new ValidationError(LISTING_MESSAGES.claimExpired);
      if (link.email.trim().toLowerCase() !== acct.email.trim().toLowerCase()) {
        throw new ValidationError(LISTING_MESSAGES.verifyEmailChanged);
      }
      await db.transaction(async (tx) => {
        // Use the token up first: of two confirmations at once, only one gets the row.
        const used = await tx
          .update(emailVerifications)
          .set({ usedAt: clock.now() })
          .where(and(eq(emailVerifications.id, link.id), isNull(emailVerifications.usedAt)))
          .returning({ id: emailVerifications.id });
        if (used.length === 0) throw new ValidationError(LISTING_MESSAGES.claimUsed);
        await tx
          .update(users)
          .set({ isVerified: true, updatedAt: clock.now() })
          .where(and(eq(users.id, acct.id), sql`lower(${users.email}) = lower(${link.email})`));
      });
      logger.info({ userId: acct.id }, "email verified");
      return ownerView(user);
    },
  };
}
