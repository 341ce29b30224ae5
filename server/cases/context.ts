/**
 * What every use case of the cases domain (issue 4) is given, and the few helpers they share: the
 * process's DomainDeps (server/deps.ts) with the domain's document store and reads bound once by
 * index.ts (createCasesService), the case page's link in a language, the background notice, the
 * rate limit with the domain's own 429 message, and the texts of the domain's errors.
 */
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import type { DomainDeps } from "../deps.ts";
import type { RenderedEmail } from "../email/templates/index.ts";
import { createDocumentStorage } from "../storage/documents.ts";
import type { DocumentStore } from "../storage/index.ts";
import { createCaseReads } from "./reads.ts";
import type { CaseViewer } from "./service.ts";

/** Texts of the cases domain's errors. */
export const CASE_MESSAGES = {
  notFound: msg("errors:cases.notFound"),
  lawyerNotFound: msg("errors:cases.lawyerNotFound"),
  ownListing: msg("errors:cases.ownListing"),
  lawyerOnly: msg("errors:cases.lawyerOnly"),
  tooManyCases: msg("errors:cases.tooManyCases"),
  tooManyMessages: msg("errors:cases.tooManyMessages"),
  // The refusals of the case state machine (pending, already decided, declined, any other
  // move) are lib/case-states.ts refusalMessage's (issue 27 §2).
  /** Issue 17 §4: withdrawal of a case the lawyer accepted. */
  withdrawAccepted: msg("errors:cases.withdrawAccepted"),
  tooManyWithdrawals: msg("errors:cases.tooManyWithdrawals"),
  tooManyDecisions: msg("errors:cases.tooManyDecisions"),
} as const;

/** The cases domain's reads over the database (reads.ts createCaseReads). */
export type CaseReads = ReturnType<typeof createCaseReads>;

/**
 * The dependencies of a cases use case: the process's DomainDeps, the document store (issue 17 §3:
 * the encrypting one services.ts passes) and the reads bound to the same database and clock.
 */
export interface CasesDeps extends DomainDeps {
  documents: DocumentStore;
  reads: CaseReads;
}

/**
 * The cases use cases' dependencies over `deps`: the document store (issue 17 §3: never the raw
 * store; the encrypting one of its config unless `store` is given, as services.ts gives the one
 * shared store) and the reads bound to the same database and clock.
 */
export function casesDepsOf(deps: DomainDeps, store?: DocumentStore): CasesDeps {
  const documents = store ?? createDocumentStorage(deps).store;
  return { ...deps, documents, reads: createCaseReads(deps.db, deps.clock) };
}

/** A stored locale as a supported one (English for none or an unknown tag). */
export function localeOf(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The case page's absolute address in the recipient's language, e.g. https://…/de/cases/<id>. */
export function caseLink(
  deps: Pick<DomainDeps, "emailLinkOrigin">,
  id: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${deps.emailLinkOrigin}${localizePath(`/cases/${id}`, locale)}`;
}

/**
 * Sends an email (rendering, server/email/templates) in the background; a failure is logged by
 * the mailer, never fails the request (the case is stored).
 */
export function notify(deps: Pick<DomainDeps, "mailer">, to: string, email: Promise<RenderedEmail>): void {
  deps.mailer.sendLater(email.then((mail) => ({ to, ...mail })));
}

/** The case's lawyer as the state machine knows them (issue 27 §2). */
export function lawyerMover(viewer: CaseViewer) {
  return { role: "lawyer" as const, userId: viewer.user?.id ?? null };
}
