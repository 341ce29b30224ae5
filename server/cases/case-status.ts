/**
 * A case's status after the lawyer's answer (issue 4 "status changes"; issue 27 §2 the case state
 * machine): the lawyer moves it along, and the client withdraws a case never accepted (issue 17 §4).
 */
import type { CaseStatus } from "../../lib/constants.ts";
import { reviewOpensAt } from "../../lib/reviews.ts";
import { caseStatusEmail } from "../email/templates/index.ts";
import { reviewInviteEmail } from "../email/templates/review-invite.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { consumeLimit } from "../security/rate-limit.ts";
import { caseAccessLink, mintCaseAccessToken } from "./access-tokens.ts";
import { CASE_MESSAGES, type CasesDeps, caseLink, lawyerMover, localeOf, notify } from "./context.ts";
import type { CaseDetail, CaseViewer } from "./service.ts";
import { deleteCasesBy, transitionCase } from "./transitions.ts";

/**
 * Sets the status of case `id` (its lawyer only) through the state machine (lib/case-states.ts:
 * a pending case leaves only through accept or decline, a declined one never, and nothing goes
 * back to pending) and emails the client when it changed. The first close of an engaged case
 * also invites the client to review (issue 16 §1), with a fresh access link for a client without
 * an account. @throws NotFoundError not a party, ForbiddenError the client, ConflictError a move
 * the table refuses.
 */
export async function changeCaseStatus(
  deps: CasesDeps,
  input: { id: string; viewer: CaseViewer; status: CaseStatus },
): Promise<CaseDetail> {
  const { db, clock, emailLinkOrigin, reads } = deps;
  const { id, viewer, status } = input;
  const row = await reads.loadCase(id);
  const role = row ? await reads.roleOf(row, viewer) : null;
  if (!row || !role) throw new NotFoundError(CASE_MESSAGES.notFound);
  if (role !== "lawyer") throw new ForbiddenError(CASE_MESSAGES.lawyerOnly);
  const { before, after, changed } = await transitionCase(
    db,
    row.id,
    lawyerMover(viewer),
    { to: status, via: "status" },
    clock,
  );
  if (!changed) return reads.detailOf(after, role);
  const listing = await reads.listingOf(after.lawyerId);
  const locale = localeOf(after.locale);
  notify(
    deps,
    after.clientEmail,
    caseStatusEmail(
      {
        clientName: after.clientName,
        caseTitle: after.caseTitle,
        lawyerName: listing?.name ?? null,
        status,
        caseLink: caseLink(deps, after.id, locale),
        clientHasAccount: after.userId !== null,
      },
      locale,
    ),
  );
  // Issue 16 §1 "Clients are invited by email when a case closes": once per case (the first
  // close: `closedAt` was not set before), and only for an engaged case (the only kind that
  // can be reviewed). Issue 16 §1 "no account needed beyond the case token": a visitor's
  // invitation carries a fresh access token (the tracking token is stored only as a hash),
  // access-tokens.ts.
  if (status === "closed" && after.engagedAt && before.closedAt === null) {
    const accessLink =
      after.userId === null
        ? caseAccessLink(
            emailLinkOrigin,
            after.id,
            locale,
            await mintCaseAccessToken(db, clock, after.id, "invite"),
          )
        : undefined;
    notify(
      deps,
      after.clientEmail,
      reviewInviteEmail(
        {
          clientName: after.clientName,
          caseTitle: after.caseTitle,
          lawyerName: listing?.name ?? null,
          caseLink: caseLink(deps, after.id, locale),
          clientHasAccount: after.userId !== null,
          ...(accessLink ? { accessLink } : {}),
          reviewFrom: reviewOpensAt(after.engagedAt),
        },
        locale,
      ),
    );
  }
  return reads.detailOf(after, role);
}

/**
 * The client withdraws case `id` (issue 17 §4), counted under 'case-withdraw-ip' for `ip`: the
 * state machine's withdrawal (never accepted: pending, or declined), checked on the row locked by
 * the deleting transaction, so a racing accept either wins or finds no case; the case goes with
 * its rows and files (transitions.ts deleteCasesBy).
 * @throws NotFoundError not the case's client (the lawyer included), ConflictError once accepted, RateLimitedError
 */
export async function withdrawCase(
  deps: CasesDeps,
  input: { id: string; viewer: CaseViewer; ip: string },
): Promise<void> {
  const { db, documents, logger, reads } = deps;
  const row = await reads.loadCase(input.id);
  if (!row || (await reads.roleOf(row, input.viewer)) !== "client")
    throw new NotFoundError(CASE_MESSAGES.notFound);
  await consumeLimit(deps.rateLimits, "case-withdraw-ip", input.ip, CASE_MESSAGES.tooManyWithdrawals);
  const done = await deleteCasesBy(db, documents, [row.id], "client", "withdraw", logger);
  if (done.cases === 0) throw new ConflictError(CASE_MESSAGES.withdrawAccepted);
}
