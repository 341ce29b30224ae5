/**
 * What a data export holds (issue 17 §4; GDPR Art. 15 right of access, Art. 20 portability in a
 * "structured, commonly used and machine-readable format"): the `data.json` document, whose schema
 * docs/data-export.md describes field by field, and the list of stored documents that go into the
 * zip beside it. Secrets never leave: no password hash, no session, reset or tracking token, no
 * card data (only Stripe's ids).
 */
import { type AnyColumn, and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { EXPORT_SCHEMA_VERSION } from "../../lib/privacy.ts";
import { caseAsLawyerSeesIt, caseFileOpenToLawyer } from "../cases/visibility.ts";
import type { Db } from "../db/client.ts";
import {
  barAdmissions,
  businessAnalytics,
  caseConsents,
  caseDocuments,
  caseMessages,
  caseStatusEvents,
  cases,
  clientPersonalities,
  customerMessages,
  lawyers,
  messageReplies,
  reviews,
  userSessions,
  users,
  verificationRequests,
} from "../db/schema.ts";

/**
 * Rows that carry an account's email without a link to the account (a case sent as a visitor, a
 * profile message, a contact-form message …) count as the account's only when its email is
 * verified: otherwise anyone could sign up with someone else's address and export (or erase)
 * that person's visitor cases. Answers the condition on `column`, or FALSE.
 */
export function ownEmail(column: AnyColumn, user: { email: string; isVerified: boolean }): SQL {
  return user.isVerified ? sql`lower(${column}) = lower(${user.email})` : sql`false`;
}

/** Who an export is for: an account, or one case opened by its case link (tracking or access token). */
export type ExportSubject = { kind: "user"; userId: string } | { kind: "case"; caseId: string };

/** A stored document that goes into the zip as `documents/<caseId>/<fileName>`. */
export interface ExportDocument {
  caseId: string;
  fileName: string;
  /** The document store's key. */
  key: string;
  size: number;
}

/** The export's content: data.json's object and the documents to add. */
export interface ExportContent {
  data: Record<string, unknown>;
  documents: ExportDocument[];
}

/**
 * The cases `ids` with their status history, messages, consents, documents (metadata) and reviews,
 * as `reader` may see them: the client whole; the lawyer each case as server/cases/visibility.ts
 * says (issue 27 §2: before acceptance the conflict-check summary, every other field null and no
 * documents).
 */
async function casesWithHistory(db: Db, ids: string[], reader: "client" | "lawyer") {
  if (ids.length === 0) return [];
  const rows = await db.select().from(cases).where(inArray(cases.id, ids)).orderBy(asc(cases.createdAt));
  const [events, messages, consents, docs, caseReviews] = await Promise.all([
    db
      .select()
      .from(caseStatusEvents)
      .where(inArray(caseStatusEvents.caseId, ids))
      .orderBy(asc(caseStatusEvents.createdAt)),
    db
      .select()
      .from(caseMessages)
      .where(inArray(caseMessages.caseId, ids))
      .orderBy(asc(caseMessages.createdAt)),
    db
      .select()
      .from(caseConsents)
      .where(inArray(caseConsents.caseId, ids))
      .orderBy(asc(caseConsents.givenAt)),
    db
      .select()
      .from(caseDocuments)
      .where(inArray(caseDocuments.caseId, ids))
      .orderBy(asc(caseDocuments.uploadedAt)),
    db.select().from(reviews).where(inArray(reviews.caseId, ids)),
  ]);
  const names = new Map(
    (
      await db
        .select({ id: lawyers.id, name: lawyers.name })
        .from(lawyers)
        .where(inArray(lawyers.id, [...new Set(rows.map((r) => r.lawyerId))]))
    ).map((l) => [l.id, l.name]),
  );
  return rows.map(({ trackingTokenHash: _secret, ...stored }) => {
    const c = reader === "lawyer" ? caseAsLawyerSeesIt(stored) : stored;
    const open = reader === "client" || caseFileOpenToLawyer(stored);
    return {
      ...c,
      lawyerName: names.get(c.lawyerId) ?? null,
      statusHistory: events
        .filter((e) => e.caseId === c.id)
        .map((e) => ({ status: e.status, at: e.createdAt })),
      messages: messages
        .filter((m) => m.caseId === c.id)
        .map((m) => ({ id: m.id, authorRole: m.authorRole, body: m.body, createdAt: m.createdAt })),
      consents: consents
        .filter((k) => k.caseId === c.id)
        .map((k) => ({
          purpose: k.purpose,
          textVersion: k.textVersion,
          locale: k.locale,
          givenAt: k.givenAt,
        })),
      documents: docs
        .filter((d) => open && d.caseId === c.id)
        .map((d) => ({
          id: d.id,
          fileName: d.fileName,
          fileType: d.fileType,
          fileSize: d.fileSize,
          uploadedAt: d.uploadedAt,
          path: `documents/${c.id}/${d.fileName}`,
        })),
      reviews: caseReviews
        .filter((r) => r.caseId === c.id)
        .map(({ moderatedBy: _staff, authorUserId: _author, ...r }) => r),
    };
  });
}

/** Document rows of the cases `ids` as zip entries. */
async function documentsOf(db: Db, ids: string[]): Promise<ExportDocument[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      caseId: caseDocuments.caseId,
      fileName: caseDocuments.fileName,
      key: caseDocuments.fileUrl,
      size: caseDocuments.fileSize,
    })
    .from(caseDocuments)
    .where(inArray(caseDocuments.caseId, ids))
    .orderBy(asc(caseDocuments.uploadedAt));
  return rows;
}

/** The export's documents only (count and size decide inline or background), without building data.json. */
export async function exportDocuments(db: Db, subject: ExportSubject): Promise<ExportDocument[]> {
  return documentsOf(db, await caseIdsOf(db, subject));
}

/**
 * The case ids an export covers: the case of a case link; a client's own cases (submitted signed
 * in, or as a visitor with the account's email); a lawyer's received cases.
 */
async function caseIdsOf(db: Db, subject: ExportSubject): Promise<string[]> {
  if (subject.kind === "case") return [subject.caseId];
  const [user] = await db.select().from(users).where(eq(users.id, subject.userId));
  if (!user) return [];
  const own = await db
    .select({ id: cases.id })
    .from(cases)
    .where(or(eq(cases.userId, user.id), ownEmail(cases.clientEmail, user)));
  const received =
    user.role === "lawyer" && user.lawyerId !== null
      ? await db
          .select({ id: cases.id, acceptedAt: cases.acceptedAt })
          .from(cases)
          .where(eq(cases.lawyerId, user.lawyerId))
      : [];
  // Issue 27 §2: a received case's documents go into the lawyer's zip only once it was accepted.
  return [...new Set([...own, ...received.filter(caseFileOpenToLawyer)].map((r) => r.id))];
}

/**
 * Collects the export of `subject` at `now` (docs/data-export.md). For an account: the account
 * (no password hash), its sessions (no tokens), its cases as a client with their history,
 * messages, consents and documents, the reviews it wrote, its assessments and the profile messages
 * it sent; for a lawyer also the listing it owns, bar admissions, verification requests, the cases
 * received, its replies, the reviews received with their replies, its subscription (Stripe ids,
 * never card data) and the listing's analytics per day. For a case link: that case only.
 * Answers null when the account or case no longer exists.
 */
export async function collectExport(
  db: Db,
  subject: ExportSubject,
  now: Date,
): Promise<ExportContent | null> {
  const header = { schemaVersion: EXPORT_SCHEMA_VERSION, generatedAt: now.toISOString() };
  if (subject.kind === "case") {
    // A case link is the client's (its tracking or access token).
    const found = await casesWithHistory(db, [subject.caseId], "client");
    if (found.length === 0) return null;
    return {
      data: { ...header, kind: "case", case: found[0] },
      documents: await documentsOf(db, [subject.caseId]),
    };
  }
  const [user] = await db.select().from(users).where(eq(users.id, subject.userId));
  if (!user) return null;
  const { password: _hash, ...account } = user;
  const sessions = await db
    .select({ id: userSessions.id, createdAt: userSessions.createdAt, expiresAt: userSessions.expiresAt })
    .from(userSessions)
    .where(eq(userSessions.userId, user.id))
    .orderBy(asc(userSessions.createdAt));
  const ownCaseIds = (
    await db
      .select({ id: cases.id })
      .from(cases)
      .where(or(eq(cases.userId, user.id), ownEmail(cases.clientEmail, user)))
  ).map((r) => r.id);
  const assessments = await db
    .select()
    .from(clientPersonalities)
    .where(eq(clientPersonalities.userId, user.id))
    .orderBy(asc(clientPersonalities.createdAt));
  const sentMessages = await db
    .select()
    .from(customerMessages)
    .where(or(eq(customerMessages.senderUserId, user.id), ownEmail(customerMessages.customerEmail, user)))
    .orderBy(asc(customerMessages.createdAt));
  const reviewsWritten = (
    await db.select().from(reviews).where(eq(reviews.authorUserId, user.id)).orderBy(asc(reviews.createdAt))
  ).map(({ moderatedBy: _staff, ...r }) => r);
  const data: Record<string, unknown> = {
    ...header,
    kind: user.role === "lawyer" ? "lawyer" : "client",
    account,
    sessions,
    cases: await casesWithHistory(db, ownCaseIds, "client"),
    reviewsWritten,
    assessments: assessments.map((a) => ({ ...a, personalityTraits: JSON.parse(a.personalityTraits) })),
    profileMessagesSent: sentMessages,
  };
  let receivedIds: string[] = [];
  if (user.role === "lawyer") {
    const listingId = user.lawyerId;
    const listing =
      listingId === null
        ? null
        : ((await db.select().from(lawyers).where(eq(lawyers.id, listingId)))[0] ?? null);
    const receivedRows =
      listingId === null
        ? []
        : await db
            .select({ id: cases.id, acceptedAt: cases.acceptedAt })
            .from(cases)
            .where(eq(cases.lawyerId, listingId));
    const { searchVector: _vector, ...listingData } = listing ?? ({ searchVector: null } as never);
    data.listing = listing ? listingData : null;
    data.barAdmissions =
      listingId === null
        ? []
        : await db.select().from(barAdmissions).where(eq(barAdmissions.lawyerId, listingId));
    data.verificationRequests =
      listingId === null
        ? []
        : (
            await db.select().from(verificationRequests).where(eq(verificationRequests.lawyerId, listingId))
          ).map(({ decidedBy: _staff, ...r }) => r);
    // Issue 17 §2 (ABA Model Rule 1.18), issue 27 §2: until the lawyer accepts a case for review
    // (`acceptedAt`, whatever the status says), only its conflict-check summary reaches the
    // lawyer, so the export holds no more: server/cases/visibility.ts, one rule for every reader.
    data.casesReceived = await casesWithHistory(
      db,
      receivedRows.map((r) => r.id),
      "lawyer",
    );
    receivedIds = receivedRows.filter(caseFileOpenToLawyer).map((r) => r.id);
    data.profileMessagesReceived =
      listingId === null
        ? []
        : await db.select().from(customerMessages).where(eq(customerMessages.lawyerId, listingId));
    data.replies = await db
      .select({
        id: messageReplies.id,
        messageId: messageReplies.messageId,
        reply: messageReplies.reply,
        createdAt: messageReplies.createdAt,
      })
      .from(messageReplies)
      .where(eq(messageReplies.userId, user.id));
    data.reviewsReceived =
      listingId === null
        ? []
        : (await db.select().from(reviews).where(eq(reviews.lawyerId, listingId))).map(
            ({ moderatedBy: _staff, authorUserId: _author, ...r }) => r,
          );
    data.subscription = {
      status: user.subscriptionStatus,
      tier: user.subscriptionTier,
      startDate: user.subscriptionStartDate,
      endDate: user.subscriptionEndDate,
      cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
      stripeCustomerId: user.stripeCustomerId,
      stripeSubscriptionId: user.stripeSubscriptionId,
    };
    data.analytics =
      listingId === null
        ? []
        : await db
            .select({
              date: businessAnalytics.date,
              views: businessAnalytics.views,
              clicks: businessAnalytics.clicks,
              contactClicks: businessAnalytics.contactClicks,
            })
            .from(businessAnalytics)
            .where(and(eq(businessAnalytics.lawyerId, listingId)))
            .orderBy(asc(businessAnalytics.date));
  }
  return { data, documents: await documentsOf(db, [...new Set([...ownCaseIds, ...receivedIds])]) };
}

/**
 * Links the assessment of `sessionId` to the signed-in account that just saved it (issue 17 §4),
 * so the account's export includes it and its erasure deletes it. Only a row with no owner yet
 * is linked: nobody can claim someone else's assessment by knowing its session id later.
 */
export async function linkAssessment(db: Db, sessionId: string, userId: string): Promise<void> {
  await db
    .update(clientPersonalities)
    .set({ userId })
    .where(and(eq(clientPersonalities.sessionId, sessionId), sql`${clientPersonalities.userId} IS NULL`));
}
