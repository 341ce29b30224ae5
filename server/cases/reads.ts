/**
 * The cases domain's reads (issue 4): a case row by id, who of its two parties a viewer is, the
 * listing and documents of a case, a case as its parties see it, and the dashboard list. Used by
 * the cases service (index.ts), which does the writes and the notices.
 */
import { asc, desc, eq } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import type { CaseStatus } from "../../lib/constants.ts";
import { isUuid } from "../../lib/ids.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import {
  caseConsents,
  caseDocuments,
  caseMessages,
  caseStatusEvents,
  cases,
  lawyers,
  users,
} from "../db/schema.ts";
import { managedSql } from "../listings/managed.ts";
import { tokenMatchesHash } from "../security/tokens.ts";
import { caseAccessTokenMatches } from "./access-tokens.ts";
import type {
  CaseDetail,
  CaseDocumentInfo,
  CaseListItem,
  CaseMessageInfo,
  CaseRole,
  CaseViewer,
} from "./service.ts";
import { caseAsLawyerSeesIt, caseFileOpenToLawyer } from "./visibility.ts";

/** A row of `cases`. */
export type CaseRow = typeof cases.$inferSelect;

/**
 * The reads over `db`: loadCase (null for a malformed or unknown id), roleOf (the viewer's party,
 * or null; a token is the case's tracking token or one of its access tokens unexpired at
 * `clock`'s now, access-tokens.ts, issue 16 §1/§3), listingOf, documentsOf (oldest first), detailOf (the case as CaseDetail for a party)
 * and list (a client's own cases, or those of a lawyer's listing; newest first, at most 500).
 */
export function createCaseReads(db: Db, clock: Clock) {
  const loadCase = async (id: string): Promise<CaseRow | null> => {
    if (!isUuid(id)) return null;
    const [row] = await db.select().from(cases).where(eq(cases.id, id.toLowerCase()));
    return row ?? null;
  };

  const roleOf = async (row: CaseRow, viewer: CaseViewer): Promise<CaseRole | null> => {
    const user = viewer.user;
    if (user?.role === "lawyer" && user.lawyerId !== null && user.lawyerId === row.lawyerId) return "lawyer";
    if (user && row.userId !== null && row.userId === user.id) return "client";
    if (viewer.trackingToken && (await tokenKind(row, viewer.trackingToken))) return "client";
    return null;
  };

  /**
   * Which of the case's tokens `token` is: its tracking token, one of its unexpired access tokens
   * (issue 16 §1/§3), or null.
   */
  const tokenKind = async (row: CaseRow, token: string): Promise<"tracking" | "access" | null> => {
    if (row.trackingTokenHash && tokenMatchesHash(token, row.trackingTokenHash)) return "tracking";
    return (await caseAccessTokenMatches(db, clock, row.id, token)) ? "access" : null;
  };

  const listingOf = async (lawyerId: number) => {
    const [row] = await db
      .select({
        id: lawyers.id,
        name: lawyers.name,
        firm: lawyers.firm,
        email: lawyers.email,
        countryCode: lawyers.countryCode,
        // The language of the account that manages the listing (its notices are written in it).
        locale: users.locale,
        /** The account linked to the listing; null for an unclaimed listing (issue 19 §5). */
        ownerUserId: users.id,
        /**
         * Issue 28 §4: an account with a confirmed email manages the listing
         * (server/listings/managed.ts); else the case waits for a claim, and the listing's
         * address gets no personal data of the client.
         */
        managed: managedSql(),
        /** Hidden by a moderator (issue 15 §3): no new cases; existing ones carry on. */
        hidden: lawyers.hidden,
      })
      .from(lawyers)
      .leftJoin(users, eq(users.lawyerId, lawyers.id))
      .where(eq(lawyers.id, lawyerId));
    return row ?? null;
  };

  const documentsOf = async (caseId: string): Promise<CaseDocumentInfo[]> =>
    db
      .select({
        id: caseDocuments.id,
        fileName: caseDocuments.fileName,
        fileType: caseDocuments.fileType,
        fileSize: caseDocuments.fileSize,
      })
      .from(caseDocuments)
      .where(eq(caseDocuments.caseId, caseId))
      .orderBy(asc(caseDocuments.uploadedAt), asc(caseDocuments.fileName));

  /**
   * The case as `viewerRole` sees it. Issue 17 §2 (ABA Model Rule 1.18), issue 27 §2: the lawyer
   * of a case not accepted (accepted_at null) gets the conflict-check summary only
   * (visibility.ts caseAsLawyerSeesIt): no description, documents, budget, date needed or contact
   * details (null). The client gets everything.
   */
  const detailOf = async (stored: CaseRow, viewerRole: CaseRole): Promise<CaseDetail> => {
    const row = viewerRole === "lawyer" ? caseAsLawyerSeesIt(stored) : stored;
    const summaryOnly = viewerRole === "lawyer" && !caseFileOpenToLawyer(stored);
    const [listing, docs, timeline, thread, consents] = await Promise.all([
      listingOf(row.lawyerId),
      summaryOnly ? null : documentsOf(row.id),
      db
        .select({ status: caseStatusEvents.status, createdAt: caseStatusEvents.createdAt })
        .from(caseStatusEvents)
        .where(eq(caseStatusEvents.caseId, row.id))
        .orderBy(asc(caseStatusEvents.createdAt)),
      db
        .select()
        .from(caseMessages)
        .where(eq(caseMessages.caseId, row.id))
        .orderBy(asc(caseMessages.createdAt)),
      db
        .select()
        .from(caseConsents)
        .where(eq(caseConsents.caseId, row.id))
        .orderBy(asc(caseConsents.givenAt)),
    ]);
    return {
      id: row.id,
      lawyerId: row.lawyerId,
      lawyerName: listing?.name ?? "",
      lawyerFirm: listing?.firm ?? "",
      lawyerCountryCode: listing?.countryCode ?? "",
      lawyerManaged: listing?.managed === true,
      caseTitle: row.caseTitle,
      caseType: row.caseType,
      priority: row.priority,
      status: row.status as CaseStatus,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      description: row.description,
      otherParty: row.otherParty,
      incidentDate: row.incidentDate,
      incidentPlace: row.incidentPlace,
      acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
      declinedAt: row.declinedAt ? row.declinedAt.toISOString() : null,
      declineReason: row.declineReason,
      summaryOnly,
      consents: consents.map((c) => ({
        purpose: c.purpose,
        textVersion: c.textVersion,
        locale: c.locale,
        givenAt: c.givenAt.toISOString(),
      })),
      dateNeeded: row.dateNeeded,
      clientName: row.clientName,
      clientEmail: row.clientEmail,
      clientPhone: row.clientPhone,
      preferredCommunication: row.preferredCommunication,
      budget: row.budget,
      documents: docs,
      timeline: timeline.map((t) => ({
        status: t.status as CaseStatus,
        createdAt: t.createdAt.toISOString(),
      })),
      messages: thread.map(messageInfo),
      engagedAt: row.engagedAt ? row.engagedAt.toISOString() : null,
      viewerRole,
    };
  };

  const list = async (user: PublicUser): Promise<CaseListItem[]> => {
    const where =
      user.role === "lawyer"
        ? user.lawyerId === null
          ? undefined
          : eq(cases.lawyerId, user.lawyerId)
        : eq(cases.userId, user.id);
    if (!where) return [];
    const rows = await db
      .select({
        id: cases.id,
        caseTitle: cases.caseTitle,
        caseType: cases.caseType,
        status: cases.status,
        priority: cases.priority,
        clientName: cases.clientName,
        lawyerName: lawyers.name,
        createdAt: cases.createdAt,
        acceptedAt: cases.acceptedAt,
      })
      .from(cases)
      .innerJoin(lawyers, eq(lawyers.id, cases.lawyerId))
      .where(where)
      .orderBy(desc(cases.createdAt), desc(cases.id))
      .limit(500);
    return rows.map(({ lawyerName, acceptedAt, ...stored }) => {
      // Issue 27 §2: a lawyer's list shows each case as its lawyer may see it (the summary's fields).
      const r = user.role === "lawyer" ? caseAsLawyerSeesIt({ ...stored, acceptedAt }) : stored;
      return {
        id: r.id,
        caseTitle: r.caseTitle,
        caseType: r.caseType,
        status: r.status as CaseStatus,
        priority: r.priority,
        clientName: r.clientName,
        lawyerName,
        createdAt: r.createdAt.toISOString(),
      };
    });
  };

  return { loadCase, roleOf, tokenKind, listingOf, documentsOf, detailOf, list };
}

/** The API form of a case_messages row. */
export function messageInfo(m: typeof caseMessages.$inferSelect): CaseMessageInfo {
  return {
    id: m.id,
    authorRole: m.authorRole as CaseRole,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
  };
}
