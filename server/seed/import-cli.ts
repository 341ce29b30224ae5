import { openCliDatabase } from "../db/cli-database.ts";
import type { Database } from "../db/client.ts";
import { errorSummary } from "../logger.ts";
import { refreshSearchData } from "../search/index.ts";
import {
  formatImportIssue,
  type ImportIssue,
  type ImportOutcome,
  importLawyers,
  parseImportFile,
} from "./import.ts";

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
 * row, then checks the emails against the database and inserts all rows in one transaction
 * (importLawyers), writing nothing unless every row is valid and new; then rebuilds the search
 * data. `--dry-run` runs the same checks, database included, and writes nothing (a PGlite
 * DATA_DIR that does not exist yet counts as empty and is not created). Returns the exit code;
 * never throws.
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
  const report = (errors: ImportIssue[], note?: string) => {
    const n = errors.length;
    err(`${file}: ${n} problem${n === 1 ? "" : "s"} found; nothing was imported.`);
    for (const issue of errors) err(formatImportIssue(issue));
    if (note) err(note);
    return 1;
  };

  const parsed = await parseImportFile(file);
  // Without a single valid email (e.g. the file is not JSON) the database has nothing to add.
  if (!parsed.ok && parsed.identities.length === 0) return report(parsed.errors);

  const opened = await openForImport(io.env ?? process.env, dryRun);
  if ("code" in opened) {
    // The file's own problems matter more than a database we could not reach.
    if (!parsed.ok)
      return report(parsed.errors, `Emails were not checked against the database: ${opened.message}`);
    err(opened.message);
    return opened.code;
  }
  const database = opened.database;
  try {
    const started = performance.now();
    let outcome: ImportOutcome;
    try {
      outcome = database
        ? await importLawyers(database.db, parsed, { dryRun })
        : parsed.ok
          ? { ok: true, count: parsed.rows.length }
          : { ok: false, errors: parsed.errors };
    } catch (e) {
      err(`Import failed; nothing was written: ${errorSummary(e)}`);
      return 1;
    }
    if (!outcome.ok) return report(outcome.errors);
    const count = outcome.count;
    if (dryRun || !database) {
      out(
        `${file}: all ${count} row${count === 1 ? " is" : "s are"} valid; nothing was written (--dry-run).`,
      );
      return 0;
    }
    try {
      await refreshSearchData(database.db);
    } catch (e) {
      err(`Imported ${count} lawyers, but rebuilding the search data failed: ${errorSummary(e)}`);
      return 1;
    }
    const ms = Math.round(performance.now() - started);
    out(`Imported ${count} lawyer${count === 1 ? "" : "s"} from ${file} in ${ms} ms.`);
    return 0;
  } finally {
    await database?.close();
  }
}

/**
 * Opens the configured database, or says why not with the exit code to use (78 configuration,
 * 75 PGlite folder in use, 1 otherwise). In a dry run a PGlite folder that does not exist is
 * not created: `database` is null (no listings to compare with).
 */
async function openForImport(
  env: Record<string, string | undefined>,
  dryRun: boolean,
): Promise<{ database: Database | null } | { code: number; message: string }> {
  return dryRun ? openCliDatabase(env, { onlyIfExists: true }) : openCliDatabase(env);
}
