/**
 * The once-a-day work of the server, in one place for the server's daily timer (server/main.ts)
 * and `npm run jobs:daily` (server/verification/jobs-cli.ts): the verification monitoring
 * (issue 15 §2: lapses, reminders, the re-check queue), every listing's response-time figures as
 * of today (issue 16 §3: the 90-day window slides and unanswered cases age even when nobody
 * writes), the retention rules (issue 17 §5, server/privacy/retention.ts), then the data-rights
 * step (issue 17 §4: accounts past their erasure grace period are erased, background exports past
 * EXPORT_AVAILABLE_DAYS deleted). The response sweep (12 h / 24 h emails) runs on its own
 * 15-minute timer.
 */
import type { RetentionPolicy } from "../lib/privacy.ts";
import { type RetentionSummary, runRetention } from "./privacy/retention.ts";
import { type RefreshSummary, refreshResponseStats } from "./responses/stats.ts";
import { type DataRightsJobSummary, runDataRightsJob } from "./rights/index.ts";
import type { DocumentStore } from "./storage/index.ts";
import { type DailyJobDeps, type DailyJobSummary, runDailyVerificationJob } from "./verification/daily.ts";

/** What one daily run did: each step's summary (counts only, never personal data). */
export interface DailyJobsSummary {
  verification: DailyJobSummary;
  responses: RefreshSummary;
  /** Issue 17 §5: what the retention rules deleted. */
  retention: RetentionSummary;
  /** Issue 17 §4: accounts erased after their grace period, expired background exports deleted. */
  dataRights: DataRightsJobSummary;
}

/** The daily job's needs: the verification job's, plus the document store and the retention periods. */
export interface DailyJobsDeps extends DailyJobDeps {
  /**
   * The services' encrypting document store (retention, erasure and expired exports delete files
   * through it): its `delete` also removes the file's wrapped data key (issue 17 §3), which the
   * raw store would leave behind.
   */
  store: Pick<DocumentStore, "delete">;
  /** The retention periods in force (server/config.ts retentionPolicy). */
  retention: RetentionPolicy;
}

/**
 * Runs the verification job, refreshes the response figures, applies retention, then the
 * data-rights step. Throws what any throws (database errors); a failed reminder email is counted
 * in `verification.reminderFailures`, an undeletable file in `retention.fileFailures`.
 */
export async function runDailyJobs(deps: DailyJobsDeps): Promise<DailyJobsSummary> {
  const verification = await runDailyVerificationJob(deps);
  const responses = await refreshResponseStats(deps.db, deps.clock);
  const retention = await runRetention({ ...deps, policy: deps.retention });
  const dataRights = await runDataRightsJob(deps);
  return { verification, responses, retention, dataRights };
}
