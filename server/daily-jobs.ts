/**
 * The once-a-day work of the server, in one place for the server's daily timer (server/main.ts)
 * and `npm run jobs:daily` (server/verification/jobs-cli.ts): the verification monitoring
 * (issue 15 §2: lapses, reminders, the re-check queue) and then every listing's response-time
 * figures as of today (issue 16 §3: the 90-day window slides and unanswered cases age even when
 * nobody writes), and the retention rules (issue 17 §5, server/privacy/retention.ts). The response
 * sweep (12 h / 24 h emails) runs on its own 15-minute timer.
 */
import type { RetentionPolicy } from "../lib/privacy.ts";
import { type RetentionSummary, runRetention } from "./privacy/retention.ts";
import { type RefreshSummary, refreshResponseStats } from "./responses/stats.ts";
import type { DocumentStore } from "./storage/index.ts";
import { type DailyJobDeps, type DailyJobSummary, runDailyVerificationJob } from "./verification/daily.ts";

/** What one daily run did: the verification job's summary and the response figures' refresh. */
export interface DailyJobsSummary {
  verification: DailyJobSummary;
  responses: RefreshSummary;
  /** Issue 17 §5: what the retention rules deleted (counts only). */
  retention: RetentionSummary;
}

/** The daily job's needs: the verification job's, plus the document store and the retention periods. */
export interface DailyJobsDeps extends DailyJobDeps {
  /** Where case documents live (server/storage), so retention deletes the files with their rows. */
  store: Pick<DocumentStore, "delete">;
  /** The periods in force (server/config.ts retentionPolicy). */
  retention: RetentionPolicy;
}

/**
 * Runs the verification job, refreshes the response figures, then applies retention. Throws what
 * any throws (database errors); a failed reminder email is counted in
 * `verification.reminderFailures`, an undeletable file in `retention.fileFailures`.
 */
export async function runDailyJobs(deps: DailyJobsDeps): Promise<DailyJobsSummary> {
  const verification = await runDailyVerificationJob(deps);
  const responses = await refreshResponseStats(deps.db, deps.clock);
  const retention = await runRetention({ ...deps, policy: deps.retention });
  return { verification, responses, retention };
}
