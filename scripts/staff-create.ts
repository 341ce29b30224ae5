/**
 * `npm run staff:create -- --email ADDRESS --role admin|moderator`: creates or promotes a staff
 * account and prints a one-time set-password link (issue 15 §1). Logic and exit codes:
 * server/staff/staff-cli.ts; README "Other commands".
 */
import { runStaffCreate } from "../server/staff/staff-cli.ts";

process.exitCode = await runStaffCreate(process.argv.slice(2));
