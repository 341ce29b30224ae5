/**
 * The cases domain (issue 4 "Cases, messages and the contact form"): intake with documents,
 * private tracking links, status changes, the case thread, downloads and the email notices.
 * Shared by the API (server/api/cases.ts), the case page and the dashboard through
 * server/services.ts. Nothing here knows about HTTP. Each use case is its own module, an exported
 * function taking (deps, input): submit-case.ts (the submission and the one case insertion a
 * re-send shares), decide-case.ts (accept, decline), case-status.ts (status, withdrawal),
 * case-thread.ts, case-documents.ts (downloads), read-case.ts and tracking.ts; the reads are in
 * reads.ts, the multipart intake in intake.ts. This file only binds them to their dependencies
 * (context.ts CasesDeps). Every status change and withdrawal goes through the case state machine
 * (transitions.ts, the table in lib/case-states.ts; issue 27 §2), and what the lawyer sees of a
 * case through visibility.ts.
 *
 * Authorisation (issue 4 "Safety"): a case has exactly two parties. Its client is the signed-in
 * account that submitted it (cases.user_id) or whoever holds its tracking token; its lawyer is the
 * account linked to the listing it was sent to (users.lawyer_id = cases.lawyer_id). Anyone else,
 * and any malformed or unknown id, gets null (404), never a 403 that would reveal the case exists.
 */

import type { DomainDeps } from "../deps.ts";
import type { DocumentStore } from "../storage/index.ts";
import { caseDownloadLog, downloadCaseDocument } from "./case-documents.ts";
import { changeCaseStatus, withdrawCase } from "./case-status.ts";
import { addCaseMessage } from "./case-thread.ts";
import { casesDepsOf } from "./context.ts";
import { decideCase } from "./decide-case.ts";
import { discardStaged, readCaseRequest } from "./intake.ts";
import { caseRole, getCase } from "./read-case.ts";
import type { CasesService } from "./service.ts";
import { limitSubmission, submitCase } from "./submit-case.ts";
import { checkTrackingToken, trackingCookie, trackingTokenFromRequest } from "./tracking.ts";

export { CASE_MESSAGES } from "./context.ts";
export { hashTrackingToken, TRACKING_COOKIE_MAX_AGE, trackingCookieName } from "./tracking.ts";

/** Creates the process's cases service over `deps` (and the encrypting document store of its config unless given). */
export function createCasesService(domain: DomainDeps, store?: DocumentStore): CasesService {
  const deps = casesDepsOf(domain, store);
  return {
    dashboardView: deps.reads.list,
    list: deps.reads.list,
    limitSubmission: (ip) => limitSubmission(deps, ip),
    submit: (payload, staged, submitter, locale) => submitCase(deps, { payload, staged, submitter, locale }),
    access: (id, viewer) => caseRole(deps, { id, viewer }),
    get: (id, viewer) => getCase(deps, { id, viewer }),
    changeStatus: (id, viewer, status) => changeCaseStatus(deps, { id, viewer, status }),
    addMessage: (id, viewer, body, ip) => addCaseMessage(deps, { id, viewer, body, ip }),
    accept: (id, viewer) => decideCase(deps, { id, viewer, decision: { kind: "accepted" } }),
    decline: (id, viewer, reason) =>
      decideCase(deps, { id, viewer, decision: { kind: "declined", reason: reason ?? null } }),
    withdraw: (id, viewer, ip) => withdrawCase(deps, { id, viewer, ip }),
    download: (id, docId, viewer) => downloadCaseDocument(deps, { id, docId, viewer }),
    downloads: (id, viewer) => caseDownloadLog(deps, { id, viewer }),
    documentTempDir: () => deps.documents.tempDir(),
    readPageForm: async (request, fields) => readCaseRequest(request, await deps.documents.tempDir(), fields),
    discardStaged,
    checkTrackingToken: (id, token) => checkTrackingToken(deps, { id, token }),
    trackingCookie,
    trackingTokenFromRequest,
  };
}
