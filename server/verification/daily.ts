/**
 * The daily monitoring job (issue 15 §2 "Ongoing monitoring": "a daily job marks checks past
 * their due date `lapsed` (licence yearly by default, insurance at expiry), emails the lawyer 30
 * days before, and queues a re-check. The job is idempotent"). Registers are the source of truth
 * and a badge must be re-checked periodically ([S16] Google re-checks licences, [S20] LSO,
 * [S27] NY registration every two years; research notes "Top 10 trust features" 1).
 *
 * A check's due date is its `next_check_due`; a verified licence check without one is due a year
 * after `checked_on` (LICENCE_RECHECK_MONTHS); insurance checks carry their policy's expiry as
 * `next_check_due` (the seed and the moderator's re-check write it so). A check is still valid on
 * its due day and lapses the day after, as lib/verification.ts `effectiveCheckStatus` reads it.
 *
 * Run by the server once a day (startDailyJobTimer, server/main.ts) and by `npm run jobs:daily`
 * (scripts/jobs-daily.ts). Running it twice on one day changes nothing the second time and sends
 * no second email: lapsing only touches checks still `verified`, and each reminder is recorded in
 * verification_reminders (check, due date) in the same transaction as its send.
 */
import { sql } from "drizzle-orm";
import { listingLocale } from "../../lib/i18n/locales.ts";
import type { CheckKind } from "../../lib/verification.ts";
import { isoDay } from "../../lib/verification.ts";
import { recordAudit } from "../audit/index.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import type { MailingJobDeps } from "../deps.ts";
import { verificationReminderEmail } from "../email/templates/index.ts";
import type { Logger } from "../logger.ts";
import { recomputeVerifications } from "./recompute.ts";

/** Days before a check's due date that its reminder goes out and it enters the re-check queue. */
export const REMINDER_DAYS = 30;

/** How long a licence check holds without a due date of its own (issue 15 §2 "licence yearly"). */
export const LICENCE_RECHECK_MONTHS = 12;

/**
 * A check's due date in SQL (alias `c` = verification_checks): `next_check_due`, else for a
 * licence check `checked_on` + LICENCE_RECHECK_MONTHS; null when it has neither (never due).
 */
export const EFFECTIVE_DUE_SQL = sql.raw(
  `COALESCE(c.next_check_due, CASE WHEN c.kind = 'licence' AND c.checked_on IS NOT NULL THEN (c.checked_on + interval '${LICENCE_RECHECK_MONTHS} months')::date END)`,
);

/**
 * The re-check queue's condition in SQL (alias `c`), for `today` + REMINDER_DAYS = `horizon`:
 * a verified check due by the horizon, or a lapsed check that still carries the due date it
 * lapsed at (a moderator who confirms the lapse clears it: server/verification/recheck.ts).
 */
export function recheckWhere(horizon: string) {
  return sql`((c.status = 'verified' AND ${EFFECTIVE_DUE_SQL} <= ${horizon}::date)
    OR (c.status = 'lapsed' AND c.next_check_due IS NOT NULL))`;
}

/** What the daily job needs: the database, the clock, the mailer and the origin of the reminders' dashboard link (server/deps.ts). */
export type DailyJobDeps = MailingJobDeps;

/** What one run did: checks lapsed, reminder emails sent (failed ones apart), checks in the re-check queue. */
export interface DailyJobSummary {
  lapsed: number;
  reminders: number;
  reminderFailures: number;
  queued: number;
}

/** `day` (YYYY-MM-DD) moved by `days`. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Runs the three steps of the daily job on the clock's day (UTC) and answers what it did:
 * (a) lapses every verified check past its due date, audited per check (actor system,
 * `verification.lapsed`, before/after) and with the listings' `verified` cache recomputed
 * (recompute.ts), all in one transaction; (b) emails each claimed listing's owner, in their
 * users.locale, once per due date about its verified checks due within REMINDER_DAYS (checks of
 * one listing due on one day share an email; unclaimed listings get none); (c) counts the
 * re-check queue (recheckQueueProvider lists it). A failed email is logged, counted and retried
 * on the next run (its reminder record rolls back). Throws only database errors.
 */
export async function runDailyVerificationJob(deps: DailyJobDeps): Promise<DailyJobSummary> {
  const { db, clock } = deps;
  const today = isoDay(clock.now());
  const lapsed = await lapseOverdueChecks(db, clock, today);
  const { sent, failed } = await sendReminders(deps, today);
  const queued = await countRechecks(db, today);
  const summary = { lapsed, reminders: sent, reminderFailures: failed, queued };
  deps.logger?.info({ today, ...summary }, "daily verification job");
  return summary;
}

/** Step (a): verified checks past their due date become lapsed, audited; answers how many. */
async function lapseOverdueChecks(db: Db, clock: Clock, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: number;
      lawyer_id: number;
      kind: string;
      next_check_due: string | null;
      due: string;
    }>(sql`
      UPDATE verification_checks AS t
      SET status = 'lapsed', next_check_due = s.due, updated_at = ${clock.now()}
      FROM (
        SELECT c.id, c.next_check_due::text AS next_check_due, ${EFFECTIVE_DUE_SQL} AS due
        FROM verification_checks AS c
        WHERE c.status = 'verified' AND ${EFFECTIVE_DUE_SQL} < ${today}::date
      ) AS s
      WHERE t.id = s.id AND t.status = 'verified'
      RETURNING t.id, t.lawyer_id, t.kind, s.next_check_due, s.due::text AS due`);
    const at = clock.now();
    for (const r of rows) {
      await recordAudit(tx, {
        actor: { userId: null, role: "system" },
        action: "verification.lapsed",
        subjectType: "listing",
        subjectId: r.lawyer_id,
        before: { checkId: r.id, kind: r.kind, status: "verified", nextCheckDue: r.next_check_due },
        after: { checkId: r.id, kind: r.kind, status: "lapsed", nextCheckDue: r.due },
        reason: `Due date ${r.due} passed without a re-check (daily monitoring job).`,
        at,
      });
    }
    if (rows.length > 0) {
      const ids = [...new Set(rows.map((r) => Number(r.lawyer_id)))];
      await recomputeVerifications(tx, clock, ids);
    }
    return rows.length;
  });
}

/** Step (b): the reminders; answers how many emails went out and how many failed. */
async function sendReminders(deps: DailyJobDeps, today: string): Promise<{ sent: number; failed: number }> {
  const { db, clock } = deps;
  const horizon = addDays(today, REMINDER_DAYS);
  // Verified checks due between today and the horizon, of claimed listings, without a reminder
  // for that due date yet.
  const { rows } = await db.execute<{
    id: number;
    lawyer_id: number;
    kind: string;
    due: string;
    listing: string;
    email: string;
    locale: string;
    languages: string[] | null;
  }>(sql`
    SELECT c.id, c.lawyer_id, c.kind, (${EFFECTIVE_DUE_SQL})::text AS due, l.name AS listing, u.email, u.locale,
      l.languages
    FROM verification_checks AS c
    JOIN lawyers AS l ON l.id = c.lawyer_id
    JOIN users AS u ON u.lawyer_id = c.lawyer_id
    WHERE c.status = 'verified'
      AND ${EFFECTIVE_DUE_SQL} BETWEEN ${today}::date AND ${horizon}::date
      AND NOT EXISTS (SELECT 1 FROM verification_reminders AS r WHERE r.check_id = c.id AND r.due_on = ${EFFECTIVE_DUE_SQL})
    ORDER BY c.lawyer_id, due, c.id`);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.lawyer_id}|${r.due}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  let sent = 0;
  let failed = 0;
  for (const group of groups.values()) {
    const first = group[0] as (typeof rows)[number];
    try {
      const went = await db.transaction(async (tx) => {
        const claimed = await tx.execute<{ check_id: number }>(sql`
          INSERT INTO verification_reminders (check_id, due_on, sent_to, sent_at)
          SELECT unnest(${sql.raw(`ARRAY[${group.map((r) => Math.trunc(Number(r.id))).join(",")}]::int[]`)}), ${first.due}::date, ${first.email}, ${clock.now()}
          ON CONFLICT DO NOTHING
          RETURNING check_id`);
        const ids = new Set(claimed.rows.map((r) => Number(r.check_id)));
        const kinds = group.filter((r) => ids.has(Number(r.id))).map((r) => r.kind as CheckKind);
        if (kinds.length === 0) return false; // another run sent it meanwhile
        const mail = await verificationReminderEmail(
          {
            kinds,
            listing: first.listing,
            dueOn: first.due,
            origin: deps.emailLinkOrigin,
          },
          // Issue 28 §2: in the listing's first language the site speaks.
          listingLocale(first.languages, first.locale),
        );
        await deps.mailer.send({ to: first.email, ...mail });
        return true;
      });
      if (went) sent++;
    } catch (err) {
      failed++;
      deps.logger?.error(
        { err, lawyerId: first.lawyer_id, due: first.due },
        "verification reminder not sent",
      );
    }
  }
  return { sent, failed };
}

/** Step (c): how many checks wait in the re-check queue on `today`. */
async function countRechecks(db: Db, today: string): Promise<number> {
  const { rows } = await db.execute<{ n: number | string }>(
    sql`SELECT count(*)::int AS n FROM verification_checks AS c WHERE ${recheckWhere(addDays(today, REMINDER_DAYS))}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Runs `run` once per day of `clock` in the server process (issue 15 §2 "runs in the server
 * process"): at start, then on an hourly tick whenever the clock's UTC day differs from the day
 * of the last successful run (so a clock moved by a test, or a process that slept, catches up).
 * A failed run is logged and tried again on the next tick. Answers `tick` (runs now if due;
 * resolves when done) and `stop`; the timer is unref'd so it never keeps the process alive.
 */
export function startDailyJobTimer(opts: {
  clock: Clock;
  run: () => Promise<unknown>;
  logger?: Pick<Logger, "error">;
  everyMs?: number;
}): { tick: () => Promise<void>; stop: () => void } {
  let lastDay: string | null = null;
  let running: Promise<void> | null = null;
  const tick = async () => {
    if (running) return running;
    const day = isoDay(opts.clock.now());
    if (day === lastDay) return;
    running = (async () => {
      try {
        await opts.run();
        lastDay = day;
      } catch (err) {
        opts.logger?.error({ err }, "daily verification job failed");
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.everyMs ?? 60 * 60 * 1000);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
