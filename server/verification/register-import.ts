/**
 * The register import (issue 15 §2 "Register import": `npm run import:register -- --regulator
 * "<name>" FILE.csv` "reads a regulator's public register export … matches listings by number and
 * name; matched admissions become verified (status Currently registered) or lapsed, with the file
 * as source and its date; unmatched rows are reported, nothing is half-written").
 *
 * The format is the CSV export of the New York State Unified Court System's open data set "NYS
 * Attorney Registrations" (data.ny.gov, id eqw2-r5nb; research notes [S27], "the information in
 * the NYS Attorney Registration Database that is deemed public information pursuant to 22 NYCRR
 * 118"). Its 21 columns, as named in the data set's published schema: Registration Number, First
 * Name, Middle Name, Last Name, Suffix, Company Name, Street 1, Street 2, City, State, Zip, Zip
 * Plus Four, Country, County, Phone Number, Email Address, Year Admitted, Judicial Department of
 * Admission, Law School, Status, Next Registration. Status values seen there: "Currently
 * registered", "Due to reregister within 30 days of birthday", "Delinquent", … ; Next
 * Registration is a month as "Jun 2017". docs/import.md "Register import" says what was relied on.
 *
 * Rules: the whole file is validated first (a bad row stops everything, with its row number);
 * then, in ONE transaction, each row is matched to the listings' bar admissions under the given
 * regulator by registration number AND family name (the row's Last Name among the words of the
 * listing's name, ignoring case and accents). A match with Status "Currently registered" makes
 * the admission's licence check verified (method dataset_import, source = regulator + file name
 * + file date, link = the register's search page when known, checked_by null, due = the end of
 * the Next Registration month, or a year after the file's date when that is missing or not after
 * it); any other status makes it lapsed. Every change is audited (`verification.register_import`,
 * actor system) and the listings' tick recomputed (recompute.ts). Rows that change nothing are
 * counted as unchanged, so a rerun writes nothing. Registers as the source of truth: [S16][S20][S22][S27].
 */
import { basename } from "node:path";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { recordAudit } from "../audit/index.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { DEMO_REGULATORS } from "../seed/demo-regulators.ts";
import { recomputeVerifications } from "./recompute.ts";

/** The columns of the NYS Attorney Registrations export (data.ny.gov eqw2-r5nb), in its order. */
export const NY_REGISTER_COLUMNS = [
  "Registration Number",
  "First Name",
  "Middle Name",
  "Last Name",
  "Suffix",
  "Company Name",
  "Street 1",
  "Street 2",
  "City",
  "State",
  "Zip",
  "Zip Plus Four",
  "Country",
  "County",
  "Phone Number",
  "Email Address",
  "Year Admitted",
  "Judicial Department of Admission",
  "Law School",
  "Status",
  "Next Registration",
] as const;

/** The columns the import reads; the others may be present or absent. */
export const REQUIRED_REGISTER_COLUMNS = [
  "Registration Number",
  "First Name",
  "Last Name",
  "Status",
  "Next Registration",
] as const;

/** The register's status that means the attorney is registered (anything else: lapsed). */
export const CURRENTLY_REGISTERED = "Currently registered";

/** One valid row of the file. `row` counts data rows from 1 (the header is not a row). */
export interface RegisterRow {
  row: number;
  registrationNumber: string;
  firstName: string;
  lastName: string;
  status: string;
  /** The last day of the Next Registration month (YYYY-MM-DD), or null when empty. */
  nextRegistration: string | null;
  yearAdmitted: number | null;
}

/** A problem with the file; `row` null for the header or the file as a whole. */
export interface RegisterIssue {
  row: number | null;
  message: string;
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** "Jun 2017" (the data set's form) or "2017-06-30" → the last day of that month / that day; null if neither. */
export function parseNextRegistration(v: string): string | null {
  const t = v.trim();
  const m = /^([A-Za-z]+)\.? (\d{4})$/.exec(t);
  if (m) {
    const word = (m[1] as string).toLowerCase();
    // "Jun" (the data set's form), "Sept" or "June".
    const month = MONTHS.findIndex(
      (full) => full === word || (word.length >= 3 && word.length <= 4 && full.startsWith(word)),
    );
    if (month < 0) return null;
    return new Date(Date.UTC(Number(m[2]), month + 1, 0)).toISOString().slice(0, 10);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(t) && new Date(`${t}T00:00:00Z`).toISOString().slice(0, 10) === t) return t;
  return null;
}

/**
 * Validates the text of a register export (header line first). Answers every valid row, or every
 * problem found (missing columns, a row with the wrong number of values, an empty or malformed
 * Registration Number, an empty Last Name or Status, an unreadable Next Registration or Year
 * Admitted, a Registration Number repeated). Pure.
 */
export function parseRegisterCsv(
  text: string,
): { ok: true; rows: RegisterRow[] } | { ok: false; issues: RegisterIssue[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    header: false,
    skipEmptyLines: "greedy",
  });
  const [header, ...records] = parsed.data;
  if (!header) return { ok: false, issues: [{ row: null, message: "the file is empty" }] };
  const columns = header.map((h) => h.trim());
  const missing = REQUIRED_REGISTER_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0)
    return {
      ok: false,
      issues: [{ row: null, message: `the header lacks the column(s) ${missing.join(", ")}` }],
    };
  const at = (cells: string[], name: string) => (cells[columns.indexOf(name)] ?? "").trim();
  const issues: RegisterIssue[] = [];
  for (const e of parsed.errors) {
    if (e.type === "Quotes")
      issues.push({ row: typeof e.row === "number" ? e.row : null, message: e.message });
  }
  const rows: RegisterRow[] = [];
  const firstRow = new Map<string, number>();
  records.forEach((cells, i) => {
    const row = i + 1;
    const bad = (message: string) => issues.push({ row, message });
    if (cells.length !== columns.length) {
      bad(`has ${cells.length} values but the header has ${columns.length} columns`);
      return;
    }
    const registrationNumber = at(cells, "Registration Number").replace(/\s+/g, "");
    const lastName = at(cells, "Last Name");
    const status = at(cells, "Status");
    const next = at(cells, "Next Registration");
    const year = at(cells, "Year Admitted");
    const before = issues.length;
    if (!/^[A-Za-z0-9-]{1,100}$/.test(registrationNumber))
      bad(
        registrationNumber === ""
          ? "Registration Number is empty"
          : `Registration Number "${registrationNumber}" is not a number`,
      );
    if (lastName === "" || lastName.length > 100) bad("Last Name is empty or longer than 100 characters");
    if (status === "") bad("Status is empty");
    const nextRegistration = next === "" ? null : parseNextRegistration(next);
    if (next !== "" && nextRegistration === null)
      bad(`Next Registration "${next}" is not a month such as "Jun 2027"`);
    if (year !== "" && !/^(19|20)\d{2}$/.test(year)) bad(`Year Admitted "${year}" is not a year`);
    const seen = firstRow.get(registrationNumber.toUpperCase());
    if (registrationNumber !== "" && seen !== undefined)
      bad(`repeats the Registration Number of row ${seen}`);
    else firstRow.set(registrationNumber.toUpperCase(), row);
    if (issues.length > before) return;
    rows.push({
      row,
      registrationNumber,
      firstName: at(cells, "First Name"),
      lastName,
      status,
      nextRegistration,
      yearAdmitted: year === "" ? null : Number(year),
    });
  });
  if (issues.length > 0) return { ok: false, issues: issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)) };
  if (rows.length === 0) return { ok: false, issues: [{ row: null, message: "the file has no rows" }] };
  return { ok: true, rows };
}

/** Lower case, accents and punctuation removed, single spaces: "Ñúñez-O'Brien" → "nunez o brien". */
export function foldName(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** True when the register's family name is among the words of the listing's name (issue 15 §2 "by number and name"). */
export function familyNameMatches(listingName: string, lastName: string): boolean {
  const family = foldName(lastName);
  return family !== "" && ` ${foldName(listingName)} `.includes(` ${family} `);
}

/** The public register's search page of a regulator named `name` (the demo regulators' table), or null. */
export function registerUrlOf(name: string): string | null {
  const key = name.trim().toLowerCase();
  for (const c of Object.values(DEMO_REGULATORS)) {
    if (c.name.toLowerCase() === key) return c.registerUrl;
    for (const r of Object.values(c.byRegion ?? {})) if (r.name.toLowerCase() === key) return r.registerUrl;
  }
  return null;
}

/** What the import needs besides the rows. */
export interface RegisterImportOptions {
  /** The regulator as the listings' bar admissions name it (compared ignoring case and outer spaces). */
  regulator: string;
  /** The file's path; its base name goes into the checks' source. */
  file: string;
  /** The file's date (YYYY-MM-DD): checked_on of the checks and part of their source. */
  fileDate: string;
  /** The register entry's link; default registerUrlOf(regulator). */
  registerUrl?: string | null;
  clock: Clock;
}

/** A row whose registration number matches an admission whose listing has another family name. */
export interface NameMismatch {
  row: number;
  registrationNumber: string;
  registerName: string;
  lawyerId: number;
  listingName: string;
}

/** What an import did (or found, for rows that changed nothing). */
export interface RegisterImportReport {
  rows: number;
  verified: number;
  lapsed: number;
  unchanged: number;
  /** Rows with no admission under the regulator with their number. */
  unmatched: { row: number; registrationNumber: string; registerName: string }[];
  mismatched: NameMismatch[];
}

/** `day` (YYYY-MM-DD) moved by `years`. */
function plusYears(day: string, years: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/**
 * Matches and writes `rows` (from parseRegisterCsv) in one transaction, as the module comment
 * says; answers the report. Throws database errors (nothing is written then).
 */
export async function importRegisterRows(
  db: Db,
  rows: readonly RegisterRow[],
  opts: RegisterImportOptions,
): Promise<RegisterImportReport> {
  const registerUrl = opts.registerUrl === undefined ? registerUrlOf(opts.regulator) : opts.registerUrl;
  const source = `${opts.regulator.trim()} (register export ${basename(opts.file)}, ${opts.fileDate})`.slice(
    0,
    255,
  );
  const report: RegisterImportReport = {
    rows: rows.length,
    verified: 0,
    lapsed: 0,
    unchanged: 0,
    unmatched: [],
    mismatched: [],
  };
  return db.transaction(async (tx) => {
    const { rows: admissions } = await tx.execute<{
      id: number;
      lawyer_id: number;
      licence_number: string;
      name: string;
      demo: boolean;
    }>(sql`
      SELECT a.id, a.lawyer_id, a.licence_number, l.name, l.demo
      FROM bar_admissions AS a JOIN lawyers AS l ON l.id = a.lawyer_id
      WHERE lower(trim(a.regulator)) = lower(trim(${opts.regulator}))
      ORDER BY a.id`);
    const byNumber = new Map<string, typeof admissions>();
    for (const a of admissions) {
      const k = a.licence_number.replace(/\s+/g, "").toUpperCase();
      byNumber.set(k, [...(byNumber.get(k) ?? []), a]);
    }
    const touched = new Set<number>();
    const at = opts.clock.now();
    for (const r of rows) {
      const registerName = `${r.firstName} ${r.lastName}`.trim();
      const candidates = byNumber.get(r.registrationNumber.toUpperCase()) ?? [];
      if (candidates.length === 0) {
        report.unmatched.push({ row: r.row, registrationNumber: r.registrationNumber, registerName });
        continue;
      }
      for (const a of candidates) {
        if (!familyNameMatches(a.name, r.lastName)) {
          report.mismatched.push({
            row: r.row,
            registrationNumber: r.registrationNumber,
            registerName,
            lawyerId: Number(a.lawyer_id),
            listingName: a.name,
          });
          continue;
        }
        const registered = r.status.toLowerCase() === CURRENTLY_REGISTERED.toLowerCase();
        const target = {
          status: registered ? "verified" : "lapsed",
          method: "dataset_import",
          source,
          sourceUrl: registerUrl,
          checkedOn: opts.fileDate,
          nextCheckDue: registered
            ? r.nextRegistration && r.nextRegistration > opts.fileDate
              ? r.nextRegistration
              : plusYears(opts.fileDate, 1)
            : null,
        };
        const { rows: existing } = await tx.execute<{
          id: number;
          status: string;
          method: string | null;
          source: string | null;
          source_url: string | null;
          checked_on: string | null;
          next_check_due: string | null;
        }>(sql`
          SELECT id, status, method, source, source_url, checked_on::text AS checked_on, next_check_due::text AS next_check_due
          FROM verification_checks WHERE admission_id = ${a.id} AND kind = 'licence'
          ORDER BY id DESC LIMIT 1 FOR UPDATE`);
        const old = existing[0];
        const before = old
          ? {
              status: old.status,
              method: old.method,
              source: old.source,
              sourceUrl: old.source_url,
              checkedOn: old.checked_on,
              nextCheckDue: old.next_check_due,
            }
          : null;
        if (before && JSON.stringify(before) === JSON.stringify(target)) {
          report.unchanged++;
          continue;
        }
        const details = { registrationNumber: r.registrationNumber, registerStatus: r.status };
        let checkId: number;
        if (old) {
          await tx.execute(sql`
            UPDATE verification_checks SET status = ${target.status}, method = ${target.method},
              source = ${target.source}, source_url = ${target.sourceUrl}, checked_on = ${target.checkedOn}::date,
              next_check_due = ${target.nextCheckDue}::date, checked_by = NULL,
              details = ${JSON.stringify(details)}::jsonb, updated_at = ${at}
            WHERE id = ${old.id}`);
          checkId = Number(old.id);
        } else {
          const { rows: inserted } = await tx.execute<{ id: number }>(sql`
            INSERT INTO verification_checks (lawyer_id, admission_id, kind, status, method, source, source_url,
              checked_on, next_check_due, details, demo, created_at, updated_at)
            VALUES (${a.lawyer_id}, ${a.id}, 'licence', ${target.status}, ${target.method}, ${target.source},
              ${target.sourceUrl}, ${target.checkedOn}::date, ${target.nextCheckDue}::date,
              ${JSON.stringify(details)}::jsonb, ${a.demo}, ${at}, ${at})
            RETURNING id`);
          checkId = Number(inserted[0]?.id);
        }
        await recordAudit(tx, {
          actor: { userId: null, role: "system" },
          action: "verification.register_import",
          subjectType: "listing",
          subjectId: a.lawyer_id,
          before: before && { checkId, admissionId: a.id, ...before },
          after: { checkId, admissionId: a.id, ...target },
          reason: `${opts.regulator.trim()} register: ${r.registrationNumber} "${r.status}" (row ${r.row} of ${basename(opts.file)}, ${opts.fileDate})`,
          at,
        });
        touched.add(Number(a.lawyer_id));
        if (registered) report.verified++;
        else report.lapsed++;
      }
    }
    await recomputeVerifications(tx, opts.clock, [...touched]);
    return report;
  });
}
