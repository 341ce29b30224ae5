/**
 * The audit log (issue 15 §1 "Audit log"): who did what to which subject, when, from where,
 * before → after, and why. Append-only: this module has one writer, `recordAudit`, and only
 * reads otherwise; there is no update or delete path in the code, and the database refuses both
 * (trigger `audit_log_no_update_delete`, migration 0013). Every staff action and every change of
 * a listing's verification, visibility or ownership (a lawyer's claim or creation of a listing
 * counts as ownership) calls recordAudit, inside the same transaction as the change where there
 * is one, so the change and its record commit together.
 *
 * Why append-only with before/after and a reason: a directory's verification claims must be
 * backed by a record of who checked what and when (the NY Attorney General on Avvo's "unbiased"
 * rating, ../shared/research/trust-and-regulation.md [S4]; the secure-vault audit log of [R15]).
 */
import { and, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, users } from "../db/schema.ts";

/** A database handle or an open transaction: recordAudit writes through whichever it is given. */
export type AuditWriter = Pick<Db, "insert">;

/** Who acted: a signed-in account with its role at the time, or the system (command line, jobs). */
export type AuditActor = { userId: string; role: string } | { userId: null; role: "system" };

/** The actions written today (issue 15 §1); the other engineer's checks add theirs. */
export type AuditAction =
  | "staff.role_granted"
  | "staff.second_factor_enrolled"
  | "staff.signed_in"
  | "staff.recovery_code_used"
  | "contact.marked_handled"
  | "contact.reopened"
  | "listing.claimed"
  | "listing.created"
  // Issue 28 §2: the owner changed the listing's specialist titles (server/listings/specialist-titles.ts).
  | "listing.specialist_titles_updated"
  | "verification.admission_added"
  | "verification.admission_updated"
  | "verification.requested"
  | "verification.approved"
  | "verification.rejected"
  | "verification.discipline_statement"
  // Issue 15 §2 "Ongoing monitoring" and "Register import" (server/verification/daily.ts,
  // register-import.ts, recheck.ts): a check lapsed by the daily job, set by a register file, or
  // re-confirmed / marked lapsed by a moderator from the re-check queue.
  | "verification.lapsed"
  | "verification.register_import"
  | "verification.rechecked"
  // Issue 15 §3 "Reports and corrections" (server/moderation).
  | "listing.hidden"
  | "listing.restored"
  | "report.dismissed"
  | "report.hidden"
  | "correction.accepted"
  | "correction.declined"
  // Issue 16 §1 engagement-verified reviews (server/reviews): a moderator's decision.
  | "review.published"
  | "review.rejected"
  | "review.removed";

/** One audit entry as recordAudit takes it. `before`/`after` are JSON objects (never secrets). */
export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  subjectType: "user" | "listing" | "contact_message" | "listing_report" | "listing_correction" | "review";
  subjectId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  /** The client IP of the request, when there is one. */
  ip?: string | null;
  /** When it happened: the caller's injected clock (server/clock.ts). */
  at: Date;
}

/**
 * Appends one entry to audit_log (issue 15 §1). Pass the transaction of the change it records so
 * both commit or neither does. Never pass secrets in before/after (TOTP secrets, recovery codes,
 * tokens, password hashes): the log is shown to staff and, for their listing, to the lawyer.
 * @throws the database error when the insert fails (the caller's transaction then rolls back)
 */
export async function recordAudit(writer: AuditWriter, entry: AuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    actorUserId: entry.actor.userId,
    actorRole: entry.actor.role,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
    at: entry.at,
  });
}

/** One audit row as the back office and the lawyer's dashboard show it (dates as ISO strings). */
export interface AuditRow {
  id: number;
  at: string;
  actorRole: string;
  /** The actor's email (null for the system or a deleted account). */
  actorEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  /** The client IP; only given to admins (see docs/security.md "Staff and the back office"). */
  ip: string | null;
}

/** Filters of the back office's audit search; every field optional, combined with AND. */
export interface AuditFilter {
  /** Part of the actor's email, case-insensitive. */
  actorEmail?: string;
  /** Exact action, e.g. "contact.marked_handled", or its prefix ending in "." ("listing."). */
  action?: string;
  subjectType?: string;
  subjectId?: string;
  /** From this instant (inclusive) … */
  from?: Date;
  /** … to this instant (exclusive). */
  to?: Date;
}

/** A page of audit rows, newest first, and whether there is a next page. */
export interface AuditPage {
  rows: AuditRow[];
  page: number;
  hasMore: boolean;
}

/** Rows per page in the back office's audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** Escapes LIKE's wildcards so a search for "a_b" finds "a_b" only. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Searches the audit log for the back office (issue 15 §1: by actor email, action, subject and
 * date range), newest first, AUDIT_PAGE_SIZE rows per `page` (1-based). `withIp` false blanks the
 * IP column (moderators do not see it).
 */
export async function searchAudit(
  db: Db,
  filter: AuditFilter,
  page: number,
  withIp: boolean,
): Promise<AuditPage> {
  const where: SQL[] = [];
  if (filter.actorEmail) where.push(ilike(users.email, `%${likeText(filter.actorEmail)}%`));
  if (filter.action) {
    where.push(
      filter.action.endsWith(".")
        ? ilike(auditLog.action, `${likeText(filter.action)}%`)
        : eq(auditLog.action, filter.action),
    );
  }
  if (filter.subjectType) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  const rows = await db
    .select({ row: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * AUDIT_PAGE_SIZE);
  return {
    rows: rows.slice(0, AUDIT_PAGE_SIZE).map(({ row, actorEmail }) => toAuditRow(row, actorEmail, withIp)),
    page: Math.max(1, page),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}

/**
 * The history of one listing for its lawyer's dashboard (issue 15 §1 "for their own listing, to
 * the lawyer"): the newest 50 entries about `lawyerId`, without IPs and without the email of
 * staff actors (the lawyer sees the role, "moderator", not who). The caller checks that the
 * listing is the signed-in lawyer's own.
 */
export async function listingHistory(db: Db, lawyerId: number, ownUserId: string): Promise<AuditRow[]> {
  const rows = await db
    .select({ row: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.subjectType, "listing"), eq(auditLog.subjectId, String(lawyerId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(50);
  return rows.map(({ row, actorEmail }) =>
    toAuditRow(row, row.actorUserId === ownUserId ? actorEmail : null, false),
  );
}

/** Whether an audit entry with `action` exists for the subject (used by tests and idempotency checks). */
export async function hasAudit(
  db: Db,
  action: AuditAction,
  subjectType: string,
  subjectId: string,
): Promise<boolean> {
  const [found] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.subjectType, subjectType),
        eq(auditLog.subjectId, subjectId),
      ),
    )
    .limit(1);
  return found !== undefined;
}

function toAuditRow(row: typeof auditLog.$inferSelect, actorEmail: string | null, withIp: boolean): AuditRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorRole: row.actorRole,
    actorEmail,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    ip: withIp ? row.ip : null,
  };
}
