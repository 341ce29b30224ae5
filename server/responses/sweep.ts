/**
 * The response sweep (issue 16 §3: "The spec's promise 'lawyers respond within 24 hours' becomes
 * a process: a reminder email to the lawyer at 12 h, and at 24 h without answer the client is told
 * and offered to send the same case ... to another lawyer of their choice"; spec §1).
 *
 * Each run, at the clock's instant:
 * (a) every case at least RESPONSE_REMINDER_HOURS old without a first response (stats.ts
 *     CASE_FIRST_RESPONSE_SQL) and not yet reminded: the listing's address gets one reminder in
 *     the owner's language (users.locale, else English) and cases.reminded_at is set; to a listing
 *     nobody manages (issue 28 §4) without any field of the client's, with the claim's steps;
 * (b) every case at least RESPONSE_DEADLINE_HOURS old without a first response and whose client
 *     was not told yet: the client gets one notice in the case's language (cases.locale) with the
 *     link to the case page (where the re-send offer is, server/responses/resend.ts) — for a
 *     client without an account with a fresh access token (server/cases/access-tokens.ts) — and
 *     cases.client_notified_at is set.
 * Only cases younger than RESPONSE_SWEEP_CATCH_UP_DAYS are looked at (a server that was stopped
 * catches up; older cases, e.g. from before this feature, get no email).
 *
 * Idempotent and safe to run from two processes: each email's mark is claimed with a conditional
 * UPDATE in the transaction that sends it, so a case is reminded once and its client told once;
 * a failed send rolls its mark back and is retried on the next run. Runs every
 * RESPONSE_SWEEP_EVERY_MINUTES in the server (startResponseSweepTimer, server/main.ts) and once
 * in `npm run jobs:daily`.
 */
import { sql } from "drizzle-orm";
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  listingLocale,
  localizePath,
} from "../../lib/i18n/locales.ts";
import {
  RESPONSE_DEADLINE_HOURS,
  RESPONSE_REMINDER_HOURS,
  RESPONSE_SWEEP_CATCH_UP_DAYS,
  RESPONSE_SWEEP_EVERY_MINUTES,
} from "../../lib/response-times.ts";
import { caseAccessLink, mintCaseAccessToken } from "../cases/access-tokens.ts";
import { claimStepsFor } from "../cases/emails.ts";
import { caseAsLawyerSeesIt } from "../cases/visibility.ts";
import type { Db } from "../db/client.ts";
import type { MailingJobDeps } from "../deps.ts";
import type { Mailer } from "../email/mailer.ts";
import {
  responseClaimReminderEmail,
  responseLateEmail,
  responseReminderEmail,
} from "../email/templates/index.ts";
import { managedSql } from "../listings/managed.ts";
import type { Logger } from "../logger.ts";
import { CASE_FIRST_RESPONSE_SQL } from "./stats.ts";

/** What the sweep needs: the database, the clock, the mailer and the origin of case links (server/deps.ts). */
export type ResponseSweepDeps = MailingJobDeps;

/** What one run did: reminders sent to lawyers, notices sent to clients, sends that failed. */
export interface ResponseSweepSummary {
  reminders: number;
  clientNotices: number;
  failures: number;
}

const H = 3_600_000;

const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** Runs steps (a) and (b) once at the clock's instant; throws only database errors of the reads. */
export async function runResponseSweep(deps: ResponseSweepDeps): Promise<ResponseSweepSummary> {
  const { db, clock } = deps;
  const now = clock.now();
  const oldest = new Date(now.getTime() - RESPONSE_SWEEP_CATCH_UP_DAYS * 24 * H);
  const link = (id: string, locale: Locale) =>
    `${deps.emailLinkOrigin}${localizePath(`/cases/${id}`, locale)}`;
  const summary: ResponseSweepSummary = { reminders: 0, clientNotices: 0, failures: 0 };

  const due = async (hours: number, mark: "reminded_at" | "client_notified_at") =>
    (
      await db.execute<{
        id: string;
        created_at: Date | string;
        case_title: string;
        client_name: string;
        client_email: string;
        user_id: string | null;
        locale: string;
        listing: string;
        listing_email: string;
        owner_locale: string | null;
        listing_languages: string[] | null;
        managed: boolean;
      }>(sql`
        SELECT c.id, c.created_at, c.case_title, c.client_name, c.client_email, c.user_id, c.locale,
          l.name AS listing, l.email AS listing_email, l.languages AS listing_languages,
          (SELECT u.locale FROM users AS u WHERE u.lawyer_id = l.id LIMIT 1) AS owner_locale,
          ${managedSql(sql`l.id`)} AS managed
        FROM cases AS c JOIN lawyers AS l ON l.id = c.lawyer_id
        WHERE c.client_notified_at IS NULL
          AND c.created_at >= ${oldest} AND c.created_at <= ${new Date(now.getTime() - hours * H)}
          AND c.${sql.raw(mark)} IS NULL
          AND ${CASE_FIRST_RESPONSE_SQL} IS NULL
        ORDER BY c.created_at, c.id`)
    ).rows;

  // (a) reminders to lawyers, then (b) notices to clients (a case late for both gets both).
  for (const r of await due(RESPONSE_REMINDER_HOURS, "reminded_at")) {
    // Issue 28 §2: the lawyer's reminder is in the listing's first language the site speaks.
    const locale = listingLocale(r.listing_languages, r.owner_locale);
    const hours = Math.floor((now.getTime() - new Date(r.created_at).getTime()) / H);
    // Issue 27 §2: an unanswered case is not accepted; the lawyer's reminder names it as the
    // lawyer may see it (server/cases/visibility.ts).
    const seen = caseAsLawyerSeesIt({ caseTitle: r.case_title, clientName: r.client_name, acceptedAt: null });
    const caseLink = link(r.id, locale);
    const went = await claimAndSend(deps, r.id, "reminded_at", now, async () => ({
      to: r.listing_email,
      // Issue 28 §4: a listing nobody manages gets nothing of the client, and the claim's steps.
      ...(r.managed === true
        ? await responseReminderEmail(
            {
              listingName: r.listing,
              caseTitle: seen.caseTitle,
              clientName: seen.clientName,
              hours,
              caseLink,
            },
            locale,
          )
        : await responseClaimReminderEmail(
            {
              listingName: r.listing,
              hours,
              caseLink,
              claim: claimStepsFor(r.listing_email, caseLink, locale),
            },
            locale,
          )),
    }));
    if (went === true) summary.reminders++;
    else if (went === "failed") summary.failures++;
  }
  for (const r of await due(RESPONSE_DEADLINE_HOURS, "client_notified_at")) {
    const locale = localeOf(r.locale);
    const went = await claimAndSend(deps, r.id, "client_notified_at", now, async (tx) => {
      // Issue 16 §3: a visitor's notice carries a fresh access token (the tracking token is stored
      // only as a hash), minted in the claim's transaction so a failed send leaves none behind.
      const accessLink =
        r.user_id === null
          ? caseAccessLink(
              deps.emailLinkOrigin,
              r.id,
              locale,
              await mintCaseAccessToken(tx, clock, r.id, "late_notice"),
            )
          : undefined;
      return {
        to: r.client_email,
        ...(await responseLateEmail(
          {
            clientName: r.client_name,
            caseTitle: r.case_title,
            lawyerName: r.listing,
            caseLink: link(r.id, locale),
            clientHasAccount: r.user_id !== null,
            ...(accessLink ? { accessLink } : {}),
          },
          locale,
        )),
      };
    });
    if (went === true) summary.clientNotices++;
    else if (went === "failed") summary.failures++;
  }
  deps.logger?.info({ ...summary }, "response sweep");
  return summary;
}

/**
 * Sets `mark` on case `id` if still unset and sends the email built by `build` (which may write in
 * the same transaction, `tx`) in the same transaction: true when
 * sent, false when another run claimed it first, "failed" when the send failed (rolled back).
 */
async function claimAndSend(
  deps: ResponseSweepDeps,
  id: string,
  mark: "reminded_at" | "client_notified_at",
  at: Date,
  build: (tx: Pick<Db, "insert" | "select">) => Promise<Parameters<Mailer["send"]>[0]>,
): Promise<boolean | "failed"> {
  try {
    return await deps.db.transaction(async (tx) => {
      const claimed = await tx.execute(
        sql`UPDATE cases SET ${sql.raw(mark)} = ${at} WHERE id = ${id} AND ${sql.raw(mark)} IS NULL RETURNING id`,
      );
      if (claimed.rows.length === 0) return false;
      await deps.mailer.send(await build(tx));
      return true;
    });
  } catch (err) {
    deps.logger?.error({ err, caseId: id, mark }, "response email not sent");
    return "failed";
  }
}

/**
 * Runs `run` every RESPONSE_SWEEP_EVERY_MINUTES (or `everyMs`) in the server process, and once at
 * start; a run still going is not started twice; a failure is logged and retried on the next tick.
 * The timer is unref'd. Answers `tick` (runs now; resolves when done) and `stop`.
 */
export function startResponseSweepTimer(opts: {
  run: () => Promise<unknown>;
  logger?: Pick<Logger, "error">;
  everyMs?: number;
}): { tick: () => Promise<void>; stop: () => void } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return running;
    running = (async () => {
      try {
        await opts.run();
      } catch (err) {
        opts.logger?.error({ err }, "response sweep failed");
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.everyMs ?? RESPONSE_SWEEP_EVERY_MINUTES * 60_000);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
