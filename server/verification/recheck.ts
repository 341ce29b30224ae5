/**
 * The re-check queue of the back office (issue 15 §2 "Ongoing monitoring": the daily job "queues a
 * re-check"; issue 15 §1 queue kind `rechecks`): the checks due within REMINDER_DAYS or lapsed
 * at their due date, oldest due first, each linking to /admin/rechecks/:checkId, where a
 * moderator re-confirms the check against the register (verified, new dates, method, source,
 * link; checked_by = the moderator) or confirms that it lapsed, with a reason, audited
 * (`verification.rechecked`) and with the listing's tick recomputed (recompute.ts). Registers
 * are the source of truth [S16][S20][S22][S27].
 */
import { eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { CHECK_METHODS } from "../../lib/constants.ts";
import { msg } from "../../lib/i18n/message.ts";
import { type CheckKind, type CheckMethod, isoDay } from "../../lib/verification.ts";
import { recordAudit } from "../audit/index.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { verificationChecks } from "../db/schema.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { consumeLimit, type RateLimits } from "../security/rate-limit.ts";
import type { QueueItem, QueueProvider } from "../staff/service.ts";
import { EFFECTIVE_DUE_SQL, REMINDER_DAYS, recheckWhere } from "./daily.ts";
import { recomputeVerification } from "./recompute.ts";

/** `day` (YYYY-MM-DD) moved by `days`. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The `rechecks` queue provider for createStaffService (server/services.ts): at most `limit`
 * checks in the queue on the clock's day, oldest due date first (then by id). `since` is the day
 * the check entered the queue (its due date minus REMINDER_DAYS); `title` names the listing and
 * the check's kind; `href` is /admin/rechecks/:checkId.
 */
export function recheckQueueProvider(db: Db, clock: Clock): QueueProvider {
  return async (limit) => {
    const today = isoDay(clock.now());
    const { rows } = await db.execute<{
      id: number;
      lawyer_id: number;
      kind: string;
      name: string;
      due: string;
    }>(sql`
      SELECT c.id, c.lawyer_id, c.kind, l.name, (${EFFECTIVE_DUE_SQL})::text AS due
      FROM verification_checks AS c JOIN lawyers AS l ON l.id = c.lawyer_id
      WHERE ${recheckWhere(addDays(today, REMINDER_DAYS))}
      ORDER BY ${EFFECTIVE_DUE_SQL} ASC, c.id ASC
      LIMIT ${Math.max(0, Math.trunc(limit))}`);
    return rows.map(
      (r): QueueItem => ({
        id: String(r.id),
        kind: "rechecks",
        title: r.name,
        checkKind: r.kind as CheckKind,
        subjectType: "listing",
        subjectId: String(r.lawyer_id),
        since: `${addDays(r.due, -REMINDER_DAYS)}T00:00:00.000Z`,
        href: `/admin/rechecks/${r.id}`,
      }),
    );
  };
}

/** One check as the re-check screen shows it. */
export interface RecheckView {
  checkId: number;
  lawyerId: number;
  listingName: string;
  kind: CheckKind;
  status: string;
  method: CheckMethod | null;
  source: string | null;
  sourceUrl: string | null;
  checkedOn: string | null;
  nextCheckDue: string | null;
  /** The admission the check is about (regulator and number), when it names one. */
  admission: { regulator: string; licenceNumber: string } | null;
}

/** The check `checkId` for the re-check screen, or null when there is none (or the id is malformed). */
export async function readRecheck(db: Db, checkId: number): Promise<RecheckView | null> {
  if (!Number.isSafeInteger(checkId) || checkId <= 0 || checkId > 2_147_483_647) return null;
  const { rows } = await db.execute<{
    id: number;
    lawyer_id: number;
    name: string;
    kind: string;
    status: string;
    method: string | null;
    source: string | null;
    source_url: string | null;
    checked_on: string | null;
    due: string | null;
    regulator: string | null;
    licence_number: string | null;
  }>(sql`
    SELECT c.id, c.lawyer_id, l.name, c.kind, c.status, c.method, c.source, c.source_url,
      c.checked_on::text AS checked_on, (${EFFECTIVE_DUE_SQL})::text AS due, a.regulator, a.licence_number
    FROM verification_checks AS c
    JOIN lawyers AS l ON l.id = c.lawyer_id
    LEFT JOIN bar_admissions AS a ON a.id = c.admission_id
    WHERE c.id = ${checkId}`);
  const r = rows[0];
  if (!r) return null;
  return {
    checkId: Number(r.id),
    lawyerId: Number(r.lawyer_id),
    listingName: r.name,
    kind: r.kind as CheckKind,
    status: r.status,
    method: (r.method as CheckMethod | null) ?? null,
    source: r.source,
    sourceUrl: r.source_url,
    checkedOn: r.checked_on,
    nextCheckDue: r.due,
    admission:
      r.regulator && r.licence_number ? { regulator: r.regulator, licenceNumber: r.licence_number } : null,
  };
}

/** A moderator's decision on a re-check: re-confirmed with its new facts, or lapsed. */
export type RecheckDecision =
  | {
      outcome: "verified";
      method: CheckMethod;
      source: string;
      sourceUrl: string | null;
      /** YYYY-MM-DD, not after today. */
      checkedOn: string;
      /** YYYY-MM-DD, after today. */
      nextCheckDue: string;
      reason: string;
    }
  | { outcome: "lapsed"; reason: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in YYYY-MM-DD. */
function isDay(v: string): boolean {
  return DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
}

/**
 * Applies a moderator's re-check decision to check `checkId` (issue 15 §2): `verified` writes the
 * new method, source, link, checked_on, next_check_due and checked_by = the moderator; `lapsed`
 * sets the status lapsed and clears the due date (so it leaves the queue; the audit keeps it).
 * Audited as `verification.rechecked` (before → after, reason, IP) in the same transaction, and
 * the listing's tick recomputed. Staff only (moderator or admin; the route also requires the
 * second factor).
 * @throws ForbiddenError not staff, NotFoundError unknown check, ValidationError bad fields
 *   (`fields` names them), ConflictError the check is not verified or lapsed (pending or rejected
 *   checks belong to the verification queue)
 */
export async function decideRecheck(
  db: Db,
  clock: Clock,
  actor: PublicUser,
  checkId: number,
  decision: RecheckDecision,
  meta: { ip: string },
): Promise<void> {
  if (actor.role !== "moderator" && actor.role !== "admin")
    throw new ForbiddenError(msg("admin:forbidden.notStaff"));
  const today = isoDay(clock.now());
  const fields: Record<string, string> = {};
  const reason = decision.reason.trim();
  if (reason.length < 3 || reason.length > 1000) fields.reason = msg("admin:rechecks.errors.reason");
  if (decision.outcome === "verified") {
    if (!CHECK_METHODS.includes(decision.method)) fields.method = msg("admin:rechecks.errors.method");
    if (decision.source.trim().length < 2 || decision.source.length > 255)
      fields.source = msg("admin:rechecks.errors.source");
    if (decision.sourceUrl !== null && !/^https?:\/\/\S+$/.test(decision.sourceUrl))
      fields.sourceUrl = msg("admin:rechecks.errors.sourceUrl");
    if (decision.sourceUrl !== null && decision.sourceUrl.length > 500)
      fields.sourceUrl = msg("admin:rechecks.errors.sourceUrl");
    if (!isDay(decision.checkedOn) || decision.checkedOn > today)
      fields.checkedOn = msg("admin:rechecks.errors.checkedOn");
    if (!isDay(decision.nextCheckDue) || decision.nextCheckDue <= today)
      fields.nextCheckDue = msg("admin:rechecks.errors.nextCheckDue");
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(msg("admin:rechecks.errors.form"), fields);
  if (!Number.isSafeInteger(checkId) || checkId <= 0 || checkId > 2_147_483_647)
    throw new NotFoundError(msg("admin:rechecks.notFound"));
  await db.transaction(async (tx) => {
    const [check] = await tx
      .select()
      .from(verificationChecks)
      .where(eq(verificationChecks.id, checkId))
      .for("update");
    if (!check) throw new NotFoundError(msg("admin:rechecks.notFound"));
    if (check.status !== "verified" && check.status !== "lapsed")
      throw new ConflictError(msg("admin:rechecks.errors.conflict"));
    const before = {
      checkId,
      kind: check.kind,
      status: check.status,
      method: check.method,
      source: check.source,
      sourceUrl: check.sourceUrl,
      checkedOn: check.checkedOn,
      nextCheckDue: check.nextCheckDue,
    };
    const after =
      decision.outcome === "verified"
        ? {
            ...before,
            status: "verified",
            method: decision.method,
            source: decision.source.trim(),
            sourceUrl: decision.sourceUrl,
            checkedOn: decision.checkedOn,
            nextCheckDue: decision.nextCheckDue,
          }
        : { ...before, status: "lapsed", nextCheckDue: null };
    await tx
      .update(verificationChecks)
      .set({
        status: after.status,
        method: after.method,
        source: after.source,
        sourceUrl: after.sourceUrl,
        checkedOn: after.checkedOn,
        nextCheckDue: after.nextCheckDue,
        ...(decision.outcome === "verified" ? { checkedBy: actor.id, demo: false } : {}),
        updatedAt: clock.now(),
      })
      .where(eq(verificationChecks.id, checkId));
    await recordAudit(tx, {
      actor: { userId: actor.id, role: actor.role },
      action: "verification.rechecked",
      subjectType: "listing",
      subjectId: check.lawyerId,
      before,
      after,
      reason,
      ip: meta.ip,
      at: clock.now(),
    });
    await recomputeVerification(tx, check.lawyerId, clock);
  });
}

/** The re-check screen's functions, bound to the process's database, clock and rate limits (server/services.ts). */
export interface RechecksService {
  /** The check for /admin/rechecks/:checkId, or null (unknown or malformed id). */
  view(checkId: number): Promise<RecheckView | null>;
  /**
   * decideRecheck after the 'staff-write' rate limit of the actor.
   * @throws RateLimitedError, and whatever decideRecheck throws
   */
  decide(actor: PublicUser, checkId: number, decision: RecheckDecision, meta: { ip: string }): Promise<void>;
}

/** Creates the re-check service (one per process, server/services.ts). */
export function createRechecksService(deps: {
  db: Db;
  clock: Clock;
  rateLimits: RateLimits;
}): RechecksService {
  return {
    view: (checkId) => readRecheck(deps.db, checkId),
    async decide(actor, checkId, decision, meta) {
      if (actor.role !== "moderator" && actor.role !== "admin")
        throw new ForbiddenError(msg("admin:forbidden.notStaff"));
      await consumeLimit(deps.rateLimits, "staff-write", actor.id, msg("errors:rateLimit.default"));
      await decideRecheck(deps.db, deps.clock, actor, checkId, decision, meta);
    },
  };
}
