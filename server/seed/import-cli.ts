/**
 * The `npm run import -- FILE [--dry-run]` command (issue 2 §2; docs/import.md), as a function
 * so tests can run it in-process. Exit codes: 0 imported (or valid in a dry run), 1 invalid
 * file or failed write (nothing written), 64 usage error, 75 the PGlite data folder is in use
 * by a running server, 78 bad configuration.
 */
import { ConfigError, loadConfig } from "../config.ts";
import { DataDirLockedError, openDatabase } from "../db/client.ts";
import { refreshSearchData } from "../search/index.ts";
import { formatImportIssue, parseImportFile } from "./import.ts";
import { insertLawyers } from "./insert.ts";

/** Where the command writes; defaults to the process streams. */
export interface CliIO {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

const USAGE =
  "Usage: npm run import -- FILE [--dry-run]\n  FILE: a .csv or .json file of lawyers (see docs/import.md)";

/**
 * Runs the import with command-line arguments `args` (without node and script). Validates every
 * row first; writes nothing unless all rows are valid; then inserts all rows in one transaction
 * and rebuilds the search data. Returns the exit code; never throws.
 */
export async function runImport(args: string[], io: CliIO = {}): Promise<number> {
  const out = io.out ?? ((l: string) => console.log(l));
  const err = io.err ?? ((l: string) => console.error(l));
  const dryRun = args.includes("--dry-run");
  const files = args.filter((a) => a !== "--dry-run");
  const unknownFlag = files.find((a) => a.startsWith("--"));
  if (files.length !== 1 || unknownFlag) {
    err(unknownFlag ? `Unknown option ${unknownFlag}\n${USAGE}` : USAGE);
    return 64;
  }
  const file = files[0] as string;

  const result = await parseImportFile(file);
  if (!result.ok) {
    const n = result.errors.length;
    err(`${file}: ${n} problem${n === 1 ? "" : "s"} found; nothing was imported.`);
    for (const issue of result.errors) err(formatImportIssue(issue));
    return 1;
  }
  const count = result.rows.length;
  if (dryRun) {
    out(`${file}: all ${count} row${count === 1 ? " is" : "s are"} valid; nothing was written (--dry-run).`);
    return 0;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env ?? process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      err(e.message);
      return 78;
    }
    throw e;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      err(e.message);
      return 75;
    }
    err(`Could not open the database: ${(e as Error).message}`);
    return 1;
  }
  try {
    const started = performance.now();
    try {
      await insertLawyers(database.db, result.rows, { refresh: false });
    } catch (e) {
      err(`Import failed; nothing was written: ${errorText(e)}`);
      return 1;
    }
    try {
      await refreshSearchData(database.db);
    } catch (e) {
      err(`Imported ${count} lawyers, but rebuilding the search data failed: ${errorText(e)}`);
      return 1;
    }
    const ms = Math.round(performance.now() - started);
    out(`Imported ${count} lawyer${count === 1 ? "" : "s"} from ${file} in ${ms} ms.`);
    return 0;
  } finally {
    await database.close();
  }
}

/** The database's own message when Drizzle wraps it ("Failed query: ..." hides the reason). */
function errorText(e: unknown): string {
  const cause = (e as { cause?: { message?: string } }).cause?.message;
  return cause ?? (e as Error).message ?? String(e);
}
