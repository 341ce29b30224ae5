/**
 * The lawyer's answer to a pending case (issue 17 §2 "accept or decline"; ABA Model Rule 1.18):
 * accept it for review, or decline it with an optional reason, through the case state machine
 * (transitions.ts, lib/case-states.ts; issue 27 §2).
 */

import { caseAcceptedEmail, caseDeclinedEmail } from "../email/templates/case-decision.ts";
import { NotFoundError } from "../errors.ts";
import { refreshAfterFirstResponse } from "../responses/stats.ts";
import { consumeLimit } from "../security/rate-limit.ts";
import { caseAccessLink, mintCaseAccessToken } from "./access-tokens.ts";
import { CASE_MESSAGES, type CasesDeps, caseLink, lawyerMover, localeOf, notify } from "./context.ts";
import type { CaseDetail, CaseViewer } from "./service.ts";
import { transitionCase } from "./transitions.ts";

/** The lawyer's answer: accepted, or declined with the reason shown to the client (or null). */
export type CaseDecision = { kind: "accepted" } | { kind: "declined"; reason: string | null };

/**
 * Accept or decline case `id` (issue 17 §2): the case's lawyer only (anyone else 404, as every
 * case route), counted under 'case-decision-user' (429), through the state machine (a pending
 * case only, 409 once accepted or declined; the update is conditional so two racing answers
 * cannot both win). Writes the status, its date (and the reason), a timeline step, refreshes the
 * listing's response figures (issue 16 §3: the first response is this answer) and emails the
 * client in the case's language; a declined client without an account gets a fresh access link
 * to send the case to another lawyer. Answers the case as its lawyer now sees it.
 */
export async function decideCase(
  deps: CasesDeps,
  input: { id: string; viewer: CaseViewer; decision: CaseDecision },
): Promise<CaseDetail> {
  const { db, clock, logger, emailLinkOrigin, reads } = deps;
  const { id, viewer, decision } = input;
  const row = await reads.loadCase(id);
  if (!row || (await reads.roleOf(row, viewer)) !== "lawyer") throw new NotFoundError(CASE_MESSAGES.notFound);
  await consumeLimit(
    deps.rateLimits,
    "case-decision-user",
    viewer.user?.id ?? "",
    CASE_MESSAGES.tooManyDecisions,
  );
  const { after: updated } = await transitionCase(
    db,
    row.id,
    lawyerMover(viewer),
    decision.kind === "accepted"
      ? { to: "accepted", via: "accept" }
      : { to: "declined", via: "decline", reason: decision.reason },
    clock,
  );
  await refreshAfterFirstResponse(db, clock, row.lawyerId, logger);
  const listing = await reads.listingOf(row.lawyerId);
  const locale = localeOf(row.locale);
  const params = {
    clientName: row.clientName,
    caseTitle: row.caseTitle,
    lawyerName: listing?.name ?? null,
    caseLink: caseLink(deps, row.id, locale),
    clientHasAccount: row.userId !== null,
  };
  if (decision.kind === "accepted") notify(deps, row.clientEmail, caseAcceptedEmail(params, locale));
  else {
    // The way to send the case to another lawyer: for a client without an account, a fresh
    // access link (the tracking token is stored only as a hash; issue 16 §3's late-notice kind).
    const accessLink =
      row.userId === null
        ? caseAccessLink(
            emailLinkOrigin,
            row.id,
            locale,
            await mintCaseAccessToken(db, clock, row.id, "late_notice"),
          )
        : undefined;
    notify(
      deps,
      row.clientEmail,
      caseDeclinedEmail(
        { ...params, reason: decision.reason, ...(accessLink ? { accessLink } : {}) },
        locale,
      ),
    );
  }
  return reads.detailOf(updated, "lawyer");
}
