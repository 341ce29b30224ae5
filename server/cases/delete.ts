/**
 * Deleting cases and their documents for good (issue 17 §4 withdrawal and erasure, §5 retention):
 * the one place that removes a case's rows and its stored files together, so the three callers
 * cannot differ on what "deleted" leaves behind. The database goes first, in one transaction (its
 * child rows go by ON DELETE CASCADE: documents, messages, status events, access tokens, consents,
 * reviews and their reports); the files go after the commit, so a failed transaction never loses a
 * file that a row still names. A file that cannot be deleted is logged by its storage key (never
 * by a name or a person) and counted, and the rest go on.
 */
import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { caseDocuments, cases } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { recomputeRatings } from "../reviews/recompute.ts";
import type { DocumentStore } from "../storage/index.ts";

/** What a deletion did: rows removed and stored files removed, and files that could not be. */
export interface DeletionCount {
  cases: number;
  documents: number;
  fileFailures: number;
}

async function deleteFiles(
  store: Pick<DocumentStore, "delete">,
  keys: readonly string[],
  logger?: Pick<Logger, "error">,
): Promise<number> {
  let failures = 0;
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (error) {
      failures += 1;
      logger?.error({ err: error, storageKey: key }, "stored document could not be deleted");
    }
  }
  return failures;
}

/**
 * Deletes the cases `caseIds` (uuids; unknown ones are ignored) with every row that hangs on them
 * and their stored documents, then recomputes the rating of each lawyer who lost a review (issue 16
 * §1: recompute.ts stays the only writer). With `onlyIf`, only the cases that match it when they
 * are locked in the deleting transaction (`SELECT … FOR UPDATE`), so a concurrent change cannot
 * slip between the check and the delete (issue 27 §2: server/cases/transitions.ts deleteCasesBy).
 * Answers the counts. Throws database errors (nothing is deleted then); file errors are counted in
 * `fileFailures`.
 */
export async function deleteCases(
  db: Db,
  store: Pick<DocumentStore, "delete">,
  caseIds: readonly string[],
  logger?: Pick<Logger, "error">,
  onlyIf?: SQL,
): Promise<DeletionCount> {
  if (caseIds.length === 0) return { cases: 0, documents: 0, fileFailures: 0 };
  const { keys, count } = await db.transaction(async (tx) => {
    const ids = onlyIf
      ? (
          await tx
            .select({ id: cases.id })
            .from(cases)
            .where(and(inArray(cases.id, [...caseIds]), onlyIf))
            .for("update")
        ).map((r) => r.id)
      : [...caseIds];
    if (ids.length === 0) return { keys: [], count: 0 };
    const docs = await tx
      .select({ key: caseDocuments.fileUrl })
      .from(caseDocuments)
      .where(inArray(caseDocuments.caseId, ids));
    const removed = await tx
      .delete(cases)
      .where(inArray(cases.id, ids))
      .returning({ lawyerId: cases.lawyerId });
    // A resent case keeps no pointer to a case that no longer exists.
    await tx.execute(
      sql`UPDATE cases SET resent_from_case_id = NULL WHERE resent_from_case_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    await recomputeRatings(tx, [...new Set(removed.map((r) => r.lawyerId))]);
    return { keys: docs.map((d) => d.key), count: removed.length };
  });
  const fileFailures = await deleteFiles(store, keys, logger);
  return { cases: count, documents: keys.length, fileFailures };
}

/**
 * Deletes the stored documents of the cases `caseIds` and their rows, keeping the cases, and
 * marks them `documents_purged_at = now` (issue 17 §5: documents of closed cases). Answers the
 * counts (`cases` = cases marked). Throws database errors; file errors are counted.
 */
export async function deleteCaseDocuments(
  db: Db,
  store: Pick<DocumentStore, "delete">,
  caseIds: readonly string[],
  now: Date,
  logger?: Pick<Logger, "error">,
): Promise<DeletionCount> {
  if (caseIds.length === 0) return { cases: 0, documents: 0, fileFailures: 0 };
  const { keys, count } = await db.transaction(async (tx) => {
    const docs = await tx
      .delete(caseDocuments)
      .where(inArray(caseDocuments.caseId, [...caseIds]))
      .returning({ key: caseDocuments.fileUrl });
    const marked = await tx
      .update(cases)
      .set({ documentsPurgedAt: now })
      .where(inArray(cases.id, [...caseIds]))
      .returning({ id: cases.id });
    return { keys: docs.map((d) => d.key), count: marked.length };
  });
  const fileFailures = await deleteFiles(store, keys, logger);
  return { cases: count, documents: keys.length, fileFailures };
}
