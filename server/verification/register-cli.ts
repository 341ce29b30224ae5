/**
 * The `npm run import:register -- --regulator "<name>" FILE.csv [--date YYYY-MM-DD]
 * [--register-url URL]` command (issue 15 §2 "Register import"; docs/import.md "Register
 * import"), as a function so tests run it in-process. Validates the whole file first, then
 * matches and writes in one transaction (register-import.ts) and prints the report: counts, then
 * each unmatched row and each name mismatch. `--date` is the file's date (default: the day the
 * file was last modified), used as the checks' date and in their source.
 * Exit codes: 0 imported, 1 invalid file (nothing written; every bad row named) or failed write,
 * 64 usage error, 75 the PGlite data folder is in use by a running server, 78 bad configuration.
 */
import { readFile, stat } from "node:fs/promises";
import type { Clock } from "../clock.ts";
import { openCliDatabase } from "../db/cli-database.ts";
import { errorSummary } from "../logger.ts";
import { importRegisterRows, parseRegisterCsv, type RegisterImportReport } from "./register-import.ts";

/**
 * Where the command writes and its environment (default: the process's), and its clock (required,
 * issue 30: scripts/ passes systemClock, tests theirs).
 */
export interface RegisterCliIO {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  clock: Clock;
}

const USAGE =
  'Usage: npm run import:register -- --regulator "<name>" FILE.csv [--date YYYY-MM-DD] [--register-url URL]\n' +
  "  FILE.csv: the NYS Attorney Registrations export format (see docs/import.md)";

/** The options, or a usage message. */
export function parseRegisterArgs(
  args: string[],
): { regulator: string; file: string; date: string | null; registerUrl: string | null } | { usage: string } {
  const named: Record<string, string> = {};
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const key = { "--regulator": "regulator", "--date": "date", "--register-url": "registerUrl" }[arg];
    if (arg.startsWith("--")) {
      const value = args[i + 1];
      if (!key || value === undefined || value.startsWith("--"))
        return { usage: `Bad option ${arg}\n${USAGE}` };
      named[key] = value;
      i++;
    } else files.push(arg);
  }
  if (files.length !== 1) return { usage: USAGE };
  const regulator = named.regulator?.trim() ?? "";
  if (regulator === "") return { usage: `--regulator is required\n${USAGE}` };
  const date = named.date ?? null;
  if (date !== null && !(/^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`))))
    return { usage: `--date must be YYYY-MM-DD\n${USAGE}` };
  const registerUrl = named.registerUrl ?? null;
  if (registerUrl !== null && !/^https?:\/\/\S+$/.test(registerUrl))
    return { usage: `--register-url must be an http(s) URL\n${USAGE}` };
  return { regulator, file: files[0] as string, date, registerUrl };
}

/** The report's lines as the command prints them. */
export function formatRegisterReport(file: string, r: RegisterImportReport): string[] {
  const lines = [
    `${file}: ${r.rows} rows; ${r.verified} verified, ${r.lapsed} lapsed, ${r.unchanged} unchanged; ${r.unmatched.length} unmatched, ${r.mismatched.length} name mismatch${r.mismatched.length === 1 ? "" : "es"}.`,
  ];
  if (r.unmatched.length > 0) {
    lines.push("Unmatched rows (no listing's admission under this regulator has the number):");
    for (const u of r.unmatched) lines.push(`  row ${u.row}: ${u.registrationNumber} ${u.registerName}`);
  }
  if (r.mismatched.length > 0) {
    lines.push("Name mismatches (the number matches, the family name does not; nothing changed):");
    for (const m of r.mismatched)
      lines.push(
        `  row ${m.row}: ${m.registrationNumber} ${m.registerName} ≠ listing ${m.lawyerId} "${m.listingName}"`,
      );
  }
  return lines;
}

/** Runs the register import with command-line arguments `args`. Returns the exit code; never throws. */
export async function runRegisterImport(args: string[], io: RegisterCliIO): Promise<number> {
  const out = io.out ?? ((l: string) => console.log(l));
  const err = io.err ?? ((l: string) => console.error(l));
  const opts = parseRegisterArgs(args);
  if ("usage" in opts) {
    err(opts.usage);
    return 64;
  }
  let text: string;
  let modified: Date;
  try {
    text = await readFile(opts.file, "utf8");
    modified = (await stat(opts.file)).mtime;
  } catch (e) {
    const code = (e as { code?: string }).code;
    err(
      `${opts.file}: ${code === "ENOENT" ? "file not found" : (e as Error).message}; nothing was imported.`,
    );
    return 1;
  }
  const parsed = parseRegisterCsv(text);
  if (!parsed.ok) {
    const n = parsed.issues.length;
    err(`${opts.file}: ${n} problem${n === 1 ? "" : "s"} found; nothing was imported.`);
    for (const i of parsed.issues) err(`${i.row === null ? "file" : `row ${i.row}`}: ${i.message}`);
    return 1;
  }
  const opened = await openCliDatabase(io.env ?? process.env);
  if ("code" in opened) {
    err(opened.message);
    return opened.code;
  }
  const { database } = opened;
  try {
    const report = await importRegisterRows(database.db, parsed.rows, {
      regulator: opts.regulator,
      file: opts.file,
      fileDate: opts.date ?? modified.toISOString().slice(0, 10),
      ...(opts.registerUrl ? { registerUrl: opts.registerUrl } : {}),
      clock: io.clock,
    });
    for (const line of formatRegisterReport(opts.file, report)) out(line);
    return 0;
  } catch (e) {
    err(`Import failed; nothing was written: ${errorSummary(e)}`);
    return 1;
  } finally {
    await database.close();
  }
}
