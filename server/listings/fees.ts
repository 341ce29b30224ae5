/**
 * A lawyer's own fee terms (issue 19 §1 "Fees and first meeting"): the listings service's
 * updateFees. The terms are checked for shape (lib/fees.ts parseFeeTerms) and against the rule
 * of the listing's country (checkFeeRules: no "no win, no fee" where a result-based fee is banned
 * or only exceptionally allowed, and not above a legal cap such as England and Wales' 25% for
 * damages-based agreements in personal injury, DBA Regulations 2013 reg. 4(2)(b)); a refusal is a
 * ValidationError whose `fieldErrors` are keyed by the form's fee fields (lib/fees.ts FEE_FIELDS)
 * with messages of the `fees` catalog naming the country in the reader's language. A saved change
 * leaves the search caches (search_state.version) so filters and counts follow at once.
 */
import { eq } from "drizzle-orm";
import { checkFeeRules, parseFeeTerms } from "../../lib/fees.ts";
import { msg } from "../../lib/i18n/message.ts";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import { lawyers } from "../db/schema.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { searchDataChanged } from "./search-sync.ts";
import type { ListingsDeps, ListingsService } from "./service.ts";
import type { ListingStore } from "./store.ts";

/** feeOperations of the listings service (see ListingsService.updateFees). */
export function feeOperations(
  { db, logger, clock }: ListingsDeps,
  { lawyerAccount, ownedListing, linkedView, limit }: ListingStore,
): Pick<ListingsService, "updateFees"> {
  return {
    async updateFees(user, input) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId === null) throw new NotFoundError(LISTING_MESSAGES.noListing);
      const current = await ownedListing(acct.lawyerId);
      if (!current) throw new NotFoundError(LISTING_MESSAGES.noListing);
      const { terms, errors, form } = parseFeeTerms(input);
      if (!terms) {
        const first = Object.values(errors)[0];
        throw new ValidationError(
          form ?? (first ? LISTING_MESSAGES.invalid : msg("fees:errors.shape")),
          errors,
        );
      }
      const refused = checkFeeRules(terms, current.countryCode);
      const reason = Object.values(refused)[0];
      if (reason) throw new ValidationError(reason, refused);
      await limit("listing-write", acct.id, LISTING_MESSAGES.tooManyWrites);
      await db
        .update(lawyers)
        .set({
          freeConsultation: terms.freeConsultation,
          consultationMinutes: terms.consultationMinutes,
          feeModels: terms.models,
          updatedAt: clock.now(),
        })
        .where(eq(lawyers.id, current.id));
      searchDataChanged(db, false);
      logger.info(
        { userId: acct.id, lawyerId: current.id, models: terms.models.map((m) => m.kind) },
        "listing fees updated",
      );
      return linkedView(current.id);
    },
  };
}
