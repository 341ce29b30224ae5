/**
 * Reading, validating and writing an import file of real listings (issue 2 §2; format in
 * docs/import.md). Every row is validated before anything is written: the caller gets either all
 * rows ready for `insertLawyers` or the full list of problems, never a mix. A listing's identity
 * is its email (trimmed, case-insensitive): a file may not repeat one, and `importLawyers` refuses
 * emails already in the database, checked in the same transaction as the insert.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import type { Db } from "../db/client.ts";
import { recomputeRatings } from "../reviews/recompute.ts";
import type { NewLawyer } from "./generate.ts";
import { canonicalField, IMPORT_FIELDS, ImportRowSchema } from "./import-schema.ts";
import { DEFAULT_BATCH_SIZE, insertBatches } from "./insert.ts";

/**
 * One problem in an import file. `row` is the 1-based data row: for CSV the N-th record after
 * the header line (the header is not counted, so row 1 is normally line 2 of the file); for JSON
 * the N-th element of the array. `row` is null for a problem with the whole file, and "header"
 * for a bad CSV column name. `field` is the column or key as written in the file.
 */
export interface ImportIssue {
  row: number | "header" | null;
  field: string | null;
  message: string;
}

/**
 * A row's identity for the duplicate checks: its 1-based `row`, the email column or key as
 * written in the file (`field`) and the email's identity key (`email`, see emailIdentity).
 */
export interface ImportIdentity {
  row: number;
  field: string;
  email: string;
}

/**
 * Result of parsing: all rows, or every problem found (then nothing may be written). Either way
 * `identities` lists the first row of each distinct valid email, in row order, for the check
 * against the database (importLawyers); when `ok`, `identities[i]` belongs to `rows[i]`.
 */
export type ImportResult =
  | { ok: true; rows: NewLawyer[]; identities: ImportIdentity[] }
  | { ok: false; errors: ImportIssue[]; identities: ImportIdentity[] };

/**
 * The identity key of a listing's email for imports: trimmed and lower-cased, so
 * " Ada@Example.COM" and "ada@example.com" are the same listing (docs/import.md "Identity").
 */
export function emailIdentity(email: string): string {
  return email.trim().toLowerCase();
}

/** Import file formats. */
export type ImportFormat = "csv" | "json";

/** "row 3, field experience: must be at most 80" (the CLI's output line for one problem). */
export function formatImportIssue(issue: ImportIssue): string {
  const where = issue.row === null ? "file" : issue.row === "header" ? "header" : `row ${issue.row}`;
  return issue.field ? `${where}, field ${issue.field}: ${issue.message}` : `${where}: ${issue.message}`;
}

/**
 * Reads and validates an import file. The format comes from the extension (.csv or .json), or
 * from the content when the extension is neither (a leading "[" or "{" means JSON).
 * Never throws for bad content; an unreadable file is reported as a file-level issue.
 */
export async function parseImportFile(file: string): Promise<ImportResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    const code = (err as { code?: string }).code;
    const reason = code === "ENOENT" ? "file not found" : code === "EISDIR" ? "is a folder" : String(err);
    return {
      ok: false,
      errors: [{ row: null, field: null, message: `${file}: ${reason}` }],
      identities: [],
    };
  }
  const ext = path.extname(file).toLowerCase();
  const format: ImportFormat =
    ext === ".json"
      ? "json"
      : ext === ".csv"
        ? "csv"
        : /^\s*[[{]/.test(text.replace(/^\uFEFF/, ""))
          ? "json"
          : "csv";
  return parseImportText(text, format);
}

/**
 * Validates the text of an import file in the given format. CSV: first line is the header,
 * practice areas separated by ";", personalityTraits as JSON text. JSON: an array of objects
 * (or `{ "lawyers": [...] }`). Returns the rows for `insertLawyers`, or every issue found,
 * including "same email as row M" for a row repeating an earlier row's email (emailIdentity).
 * Does not look at the database; importLawyers does.
 */
export function parseImportText(text: string, format: ImportFormat): ImportResult {
  const body = text.replace(/^\uFEFF/, "");
  const records = format === "json" ? readJson(body) : readCsv(body);
  if (!records.ok) return { ...records, identities: [] };
  const errors: ImportIssue[] = [...records.errors];
  if (records.items.length === 0 && errors.length === 0) {
    errors.push({ row: null, field: null, message: "no rows to import" });
  }
  const rows: NewLawyer[] = [];
  const identities: ImportIdentity[] = [];
  const firstRowByEmail = new Map<string, number>();
  for (const { row, values } of records.items) {
    const input: Record<string, unknown> = {};
    const original = new Map<string, string>();
    let rowOk = true;
    for (const [key, value] of Object.entries(values)) {
      const field = canonicalField(key);
      if (!field) {
        if (format === "json") {
          errors.push({
            row,
            field: key,
            message: `unknown field; known fields: ${IMPORT_FIELDS.join(", ")}`,
          });
          rowOk = false;
        }
        continue; // CSV: already reported once for the header
      }
      if (original.has(field)) {
        errors.push({ row, field: key, message: `repeats ${original.get(field)}` });
        rowOk = false;
        continue;
      }
      original.set(field, key);
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === ""))
        continue;
      input[field] = value;
    }
    const parsed = ImportRowSchema.safeParse(input);
    // The email counts for the duplicate checks whenever it is valid, even if other fields are
    // not, so every repeated email is reported in the same run as the other problems.
    const emailValid = parsed.success || !parsed.error.issues.some((iss) => iss.path[0] === "email");
    if (emailValid && typeof input.email === "string") {
      const email = emailIdentity(input.email);
      const field = original.get("email") ?? "email";
      const first = firstRowByEmail.get(email);
      if (first === undefined) {
        firstRowByEmail.set(email, row);
        identities.push({ row, field, email });
      } else {
        errors.push({ row, field, message: `same email as row ${first}` });
        rowOk = false;
      }
    }
    if (!parsed.success) {
      for (const iss of parsed.error.issues) {
        const field = typeof iss.path[0] === "string" ? iss.path[0] : null;
        errors.push({ row, field: field ? (original.get(field) ?? field) : null, message: iss.message });
      }
      continue;
    }
    if (rowOk) rows.push(parsed.data);
  }
  if (errors.length === 0) return { ok: true, rows, identities };
  return { ok: false, errors: sortIssues(errors), identities };
}

/** File and header problems first, then by row; within a row, in the documented field order. */
function sortIssues(errors: ImportIssue[]): ImportIssue[] {
  const rank = (r: ImportIssue["row"]) => (r === null ? -1 : r === "header" ? 0 : r);
  const fieldRank = (f: string | null) => (f === null ? -2 : IMPORT_FIELDS.indexOf(canonicalField(f) ?? ""));
  return errors.sort((a, b) => rank(a.row) - rank(b.row) || fieldRank(a.field) - fieldRank(b.field));
}

/** Advisory lock key: imports into one PostgreSQL database run one at a time (check, then insert). */
const IMPORT_LOCK_KEY = 0x1e4a7_1a7;

/** Anything with Drizzle's `execute`: the database handle or an open transaction. */
type Executor = Pick<Db, "execute">;

/**
 * Which of `emails` (identity keys, see emailIdentity) are already listed: a map from key to the
 * lowest id of a lawyer whose email has that key. One query, whatever the count (the keys go as
 * one JSON parameter); scans `lawyers` (no index on emails): 2,000 keys against 100k lawyers
 * take ~90 ms on PostgreSQL, ~125 ms on PGlite.
 */
export async function findListedEmails(
  executor: Executor,
  emails: readonly string[],
): Promise<Map<string, number>> {
  const listed = new Map<string, number>();
  if (emails.length === 0) return listed;
  const { rows } = await executor.execute<{ email: string; id: number }>(sql`
    SELECT lower(btrim(email, E' \t\r\n')) AS email, min(id)::int AS id
    FROM lawyers
    WHERE lower(btrim(email, E' \t\r\n')) IN (
      SELECT jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)
    )
    GROUP BY 1`);
  for (const r of rows) listed.set(r.email, Number(r.id));
  return listed;
}

/** What importLawyers did: the number of rows inserted (or that would be, in a dry run), or every problem. */
export type ImportOutcome = { ok: true; count: number } | { ok: false; errors: ImportIssue[] };

/**
 * Checks a parsed file against the database and, when nothing is wrong, inserts its rows, all
 * in ONE transaction (issue 2 §2, all or nothing). Each row whose email is already listed is
 * reported as `already listed (lawyer id K)`, next to the file's own problems (sorted by row).
 * Outside a dry run the transaction first takes an advisory lock (pg_advisory_xact_lock; a
 * no-op wait on single-connection PGlite), so two imports at once cannot both pass the check.
 * The new listings' rating and review count are written by recomputeRatings (issue 16 §1: 0 and
 * 0, a file cannot bring ratings). Does not rebuild the search data (the caller runs
 * refreshSearchData after a write).
 * Database errors propagate; then nothing was written.
 */
export async function importLawyers(
  db: Db,
  parsed: ImportResult,
  opts: { dryRun?: boolean; batchSize?: number } = {},
): Promise<ImportOutcome> {
  const dryRun = opts.dryRun ?? false;
  return db.transaction(async (tx): Promise<ImportOutcome> => {
    if (!dryRun) await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
    const listed = await findListedEmails(
      tx,
      parsed.identities.map((i) => i.email),
    );
    const errors: ImportIssue[] = parsed.ok ? [] : [...parsed.errors];
    for (const identity of parsed.identities) {
      const id = listed.get(identity.email);
      if (id !== undefined) {
        errors.push({
          row: identity.row,
          field: identity.field,
          message: `already listed (lawyer id ${id})`,
        });
      }
    }
    if (errors.length > 0 || !parsed.ok) return { ok: false, errors: sortIssues(errors) };
    if (!dryRun) {
      const ids = await insertBatches(tx, parsed.rows, opts.batchSize ?? DEFAULT_BATCH_SIZE);
      // Issue 16 §1: the rating cache of the new listings from their (no) published reviews.
      await recomputeRatings(tx, ids);
    }
    return { ok: true, count: parsed.rows.length };
  });
}

type Records =
  | { ok: true; items: { row: number; values: Record<string, unknown> }[]; errors: ImportIssue[] }
  | { ok: false; errors: ImportIssue[] };

function readJson(text: string): Records {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return {
      ok: false,
      errors: [{ row: null, field: null, message: `not valid JSON (${(err as Error).message})` }],
    };
  }
  if (
    data &&
    typeof data === "object" &&
    !Array.isArray(data) &&
    Array.isArray((data as { lawyers?: unknown }).lawyers)
  ) {
    data = (data as { lawyers: unknown[] }).lawyers;
  }
  if (!Array.isArray(data)) {
    return {
      ok: false,
      errors: [{ row: null, field: null, message: "must be a JSON array of lawyer objects" }],
    };
  }
  const items: { row: number; values: Record<string, unknown> }[] = [];
  const errors: ImportIssue[] = [];
  data.forEach((value, i) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      items.push({ row: i + 1, values: value as Record<string, unknown> });
    } else {
      errors.push({ row: i + 1, field: null, message: "must be an object" });
    }
  });
  return { ok: true, items, errors };
}

function readCsv(text: string): Records {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter: "," });
  const [header, ...records] = parsed.data;
  if (!header || header.every((h) => h.trim() === "")) {
    return { ok: false, errors: [{ row: null, field: null, message: "the CSV file has no header line" }] };
  }
  const errors: ImportIssue[] = [];
  const columns = header.map((h) => h.trim());
  const seen = new Map<string, string>();
  columns.forEach((col) => {
    const field = canonicalField(col);
    if (!field) {
      errors.push({
        row: "header",
        field: col || "(empty)",
        message: `unknown column; known columns: ${IMPORT_FIELDS.join(", ")}`,
      });
    } else if (seen.has(field)) {
      errors.push({ row: "header", field: col, message: `repeats column ${seen.get(field)}` });
    } else {
      seen.set(field, col);
    }
  });
  for (const e of parsed.errors) {
    // Papa's row index counts records including the header.
    if (e.type === "Quotes") {
      errors.push({ row: typeof e.row === "number" ? e.row : null, field: null, message: e.message });
    }
  }
  const items: { row: number; values: Record<string, unknown> }[] = [];
  records.forEach((cells, i) => {
    const row = i + 1;
    if (cells.every((c) => c.trim() === "")) return; // blank line: counted, not imported
    if (cells.length !== columns.length) {
      errors.push({
        row,
        field: null,
        message: `has ${cells.length} values but the header has ${columns.length} columns`,
      });
      return;
    }
    const values: Record<string, unknown> = {};
    columns.forEach((col, k) => {
      if (canonicalField(col) && seen.get(canonicalField(col) as string) === col) values[col] = cells[k];
    });
    items.push({ row, values });
  });
  return { ok: true, items, errors };
}
