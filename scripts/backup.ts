/**
 * `npm run backup -- DIR` (issue 17 §6): a consistent backup of the database and the document
 * store into DIR. Logic and exit codes: server/backup/cli.ts; steps: docs/operations.md.
 */
import { runBackupCli } from "../server/backup/cli.ts";

process.exitCode = await runBackupCli(process.argv.slice(2));
