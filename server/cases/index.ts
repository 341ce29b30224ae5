/**
 * The cases domain (issue 4 "Cases, messages and the contact form"): intake with documents,
 * private tracking links, status changes, the case thread, downloads and the email notices.
 * Shared by the API (server/api/cases.ts), the case page and the dashboard through
 * server/services.ts. Plain functions over the database, the document store (server/storage), the
 * mailer and the rate limits; nothing here knows about HTTP. The reads (a case, its parties, its
 * detail, the dashboard list) are in reads.ts, the multipart intake in intake.ts. Every status
 * change and withdrawal goes through the case state machine (transitions.ts, the table in
 * lib/case-states.ts; issue 27 §2), and what the lawyer sees of a case through visibility.ts.
 *
 * Authorisation (issue 4 "Safety"): a case has exactly two parties. Its client is the signed-in
 * account that submitted it (cases.user_id) or whoever holds its tracking token; its lawyer is the
 * account linked to the listing it was sent to (users.lawyer_id = cases.lawyer_id). Anyone else,
 * and any malformed or unknown id, gets null (404), never a 403 that would reveal the case exists.
 */

import { and, eq } from "drizzle-orm";
import { CASE_INITIAL_STATUS } from "../../lib/case-states.ts";
import {
  CASE_DOCUMENT_TYPES,
  CASE_FIELD_MESSAGES,
  CaseMessageSchema,
  isFutureDate,
} from "../../lib/cases.ts";
import type { CaseStatus } from "../../lib/constants.ts";
import { readCookie } from "../../lib/cookies.ts";
import { INTERNATIONAL_EMAIL_MESSAGE } from "../../lib/email-address.ts";
import { isBudgetAllowed } from "../../lib/fee-advice.ts";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { isUuid } from "../../lib/ids.ts";
import { HEALTH_DATA_CONSENT_VERSION } from "../../lib/privacy.ts";
import { reviewOpensAt } from "../../lib/reviews.ts";
import { zodIssueMessage } from "../../lib/zod-issue-message.ts";
import { caseConsents, caseDocuments, caseMessages, caseStatusEvents, cases } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { caseAcceptedEmail, caseDeclinedEmail } from "../email/templates/case-decision.ts";
import {
  caseMessageToClientEmail,
  caseMessageToLawyerEmail,
  caseMessageWaitingEmail,
  caseStatusEmail,
  type RenderedEmail,
} from "../email/templates/index.ts";
import { reviewInviteEmail } from "../email/templates/review-invite.ts";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from "../errors.ts";
import { refreshAfterFirstResponse } from "../responses/stats.ts";
import { hashToken, looksLikeToken, newToken } from "../security/tokens.ts";
import { createDocumentStorage } from "../storage/documents.ts";
import { caseDownloads, downloaderOf, recordDownload } from "../storage/downloads.ts";
import { type DocumentStore, randomKey } from "../storage/index.ts";
import { caseAccessLink, mintCaseAccessToken } from "./access-tokens.ts";
import { caseArrivalEmails, claimStepsFor } from "./emails.ts";
import { discardStaged, readCaseRequest } from "./intake.ts";
import { createCaseReads, messageInfo } from "./reads.ts";
import type { CaseSummary, CasesService, CaseViewer, StagedDocument } from "./service.ts";
import { deleteCasesBy, transitionCase } from "./transitions.ts";
import { caseAsLawyerSeesIt, caseFileOpenToLawyer } from "./visibility.ts";

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

/** Name of the page cookie that holds the tracking token of case `id` (Path=/, read only by the case pages). */
export function trackingCookieName(id: string): string {
  return `lexatlas_case_${id.toLowerCase()}`;
}

/** Lifetime of the tracking cookie: one year, in seconds (the emailed link itself never expires). */
export const TRACKING_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** SHA-256 of a tracking token, hex (what cases.tracking_token_hash stores). */
export const hashTrackingToken = hashToken;

/** Creates the process's cases service over `deps` (and the encrypting document store of its config unless given). */
export function createCasesService(deps: DomainDeps, store?: DocumentStore): CasesService {
  const { db, clock, mailer, rateLimits, logger, emailLinkOrigin } = deps;
  // Issue 17 §3: never the raw store by default (services.ts passes the one encrypting store).
  const documents = store ?? createDocumentStorage(deps).store;
  /** The case page in the recipient's language, e.g. https://…/de/cases/<id>. */
  const caseLink = (id: string, locale: Locale = DEFAULT_LOCALE) =>
    `${emailLinkOrigin}${localizePath(`/cases/${id}`, locale)}`;
  /** A stored locale as a supported one (English for none or an unknown tag). */
  const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

  /**
   * Sends an email (rendering, server/email/templates) in the background; a failure is logged by
   * the mailer, never fails the request (the case is stored).
   */
  const notify = (to: string, email: Promise<RenderedEmail>) => {
    mailer.sendLater(email.then((mail) => ({ to, ...mail })));
  };

  const { loadCase, roleOf, tokenKind, listingOf, documentsOf, detailOf, list } = createCaseReads(db, clock);

  /** The case's lawyer as the state machine knows them (issue 27 §2). */
  const lawyerMover = (viewer: CaseViewer) => ({ role: "lawyer" as const, userId: viewer.user?.id ?? null });

  /**
   * Accept or decline (issue 17 §2): the case's lawyer only (anyone else 404, as every case
   * route), through the state machine (transitionCase: a pending case only, 409 once accepted or
   * declined; the update is conditional so two racing answers cannot both win). Writes the status,
   * its date (and the reason), a timeline step, refreshes the listing's response figures (issue 16
   * §3: the first response is this answer) and emails the client in the case's language.
   */
  const decide = async (
    id: string,
    viewer: CaseViewer,
    decision: { kind: "accepted" } | { kind: "declined"; reason: string | null },
  ) => {
    const row = await loadCase(id);
    if (!row || (await roleOf(row, viewer)) !== "lawyer") throw new NotFoundError(CASE_MESSAGES.notFound);
    const userKey = viewer.user?.id ?? "";
    try {
      await rateLimits.consume("case-decision-user", userKey);
    } catch (err) {
      if (err instanceof RateLimitedError)
        throw new RateLimitedError(CASE_MESSAGES.tooManyDecisions, err.retryAfterSeconds);
      throw err;
    }
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
    const listing = await listingOf(row.lawyerId);
    const locale = localeOf(row.locale);
    const params = {
      clientName: row.clientName,
      caseTitle: row.caseTitle,
      lawyerName: listing?.name ?? null,
      caseLink: caseLink(row.id, locale),
      clientHasAccount: row.userId !== null,
    };
    if (decision.kind === "accepted") notify(row.clientEmail, caseAcceptedEmail(params, locale));
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
        row.clientEmail,
        caseDeclinedEmail(
          { ...params, reason: decision.reason, ...(accessLink ? { accessLink } : {}) },
          locale,
        ),
      );
    }
    return detailOf(updated, "lawyer");
  };

  return {
    dashboardView: list,
    list,

    async limitSubmission(ip) {
      try {
        await rateLimits.consume("case-ip", ip);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new RateLimitedError(CASE_MESSAGES.tooManyCases, err.retryAfterSeconds);
        throw err;
      }
    },

    async submit(payload, staged, submitter, locale = DEFAULT_LOCALE) {
      const stored: string[] = [];
      try {
        const listing = await listingOf(payload.lawyerId);
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
        const files: (StagedDocument & { key: string })[] = [];
        for (const doc of staged) {
          const key = randomKey();
          await documents.putFile(key, doc.tempPath, doc.mediaType);
          stored.push(key);
          files.push({ ...doc, key });
        }
        const submittedAt = clock.now();
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(cases)
            .values({
              lawyerId: listing.id,
              userId: clientUserId,
              trackingTokenHash: hashTrackingToken(token),
              caseTitle: payload.caseTitle,
              caseType: payload.caseType,
              description: payload.description,
              priority: payload.priority,
              dateNeeded: payload.dateNeeded ?? null,
              clientName: payload.clientName,
              clientEmail: payload.clientEmail,
              clientPhone: payload.clientPhone,
              preferredCommunication: payload.preferredCommunication,
              budget: payload.budget ?? null,
              otherParty: payload.otherParty ?? null,
              incidentDate: payload.incidentDate ?? null,
              incidentPlace: payload.incidentPlace ?? null,
              // Issue 27 §2: every case starts where the state machine does.
              status: CASE_INITIAL_STATUS,
              locale,
              createdAt: submittedAt,
              updatedAt: submittedAt,
            })
            .returning();
          if (!inserted) throw new Error("case insert returned nothing");
          // Issue 17 §1, GDPR Art. 9(2)(a): the explicit consent, stored with the case or not at all.
          await tx.insert(caseConsents).values({
            caseId: inserted.id,
            purpose: "health_data",
            textVersion: HEALTH_DATA_CONSENT_VERSION,
            locale,
            givenAt: submittedAt,
          });
          if (files.length > 0)
            await tx.insert(caseDocuments).values(
              files.map((f) => ({
                caseId: inserted.id,
                fileName: f.fileName,
                fileType: f.fileType,
                fileSize: f.size,
                fileUrl: f.key,
                uploadedAt: submittedAt,
              })),
            );
          await tx.insert(caseStatusEvents).values({
            caseId: inserted.id,
            status: CASE_INITIAL_STATUS,
            changedByUserId: clientUserId,
            createdAt: submittedAt,
          });
          return inserted;
        });
        const docs = await documentsOf(row.id);
        for (const [to, email] of caseArrivalEmails(
          {
            ...row,
            clientLocale: localeOf(row.locale),
            clientHasAccount: clientUserId !== null,
            trackingToken: token,
          },
          { ...listing, locale: localeOf(listing.locale), managed: listing.managed === true },
          caseLink,
        ))
          notify(to, email);
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
    },

    async access(id, viewer) {
      const row = await loadCase(id);
      return row ? await roleOf(row, viewer) : null;
    },

    async get(id, viewer) {
      const row = await loadCase(id);
      const role = row ? await roleOf(row, viewer) : null;
      return row && role ? detailOf(row, role) : null;
    },

    async changeStatus(id, viewer, status) {
      const row = await loadCase(id);
      const role = row ? await roleOf(row, viewer) : null;
      if (!row || !role) throw new NotFoundError(CASE_MESSAGES.notFound);
      if (role !== "lawyer") throw new ForbiddenError(CASE_MESSAGES.lawyerOnly);
      // Issue 27 §2: the state machine decides (lib/case-states.ts): a pending case leaves only
      // through accept or decline, a declined one never, and nothing goes back to pending.
      const { before, after, changed } = await transitionCase(
        db,
        row.id,
        lawyerMover(viewer),
        { to: status, via: "status" },
        clock,
      );
      if (!changed) return detailOf(after, role);
      const listing = await listingOf(after.lawyerId);
      notify(
        after.clientEmail,
        caseStatusEmail(
          {
            clientName: after.clientName,
            caseTitle: after.caseTitle,
            lawyerName: listing?.name ?? null,
            status,
            caseLink: caseLink(after.id, localeOf(after.locale)),
            clientHasAccount: after.userId !== null,
          },
          localeOf(after.locale),
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
                localeOf(after.locale),
                await mintCaseAccessToken(db, clock, after.id, "invite"),
              )
            : undefined;
        notify(
          after.clientEmail,
          reviewInviteEmail(
            {
              clientName: after.clientName,
              caseTitle: after.caseTitle,
              lawyerName: listing?.name ?? null,
              caseLink: caseLink(after.id, localeOf(after.locale)),
              clientHasAccount: after.userId !== null,
              ...(accessLink ? { accessLink } : {}),
              reviewFrom: reviewOpensAt(after.engagedAt),
            },
            localeOf(after.locale),
          ),
        );
      }
      return detailOf(after, role);
    },

    async addMessage(id, viewer, body, ip) {
      const row = await loadCase(id);
      const role = row ? await roleOf(row, viewer) : null;
      if (!row || !role) throw new NotFoundError(CASE_MESSAGES.notFound);
      const parsed = CaseMessageSchema.safeParse({ body });
      if (!parsed.success)
        throw new ValidationError(
          parsed.error.issues[0]
            ? zodIssueMessage(parsed.error.issues[0])
            : msg("validation:case.messageBody"),
          "body",
        );
      try {
        await rateLimits.consume("message-ip", ip);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new RateLimitedError(CASE_MESSAGES.tooManyMessages, err.retryAfterSeconds);
        throw err;
      }
      const writtenAt = clock.now();
      const [message] = await db
        .insert(caseMessages)
        .values({
          caseId: row.id,
          authorRole: role,
          authorUserId:
            viewer.user && (role === "lawyer" || row.userId === viewer.user.id) ? viewer.user.id : null,
          body: parsed.data.body,
          createdAt: writtenAt,
        })
        .returning();
      if (!message) throw new Error("message insert returned nothing");
      await db.update(cases).set({ updatedAt: writtenAt }).where(eq(cases.id, row.id));
      if (role === "lawyer") {
        const listing = await listingOf(row.lawyerId);
        notify(
          row.clientEmail,
          caseMessageToClientEmail(
            {
              clientName: row.clientName,
              caseTitle: row.caseTitle,
              lawyerName: listing?.name ?? null,
              body: parsed.data.body,
              caseLink: caseLink(row.id, localeOf(row.locale)),
              clientHasAccount: row.userId !== null,
            },
            localeOf(row.locale),
          ),
        );
      } else {
        const listing = await listingOf(row.lawyerId);
        // Issue 27 §2: the lawyer's email names the case as the lawyer may see it.
        const seen = caseAsLawyerSeesIt(row);
        const lawyerLink = listing ? caseLink(row.id, localeOf(listing.locale)) : "";
        if (listing?.managed)
          notify(
            listing.email,
            caseMessageToLawyerEmail(
              {
                clientName: seen.clientName,
                caseTitle: seen.caseTitle,
                body: parsed.data.body,
                caseLink: lawyerLink,
              },
              localeOf(listing.locale),
            ),
          );
        // Issue 28 §4: nobody has confirmed a listing's address until it is managed: no message,
        // no name, only that something waits and how to claim the listing.
        else if (listing)
          notify(
            listing.email,
            caseMessageWaitingEmail(
              {
                listingName: listing.name,
                caseLink: lawyerLink,
                claim: claimStepsFor(listing.email, lawyerLink, localeOf(listing.locale)),
              },
              localeOf(listing.locale),
            ),
          );
      }
      return messageInfo(message);
    },

    async accept(id, viewer) {
      return decide(id, viewer, { kind: "accepted" });
    },

    async decline(id, viewer, reason) {
      return decide(id, viewer, { kind: "declined", reason: reason ?? null });
    },

    async withdraw(id, viewer, ip) {
      const row = await loadCase(id);
      if (!row || (await roleOf(row, viewer)) !== "client") throw new NotFoundError(CASE_MESSAGES.notFound);
      try {
        await rateLimits.consume("case-withdraw-ip", ip);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new RateLimitedError(CASE_MESSAGES.tooManyWithdrawals, err.retryAfterSeconds);
        throw err;
      }
      // Issue 27 §2: the state machine's withdrawal (never accepted: pending, or declined), checked
      // on the row locked by the deleting transaction, so a racing accept either wins or finds no case.
      const done = await deleteCasesBy(db, documents, [row.id], "client", "withdraw", logger);
      if (done.cases === 0) throw new ConflictError(CASE_MESSAGES.withdrawAccepted);
    },

    async download(id, docId, viewer) {
      if (!isUuid(docId)) return null;
      const row = await loadCase(id);
      const role = row ? await roleOf(row, viewer) : null;
      // Issue 17 §2, issue 27 §2: the documents open to the lawyer only after acceptance.
      if (!row || !role || (role === "lawyer" && !caseFileOpenToLawyer(row))) return null;
      const [doc] = await db
        .select()
        .from(caseDocuments)
        .where(and(eq(caseDocuments.id, docId.toLowerCase()), eq(caseDocuments.caseId, row.id)));
      if (!doc) return null;
      // Issue 17 §3: every download writes a log row, so downloads are rate-limited (429).
      const who = downloaderOf(row, viewer, role);
      await rateLimits.consume("document-download", who.userId ? `user:${who.userId}` : `case:${row.id}`);
      const object = await documents.get(doc.fileUrl);
      if (!object) {
        logger.error({ caseId: row.id, documentId: doc.id }, "a case document is missing from the store");
        return null;
      }
      const mediaType =
        CASE_DOCUMENT_TYPES[doc.fileType as keyof typeof CASE_DOCUMENT_TYPES] ?? "application/octet-stream";
      // Issue 17 §3: every download is recorded (who, when) once the file was read and authenticated.
      await recordDownload(db, {
        ...who,
        caseId: row.id,
        caseDocumentId: doc.id,
        at: clock.now(),
      });
      return { fileName: doc.fileName, mediaType, size: object.size, body: object.body };
    },

    async downloads(id, viewer) {
      const row = await loadCase(id);
      if (!row || (await roleOf(row, viewer)) !== "client") return null;
      return caseDownloads(db, row.id);
    },

    documentTempDir: () => documents.tempDir(),

    async readPageForm(request, fields) {
      return readCaseRequest(request, await documents.tempDir(), fields);
    },

    discardStaged,

    async checkTrackingToken(id, token) {
      const row = await loadCase(id);
      return row ? tokenKind(row, token) : null;
    },

    trackingCookie(id, token) {
      return `${trackingCookieName(id)}=${token}; Path=/; Max-Age=${TRACKING_COOKIE_MAX_AGE}; HttpOnly; Secure; SameSite=Lax`;
    },

    trackingTokenFromRequest(request, id) {
      if (!isUuid(id)) return null;
      const value = readCookie(request.headers.get("Cookie"), trackingCookieName(id));
      return value !== null && looksLikeToken(value) ? value : null;
    },
  };
}
