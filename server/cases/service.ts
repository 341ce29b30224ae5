/**
 * Contract of the cases domain (issue 4 "Cases, messages and the contact form"): case intake with
 * documents, tracking, status changes and the case thread. Implemented in server/cases/index.ts;
 * used by the API (server/api/cases.ts), the case page (app/routes/case.tsx) and the dashboard.
 */

import type { PublicUser } from "../../lib/account.ts";
import type { CaseDocumentInfo, CaseSummary } from "../../lib/case-summary.ts";
import type { CaseSubmission } from "../../lib/cases.ts";
import type { CaseStatus } from "../../lib/constants.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import type { CaseDownloadInfo } from "../storage/downloads.ts";

export type { CaseDocumentInfo, CaseDownloadInfo, CaseSummary };

/** Which party of a case is asking: its client (signed in, or by tracking link) or its lawyer. */
export type CaseRole = "client" | "lawyer";

/**
 * Who is asking for a case: the signed-in user (or null) and a private token of the case — its
 * tracking token or an emailed access token (issue 16 §1/§3) — from the page's cookie or the API's
 * `X-Case-Token` header; or null.
 */
export interface CaseViewer {
  user: PublicUser | null;
  trackingToken: string | null;
}

/** One case in a dashboard list (a client's own, or those sent to a lawyer's listing). */
export interface CaseListItem {
  id: string;
  caseTitle: string;
  caseType: string;
  status: CaseStatus;
  priority: string;
  /** The listing's name (shown to clients). */
  lawyerName: string;
  /** The client's name as submitted (shown to lawyers). */
  clientName: string;
  /** ISO 8601. */
  createdAt: string;
}

/** A consent given for a case (issue 17 §1; GDPR Art. 9(2)(a)): what, which text version, when. */
export interface CaseConsentInfo {
  /** One of lib/privacy.ts CONSENT_PURPOSES. */
  purpose: string;
  /** The consent text's version (lib/privacy.ts HEALTH_DATA_CONSENT_VERSION when given). */
  textVersion: string;
  /** The language the text was shown in. */
  locale: string;
  /** ISO 8601. */
  givenAt: string;
}

/**
 * One case with everything its two parties see (GET /api/cases/{id}, the case page). Issue 17 §2
 * (two-stage intake; ABA Model Rule 1.18), issue 27 §2: until the lawyer accepts the case for
 * review, everything beyond the conflict-check summary is null for the lawyer (`summaryOnly` true:
 * `description`, `documents`, `budget`, `dateNeeded`, `clientEmail`, `clientPhone`,
 * `preferredCommunication`; server/cases/visibility.ts). The client always sees everything.
 */
export interface CaseDetail extends Omit<CaseSummary, "documents"> {
  /** The documents; null for the lawyer before acceptance. */
  documents: CaseDocumentInfo[] | null;
  lawyerFirm: string;
  /** The listing's country (ISO 3166-1 alpha-2): the jurisdiction when no incident place is given. */
  lawyerCountryCode: string;
  /** The description; null for the lawyer before acceptance. */
  description: string | null;
  /** Issue 17 §2 conflict-check facts. */
  otherParty: string | null;
  /** YYYY-MM-DD or null. */
  incidentDate: string | null;
  incidentPlace: string | null;
  /** When the lawyer accepted the case for review / declined it (ISO 8601), or null. */
  acceptedAt: string | null;
  declinedAt: string | null;
  /** The lawyer's reason for declining, shown to the client; null when none was given. */
  declineReason: string | null;
  /** True while the viewer is the lawyer and the case is not accepted (no `acceptedAt`): only the summary is shown. */
  summaryOnly: boolean;
  /** The consents given for the case, oldest first (issue 17 §1). */
  consents: CaseConsentInfo[];
  /** Null for the lawyer before acceptance, as the contact details and the budget below. */
  dateNeeded: string | null;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  preferredCommunication: string | null;
  budget: string | null;
  /** ISO 8601. */
  updatedAt: string;
  /** The status timeline, oldest first; the first step is 'pending' at submission. */
  timeline: { status: CaseStatus; createdAt: string }[];
  /** The thread, oldest first. */
  messages: CaseMessageInfo[];
  /** When the lawyer first marked it engaged (ISO 8601), or null (issue 16 §1: starts the review window). */
  engagedAt: string | null;
  /** Which party the viewer is. */
  viewerRole: CaseRole;
}

/** One message of a case thread. */
export interface CaseMessageInfo {
  id: string;
  authorRole: CaseRole;
  body: string;
  /** ISO 8601. */
  createdAt: string;
}

/** An uploaded document, already streamed to a temporary file and checked (server/cases/intake.ts). */
export interface StagedDocument {
  /** The name the client gave it, cleaned (no path, no control characters, at most 255 characters). */
  fileName: string;
  /** The temporary file holding its bytes (deleted by submit in every case). */
  tempPath: string;
  /** Bytes. */
  size: number;
  /** The type found in the content, as an extension of CASE_DOCUMENT_TYPES ("pdf", "docx", …). */
  fileType: string;
  /** The media type served on download (CASE_DOCUMENT_TYPES[fileType]). */
  mediaType: string;
}

/** A document to download: its name, media type, size and bytes. */
export interface CaseDownload {
  fileName: string;
  mediaType: string;
  size: number;
  body: import("node:stream").Readable;
}

/** The cases domain as loaders and API handlers use it. */
export interface CasesService {
  /** Cases for the dashboard: a client's own, or those sent to a lawyer's listing; newest first. */
  dashboardView(user: PublicUser): Promise<CaseListItem[]>;
  /** Same as dashboardView (GET /api/cases). */
  list(user: PublicUser): Promise<CaseListItem[]>;
  /**
   * Counts one submission for `ip` under 'case-ip'. Throws RateLimitedError with retryAfterSeconds
   * past the limit (10 per hour). Called before the body is read.
   */
  limitSubmission(ip: string): Promise<void>;
  /**
   * Stores a case sent to `payload.lawyerId` with its staged documents (moved to the document
   * store), its tracking token hash and the first 'pending' timeline step; emails the client (the
   * private tracking link for a visitor, the case page for a signed-in client) and the listing's
   * email. `submitter`: the signed-in user or null. A lawyer account submits like a visitor, and
   * never to its own listing. Answers the summary and caseUrl ("/cases/{id}" for a signed-in
   * client, null otherwise). Every staged temp file is deleted; on failure nothing stays stored.
   * `locale`: the language the client wrote in (the page's, or the API request's
   * Accept-Language; default English): stored with the case, and every email to the client
   * about it is written in it; the lawyer's notices follow the lawyer account's locale (issue 14 §1).
   * @throws NotFoundError unknown lawyer, 403 a lawyer's own listing
   */
  submit(
    payload: CaseSubmission,
    documents: StagedDocument[],
    submitter: PublicUser | null,
    locale?: Locale,
  ): Promise<{ case: CaseSummary; caseUrl: string | null }>;
  /** The viewer's role in case `id`, or null (not a party, malformed or unknown id). */
  access(id: string, viewer: CaseViewer): Promise<CaseRole | null>;
  /** Case `id` for one of its parties, or null (not a party, malformed or unknown id → 404). */
  get(id: string, viewer: CaseViewer): Promise<CaseDetail | null>;
  /**
   * Sets the status of case `id` (its lawyer only) through the case state machine (issue 27 §2,
   * server/cases/transitions.ts transitionCase: lib/case-states.ts says which moves are allowed),
   * records a timeline step and emails the client. Unchanged status: no step, no email. Answers
   * the updated case.
   * @throws NotFoundError not a party, 403 the client, 409 a move the table refuses (a pending case:
   *   accept or decline it; a declined case: final; back to pending; an engaged case other than closed)
   */
  changeStatus(id: string, viewer: CaseViewer, status: CaseStatus): Promise<CaseDetail>;
  /**
   * Adds `body` (validated, trimmed) to the thread of case `id` by the viewer's party, emails the
   * other party; counts 'message-ip' for `ip`. Answers the new message.
   * @throws NotFoundError not a party, 429 past the limit
   */
  addMessage(id: string, viewer: CaseViewer, body: string, ip: string): Promise<CaseMessageInfo>;
  /**
   * Issue 17 §2 (ABA Model Rule 1.18): the case's lawyer accepts pending case `id` for review,
   * confirming the conflict check (`noConflict`); sets status 'accepted' and accepted_at, records
   * a timeline step, emails the client. Answers the case, now with description and documents.
   * @throws NotFoundError not the case's lawyer (client, stranger, staff), 409 already accepted or declined, 429
   */
  accept(id: string, viewer: CaseViewer): Promise<CaseDetail>;
  /**
   * Issue 17 §2: the case's lawyer declines pending case `id` with an optional `reason` the client
   * sees; sets status 'declined', declined_at, decline_reason, records a timeline step, emails the
   * client (with the reason and a link to send the case to another lawyer).
   * @throws NotFoundError not the case's lawyer, 409 already accepted or declined, 429
   */
  decline(id: string, viewer: CaseViewer, reason: string | undefined): Promise<CaseDetail>;
  /**
   * Issue 17 §4 "A case submitter can withdraw a case that was not accepted and have it deleted at
   * once": the case's client deletes case `id` with its documents, messages and consents
   * (server/cases/delete.ts deleteCases). Counts 'case-withdraw-ip' for `ip`.
   * @throws NotFoundError not the case's client (the lawyer included), 409 once accepted, 429
   */
  withdraw(id: string, viewer: CaseViewer, ip: string): Promise<void>;
  /** Document `docId` of case `id` for one of its parties, or null (null for the lawyer before acceptance, issue 17 §2). */
  download(id: string, docId: string, viewer: CaseViewer): Promise<CaseDownload | null>;
  /**
   * Issue 17 §3: the downloads of the case's documents (who, when; newest first) for its client
   * (signed in or by the case link); null for the lawyer and anyone else.
   */
  downloads(id: string, viewer: CaseViewer): Promise<CaseDownloadInfo[] | null>;
  /** The local folder where uploads are streamed before they are checked and stored (created on demand). */
  documentTempDir(): Promise<string>;
  /**
   * Reads the multipart case form posted to a page (the profile's Submit Case form without
   * JavaScript, issue 13 §4) with the same streaming intake as POST /api/cases
   * (server/cases/intake.ts readCaseRequest): text parts go to `fields` as they arrive (kept
   * when a document is refused), documents are staged after their type is checked from their
   * content. Answers the fields and the staged documents; the caller validates the fields with
   * CaseSubmissionSchema and calls `submit`, or `discardStaged`.
   * @throws CaseError 400, 413 or 422 as readCaseForm (the rest of the body is read and dropped first)
   */
  readPageForm(
    request: Request,
    fields: Record<string, string>,
  ): Promise<{ fields: Record<string, string>; documents: StagedDocument[] }>;
  /** Deletes the temporary files of staged documents that will not be submitted (never throws). */
  discardStaged(documents: StagedDocument[]): Promise<void>;
  /**
   * Which token of case `id` `token` is: "tracking" (the submission's link), "access" (an
   * unexpired access token minted for a later email, issue 16 §1/§3, server/cases/access-tokens.ts)
   * or null (malformed, unknown, expired, or another case's); constant-time hash comparison.
   */
  checkTrackingToken(id: string, token: string): Promise<"tracking" | "access" | null>;
  /**
   * The tracking token cookie of case `id` (HttpOnly, Secure, SameSite=Lax, one year). Path=/ so
   * the localized case pages (/de/cases/{id}) receive it too; only the case page and its download
   * links read it (trackingTokenFromRequest), never an /api route (they take X-Case-Token).
   */
  trackingCookie(id: string, token: string): string;
  /** The tracking token the request's cookie holds for case `id`, or null. */
  trackingTokenFromRequest(request: Request, id: string): string | null;
}
