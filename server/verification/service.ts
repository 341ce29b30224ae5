/**
 * The verification requests' contract (issue 15 §2 "Lawyers request verification from their
 * dashboard: they enter admissions and upload proof (kept private, like case documents); a
 * moderator reviews against the register and approves or rejects with a reason the lawyer sees"):
 * the views the dashboard and the moderator's screen show, the service's functions and the
 * messages of its errors. The use cases are the verb-named modules beside this file
 * (save-admission.ts, submit-request.ts, decide-request.ts, request-views.ts, request-queue.ts,
 * proof-downloads.ts, discipline-statement.ts, upload-proof.ts); requests.ts binds them to the
 * process's dependencies.
 */
import type { Readable } from "node:stream";
import type { PublicUser } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import type { CheckKind, CheckStatus } from "../../lib/verification.ts";
import type { CaseForm } from "../cases/intake.ts";
import type { StagedDocument } from "../cases/service.ts";
import type { CheckDetails } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import type { QueueProvider } from "../staff/service.ts";
import type { DocumentStore } from "../storage/index.ts";

/** Proof types accepted (issue 15 §2 task: PDF, JPEG or PNG; the type is read from the content). */
export const PROOF_TYPES = ["pdf", "jpg", "png"] as const;

/** What the services give this domain: the domain's dependencies (server/deps.ts) and the encrypting document store. */
export interface VerificationDeps
  extends Pick<DomainDeps, "db" | "clock" | "mailer" | "rateLimits" | "logger" | "emailLinkOrigin"> {
  store: DocumentStore;
}

/** One admission as its owner and staff see it, with its licence check's state. */
export interface AdmissionView {
  id: number;
  countryCode: string;
  region: string | null;
  regulator: string;
  licenceNumber: string;
  yearAdmitted: number | null;
  status: string;
  licenceStatus: CheckStatus;
}

/** One check as its owner and staff see it. */
export interface CheckView {
  id: number;
  kind: CheckKind;
  admissionId: number | null;
  status: CheckStatus;
  method: string | null;
  source: string | null;
  sourceUrl: string | null;
  checkedOn: string | null;
  nextCheckDue: string | null;
  details: CheckDetails | null;
}

/** One proof file (never its storage key). */
export interface ProofView {
  id: string;
  fileName: string;
  fileType: string;
  fileSize: number;
}

/** One request with its decision and proofs. */
export interface RequestView {
  id: number;
  lawyerId: number;
  kinds: CheckKind[];
  admissionIds: number[];
  details: CheckDetails | null;
  note: string | null;
  status: "pending" | "approved" | "rejected";
  decisionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
  proofs: ProofView[];
}

/** A public disciplinary record with its id, for the lawyer's statement form. */
export interface DisciplineView {
  id: number;
  date: string;
  outcome: string;
  regulator: string;
  sourceUrl: string | null;
  lawyerStatement: string | null;
}

/** The dashboard's verification page: the listing's admissions, checks, discipline and requests. */
export interface OwnerVerificationView {
  lawyerId: number;
  listingName: string;
  admissions: AdmissionView[];
  checks: CheckView[];
  discipline: DisciplineView[];
  requests: RequestView[];
}

/** What the moderator's screen shows: the request, the listing and its owner's locale. */
export interface StaffRequestView extends OwnerVerificationView {
  request: RequestView;
  ownerEmail: string | null;
  /** Per admission id, the regulator's public register search page when known (server/seed/demo-regulators.ts). */
  registers: Record<number, string | null>;
}

/** A proof to download. */
export interface ProofDownload {
  fileName: string;
  mediaType: string;
  size: number;
  body: Readable;
}

/** Messages (catalog references) of this domain's errors. */
export const VERIFICATION_MESSAGES = {
  noListing: msg("errors:verification.noListing"),
  admissionNotFound: msg("errors:verification.admissionNotFound"),
  admissionUnderReview: msg("errors:verification.admissionUnderReview"),
  requestNotFound: msg("errors:verification.requestNotFound"),
  alreadyDecided: msg("errors:verification.alreadyDecided"),
  pickKind: msg("errors:verification.pickKind"),
  needAdmission: msg("errors:verification.needAdmission"),
  needProof: msg("errors:verification.needProof"),
  reasonRequired: msg("errors:verification.reasonRequired"),
  registerUrlRequired: msg("errors:verification.registerUrlRequired"),
  invalid: msg("errors:verification.invalid"),
  notStaff: msg("errors:verification.notStaff"),
  recordNotFound: msg("errors:verification.recordNotFound"),
  proofNotFound: msg("errors:verification.proofNotFound"),
  /** Issue 28 §2: a specialist-title request for a listing that states no title. */
  needSpecialistTitle: msg("errors:verification.needSpecialistTitle"),
} as const;

/** The service; see createVerificationService (requests.ts). */
export interface VerificationService {
  /** The owner's page data, or null for an account without a listing (a client, staff, a new lawyer). */
  ownerView(user: PublicUser): Promise<OwnerVerificationView | null>;
  /**
   * Adds an admission (with an `unverified` licence check) or edits the owner's own one; a change
   * of its regulator or number resets its licence check to `unverified` (audited, recomputed).
   * @throws ForbiddenError no listing, NotFoundError another listing's admission, ValidationError, RateLimitedError
   */
  saveAdmission(user: PublicUser, input: unknown, meta: { ip: string }): Promise<number>;
  /**
   * Counts one request submission of `user` under 'verification-user' before its body (the proof
   * uploads) is read. @throws RateLimitedError past the limit, ForbiddenError no listing
   */
  limitSubmission(user: PublicUser): Promise<void>;
  /** Reads the request form (multipart, `documents` parts) as the case form does. */
  readForm(request: Request, fields: Record<string, string>): Promise<CaseForm>;
  /**
   * Stores a request with its proofs and makes the picked checks `pending` (audited,
   * recomputed). Deletes the staged files in every case.
   * @throws ForbiddenError no listing, ValidationError, UnprocessableError (a DOC/DOCX proof), RateLimitedError
   */
  submitRequest(
    user: PublicUser,
    input: unknown,
    proofs: StagedDocument[],
    meta: { ip: string },
  ): Promise<number>;
  /**
   * Sets the owner's statement on one of their listing's public disciplinary records (audited).
   * @throws ForbiddenError no listing, NotFoundError another listing's record, RateLimitedError
   */
  setDisciplineStatement(
    user: PublicUser,
    recordId: number,
    statement: string,
    meta: { ip: string },
  ): Promise<void>;
  /** The `verification` queue (QueueProvider): pending requests, oldest first. */
  queue: QueueProvider;
  /** One request for the moderator's screen, or null for an unknown id. */
  staffView(id: number): Promise<StaffRequestView | null>;
  /**
   * Approves or rejects a pending request (staff only; a reason is required to reject; a register
   * lookup needs the register entry's URL). Audited, recomputed, the lawyer emailed in their locale.
   * @throws ForbiddenError not staff, NotFoundError, ValidationError, ConflictError-like 409 decided, RateLimitedError
   */
  decide(actor: PublicUser, id: number, input: unknown, meta: { ip: string }): Promise<void>;
  /** A proof for its listing's owner or staff; null for anyone else, an unknown or malformed id. */
  download(user: PublicUser | null, proofId: string): Promise<ProofDownload | null>;
}
