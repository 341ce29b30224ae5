/**
 * Expand-then-contract, checked in review (issue 18 §3 "migrations written expand-then-contract so
 * a rolling deploy never breaks the running version"; docs/operations.md "Migrations during a
 * rolling deploy").
 *
 * During a rolling deploy the previous version keeps serving on the database the new version has
 * just migrated. A migration may therefore only ADD what the old version ignores (tables, nullable
 * or defaulted columns, indexes, looser constraints). A CONTRACT operation, one the old version can
 * trip on, is refused by server/db/migration-rules.test.ts unless its file says why it is safe
 * with a marker line `-- contract: <why no running version still needs it>`, which a reviewer
 * reads (typically: "the column stopped being read in release N, two releases ago").
 *
 * Contract operations recognised here (on the SQL with comments removed):
 * - `DROP TABLE | VIEW | MATERIALIZED VIEW | FUNCTION | TYPE | SCHEMA | SEQUENCE`;
 * - `ALTER TABLE … DROP [COLUMN] x` (not `DROP CONSTRAINT`, `DROP NOT NULL`, which loosen);
 * - `ALTER COLUMN … DROP DEFAULT` (old code may insert without the column);
 * - any `RENAME` (a table, a column, a constraint: old code still uses the old name);
 * - `ALTER COLUMN … TYPE` / `SET DATA TYPE` (old code may write values the new type refuses, and
 *   the rewrite locks the table);
 * - `ALTER COLUMN … SET NOT NULL` (old code may still write NULL);
 * - `ADD COLUMN … NOT NULL` without a `DEFAULT` (old code inserts rows without it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** The first migration the rule applies to: the ones written from issue 18 on (older ones are history). */
export const EXPAND_CONTRACT_BASELINE = 25;

/** The marker that allows contract operations in one migration file, with its reason after the colon. */
export const CONTRACT_MARKER = /^\s*--\s*contract:\s*(\S.{9,})$/im;

const RULES: { name: string; pattern: RegExp }[] = [
  {
    name: "DROP TABLE/VIEW/FUNCTION/TYPE/SCHEMA/SEQUENCE",
    pattern: /\bDROP\s+(TABLE|VIEW|MATERIALIZED\s+VIEW|FUNCTION|TYPE|SCHEMA|SEQUENCE)\b/i,
  },
  {
    name: "DROP COLUMN",
    pattern:
      /\bALTER\s+TABLE\b[^;]*?\bDROP\s+(?!CONSTRAINT\b|NOT\s+NULL\b|DEFAULT\b|IDENTITY\b|EXPRESSION\b)/i,
  },
  { name: "DROP DEFAULT", pattern: /\bALTER\s+COLUMN\b[^;]*?\bDROP\s+DEFAULT\b/i },
  { name: "RENAME", pattern: /\bRENAME\b/i },
  { name: "ALTER COLUMN TYPE", pattern: /\bALTER\s+COLUMN\b[^;]*?\b(SET\s+DATA\s+)?TYPE\b/i },
  { name: "SET NOT NULL", pattern: /\bSET\s+NOT\s+NULL\b/i },
  {
    name: "ADD COLUMN NOT NULL without DEFAULT",
    pattern: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
  },
];

/**
 * `sql` without comments (`-- …` to the end of a line, `/* … *\/`), with string literals emptied
 * and quoted identifiers replaced by `"x"` (a column named "type" or "rename" is not a keyword).
 */
function withoutComments(sql: string): string {
  return sql
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/--[^\n]*/g, " ")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '"x"');
}

/** The contract operations (rule names) found in one migration's SQL, each statement once. */
export function contractOperations(sql: string): string[] {
  const found: string[] = [];
  for (const statement of withoutComments(sql).split(";")) {
    for (const rule of RULES) {
      if (rule.pattern.test(statement))
        found.push(`${rule.name}: ${statement.trim().replace(/\s+/g, " ").slice(0, 160)}`);
    }
  }
  return found;
}

/** One migration file breaking the rule: its name and the contract operations without a marker. */
export interface MigrationViolation {
  file: string;
  operations: string[];
}

/**
 * The migrations in `dir` (named by drizzle's journal, `NNNN_name.sql`) numbered from `baseline`
 * on whose contract operations carry no CONTRACT_MARKER, and the files it checked.
 */
export function expandContractViolations(
  dir: string,
  baseline: number = EXPAND_CONTRACT_BASELINE,
): { checked: string[]; violations: MigrationViolation[] } {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const checked: string[] = [];
  const violations: MigrationViolation[] = [];
  for (const { tag } of journal.entries) {
    const number = Number.parseInt(tag.slice(0, tag.indexOf("_")), 10);
    if (!(number >= baseline)) continue;
    const file = `${tag}.sql`;
    const sql = readFileSync(path.join(dir, file), "utf8");
    checked.push(file);
    if (CONTRACT_MARKER.test(sql)) continue;
    const operations = contractOperations(sql);
    if (operations.length > 0) violations.push({ file, operations });
  }
  return { checked, violations };
}
