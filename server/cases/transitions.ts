/**
 * The case state machine in the database (issue 27 §2 "One case state machine"): the one way any
 * code changes a case's status or deletes a case for a party or a job. The table and its rules are
 * lib/case-states.ts; here they are applied in one transaction with a conditional UPDATE (or a
 * locked DELETE), so a move checked against one state can never be written over another, and two
 * racing moves cannot both win (the loser gets the 409 of the state it lost to).
 *
 * Callers: the cases service (accept, decline, status change, withdrawal; the API and the case page
 * go through it), the retention job (server/privacy/retention.ts). Submission and the re-send
 * (server/responses/resend.ts) create cases in CASE_INITIAL_STATUS; the demo seed replays its
 * histories through the same table (lib/case-states.ts replayCaseHistory). Erasure (server/rights)
 * moves no status: it deletes or anonymises a person's data whatever the status (GDPR Art. 17).
 */
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import {
  applyTransition,
  CASE_TRANSITIONS,
  type CaseActor,
  type CaseFacts,
  type CaseMove,
  findTransition,
  refusalMessage,
} from "../../lib/case-states.ts";
import type { CaseStatus } from "../../lib/constants.ts";
import { msg } from "../../lib/i18n/message.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { caseStatusEvents, cases } from "../db/schema.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { DocumentStore } from "../storage/index.ts";
import { type DeletionCount, deleteCases } from "./delete.ts";

/** A row of `cases`. */
type CaseRow = typeof cases.$inferSelect;

/** Who asks for a move: the role the table knows them by, and their account (null: a visitor's token, the system). */
export interface CaseMover {
  role: CaseActor;
  userId: string | null;
}

/** A status move: where to, how, and the decline's reason (the client sees it). */
export interface StatusMove {
  to: CaseStatus;
  via: Exclude<CaseMove, "withdraw" | "retention">;
  reason?: string | null;
}

/** The table's facts of a row. */
export function factsOf(row: CaseRow): CaseFacts {
  return {
    status: row.status as CaseStatus,
    acceptedAt: row.acceptedAt,
    declinedAt: row.declinedAt,
    declineReason: row.declineReason,
    engagedAt: row.engagedAt,
    closedAt: row.closedAt,
  };
}

/**
 * Moves case `caseId` for `mover` as `move` says, at `clock`'s now, if lib/case-states.ts allows
 * it from the case's current status and facts: in one transaction, the conditional UPDATE (same
 * status, same acceptance as read) and one `case_status_events` row. Setting the status a case
 * already has through a status change changes nothing (`changed` false, no row written). Answers
 * the row before and after. The caller decides who `mover` is (a party check; 403/404 are its own)
 * and does what follows a move (emails, response figures).
 * @throws NotFoundError no such case; ConflictError (409) the table refuses the move, or another
 *   move won the race (the message says why, a catalog reference of `errors:cases.*`)
 */
export async function transitionCase(
  db: Db,
  caseId: string,
  mover: CaseMover,
  move: StatusMove,
  clock: Clock,
): Promise<{ before: CaseRow; after: CaseRow; changed: boolean }> {
  const field = move.via === "status" ? "status" : undefined;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(cases).where(eq(cases.id, caseId));
    if (!before) throw new NotFoundError(msg("errors:cases.notFound"));
    if (move.via === "status" && before.status === move.to) return { before, after: before, changed: false };
    const facts = factsOf(before);
    const transition = findTransition(facts, move.to, mover.role, move.via);
    if (!transition) throw new ConflictError(refusalMessage(facts, move.to, move.via), field);
    const now = clock.now();
    const next = applyTransition(facts, transition, now, move.reason ?? null);
    const [after] = await tx
      .update(cases)
      .set({ ...next, updatedAt: now })
      .where(
        and(
          eq(cases.id, before.id),
          eq(cases.status, before.status),
          before.acceptedAt === null ? isNull(cases.acceptedAt) : isNotNull(cases.acceptedAt),
        ),
      )
      .returning();
    if (!after) {
      // Another move committed in between: refuse with what the case is now.
      const [now] = await tx.select().from(cases).where(eq(cases.id, before.id));
      if (!now) throw new NotFoundError(msg("errors:cases.notFound"));
      throw new ConflictError(refusalMessage(factsOf(now), move.to, move.via), field);
    }
    await tx.insert(caseStatusEvents).values({
      caseId: before.id,
      status: move.to,
      changedByUserId: mover.userId,
      createdAt: now,
    });
    return { before, after, changed: true };
  });
}

/**
 * The SQL condition of the cases `by` may delete through `via` (withdrawal, retention): a status
 * the table lets them delete from, and no `acceptedAt` (every deletion row of the table requires
 * it). FALSE when the table gives them none.
 */
export function deletableBy(by: CaseActor, via: "withdraw" | "retention"): SQL {
  const from = CASE_TRANSITIONS.filter((t) => t.to === "deleted" && t.by === by && t.via === via).map(
    (t) => t.from,
  );
  return from.length === 0 ? sql`false` : (and(inArray(cases.status, from), isNull(cases.acceptedAt)) as SQL);
}

/**
 * Deletes those of the cases `caseIds` that `by` may delete through `via` right now (deletableBy,
 * checked on rows locked in the deleting transaction, so an accept racing a withdrawal either
 * commits first and the case stays, or finds no case), with their rows and files
 * (server/cases/delete.ts). Answers the counts; `cases` is 0 when the table refused (the caller
 * answers its 409).
 */
export async function deleteCasesBy(
  db: Db,
  store: Pick<DocumentStore, "delete">,
  caseIds: readonly string[],
  by: CaseActor,
  via: "withdraw" | "retention",
  logger?: Pick<Logger, "error">,
): Promise<DeletionCount> {
  return deleteCases(db, store, caseIds, logger, deletableBy(by, via));
}
