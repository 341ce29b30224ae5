/**
 * The `npm run jobs:daily` command (issue 15 §2 "Ongoing monitoring": the daily job "runs in the
 * server process or as `npm run jobs:daily`"), as a function so tests run it in-process. Opens
 * the configured database (DATA_DIR or DATABASE_URL) and mailer (SMTP_URL or the outbox), runs
 * runDailyVerificationJob once on the clock's day and prints "N lapsed, N reminders, N queued";
 * then (issue 16 §3) refreshes every listing's response figures (server/responses/stats.ts) and
 * runs the response sweep once (server/responses/sweep.ts), printing "response times: N listings
 * updated, N lawyer reminders, N client notices".
 * Issue 18 §2: it takes the same advisory locks as the servers' timers (server/cluster/jobs.ts),
 * so it never runs while an instance runs the job; run by hand it runs even when today's run is
 * done (the job is idempotent) and records the day like the timers.
 * Exit codes: 0 done, 1 failed (database error or a reminder that could not be sent; the run is
 * safe to repeat), 64 usage error, 75 the PGlite data folder is in use by a running server (whose
 * own timer runs the job) or an instance is running the daily job now, 78 bad configuration.
 */
import { systemClock } from "../clock.ts";
import { runDailyOnce, withJobLock } from "../cluster/jobs.ts";
import { emailLinkOrigin, retentionPolicy } from "../config.ts";
import { runDailyJobs } from "../daily-jobs.ts";
import { createMailer } from "../email/mailer.ts";
import { createLogger, errorSummary } from "../logger.ts";
import { type CliIO, cliOutput, withCliDatabase } from "../ops/cli.ts";
import { runResponseSweep } from "../responses/sweep.ts";
import { createDocumentStorage } from "../storage/documents.ts";

/** Where the command writes, its environment and clock; defaults to the process's (server/ops/cli.ts). */
export type JobsCliIO = CliIO;

const USAGE = "Usage: npm run jobs:daily";

/** Runs the daily job once with command-line arguments `args` (none are accepted). Returns the exit code; never throws. */
export async function runDailyJobCli(args: string[], io: JobsCliIO = {}): Promise<number> {
  const { out, err } = cliOutput(io);
  if (args.length > 0) {
    err(USAGE);
    return 64;
  }
  return withCliDatabase(io, err, async ({ config, database }) => {
    const logger = createLogger(config.LOG_LEVEL === "info" ? "warn" : config.LOG_LEVEL);
    const clock = io.clock ?? systemClock;
    const mailer = createMailer(config, logger, clock);
    try {
      const daily = await runDailyOnce(
        database.db,
        clock,
        () =>
          runDailyJobs({
            db: database.db,
            clock,
            mailer,
            emailLinkOrigin: emailLinkOrigin(config),
            // Issue 17 §4/§5: erasure, expired exports and retention delete stored files through the
            // encrypting store, which also deletes each file's wrapped data key (§3).
            store: createDocumentStorage({ config, db: database.db, clock, logger }).store,
            logger,
            retention: retentionPolicy(config),
          }),
        { force: true },
      );
      if (daily.status !== "ran") {
        err("Another instance is running the daily job now; try again when it has finished.");
        return 75;
      }
      const { verification: s, responses: refreshed, dataRights, retention: kept } = daily.value;
      out(`${s.lapsed} lapsed, ${s.reminders} reminders, ${s.queued} queued`);
      const swept = await withJobLock(database.db, "responseSweep", () =>
        runResponseSweep({
          db: database.db,
          clock,
          mailer,
          emailLinkOrigin: emailLinkOrigin(config),
          logger,
        }),
      );
      // Another instance sweeping now sends the same emails; this run reports none.
      const sweep = swept.ran ? swept.value : { reminders: 0, clientNotices: 0, failures: 0 };
      out(
        `response times: ${refreshed.changed} listings updated, ${sweep.reminders} lawyer reminders, ${sweep.clientNotices} client notices`,
      );
      out(
        `retention: ${kept.unacceptedCases} unaccepted cases deleted, ${kept.purgedCases} closed cases' documents deleted (${kept.documents} files), ${kept.contactMessages} contact messages deleted`,
      );
      // Issue 17 §4: accounts erased after their grace period, background exports past their days.
      out(`data rights: ${dataRights.erased} accounts erased, ${dataRights.exportsExpired} exports expired`);
      if (sweep.failures > 0) {
        err(`${sweep.failures} response email(s) could not be sent; run the job again to retry them.`);
        return 1;
      }
      if (s.reminderFailures > 0) {
        err(`${s.reminderFailures} reminder(s) could not be sent; run the job again to retry them.`);
        return 1;
      }
      return 0;
    } catch (e) {
      err(`The daily job failed: ${errorSummary(e)}`);
      return 1;
    } finally {
      await mailer.close();
    }
  });
}
