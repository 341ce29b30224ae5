/**
 * A case arrives (issue 4 "Case submission"; issue 17 §1/§2): the per-IP submission limit, the
 * submission with its staged documents, and the one insertion of a case row with its consent,
 * documents and first timeline step that both a submission and a re-send to another lawyer
 * (server/responses/resend.ts, issue 16 §3) use, and the two arrival emails both send.
 */

import type { PublicUser } from "../../lib/account.ts";
import { CASE_INITIAL_STATUS } from "../../lib/case-states.ts";
import type { CaseSubmission } from "../../lib/cases.ts";
import { CASE_FIELD_MESSAGES, isFutureDate } from "../../lib/cases.ts";
import type { CaseStatus } from "../../lib/constants.ts";
import { INTERNATIONAL_EMAIL_MESSAGE } from "../../lib/email-address.ts";
import { isBudgetAllowed } from "../../lib/fee-advice.ts";
import { DEFAULT_LOCALE, type Locale } from "../../lib/i18n/locales.ts";
import { HEALTH_DATA_CONSENT_VERSION } from "../../lib/privacy.ts";
import type { Db } from "../db/client.ts";
import { caseConsents, caseDocuments, caseStatusEvents, cases } from "../db/schema.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { consumeLimit } from "../security/rate-limit.ts";
import { newToken } from "../security/tokens.ts";
import { randomKey } from "../storage/index.ts";
import { CASE_MESSAGES, type CaseReads, type CasesDeps, caseLink, localeOf, notify } from "./context.ts";
import { caseArrivalEmails } from "./emails.ts";
import { discardStaged } from "./intake.ts";
import type { CaseRow } from "./reads.ts";
import type { CaseSummary, StagedDocument } from "./service.ts";
import { hashTrackingToken } from "./tracking.ts";

/** The case's own words and facts, as the client gave them (the columns a re-send copies). */
export type CaseContent = Pick<
  typeof cases.$inferInsert,
  | "caseTitle"
  | "caseType"
  | "description"
  | "priority"
  | "dateNeeded"
  | "clientName"
  | "clientEmail"
  | "clientPhone"
  | "preferredCommunication"
  | "budget"
  | "otherParty"
  | "incidentDate"
  | "incidentPlace"
>;

/** A stored document of a new case: its name, type, size in bytes and document-store key. */
export interface NewCaseDocument {
  fileName: string;
  fileType: string;
  fileSize: number;
  fileUrl: string;
}

/**
 * Inserts a new case for listing `lawyerId` through `tx` (the caller's transaction): the row in
 * the state machine's initial status (issue 27 §2) with `content`, its tracking token's hash and
 * `locale`, created and updated `at`; its health-data consent (issue 17 §1, GDPR Art. 9(2)(a):
 * stored with the case or not at all, in the case's language); its documents; and its first
 * timeline step, by the client's account `userId` (or null). `resentFromCaseId` marks a re-sent
 * copy (issue 16 §3). Answers the inserted row. Throws only database errors.
 */
export async function insertCase(
  tx: Pick<Db, "insert">,
  input: {
    lawyerId: number;
    userId: string | null;
    trackingTokenHash: string;
    content: CaseContent;
    locale: string;
    resentFromCaseId?: string;
    documents: NewCaseDocument[];
    at: Date;
  },
): Promise<CaseRow> {
  const { at, content: c } = input;
  const [inserted] = await tx
    .insert(cases)
    .values({
      // The content's columns one by one: a submission passes its payload, a re-send the whole original row.
      caseTitle: c.caseTitle,
      caseType: c.caseType,
      description: c.description,
      priority: c.priority,
      dateNeeded: c.dateNeeded ?? null,
      clientName: c.clientName,
      clientEmail: c.clientEmail,
      clientPhone: c.clientPhone,
      preferredCommunication: c.preferredCommunication,
      budget: c.budget ?? null,
      otherParty: c.otherParty ?? null,
      incidentDate: c.incidentDate ?? null,
      incidentPlace: c.incidentPlace ?? null,
      lawyerId: input.lawyerId,
      userId: input.userId,
      trackingTokenHash: input.trackingTokenHash,
      status: CASE_INITIAL_STATUS,
      locale: input.locale,
      ...(input.resentFromCaseId ? { resentFromCaseId: input.resentFromCaseId } : {}),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!inserted) throw new Error("case insert returned nothing");
  await tx.insert(caseConsents).values({
    caseId: inserted.id,
    purpose: "health_data",
    textVersion: HEALTH_DATA_CONSENT_VERSION,
    locale: localeOf(input.locale),
    givenAt: at,
  });
  if (input.documents.length > 0)
    await tx
      .insert(caseDocuments)
      .values(input.documents.map((d) => ({ ...d, caseId: inserted.id, uploadedAt: at })));
  await tx.insert(caseStatusEvents).values({
    caseId: inserted.id,
    status: CASE_INITIAL_STATUS,
    changedByUserId: input.userId,
    createdAt: at,
  });
  return inserted;
}

/**
 * Emails the client's receipt and the listing's notice of a case that has just arrived (emails.ts
 * caseArrivalEmails), in the background. `trackingToken` is the case's plain token.
 */
export function announceCase(
  deps: Pick<CasesDeps, "mailer" | "emailLinkOrigin">,
  input: {
    row: CaseRow;
    listing: NonNullable<Awaited<ReturnType<CaseReads["listingOf"]>>>;
    clientHasAccount: boolean;
    trackingToken: string;
  },
): void {
  const { row, listing } = input;
  for (const [to, email] of caseArrivalEmails(
    {
      ...row,
      clientLocale: localeOf(row.locale),
      clientHasAccount: input.clientHasAccount,
      trackingToken: input.trackingToken,
    },
    { ...listing, locale: localeOf(listing.locale), managed: listing.managed === true },
    (id, locale) => caseLink(deps, id, locale),
  ))
    notify(deps, to, email);
}

/** Counts one submission for `ip` under 'case-ip' (429 with the cases' message past it). */
export async function limitSubmission(deps: Pick<CasesDeps, "rateLimits">, ip: string): Promise<void> {
  await consumeLimit(deps.rateLimits, "case-ip", ip, CASE_MESSAGES.tooManyCases);
}

/**
 * Stores a case sent to `payload.lawyerId` with its staged documents (moved to the document
 * store) and emails its two parties (CasesService.submit). Refuses a hidden or unknown listing
 * (404 on lawyerId, issue 15 §3), an address the relay cannot carry (400, issue 14 §2), a lawyer's
 * own listing (403), a way of paying the listing's country does not offer (400 on budget, issue 28
 * §3) and a future incident date (400, issue 17 §2). Every staged temp file is deleted; on failure
 * the stored documents are deleted too.
 */
export async function submitCase(
  deps: CasesDeps,
  input: {
    payload: CaseSubmission;
    staged: StagedDocument[];
    submitter: PublicUser | null;
    locale?: Locale;
  },
): Promise<{ case: CaseSummary; caseUrl: string | null }> {
  const { db, clock, mailer, logger, documents, reads } = deps;
  const { payload, staged, submitter, locale = DEFAULT_LOCALE } = input;
  const stored: string[] = [];
  try {
    const listing = await reads.listingOf(payload.lawyerId);
    // A listing a moderator hid (issue 15 §3) takes no new cases: answered as unknown.
    if (!listing || listing.hidden) throw new NotFoundError(CASE_MESSAGES.lawyerNotFound, "lawyerId");
    // Issue 14 §2: a Unicode local part only where the relay can carry it (SMTPUTF8).
    if (!(await mailer.acceptsAddress(payload.clientEmail)))
      throw new ValidationError(INTERNATIONAL_EMAIL_MESSAGE, "clientEmail");
    if (submitter?.role === "lawyer" && submitter.lawyerId === listing.id)
      throw new ForbiddenError(CASE_MESSAGES.ownListing, "lawyerId");
    // Issue 28 §3: a way of paying the lawyer's country does not offer (e.g. "Contingency Fee
    // Only" for a German lawyer, § 4a RVG) is refused next to the field.
    if (payload.budget && !isBudgetAllowed(payload.budget, listing.countryCode))
      throw new ValidationError(CASE_FIELD_MESSAGES.budgetCountry(listing.countryCode), "budget");
    // Issue 17 §2: an incident date is a fact of the past (the injectable clock's day).
    if (payload.incidentDate && isFutureDate(payload.incidentDate, clock.now()))
      throw new ValidationError(CASE_FIELD_MESSAGES.incidentDateFuture, "incidentDate");
    const clientUserId = submitter?.role === "user" ? submitter.id : null;
    const token = newToken();
    const files: NewCaseDocument[] = [];
    for (const doc of staged) {
      const key = randomKey();
      await documents.putFile(key, doc.tempPath, doc.mediaType);
      stored.push(key);
      files.push({ fileName: doc.fileName, fileType: doc.fileType, fileSize: doc.size, fileUrl: key });
    }
    const row = await db.transaction((tx) =>
      insertCase(tx, {
        lawyerId: listing.id,
        userId: clientUserId,
        trackingTokenHash: hashTrackingToken(token),
        content: payload,
        locale,
        documents: files,
        at: clock.now(),
      }),
    );
    const docs = await reads.documentsOf(row.id);
    announceCase(deps, { row, listing, clientHasAccount: clientUserId !== null, trackingToken: token });
    const summary: CaseSummary = {
      id: row.id,
      lawyerId: row.lawyerId,
      lawyerName: listing.name,
      caseTitle: row.caseTitle,
      caseType: row.caseType,
      priority: row.priority,
      status: row.status as CaseStatus,
      createdAt: row.createdAt.toISOString(),
      documents: docs,
      lawyerManaged: listing.managed === true,
    };
    return { case: summary, caseUrl: clientUserId ? `/cases/${row.id}` : null };
  } catch (err) {
    await Promise.all(
      stored.map((key) =>
        documents
          .delete(key)
          .catch((e) => logger.error({ err: e, key }, "could not delete a stored document")),
      ),
    );
    throw err;
  } finally {
    await discardStaged(staged);
  }
}
