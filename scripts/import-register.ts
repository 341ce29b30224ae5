/**
 * `npm run import:register -- --regulator "<name>" FILE.csv [--date YYYY-MM-DD] [--register-url URL]`:
 * matches a regulator's public register export (NYS Attorney Registrations format) to the
 * listings' bar admissions and sets their licence checks verified or lapsed, all or nothing
 * (issue 15 §2 "Register import"). Format and exit codes: docs/import.md "Register import";
 * logic: server/verification/register-cli.ts and register-import.ts.
 */
import { systemClock } from "../server/clock.ts";
import { runRegisterImport } from "../server/verification/register-cli.ts";

process.exitCode = await runRegisterImport(process.argv.slice(2), { clock: systemClock });
