/**
 * The case state machine (issue 27 §2 "One case state machine"): one table of who may move a case
 * from which status to which, and by what, for every writer — the API, the case page, the jobs,
 * the demo seed (server/cases/transitions.ts `transitionCase` applies it in the database; this
 * module is pure so the page can offer only the moves the table allows).
 *
 * The statuses are spec §3's ("pending" at submission) with issue 4's and issue 16 §1's
 * (reviewing, accepted, engaged, declined, closed). The rules:
 * - **Issue 17 §2, two-stage intake (ABA Model Rule 1.18):** a case leaves `pending` only by its
 *   lawyer's accept (after the conflict check; it stamps `acceptedAt`) or decline (`declinedAt`),
 *   and never comes back to it. Before `acceptedAt` the lawyer has the conflict-check summary only
 *   (server/cases/visibility.ts).
 * - **After acceptance** the lawyer moves the case along accepted, reviewing, engaged (the first
 *   one stamps `engagedAt`, which opens the client's review window 14 days later, issue 16 §1),
 *   declined and closed (the first close stamps `closedAt`, issue 17 §5); an engaged case only
 *   closes, a closed one may be reopened as engaged (`engagedAt` and `closedAt` keep their first
 *   values, so the review invitation goes once).
 * - **`declined` is final:** no move of the lawyer's leads out of it. The client may still send the
 *   case to another lawyer (a new case; server/responses/resend.ts) or withdraw it.
 * - **Withdrawal (issue 17 §4)** by the client and **retention (issue 17 §5)** by the daily job
 *   delete a case that was never accepted (`pending` or `declined` without `acceptedAt`).
 * - **Staff** are no party of a case and move nothing (404 like any stranger); the client moves
 *   no status (403).
 * Every move also requires a fact, not only a status: moves out of an after-acceptance status need
 * `acceptedAt`, accept/decline/withdrawal/retention need it absent. A row whose status and facts
 * disagree (an old or altered row) is moved by nobody.
 */
import type { CaseStatus } from "./constants.ts";
import { msg } from "./i18n/message.ts";

/** Who asks for a move: the case's client, its lawyer, staff, or the system (jobs, seed). */
export const CASE_ACTORS = ["client", "lawyer", "staff", "system"] as const;
/** One of CASE_ACTORS. */
export type CaseActor = (typeof CASE_ACTORS)[number];

/**
 * How a move is asked for: the lawyer's accept and decline (issue 17 §2), the lawyer's status
 * change (issue 4), the client's withdrawal (issue 17 §4), the retention job (issue 17 §5).
 */
export const CASE_MOVES = ["accept", "decline", "status", "withdraw", "retention"] as const;
/** One of CASE_MOVES. */
export type CaseMove = (typeof CASE_MOVES)[number];

/** Where a move leads: a status, or "deleted" (the case, its rows and files are gone). */
export type CaseTarget = CaseStatus | "deleted";

/** The status every case starts in (spec §3 "status … default pending"). */
export const CASE_INITIAL_STATUS = "pending" satisfies CaseStatus;

/** One allowed move: `by` may move a case from `from` to `to` through `via` when the fact `requires` holds. */
export interface CaseTransition {
  from: CaseStatus;
  to: CaseTarget;
  by: CaseActor;
  via: CaseMove;
  /** "accepted": the case has `acceptedAt`; "notAccepted": it has none. */
  requires: "accepted" | "notAccepted";
}

/** The statuses a case can only have after its lawyer accepted it (issue 17 §2). */
export const AFTER_ACCEPTANCE_STATUSES = ["accepted", "reviewing", "engaged", "closed"] as const;

const lawyerStatus = (from: CaseStatus, to: CaseStatus[]): CaseTransition[] =>
  to.map((t) => ({ from, to: t, by: "lawyer", via: "status", requires: "accepted" }));
const deletion = (by: CaseActor, via: CaseMove): CaseTransition[] =>
  (["pending", "declined"] as const).map((from) => ({
    from,
    to: "deleted",
    by,
    via,
    requires: "notAccepted",
  }));

/** The transition table: every move not listed here is refused (see the module comment). */
export const CASE_TRANSITIONS: readonly CaseTransition[] = [
  { from: "pending", to: "accepted", by: "lawyer", via: "accept", requires: "notAccepted" },
  { from: "pending", to: "declined", by: "lawyer", via: "decline", requires: "notAccepted" },
  ...lawyerStatus("accepted", ["reviewing", "engaged", "declined", "closed"]),
  ...lawyerStatus("reviewing", ["accepted", "engaged", "declined", "closed"]),
  ...lawyerStatus("engaged", ["closed"]),
  ...lawyerStatus("closed", ["engaged"]),
  ...deletion("client", "withdraw"),
  ...deletion("system", "retention"),
];

/** The facts of a case the table reads and a move writes (a `cases` row has them all). */
export interface CaseFacts {
  status: CaseStatus;
  acceptedAt: Date | null;
  declinedAt: Date | null;
  declineReason: string | null;
  engagedAt: Date | null;
  closedAt: Date | null;
}

/**
 * The row of CASE_TRANSITIONS that lets `by` move a case with `facts` to `to` through `via`, or
 * null when the table refuses it. Pure.
 */
export function findTransition(
  facts: Pick<CaseFacts, "status" | "acceptedAt">,
  to: CaseTarget,
  by: CaseActor,
  via: CaseMove,
): CaseTransition | null {
  const accepted = facts.acceptedAt !== null;
  return (
    CASE_TRANSITIONS.find(
      (t) =>
        t.from === facts.status &&
        t.to === to &&
        t.by === by &&
        t.via === via &&
        (t.requires === "accepted") === accepted,
    ) ?? null
  );
}

/**
 * Why the table refuses a move, as a catalog reference (namespace `errors`) for the 409's
 * `message`: the intake is undecided (`pendingStatus`), already answered (`alreadyDecided`), the
 * case was declined (`declinedFinal`), accepted (`withdrawAccepted`, for a withdrawal), or any
 * other move of a status (`statusMove`, naming both statuses). Pure.
 */
export function refusalMessage(
  facts: Pick<CaseFacts, "status" | "acceptedAt">,
  to: CaseTarget,
  via: CaseMove,
): string {
  if (via === "accept" || via === "decline")
    return facts.status === "declined" && facts.acceptedAt === null
      ? msg("errors:cases.declinedFinal")
      : msg("errors:cases.alreadyDecided");
  if (via === "withdraw" || via === "retention") return msg("errors:cases.withdrawAccepted");
  if (facts.status === "pending" && facts.acceptedAt === null) return msg("errors:cases.pendingStatus");
  if (facts.status === "declined") return msg("errors:cases.declinedFinal");
  return msg("errors:cases.statusMove", { from: facts.status, to });
}

/**
 * The facts after `transition` at `at` (the caller found it with findTransition): the new status;
 * accept stamps `acceptedAt`, decline `declinedAt` and `declineReason` (`reason`, or null); the
 * first `engaged` stamps `engagedAt`, the first `closed` stamps `closedAt` (both keep their first
 * value afterwards). A move to "deleted" changes no fact (the caller deletes). Pure.
 */
export function applyTransition(
  facts: CaseFacts,
  transition: CaseTransition,
  at: Date,
  reason: string | null = null,
): CaseFacts {
  if (transition.to === "deleted") return facts;
  const to = transition.to;
  return {
    status: to,
    acceptedAt: transition.via === "accept" ? at : facts.acceptedAt,
    declinedAt: transition.via === "decline" ? at : facts.declinedAt,
    declineReason: transition.via === "decline" ? reason : facts.declineReason,
    engagedAt: facts.engagedAt ?? (to === "engaged" ? at : null),
    closedAt: facts.closedAt ?? (to === "closed" ? at : null),
  };
}

/** The facts of a case just submitted: pending, nothing decided. */
export const NEW_CASE_FACTS: CaseFacts = {
  status: CASE_INITIAL_STATUS,
  acceptedAt: null,
  declinedAt: null,
  declineReason: null,
  engagedAt: null,
  closedAt: null,
};

/** One step of a case's history: who moved it where, how and when. */
export interface CaseHistoryStep {
  to: CaseStatus;
  by: CaseActor;
  via: CaseMove;
  at: Date;
  reason?: string | null;
}

/**
 * Replays a history through the table from submission at `submittedAt` (the demo seed writes its
 * fictional cases this way, so they are cases the product could have made): answers the final
 * facts, `updatedAt` (the last step's time) and the timeline (the first step 'pending' at
 * `submittedAt`, then one per step). Throws an Error naming the step the table refuses. Pure.
 */
export function replayCaseHistory(
  submittedAt: Date,
  steps: readonly CaseHistoryStep[],
): { facts: CaseFacts; updatedAt: Date; timeline: { status: CaseStatus; at: Date }[] } {
  let facts = NEW_CASE_FACTS;
  const timeline: { status: CaseStatus; at: Date }[] = [{ status: CASE_INITIAL_STATUS, at: submittedAt }];
  for (const step of steps) {
    const transition = findTransition(facts, step.to, step.by, step.via);
    if (!transition)
      throw new Error(
        `the case state machine refuses ${facts.status} → ${step.to} by ${step.by} (${step.via})`,
      );
    facts = applyTransition(facts, transition, step.at, step.reason ?? null);
    timeline.push({ status: step.to, at: step.at });
  }
  return { facts, updatedAt: steps.at(-1)?.at ?? submittedAt, timeline };
}

/**
 * The statuses the case's lawyer may set through a status change now (issue 4's control on the
 * case page): the table's "status" moves from the case's status and facts. Empty for a pending or
 * a declined case (accept or decline first; declined is final). Pure.
 */
export function lawyerStatusChoices(facts: Pick<CaseFacts, "status" | "acceptedAt">): CaseStatus[] {
  const out: CaseStatus[] = [];
  for (const t of CASE_TRANSITIONS)
    if (t.to !== "deleted" && findTransition(facts, t.to, "lawyer", "status") === t && !out.includes(t.to))
      out.push(t.to);
  return out;
}
