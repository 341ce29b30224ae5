/**
 * `npm run jobs:daily`: runs the daily verification monitoring job once (issue 15 §2 "Ongoing
 * monitoring": lapse checks past their due date, remind owners 30 days before, count the
 * re-check queue) and prints "N lapsed, N reminders, N queued". Logic and exit codes:
 * server/verification/jobs-cli.ts; README "Other commands".
 */
import { runDailyJobCli } from "../server/verification/jobs-cli.ts";

process.exitCode = await runDailyJobCli(process.argv.slice(2));
