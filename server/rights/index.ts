/**
 * Data rights (issue 17 §4): export and erasure.
 *
 * - Export (GDPR Art. 15 access, Art. 20 portability): a signed-in client or lawyer, or a visitor
 *   with a case link, downloads a zip of `data.json` (docs/data-export.md) and their documents. Up
 *   to EXPORT_INLINE_MAX_DOCUMENTS documents and EXPORT_INLINE_MAX_BYTES it streams at once; above,
 *   it is built in the background into the document store, the person is emailed when it is ready,
 *   and it stays EXPORT_AVAILABLE_DAYS before the daily job deletes it. Art. 12(3) allows one
 *   month; the background build answers within minutes.
 * - Erasure (Art. 17): a deletion request (password re-checked) schedules the account's deletion
 *   ERASURE_GRACE_DAYS later by the injectable clock, emails a confirmation, and can be cancelled
 *   until then; the daily job (server/daily-jobs.ts) then erases as docs/data-rights.md states.
 *
 * Both paths read and delete stored files through the services' document store (issue 17 §3's
 * encrypting wrapper when present) and delete cases only through server/cases/delete.ts.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { isStaffRole, type PublicUser } from "../../lib/account.ts";
import { isLocale, type Locale, localizePath } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import {
  ERASED_PLACEHOLDER,
  ERASURE_GRACE_DAYS,
  EXPORT_AVAILABLE_DAYS,
  EXPORT_INLINE_MAX_BYTES,
  EXPORT_INLINE_MAX_DOCUMENTS,
} from "../../lib/privacy.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { recordAudit } from "../audit/index.ts";
import { deleteCaseDocuments, deleteCases } from "../cases/delete.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import {
  accountErasures,
  caseAccessTokens,
  caseMessages,
  cases,
  clientPersonalities,
  contactMessages,
  customerMessages,
  dataExports,
  lawyerLogos,
  lawyers,
  listingCorrections,
  listingReports,
  reviews,
  users,
  verificationProofs,
  verificationReminders,
} from "../db/schema.ts";
import type { Mailer } from "../email/mailer.ts";
import { deletionScheduledEmail, exportReadyEmail } from "../email/templates/index.ts";
import { ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { recomputeRatings } from "../reviews/recompute.ts";
import type { RateLimits } from "../security/rate-limit.ts";
import { type DocumentStore, randomKey } from "../storage/index.ts";
import { collectExport, type ExportSubject, exportDocuments, ownEmail } from "./collect.ts";
import { exportZip } from "./zip.ts";

export type { ExportSubject } from "./collect.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The messages of the data-rights failures (errors catalog, namespace `errors:dataRights`). */
export const DATA_RIGHTS_MESSAGES = {
  exportNotFound: msg("errors:dataRights.exportNotFound"),
  exportTooMany: msg("errors:dataRights.exportTooMany"),
  staffCannotDelete: msg("errors:dataRights.staffCannotDelete"),
  wrongPassword: msg("errors:dataRights.wrongPassword"),
  erasureTooMany: msg("errors:dataRights.erasureTooMany"),
  noPendingDeletion: msg("errors:dataRights.noPendingDeletion"),
};

/** What the data-rights service needs from the process. */
export interface DataRightsDeps {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, "send">;
  rateLimits: Pick<RateLimits, "consume">;
  logger: Pick<Logger, "error" | "info">;
  emailLinkOrigin: string;
  /** The services' document store (encrypting when issue 17 §3 is in place). */
  store: DocumentStore;
}

/** An export started: the zip now (a stream), or a background build to poll at `statusUrl`. */
export type ExportStart =
  | { kind: "zip"; body: Readable; fileName: string }
  | { kind: "building"; id: string; statusUrl: string };

/** A background export's state, or its zip once ready. */
export type ExportState =
  | { kind: "status"; status: "building" | "failed"; createdAt: string }
  | { kind: "zip"; body: Readable; fileName: string; size: number };

/** A pending deletion. */
export interface PendingErasure {
  requestedAt: string;
  deletionDate: string;
}

/** The data-rights domain (issue 17 §4) as the API and pages use it. */
export interface DataRightsService {
  /**
   * Starts the export of `subject`: the zip at once when small, else a background build (202).
   * `locale` is the language of the ready email. Counts 'export-user' per subject (5 an hour).
   * @throws RateLimitedError 429; NotFoundError when the subject is gone
   */
  startExport(subject: ExportSubject, locale: Locale): Promise<ExportStart>;
  /**
   * A background export of `subject`: its status while building or failed, its zip when ready.
   * @throws NotFoundError another subject's, expired or unknown id
   */
  exportState(id: string, subject: ExportSubject): Promise<ExportState>;
  /** The latest unexpired background export of a subject, for the dashboard's state. */
  latestExport(
    subject: ExportSubject,
  ): Promise<{ id: string; status: string; expiresAt: string | null } | null>;
  /**
   * Schedules the deletion of `user`'s account at now + ERASURE_GRACE_DAYS after checking
   * `password` (re-authentication), emails the confirmation. Asking again keeps the first date.
   * @throws ForbiddenError staff; ValidationError wrong password (field `password`); RateLimitedError
   */
  requestErasure(user: PublicUser, password: string): Promise<PendingErasure>;
  /** Cancels `user`'s pending deletion. @throws NotFoundError when none is pending; RateLimitedError */
  cancelErasure(user: PublicUser): Promise<void>;
  /** `userId`'s pending deletion, or null. */
  pendingErasure(userId: string): Promise<PendingErasure | null>;
  /** Waits for background export builds started by this process (tests, shutdown). */
  settle(): Promise<void>;
}

/** The subject's rate-limit key and owner columns. */
function subjectKey(subject: ExportSubject): string {
  return subject.kind === "user" ? `user:${subject.userId}` : `case:${subject.caseId}`;
}

function ownerMatches(subject: ExportSubject) {
  return subject.kind === "user"
    ? eq(dataExports.userId, subject.userId)
    : eq(dataExports.caseId, subject.caseId);
}

/** The zip's download file name: "lexatlas-export-YYYY-MM-DD.zip". */
function zipName(now: Date): string {
  return `lexatlas-export-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * How long a background export may stay `building` before it reads `failed` (issue 18 §2): the
 * build runs inside the instance that accepted the request, so an instance stopped or replaced
 * meanwhile (a rolling deploy) leaves its row behind; the person then sees "failed" and can ask
 * again instead of waiting forever. Builds take seconds to minutes (docs/performance.md).
 */
export const EXPORT_BUILD_ORPHANED_MS = 60 * 60_000;

/** Whether an export row is a build no instance is working on any more (EXPORT_BUILD_ORPHANED_MS). */
function orphaned(row: { status: string; createdAt: Date }, now: Date): boolean {
  return row.status === "building" && now.getTime() - row.createdAt.getTime() > EXPORT_BUILD_ORPHANED_MS;
}

/** Creates the data-rights service over `deps`. */
export function createDataRightsService(deps: DataRightsDeps): DataRightsService {
  const { db, clock, store, logger } = deps;
  const running = new Set<Promise<void>>();

  async function consume(name: "export-user" | "erasure-user", key: string, message: string) {
    try {
      await deps.rateLimits.consume(name, key);
    } catch (error) {
      if (error instanceof RateLimitedError) throw new RateLimitedError(message, error.retryAfterSeconds);
      throw error;
    }
  }

  /** Where the ready email sends the person, and to whom and in which language it goes. */
  async function recipient(subject: ExportSubject, locale: Locale) {
    const lang = isLocale(locale) ? locale : "en";
    if (subject.kind === "user") {
      const [u] = await db
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, subject.userId));
      if (!u) return null;
      const l = isLocale(u.locale) ? u.locale : lang;
      return {
        to: u.email,
        locale: l,
        link: `${deps.emailLinkOrigin}${localizePath("/dashboard", l)}#your-data`,
      };
    }
    const [c] = await db
      .select({ email: cases.clientEmail, locale: cases.locale })
      .from(cases)
      .where(eq(cases.id, subject.caseId));
    if (!c) return null;
    const l = isLocale(c.locale) ? c.locale : lang;
    return {
      to: c.email,
      locale: l,
      link: `${deps.emailLinkOrigin}${localizePath(`/cases/${subject.caseId}`, l)}`,
    };
  }

  /** Builds export `id` into the store, marks it ready (or failed) and emails the person. */
  async function build(id: string, subject: ExportSubject, locale: Locale): Promise<void> {
    const dir = await mkdtemp(path.join(await store.tempDir(), "export-"));
    try {
      const content = await collectExport(db, subject, clock.now());
      if (!content) throw new Error("export subject vanished");
      const file = path.join(dir, "export.zip");
      await pipeline(exportZip(content, store, logger), createWriteStream(file));
      const key = randomKey();
      const size = (await stat(file)).size;
      await store.putFile(key, file, "application/zip");
      const now = clock.now();
      const updated = await db
        .update(dataExports)
        .set({
          status: "ready",
          storageKey: key,
          byteSize: size,
          readyAt: now,
          expiresAt: new Date(now.getTime() + EXPORT_AVAILABLE_DAYS * DAY_MS),
        })
        .where(eq(dataExports.id, id))
        .returning({ expiresAt: dataExports.expiresAt });
      if (updated.length === 0) {
        // The account or case was erased while building: the zip must not outlive it.
        await store.delete(key);
        return;
      }
      const to = await recipient(subject, locale);
      if (to && updated[0]?.expiresAt)
        await deps.mailer
          .send({
            to: to.to,
            ...(await exportReadyEmail({ link: to.link, availableUntil: updated[0].expiresAt }, to.locale)),
          })
          .catch((error) => logger.error({ err: error, exportId: id }, "export ready email failed"));
    } catch (error) {
      logger.error({ err: error, exportId: id }, "background export failed");
      await db.update(dataExports).set({ status: "failed" }).where(eq(dataExports.id, id));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function pendingErasure(userId: string): Promise<PendingErasure | null> {
    const [row] = await db.select().from(accountErasures).where(eq(accountErasures.userId, userId));
    return row
      ? { requestedAt: row.requestedAt.toISOString(), deletionDate: row.deletionDate.toISOString() }
      : null;
  }

  return {
    async startExport(subject, locale) {
      await consume("export-user", subjectKey(subject), DATA_RIGHTS_MESSAGES.exportTooMany);
      const docs = await exportDocuments(db, subject);
      const bytes = docs.reduce((sum, d) => sum + d.size, 0);
      const now = clock.now();
      if (docs.length <= EXPORT_INLINE_MAX_DOCUMENTS && bytes <= EXPORT_INLINE_MAX_BYTES) {
        const content = await collectExport(db, subject, now);
        if (!content) throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
        return { kind: "zip", body: exportZip(content, store, logger), fileName: zipName(now) };
      }
      const [row] = await db
        .insert(dataExports)
        .values({
          userId: subject.kind === "user" ? subject.userId : null,
          caseId: subject.kind === "case" ? subject.caseId : null,
          locale: isLocale(locale) ? locale : "en",
          createdAt: now,
        })
        .returning({ id: dataExports.id });
      if (!row) throw new Error("export row not created");
      const job = build(row.id, subject, locale).finally(() => running.delete(job));
      running.add(job);
      return { kind: "building", id: row.id, statusUrl: `/api/account/export/${row.id}` };
    },

    async exportState(id, subject) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, id), ownerMatches(subject)));
      const now = clock.now();
      if (!row || (row.expiresAt && row.expiresAt <= now))
        throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
      if (row.status !== "ready" || !row.storageKey)
        return {
          kind: "status",
          status: row.status === "failed" || orphaned(row, now) ? "failed" : "building",
          createdAt: row.createdAt.toISOString(),
        };
      const object = await store.get(row.storageKey);
      if (!object) throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
      return { kind: "zip", body: object.body, size: object.size, fileName: zipName(row.readyAt ?? now) };
    },

    async latestExport(subject) {
      const rows = await db
        .select({
          id: dataExports.id,
          status: dataExports.status,
          expiresAt: dataExports.expiresAt,
          createdAt: dataExports.createdAt,
        })
        .from(dataExports)
        .where(
          and(
            ownerMatches(subject),
            or(sql`${dataExports.expiresAt} IS NULL`, sql`${dataExports.expiresAt} > ${clock.now()}`),
          ),
        )
        .orderBy(sql`${dataExports.createdAt} DESC`)
        .limit(1);
      const r = rows[0];
      if (!r) return null;
      const status = orphaned(r, clock.now()) ? "failed" : r.status;
      return { id: r.id, status, expiresAt: r.expiresAt?.toISOString() ?? null };
    },

    async requestErasure(user, password) {
      if (isStaffRole(user.role)) throw new ForbiddenError(DATA_RIGHTS_MESSAGES.staffCannotDelete);
      await consume("erasure-user", user.id, DATA_RIGHTS_MESSAGES.erasureTooMany);
      const [row] = await db
        .select({ password: users.password, locale: users.locale })
        .from(users)
        .where(eq(users.id, user.id));
      if (!row || !(await verifyPassword(row.password, password)))
        throw new ValidationError(DATA_RIGHTS_MESSAGES.wrongPassword, "password");
      const existing = await pendingErasure(user.id);
      if (existing) return existing;
      const now = clock.now();
      const deletionDate = new Date(now.getTime() + ERASURE_GRACE_DAYS * DAY_MS);
      await db
        .insert(accountErasures)
        .values({ userId: user.id, requestedAt: now, deletionDate })
        .onConflictDoNothing();
      const locale = isLocale(row.locale) ? row.locale : "en";
      await deps.mailer
        .send({
          to: user.email,
          ...(await deletionScheduledEmail(
            {
              firstName: user.firstName,
              deletionDate,
              cancelLink: `${deps.emailLinkOrigin}${localizePath("/dashboard", locale)}#your-data`,
            },
            locale,
          )),
        })
        .catch((error) => logger.error({ err: error }, "deletion confirmation email failed"));
      return { requestedAt: now.toISOString(), deletionDate: deletionDate.toISOString() };
    },

    async cancelErasure(user) {
      await consume("erasure-user", user.id, DATA_RIGHTS_MESSAGES.erasureTooMany);
      const removed = await db.delete(accountErasures).where(eq(accountErasures.userId, user.id)).returning();
      if (removed.length === 0) throw new NotFoundError(DATA_RIGHTS_MESSAGES.noPendingDeletion);
    },

    pendingErasure,

    async settle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** What one daily data-rights run did. */
export interface DataRightsJobSummary {
  /** Accounts erased. */
  erased: number;
  /** Background exports past EXPORT_AVAILABLE_DAYS deleted (file and row). */
  exportsExpired: number;
}

/** Deletes stored files by key, logging (by key only) and counting failures. */
async function deleteKeys(
  store: Pick<DocumentStore, "delete">,
  keys: (string | null)[],
  logger?: Pick<Logger, "error">,
) {
  for (const key of keys) {
    if (!key) continue;
    await store
      .delete(key)
      .catch((error) => logger?.error({ err: error, storageKey: key }, "stored file could not be deleted"));
  }
}

/**
 * Erases one account now (issue 17 §4, GDPR Art. 17), as docs/data-rights.md states:
 * - its own cases a lawyer never engaged: deleted with every row and file (deleteCases);
 * - its cases a lawyer engaged (engaged_at set): kept for the lawyer's records, anonymised — the
 *   client's name, email and phone become ERASED_PLACEHOLDER, the description and budget are
 *   removed, the links (tracking and access tokens, the account) cut, the client's own messages
 *   deleted, the documents deleted (deleteCaseDocuments); title, type, dates, status history,
 *   conflict-check facts (other party, incident date and place), consents and the lawyer's own
 *   messages stay;
 * - the reviews it wrote: deleted, the lawyers' ratings recomputed in the same transaction;
 * - profile messages it sent (by its email), contact-form messages (by its email): deleted; the
 *   email on its listing reports removed, its correction requests deleted;
 * - a lawyer's listing: hidden (reason `removal_request`) and stripped of its contact data, bio,
 *   photo and logo, name replaced, ownership removed (audited); its verification proofs deleted;
 *   the cases it received stay for their clients; profile messages it received are deleted;
 * - then the account row, which takes with it (ON DELETE CASCADE) sessions, reset tokens, email
 *   verifications, listing claims, assessments, exports, replies and the erasure request.
 * Background exports' files go first. Answers false (nothing done) for an unknown account or a
 * staff account (promoted after asking: its request is dropped); throws database errors (the next
 * run retries).
 */
export async function eraseAccount(
  deps: { db: Db; store: Pick<DocumentStore, "delete">; clock: Clock; logger?: Pick<Logger, "error"> },
  userId: string,
): Promise<boolean> {
  const { db, store, clock, logger } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return false;
  if (isStaffRole(user.role)) {
    await db.delete(accountErasures).where(eq(accountErasures.userId, userId));
    return false;
  }
  const own = await db
    .select({ id: cases.id, engagedAt: cases.engagedAt })
    .from(cases)
    .where(or(eq(cases.userId, user.id), ownEmail(cases.clientEmail, user)));
  const engaged = own.filter((c) => c.engagedAt !== null).map((c) => c.id);
  const others = own.filter((c) => c.engagedAt === null).map((c) => c.id);
  const exportKeys = await db
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(
      own.length > 0
        ? or(
            eq(dataExports.userId, user.id),
            inArray(
              dataExports.caseId,
              own.map((c) => c.id),
            ),
          )
        : eq(dataExports.userId, user.id),
    );
  await deleteKeys(
    store,
    exportKeys.map((k) => k.key),
    logger,
  );
  await deleteCases(db, store, others, logger);
  await deleteCaseDocuments(db, store, engaged, clock.now(), logger);
  let proofKeys: string[] = [];
  await db.transaction(async (tx) => {
    if (engaged.length > 0) {
      await tx
        .update(cases)
        .set({
          clientName: ERASED_PLACEHOLDER,
          clientEmail: ERASED_PLACEHOLDER,
          clientPhone: ERASED_PLACEHOLDER,
          description: ERASED_PLACEHOLDER,
          budget: null,
          userId: null,
          trackingTokenHash: null,
        })
        .where(inArray(cases.id, engaged));
      await tx.delete(caseAccessTokens).where(inArray(caseAccessTokens.caseId, engaged));
      await tx
        .delete(caseMessages)
        .where(and(inArray(caseMessages.caseId, engaged), eq(caseMessages.authorRole, "client")));
    }
    const removedReviews = await tx
      .delete(reviews)
      .where(
        engaged.length > 0
          ? or(eq(reviews.authorUserId, user.id), inArray(reviews.caseId, engaged))
          : eq(reviews.authorUserId, user.id),
      )
      .returning({ lawyerId: reviews.lawyerId });
    await recomputeRatings(tx, [...new Set(removedReviews.map((r) => r.lawyerId))]);
    await tx
      .delete(customerMessages)
      .where(or(eq(customerMessages.senderUserId, user.id), ownEmail(customerMessages.customerEmail, user)));
    await tx.delete(contactMessages).where(ownEmail(contactMessages.email, user));
    await tx.update(listingReports).set({ email: null }).where(ownEmail(listingReports.email, user));
    await tx
      .delete(listingCorrections)
      .where(or(eq(listingCorrections.requesterUserId, user.id), ownEmail(listingCorrections.email, user)));
    await tx.delete(clientPersonalities).where(eq(clientPersonalities.userId, user.id));
    await tx.delete(verificationReminders).where(ownEmail(verificationReminders.sentTo, user));
    if (user.role === "lawyer" && user.lawyerId !== null) {
      const listingId = user.lawyerId;
      proofKeys = (
        await tx
          .delete(verificationProofs)
          .where(eq(verificationProofs.lawyerId, listingId))
          .returning({ key: verificationProofs.fileKey })
      ).map((p) => p.key);
      await tx.delete(customerMessages).where(eq(customerMessages.lawyerId, listingId));
      await tx.delete(lawyerLogos).where(eq(lawyerLogos.lawyerId, listingId));
      const [before] = await tx
        .select({ hidden: lawyers.hidden })
        .from(lawyers)
        .where(eq(lawyers.id, listingId));
      await tx
        .update(lawyers)
        .set({
          name: ERASED_PLACEHOLDER,
          firm: "",
          email: "",
          phone: "",
          bio: "",
          imageUrl: null,
          businessLogo: null,
          businessAddress: null,
          website: null,
          googleReviewsUrl: null,
          workingHours: null,
          hidden: true,
          hiddenReason: "removal_request",
          hiddenAt: clock.now(),
        })
        .where(eq(lawyers.id, listingId));
      await recordAudit(tx, {
        actor: { userId: null, role: "system" },
        action: "listing.hidden",
        subjectType: "listing",
        subjectId: listingId,
        before: { hidden: before?.hidden ?? false, owned: true },
        after: { hidden: true, owned: false },
        reason: "account erased (issue 17 §4, GDPR Art. 17)",
        at: clock.now(),
      });
    }
    await tx.delete(users).where(eq(users.id, user.id));
  });
  await deleteKeys(store, proofKeys, logger);
  return true;
}

/**
 * The daily data-rights step (issue 17 §4; server/daily-jobs.ts): erases every account whose
 * deletion date has come (`deletion_date <= now`), and deletes background exports past their
 * availability (file, then row). One account's failure is logged and the others go on.
 */
export async function runDataRightsJob(deps: {
  db: Db;
  clock: Clock;
  store: Pick<DocumentStore, "delete">;
  logger?: Pick<Logger, "error">;
}): Promise<DataRightsJobSummary> {
  const { db, clock, store, logger } = deps;
  const now = clock.now();
  const due = await db
    .select({ userId: accountErasures.userId })
    .from(accountErasures)
    .where(lte(accountErasures.deletionDate, now));
  let erased = 0;
  for (const { userId } of due) {
    try {
      if (await eraseAccount(deps, userId)) erased += 1;
    } catch (error) {
      logger?.error({ err: error }, "account erasure failed; retried on the next run");
    }
  }
  const expired = await db
    .select({ id: dataExports.id, key: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, now)));
  await deleteKeys(
    store,
    expired.map((e) => e.key),
    logger,
  );
  if (expired.length > 0)
    await db.delete(dataExports).where(
      inArray(
        dataExports.id,
        expired.map((e) => e.id),
      ),
    );
  return { erased, exportsExpired: expired.length };
}
