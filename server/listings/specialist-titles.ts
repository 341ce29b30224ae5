/**
 * A lawyer's own specialist titles (issue 28 §2; lib/specialist-titles.ts): the listings
 * service's updateSpecialistTitles. The titles are checked for shape (parseSpecialistTitles: at
 * most five, each as conferred with its issuing body, a practice area and a year not in the
 * future by the injectable clock) and written with the checks that follow from them in one
 * transaction: a title no longer stated loses its `specialist_title` check (what was verified was
 * that title from that body, issue 15 §2), a kept one keeps it, a new one starts unchecked; the
 * change is audited (`listing.specialist_titles_updated`, before → after). A refusal is a
 * ValidationError whose `fieldErrors` are keyed `specialistTitles.<i>.<field>`.
 */
import { and, eq } from "drizzle-orm";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import {
  parseSpecialistTitles,
  SPECIALIST_TITLE_MESSAGES,
  type SpecialistTitle,
  sameSpecialistTitle,
  specialistTitlesOf,
} from "../../lib/specialist-titles.ts";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import { lawyers, verificationChecks } from "../db/schema.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { searchDataChanged } from "./search-sync.ts";
import type { ListingsDeps, ListingsService } from "./service.ts";
import type { ListingStore } from "./store.ts";

/**
 * Deletes the `specialist_title` checks of listing `lawyerId` whose title and issuer are not among
 * `titles` (within the caller's transaction); answers how many went.
 */
export async function dropStaleSpecialistChecks(
  tx: Pick<Db, "select" | "delete">,
  lawyerId: number,
  titles: readonly SpecialistTitle[],
): Promise<number> {
  const checks = await tx
    .select({ id: verificationChecks.id, details: verificationChecks.details })
    .from(verificationChecks)
    .where(and(eq(verificationChecks.lawyerId, lawyerId), eq(verificationChecks.kind, "specialist_title")));
  let dropped = 0;
  for (const c of checks) {
    const title = String(c.details?.title ?? "");
    const issuer = String(c.details?.issuer ?? "");
    if (titles.some((t) => sameSpecialistTitle(t, { title, issuer }))) continue;
    await tx.delete(verificationChecks).where(eq(verificationChecks.id, c.id));
    dropped++;
  }
  return dropped;
}

/** specialistTitleOperations of the listings service (see ListingsService.updateSpecialistTitles). */
export function specialistTitleOperations(
  { db, logger, clock }: ListingsDeps,
  { lawyerAccount, ownedListing, linkedView, limit }: ListingStore,
): Pick<ListingsService, "updateSpecialistTitles"> {
  return {
    async updateSpecialistTitles(user, input) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId === null) throw new NotFoundError(LISTING_MESSAGES.noListing);
      const current = await ownedListing(acct.lawyerId);
      if (!current) throw new NotFoundError(LISTING_MESSAGES.noListing);
      const payload =
        typeof input === "object" && input !== null && !Array.isArray(input)
          ? (input as Record<string, unknown>).specialistTitles
          : undefined;
      const { titles, errors } = parseSpecialistTitles(payload, clock.now().getUTCFullYear());
      if (!titles) {
        const first = Object.values(errors)[0] ?? SPECIALIST_TITLE_MESSAGES.shape;
        throw new ValidationError(Object.keys(errors).length > 1 ? LISTING_MESSAGES.invalid : first, errors);
      }
      await limit("listing-write", acct.id, LISTING_MESSAGES.tooManyWrites);
      const at = clock.now();
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ specialistTitles: lawyers.specialistTitles })
          .from(lawyers)
          .where(eq(lawyers.id, current.id));
        await tx
          .update(lawyers)
          .set({ specialistTitles: titles, updatedAt: at })
          .where(eq(lawyers.id, current.id));
        const dropped = await dropStaleSpecialistChecks(tx, current.id, titles);
        await recordAudit(tx, {
          actor: { userId: acct.id, role: "lawyer" },
          action: "listing.specialist_titles_updated",
          subjectType: "listing",
          subjectId: current.id,
          before: { specialistTitles: specialistTitlesOf(before?.specialistTitles) },
          after: { specialistTitles: titles, ...(dropped > 0 ? { checksRemoved: dropped } : {}) },
          at,
        });
      });
      searchDataChanged(db, false);
      logger.info(
        { userId: acct.id, lawyerId: current.id, titles: titles.length },
        "listing specialist titles updated",
      );
      return linkedView(current.id);
    },
  };
}
