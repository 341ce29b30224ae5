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

import type { PublicUser } from "../../lib/account.ts";
import type { CaseSummary } from "../../lib/case-summary.ts";
import type { CaseSubmission } from "../../lib/cases.ts";
import type { CaseStatus } from "../../lib/constants.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import type { DomainDeps } from "../deps.ts";
import type { CaseDownloadInfo } from "../storage/downloads.ts";
import type { DocumentStore } from "../storage/index.ts";
import { caseDownloadLog, downloadCaseDocument } from "./case-documents.ts";
import { changeCaseStatus, withdrawCase } from "./case-status.ts";
import { addCaseMessage } from "./case-thread.ts";
import { type CasesDeps, casesDepsOf } from "./context.ts";
import { decideCase } from "./decide-case.ts";
import { discardStaged, readCaseRequest } from "./intake.ts";
import { caseRole, getCase } from "./read-case.ts";
import type {
  CaseDetail,
  CaseDownload,
  CaseListItem,
  CaseMessageInfo,
  CaseRole,
  CasesService,
  CaseViewer,
  StagedDocument,
} from "./service.ts";
import { limitSubmission, submitCase } from "./submit-case.ts";
import { checkTrackingToken, trackingCookie, trackingTokenFromRequest } from "./tracking.ts";

export { CASE_MESSAGES } from "./context.ts";
export { hashTrackingToken, TRACKING_COOKIE_MAX_AGE, trackingCookieName } from "./tracking.ts";

/**
 * The cases domain's door (docs/ARCHITECTURE.md "How a request flows"): each method binds the
 * process's CasesDeps to one use case, so a reader follows `cases.submit(…)` from a page action or
 * an API route into submit-case.ts and on to the database. A class rather than an object of
 * arrows so that the methods are definitions a reader's tools can go to (replace one method of an
 * instance with Object.create, as tests/e2e/support/log-server.ts does, not with a spread).
 */
export class Cases implements CasesService {
  /** The database, clock, mailer, document store and reads every use case takes (context.ts). */
  private readonly deps: CasesDeps;

  /** Binds `deps` (server/services.ts createServices through createCasesService). */
  constructor(deps: CasesDeps) {
    this.deps = deps;
  }

  /** See CasesService.dashboardView (reads.ts list). */
  dashboardView(user: PublicUser): Promise<CaseListItem[]> {
    return this.deps.reads.list(user);
  }

  /** See CasesService.list (reads.ts list). */
  list(user: PublicUser): Promise<CaseListItem[]> {
    return this.deps.reads.list(user);
  }

  /** See CasesService.limitSubmission (submit-case.ts). */
  limitSubmission(ip: string): Promise<void> {
    return limitSubmission(this.deps, ip);
  }

  /** See CasesService.submit (submit-case.ts submitCase). */
  submit(
    payload: CaseSubmission,
    staged: StagedDocument[],
    submitter: PublicUser | null,
    locale?: Locale,
  ): Promise<{ case: CaseSummary; caseUrl: string | null }> {
    return submitCase(this.deps, { payload, staged, submitter, locale });
  }

  /** See CasesService.access (read-case.ts caseRole). */
  access(id: string, viewer: CaseViewer): Promise<CaseRole | null> {
    return caseRole(this.deps, { id, viewer });
  }

  /** See CasesService.get (read-case.ts getCase). */
  get(id: string, viewer: CaseViewer): Promise<CaseDetail | null> {
    return getCase(this.deps, { id, viewer });
  }

  /** See CasesService.changeStatus (case-status.ts). */
  changeStatus(id: string, viewer: CaseViewer, status: CaseStatus): Promise<CaseDetail> {
    return changeCaseStatus(this.deps, { id, viewer, status });
  }

  /** See CasesService.addMessage (case-thread.ts). */
  addMessage(id: string, viewer: CaseViewer, body: string, ip: string): Promise<CaseMessageInfo> {
    return addCaseMessage(this.deps, { id, viewer, body, ip });
  }

  /** See CasesService.accept (decide-case.ts). */
  accept(id: string, viewer: CaseViewer): Promise<CaseDetail> {
    return decideCase(this.deps, { id, viewer, decision: { kind: "accepted" } });
  }

  /** See CasesService.decline (decide-case.ts). */
  decline(id: string, viewer: CaseViewer, reason: string | undefined): Promise<CaseDetail> {
    return decideCase(this.deps, { id, viewer, decision: { kind: "declined", reason: reason ?? null } });
  }

  /** See CasesService.withdraw (case-status.ts). */
  withdraw(id: string, viewer: CaseViewer, ip: string): Promise<void> {
    return withdrawCase(this.deps, { id, viewer, ip });
  }

  /** See CasesService.download (case-documents.ts). */
  download(id: string, docId: string, viewer: CaseViewer): Promise<CaseDownload | null> {
    return downloadCaseDocument(this.deps, { id, docId, viewer });
  }

  /** See CasesService.downloads (case-documents.ts). */
  downloads(id: string, viewer: CaseViewer): Promise<CaseDownloadInfo[] | null> {
    return caseDownloadLog(this.deps, { id, viewer });
  }

  /** See CasesService.documentTempDir. */
  documentTempDir(): Promise<string> {
    return this.deps.documents.tempDir();
  }

  /** See CasesService.readPageForm (intake.ts readCaseRequest). */
  async readPageForm(
    request: Request,
    fields: Record<string, string>,
  ): Promise<{ fields: Record<string, string>; documents: StagedDocument[] }> {
    return readCaseRequest(request, await this.deps.documents.tempDir(), fields);
  }

  /** See CasesService.discardStaged (intake.ts). */
  discardStaged(documents: StagedDocument[]): Promise<void> {
    return discardStaged(documents);
  }

  /** See CasesService.checkTrackingToken (tracking.ts). */
  checkTrackingToken(id: string, token: string): Promise<"tracking" | "access" | null> {
    return checkTrackingToken(this.deps, { id, token });
  }

  /** See CasesService.trackingCookie (tracking.ts). */
  trackingCookie(id: string, token: string): string {
    return trackingCookie(id, token);
  }

  /** See CasesService.trackingTokenFromRequest (tracking.ts). */
  trackingTokenFromRequest(request: Request, id: string): string | null {
    return trackingTokenFromRequest(request, id);
  }
}

/** Creates the process's cases service over `deps` (and the encrypting document store of its config unless given). */
export function createCasesService(domain: DomainDeps, store?: DocumentStore): CasesService {
  return new Cases(casesDepsOf(domain, store));
}
