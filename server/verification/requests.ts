/**
 * Verification requests (issue 15 §2 "Lawyers request verification from their dashboard: they
 * enter admissions and upload proof (kept private, like case documents); a moderator reviews
 * against the register and approves or rejects with a reason the lawyer sees"). This file only
 * binds the use cases to the process's dependencies; the contract is service.ts and each use
 * case is its own module:
 *
 * - the lawyer's side: request-views.ts (the dashboard page), save-admission.ts (add/edit an
 *   admission), upload-proof.ts (rate limit, multipart form, proof types, storing),
 *   submit-request.ts (a request with proofs), discipline-statement.ts (a statement on a public
 *   disciplinary record);
 * - the moderator's side: request-queue.ts (the `verification` queue), request-views.ts (one
 *   request), decide-request.ts with approved-check.ts (approve or reject, the lawyer's email);
 * - proof-downloads.ts: the proofs' authorised download.
 *
 * Rules: every change of a check goes through recomputeVerification (recompute.ts, the only writer
 * of the `verified` cache) in the same transaction and writes recordAudit (before → after,
 * reason). Approve stamps method, source, checkedOn (the injectable clock's day), checkedBy (the
 * moderator) and nextCheckDue (licence and discipline +1 year, the registers' yearly renewal
 * [S16][S20][S27]; a specialist title likewise, issue 28 §2; insurance at its expiry; education
 * and experience none). A specialist-title request covers every title the listing states (one
 * check each, matched by title and issuing body; lib/specialist-titles.ts). Reject needs a
 * reason, which the lawyer sees on the dashboard and by email in their locale (users.locale).
 * Proofs are PDF, JPEG or PNG up to CASE_DOCUMENT_MAX_BYTES each, stored through server/storage
 * under random keys; only the listing's owner and staff (second factor passed) download them,
 * everyone else gets null (404: no hint that the id exists).
 */
import { decideRequest } from "./decide-request.ts";
import { setDisciplineStatement } from "./discipline-statement.ts";
import { downloadProof } from "./proof-downloads.ts";
import { requestQueue } from "./request-queue.ts";
import { ownerVerificationView, staffRequestView } from "./request-views.ts";
import { saveAdmission } from "./save-admission.ts";
import type { VerificationDeps, VerificationService } from "./service.ts";
import { submitRequest } from "./submit-request.ts";
import { limitSubmission, readProofForm } from "./upload-proof.ts";

export { plusOneYear } from "./approved-check.ts";
export { AdmissionInputSchema, DecisionInputSchema, RequestInputSchema } from "./request-input.ts";
export {
  type AdmissionView,
  type CheckView,
  type DisciplineView,
  type OwnerVerificationView,
  PROOF_TYPES,
  type ProofDownload,
  type ProofView,
  type RequestView,
  type StaffRequestView,
  VERIFICATION_MESSAGES,
  type VerificationDeps,
  type VerificationService,
} from "./service.ts";

/** The verification service over the process's database, clock, mailer, rate limits and store. */
export function createVerificationService(deps: VerificationDeps): VerificationService {
  return {
    ownerView: (user) => ownerVerificationView(deps, { user }),
    saveAdmission: (user, form, meta) => saveAdmission(deps, { user, form, ip: meta.ip }),
    limitSubmission: (user) => limitSubmission(deps, { user }),
    readForm: (request, fields) => readProofForm(deps, { request, fields }),
    submitRequest: (user, form, staged, meta) => submitRequest(deps, { user, form, staged, ip: meta.ip }),
    setDisciplineStatement: (user, recordId, statement, meta) =>
      setDisciplineStatement(deps, { user, recordId, statement, ip: meta.ip }),
    queue: (limit) => requestQueue(deps, { limit }),
    staffView: (id) => staffRequestView(deps, { id }),
    decide: (actor, id, form, meta) => decideRequest(deps, { actor, id, form, ip: meta.ip }),
    download: (user, proofId) => downloadProof(deps, { user, proofId }),
  };
}
