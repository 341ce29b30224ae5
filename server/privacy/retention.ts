/**
 * The retention job (issue 17 §5 "Retention"): the daily step of server/daily-jobs.ts that deletes
 * what the privacy policy says we no longer keep, on the injectable clock (server/clock.ts).
 *
 * Storage limitation, GDPR Art. 5(1)(e): personal data is kept "no longer than is necessary for
 * the purposes for which [it is] processed". The periods are lib/privacy.ts RETENTION_DEFAULTS with
 * the configured overrides (server/config.ts retentionPolicy), the same values the privacy policy
 * page states (GDPR Art. 13(2)(a): the period is part of the notice), so page and job cannot drift.
 *
 * - **Cases never accepted** (`accepted_at IS NULL`, declined ones included): deleted, with every
 *   row and stored file hanging on them, `unacceptedCaseDays` after submission (`created_at`).
 *   Which cases the job may delete is the case state machine's (issue 27 §2, lib/case-states.ts:
 *   the system's "retention" moves, from `pending` or `declined` without `accepted_at`), checked
 *   again on the rows locked by the deleting transaction (server/cases/transitions.ts
 *   deleteCasesBy), so a case accepted meanwhile stays. A case that reached a later status
 *   without `accepted_at` — a row restored or imported from before migration 0022 — is never
 *   deleted by it (docs/spec-deviations.md).
 * - **Documents of closed cases** (`closed_at` set, `documents_purged_at` not yet): the files and
 *   their rows go `closedCaseDocumentDays` after the first close; the case stays (the lawyer's
 *   record) and is marked `documents_purged_at`.
 * - **Contact-form messages**: deleted `contactMessageDays` after they were sent.
 * - **Review signals** (issue 27 §2; keyed hashes of IP addresses, networks and device cookies,
 *   server/reviews/signals.ts): deleted `reviewSignalDays` after they were recorded.
 * - **Expired secrets**: sessions, password reset tokens, email verification links and case access
 *   tokens whose `expires_at` has passed (the sign-in path also purges the first three hourly, but
 *   only when someone signs in).
 *
 * A record is due at exactly `created/closed + period` (the boundary instant included). Cases go
 * through server/cases/delete.ts (the one way to delete cases and their files), in batches of
 * RETENTION_BATCH so a large table never becomes one huge transaction. Idempotent: what was
 * deleted or purged is no longer selected, so a second run on the same day deletes nothing.
 * Logs counts only, never a name, an email address or an id.
 */
import { and, asc, inArray, isNotNull, isNull, lt, lte, type SQL } from "drizzle-orm";
import type { RetentionPolicy } from "../../lib/privacy.ts";
import { deleteCaseDocuments } from "../cases/delete.ts";
import { deletableBy, deleteCasesBy } from "../cases/transitions.ts";
import type { Db } from "../db/client.ts";
import {
  caseAccessTokens,
  cases,
  contactMessages,
  emailVerifications,
  passwordResetTokens,
  reviewSignals,
  userSessions,
} from "../db/schema.ts";
import type { JobDeps } from "../deps.ts";
import type { DocumentStore } from "../storage/index.ts";

/** Rows handled per transaction. */
export const RETENTION_BATCH = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the retention step needs: the database, the clock, the store the files live in, the periods. */
export interface RetentionDeps extends JobDeps {
  store: Pick<DocumentStore, "delete">;
  policy: RetentionPolicy;
  /** Rows per batch (tests use a small one); RETENTION_BATCH by default. */
  batchSize?: number;
}

/** What one run deleted (counts only: this is what gets logged). */
export interface RetentionSummary {
  /** Cases never accepted and past their period, deleted with their documents. */
  unacceptedCases: number;
  /** Closed cases whose documents were deleted (the cases stay). */
  purgedCases: number;
  /** Stored documents deleted, from both of the above. */
  documents: number;
  /** Stored files that could not be deleted (logged by storage key; their rows are gone). */
  fileFailures: number;
  contactMessages: number;
  /** Review signals past their period (issue 27 §2). */
  reviewSignals: number;
  expiredSessions: number;
  expiredResetTokens: number;
  expiredEmailVerifications: number;
  expiredCaseAccessTokens: number;
}

/** `now` minus `days` whole days: records at or before this instant are due. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Selects up to `size` case ids matching `where`, oldest first. */
async function caseIdBatch(db: Db, where: SQL | undefined, size: number): Promise<string[]> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(where)
    .orderBy(asc(cases.createdAt))
    .limit(size);
  return rows.map((r) => r.id);
}

/**
 * Runs the retention rules once as of `clock.now()` and answers the counts. Throws database
 * errors (what was committed in earlier batches stays deleted; the next run goes on); a stored
 * file that cannot be deleted is counted in `fileFailures` and logged by its storage key only.
 */
export async function runRetention(deps: RetentionDeps): Promise<RetentionSummary> {
  const { db, clock, store, policy, logger } = deps;
  const size = deps.batchSize ?? RETENTION_BATCH;
  const now = clock.now();
  const summary: RetentionSummary = {
    unacceptedCases: 0,
    purgedCases: 0,
    documents: 0,
    fileFailures: 0,
    contactMessages: 0,
    reviewSignals: 0,
    expiredSessions: 0,
    expiredResetTokens: 0,
    expiredEmailVerifications: 0,
    expiredCaseAccessTokens: 0,
  };

  // Cases a lawyer never accepted (declined or unanswered), past the period since submission.
  const unacceptedDue = and(
    deletableBy("system", "retention"),
    lte(cases.createdAt, retentionCutoff(now, policy.unacceptedCaseDays)),
  );
  for (;;) {
    const ids = await caseIdBatch(db, unacceptedDue, size);
    if (ids.length === 0) break;
    const done = await deleteCasesBy(db, store, ids, "system", "retention", logger);
    summary.unacceptedCases += done.cases;
    summary.documents += done.documents;
    summary.fileFailures += done.fileFailures;
    if (ids.length < size) break;
  }

  // Documents of closed cases, past the period since the first close; the cases stay.
  const closedDue = and(
    isNotNull(cases.closedAt),
    isNull(cases.documentsPurgedAt),
    lte(cases.closedAt, retentionCutoff(now, policy.closedCaseDocumentDays)),
  );
  for (;;) {
    const ids = await caseIdBatch(db, closedDue, size);
    if (ids.length === 0) break;
    const done = await deleteCaseDocuments(db, store, ids, now, logger);
    summary.purgedCases += done.cases;
    summary.documents += done.documents;
    summary.fileFailures += done.fileFailures;
    if (ids.length < size) break;
  }

  // Contact-form messages, past the period since they were sent.
  const contactDue = lte(contactMessages.createdAt, retentionCutoff(now, policy.contactMessageDays));
  for (;;) {
    const ids = (
      await db.select({ id: contactMessages.id }).from(contactMessages).where(contactDue).limit(size)
    ).map((r) => r.id);
    if (ids.length === 0) break;
    const removed = await db
      .delete(contactMessages)
      .where(inArray(contactMessages.id, ids))
      .returning({ id: contactMessages.id });
    summary.contactMessages += removed.length;
    if (ids.length < size) break;
  }

  // Review signals, past the period since they were recorded (one statement: small rows, no files).
  summary.reviewSignals = (
    await db
      .delete(reviewSignals)
      .where(lte(reviewSignals.createdAt, retentionCutoff(now, policy.reviewSignalDays)))
      .returning({ id: reviewSignals.id })
  ).length;

  // Expired secrets: no longer usable, so nothing is lost (the same rule as sign-in's purge).
  summary.expiredSessions = (
    await db.delete(userSessions).where(lt(userSessions.expiresAt, now)).returning({ id: userSessions.id })
  ).length;
  summary.expiredResetTokens = (
    await db
      .delete(passwordResetTokens)
      .where(lt(passwordResetTokens.expiresAt, now))
      .returning({ id: passwordResetTokens.id })
  ).length;
  summary.expiredEmailVerifications = (
    await db
      .delete(emailVerifications)
      .where(lt(emailVerifications.expiresAt, now))
      .returning({ id: emailVerifications.id })
  ).length;
  summary.expiredCaseAccessTokens = (
    await db
      .delete(caseAccessTokens)
      .where(lte(caseAccessTokens.expiresAt, now))
      .returning({ id: caseAccessTokens.id })
  ).length;

  logger?.info({ retention: summary }, "retention applied");
  return summary;
}
