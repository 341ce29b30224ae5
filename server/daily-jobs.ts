/**
 * The once-a-day work of the server, in one place for the server's daily timer (server/main.ts)
 * and `npm run jobs:daily` (server/verification/jobs-cli.ts): the verification monitoring
 * (issue 15 §2: lapses, reminders, the re-check queue) and then every listing's response-time
 * figures as of today (issue 16 §3: the 90-day window slides and unanswered cases age even when
 * nobody writes), then the data-rights step (issue 17 §4: accounts past their erasure grace
 * period are erased, background exports past EXPORT_AVAILABLE_DAYS deleted). The response sweep (12 h / 24 h emails) runs on its own 15-minute timer.
 */
import { type RefreshSummary, refreshResponseStats } from "./responses/stats.ts";
import { type DataRightsJobSummary, runDataRightsJob } from "./rights/index.ts";
import type { DocumentStore } from "./storage/index.ts";
import { type DailyJobDeps, type DailyJobSummary, runDailyVerificationJob } from "./verification/daily.ts";

/** What one daily run did: the verification job's summary and the response figures' refresh. */
export interface DailyJobsSummary {
  verification: DailyJobSummary;
  responses: RefreshSummary;
  /** Issue 17 §4: accounts erased after their grace period, expired background exports deleted. */
  dataRights: DataRightsJobSummary;
}

/** What the daily jobs need: the verification job's deps and the services' document store. */
export interface DailyJobsDeps extends DailyJobDeps {
  /**
   * The services' encrypting document store (issue 17 §4: erasure and expired exports delete
   * files through it): its `delete` also removes the file's wrapped data key (§3), which the raw
   * store would leave behind.
   */
  store: Pick<DocumentStore, "delete">;
}

/**
 * Runs the verification job, refreshes the response figures, then the data-rights step. Throws what either throws
 * (database errors); a failed reminder email is counted in `verification.reminderFailures`.
 */
export async function runDailyJobs(deps: DailyJobsDeps): Promise<DailyJobsSummary> {
  const verification = await runDailyVerificationJob(deps);
  const responses = await refreshResponseStats(deps.db, deps.clock);
  const dataRights = await runDataRightsJob(deps);
  return { verification, responses, dataRights };
}
