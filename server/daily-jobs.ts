/**
 * The once-a-day work of the server, in one place for the server's daily timer (server/main.ts)
 * and `npm run jobs:daily` (server/verification/jobs-cli.ts): the verification monitoring
 * (issue 15 §2: lapses, reminders, the re-check queue) and then every listing's response-time
 * figures as of today (issue 16 §3: the 90-day window slides and unanswered cases age even when
 * nobody writes). The response sweep (12 h / 24 h emails) runs on its own 15-minute timer.
 */
import { type RefreshSummary, refreshResponseStats } from "./responses/stats.ts";
import { type DailyJobDeps, type DailyJobSummary, runDailyVerificationJob } from "./verification/daily.ts";

/** What one daily run did: the verification job's summary and the response figures' refresh. */
export interface DailyJobsSummary {
  verification: DailyJobSummary;
  responses: RefreshSummary;
}

/**
 * Runs the verification job, then refreshes the response figures. Throws what either throws
 * (database errors); a failed reminder email is counted in `verification.reminderFailures`.
 */
export async function runDailyJobs(deps: DailyJobDeps): Promise<DailyJobsSummary> {
  const verification = await runDailyVerificationJob(deps);
  const responses = await refreshResponseStats(deps.db, deps.clock);
  return { verification, responses };
}
