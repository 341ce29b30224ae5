/**
 * `npm run restore -- DIR` (issue 17 §6): verifies a backup's checksums and restores it into an
 * empty database and data folder. Logic and exit codes: server/backup/cli.ts; steps:
 * docs/operations.md.
 */
import { runRestoreCli } from "../server/backup/cli.ts";

process.exitCode = await runRestoreCli(process.argv.slice(2));
