/**
 * Erasure (issue 17 §4, GDPR Art. 17): erasing one account as docs/data-rights.md states, and the
 * daily step (server/daily-jobs.ts) that erases every account whose deletion date has come and
 * deletes background exports past their availability. Stored files go through the services'
 * document store and cases only through server/cases/delete.ts.
 */
import { and, eq, inArray, isNotNull, lte, or } from "drizzle-orm";
import { isStaffRole } from "../../lib/account.ts";
import { ERASED_PLACEHOLDER } from "../../lib/privacy.ts";
import { recordAudit } from "../audit/index.ts";
import { deleteCaseDocuments, deleteCases } from "../cases/delete.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import {
  accountErasures,
  caseAccessTokens,
  caseMessages,
  cases,
  clientPersonalities,
  contactMessages,
  customerMessages,
  dataExports,
  lawyerLogos,
  lawyers,
  listingCorrections,
  listingReports,
  reviews,
  users,
  verificationProofs,
  verificationReminders,
} from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { recomputeRatings } from "../reviews/recompute.ts";
import type { DocumentStore } from "../storage/index.ts";
import { ownEmail } from "./collect.ts";
import { deleteKeys } from "./context.ts";

/** What one daily data-rights run did. */
export interface DataRightsJobSummary {
  /** Accounts erased. */
  erased: number;
  /** Background exports past EXPORT_AVAILABLE_DAYS deleted (file and row). */
  exportsExpired: number;
}

/**
 * Erases one account now (issue 17 §4, GDPR Art. 17), as docs/data-rights.md states:
 * - its own cases a lawyer never engaged: deleted with every row and file (deleteCases);
 * - its cases a lawyer engaged (engaged_at set): kept for the lawyer's records, anonymised — the
 *   client's name, email and phone become ERASED_PLACEHOLDER, the description and budget are
 *   removed, the links (tracking and access tokens, the account) cut, the client's own messages
 *   deleted, the documents deleted (deleteCaseDocuments); title, type, dates, status history,
 *   conflict-check facts (other party, incident date and place), consents and the lawyer's own
 *   messages stay;
 * - the reviews it wrote: deleted, the lawyers' ratings recomputed in the same transaction;
 * - profile messages it sent (by its email), contact-form messages (by its email): deleted; the
 *   email on its listing reports removed, its correction requests deleted;
 * - a lawyer's listing: hidden (reason `removal_request`) and stripped of its contact data, bio,
 *   photo and logo, name replaced, ownership removed (audited); its verification proofs deleted;
 *   the cases it received stay for their clients; profile messages it received are deleted;
 * - then the account row, which takes with it (ON DELETE CASCADE) sessions, reset tokens, email
 *   verifications, listing claims, assessments, exports, replies and the erasure request.
 * Background exports' files go first. Answers false (nothing done) for an unknown account or a
 * staff account (promoted after asking: its request is dropped); throws database errors (the next
 * run retries).
 */
export async function eraseAccount(
  deps: { db: Db; store: Pick<DocumentStore, "delete">; clock: Clock; logger?: Pick<Logger, "error"> },
  userId: string,
): Promise<boolean> {
  const { db, store, clock, logger } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return false;
  if (isStaffRole(user.role)) {
    await db.delete(accountErasures).where(eq(accountErasures.userId, userId));
    return false;
  }
  const own = await db
    .select({ id: cases.id, engagedAt: cases.engagedAt })
    .from(cases)
    .where(or(eq(cases.userId, user.id), ownEmail(cases.clientEmail, user)));
  const engaged = own.filter((c) => c.engagedAt !== null).map((c) => c.id);
  const others = own.filter((c) => c.engagedAt === null).map((c) => c.id);
  const exportKeys = await db
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(
      own.length > 0
        ? or(
            eq(dataExports.userId, user.id),
            inArray(
              dataExports.caseId,
              own.map((c) => c.id),
            ),
          )
        : eq(dataExports.userId, user.id),
    );
  await deleteKeys(
    store,
    exportKeys.map((k) => k.key),
    logger,
  );
  await deleteCases(db, store, others, logger);
  await deleteCaseDocuments(db, store, engaged, clock.now(), logger);
  let proofKeys: string[] = [];
  await db.transaction(async (tx) => {
    if (engaged.length > 0) {
      await tx
        .update(cases)
        .set({
          clientName: ERASED_PLACEHOLDER,
          clientEmail: ERASED_PLACEHOLDER,
          clientPhone: ERASED_PLACEHOLDER,
          description: ERASED_PLACEHOLDER,
          budget: null,
          userId: null,
          trackingTokenHash: null,
        })
        .where(inArray(cases.id, engaged));
      await tx.delete(caseAccessTokens).where(inArray(caseAccessTokens.caseId, engaged));
      await tx
        .delete(caseMessages)
        .where(and(inArray(caseMessages.caseId, engaged), eq(caseMessages.authorRole, "client")));
    }
    const removedReviews = await tx
      .delete(reviews)
      .where(
        engaged.length > 0
          ? or(eq(reviews.authorUserId, user.id), inArray(reviews.caseId, engaged))
          : eq(reviews.authorUserId, user.id),
      )
      .returning({ lawyerId: reviews.lawyerId });
    await recomputeRatings(tx, [...new Set(removedReviews.map((r) => r.lawyerId))]);
    await tx
      .delete(customerMessages)
      .where(or(eq(customerMessages.senderUserId, user.id), ownEmail(customerMessages.customerEmail, user)));
    await tx.delete(contactMessages).where(ownEmail(contactMessages.email, user));
    await tx.update(listingReports).set({ email: null }).where(ownEmail(listingReports.email, user));
    await tx
      .delete(listingCorrections)
      .where(or(eq(listingCorrections.requesterUserId, user.id), ownEmail(listingCorrections.email, user)));
    await tx.delete(clientPersonalities).where(eq(clientPersonalities.userId, user.id));
    await tx.delete(verificationReminders).where(ownEmail(verificationReminders.sentTo, user));
    if (user.role === "lawyer" && user.lawyerId !== null) {
      const listingId = user.lawyerId;
      proofKeys = (
        await tx
          .delete(verificationProofs)
          .where(eq(verificationProofs.lawyerId, listingId))
          .returning({ key: verificationProofs.fileKey })
      ).map((p) => p.key);
      await tx.delete(customerMessages).where(eq(customerMessages.lawyerId, listingId));
      await tx.delete(lawyerLogos).where(eq(lawyerLogos.lawyerId, listingId));
      const [before] = await tx
        .select({ hidden: lawyers.hidden })
        .from(lawyers)
        .where(eq(lawyers.id, listingId));
      await tx
        .update(lawyers)
        .set({
          name: ERASED_PLACEHOLDER,
          firm: "",
          email: "",
          phone: "",
          bio: "",
          imageUrl: null,
          businessLogo: null,
          businessAddress: null,
          website: null,
          googleReviewsUrl: null,
          workingHours: null,
          hidden: true,
          hiddenReason: "removal_request",
          hiddenAt: clock.now(),
        })
        .where(eq(lawyers.id, listingId));
      await recordAudit(tx, {
        actor: { userId: null, role: "system" },
        action: "listing.hidden",
        subjectType: "listing",
        subjectId: listingId,
        before: { hidden: before?.hidden ?? false, owned: true },
        after: { hidden: true, owned: false },
        reason: "account erased (issue 17 §4, GDPR Art. 17)",
        at: clock.now(),
      });
    }
    await tx.delete(users).where(eq(users.id, user.id));
  });
  await deleteKeys(store, proofKeys, logger);
  return true;
}

/**
 * The daily data-rights step (issue 17 §4; server/daily-jobs.ts): erases every account whose
 * deletion date has come (`deletion_date <= now`), and deletes background exports past their
 * availability (file, then row). One account's failure is logged and the others go on.
 */
export async function runDataRightsJob(deps: {
  db: Db;
  clock: Clock;
  store: Pick<DocumentStore, "delete">;
  logger?: Pick<Logger, "error">;
}): Promise<DataRightsJobSummary> {
  const { db, clock, store, logger } = deps;
  const now = clock.now();
  const due = await db
    .select({ userId: accountErasures.userId })
    .from(accountErasures)
    .where(lte(accountErasures.deletionDate, now));
  let erased = 0;
  for (const { userId } of due) {
    try {
      if (await eraseAccount(deps, userId)) erased += 1;
    } catch (error) {
      logger?.error({ err: error }, "account erasure failed; retried on the next run");
    }
  }
  const expired = await db
    .select({ id: dataExports.id, key: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, now)));
  await deleteKeys(
    store,
    expired.map((e) => e.key),
    logger,
  );
  if (expired.length > 0)
    await db.delete(dataExports).where(
      inArray(
        dataExports.id,
        expired.map((e) => e.id),
      ),
    );
  return { erased, exportsExpired: expired.length };
}
