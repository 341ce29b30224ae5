/**
 * `npm run seed:scale -- --lawyers N [--seed S]`: loads N deterministic demo listings into the
 * configured database (DATABASE_URL with COPY, or DATA_DIR PGlite up to 100,000), resumable and
 * all or nothing (issue 18 §1). Ctrl-C stops after the chunk being written; the same command
 * resumes. Logic and exit codes: server/seed/scale-cli.ts; docs/operations.md.
 */
import { runSeedScale } from "../server/seed/scale-cli.ts";

const controller = new AbortController();
let signals = 0;
const stop = () => {
  // The first Ctrl-C finishes the chunk being written; a second one exits at once (the open
  // chunk's transaction is rolled back by the database, the finished ones stay).
  if (++signals > 1) process.exit(130);
  process.stderr.write("\nStopping after the chunk being written (Ctrl-C again to stop now)...\n");
  controller.abort();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

process.exitCode = await runSeedScale(
  process.argv.slice(2),
  process.env,
  { out: process.stdout, err: process.stderr },
  {
    signal: controller.signal,
  },
);
