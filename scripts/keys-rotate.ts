/**
 * `npm run keys:rotate`: a new document master key and every data key re-wrapped under it
 * (issue 17 §3). Logic, options and exit codes: server/storage/rotate-cli.ts; docs/operations.md
 * "Key rotation".
 */
import { systemClock } from "../server/clock.ts";
import { runKeysRotateCli } from "../server/storage/rotate-cli.ts";

process.exitCode = await runKeysRotateCli(process.argv.slice(2), { clock: systemClock });
