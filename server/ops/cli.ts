/**
 * What the command-line tools share (`npm run staff:create`, `jobs:daily`, …): where they write,
 * their environment and clock (a test passes its own), and running a command's work over the
 * configured database, which is opened first (server/db/cli-database.ts, with its exit codes: 78
 * bad configuration, 75 the PGlite folder is held by a running server, 1 any other failure) and
 * closed after, whatever the work does. Exit code 64 is a usage error (sysexits EX_USAGE).
 */
import type { Clock } from "../clock.ts";
import { type CliDatabase, openCliDatabase } from "../db/cli-database.ts";

/** Where a command writes, its environment and clock; each defaults to the process's. */
export interface CliIO {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  clock?: Clock;
}

/** The command's line writers: `io.out` / `io.err`, else console.log / console.error (stdout, stderr). */
export function cliOutput(io: CliIO): { out: (line: string) => void; err: (line: string) => void } {
  return {
    out: io.out ?? ((l: string) => console.log(l)),
    err: io.err ?? ((l: string) => console.error(l)),
  };
}

/**
 * Opens the database `io.env` (default process.env) configures and answers `work`'s exit code,
 * closing the database after `work` ends or throws; when it cannot be opened, prints why on `err`
 * and answers openCliDatabase's exit code (78, 75 or 1) without running `work`.
 */
export async function withCliDatabase(
  io: CliIO,
  err: (line: string) => void,
  work: (opened: Extract<CliDatabase, { database: unknown }>) => Promise<number>,
): Promise<number> {
  const opened = await openCliDatabase(io.env ?? process.env);
  if ("code" in opened) {
    err(opened.message);
    return opened.code;
  }
  try {
    return await work(opened);
  } finally {
    await opened.database.close();
  }
}
