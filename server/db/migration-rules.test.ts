/**
 * Expand-then-contract in review (issue 18 §3; server/db/migration-rules.ts, docs/operations.md
 * "Migrations during a rolling deploy"): every committed migration from the baseline on is
 * free of contract operations or says why one is safe with `-- contract: …`; and the detector
 * itself finds each contract operation and leaves expand operations alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "./client.ts";
import { contractOperations, EXPAND_CONTRACT_BASELINE, expandContractViolations } from "./migration-rules.ts";

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe("the committed migrations", () => {
  it(`from ${String(EXPAND_CONTRACT_BASELINE).padStart(4, "0")} on, expand only (or carry a -- contract: reason)`, () => {
    const { violations } = expandContractViolations(MIGRATIONS_DIR);
    expect(violations).toEqual([]);
  });
});

describe("contractOperations", () => {
  it.each([
    ['DROP TABLE "old_things";', "DROP TABLE"],
    ["drop view if exists v;", "DROP TABLE/VIEW"],
    ['ALTER TABLE "lawyers" DROP COLUMN "fax";', "DROP COLUMN"],
    ['ALTER TABLE "lawyers" DROP "fax";', "DROP COLUMN"],
    ['ALTER TABLE "lawyers" RENAME COLUMN "fax" TO "telefax";', "RENAME"],
    ['ALTER TABLE "lawyers" RENAME TO "attorneys";', "RENAME"],
    ['ALTER TABLE "lawyers" ALTER COLUMN "rating" SET DATA TYPE numeric(4, 2);', "ALTER COLUMN TYPE"],
    ['ALTER TABLE "lawyers" ALTER COLUMN "rating" TYPE integer USING rating::integer;', "ALTER COLUMN TYPE"],
    ['ALTER TABLE "lawyers" ALTER COLUMN "city" SET NOT NULL;', "SET NOT NULL"],
    ['ALTER TABLE "lawyers" ALTER COLUMN "city" DROP DEFAULT;', "DROP DEFAULT"],
    ['ALTER TABLE "cases" ADD COLUMN "kind" varchar(20) NOT NULL;', "ADD COLUMN NOT NULL without DEFAULT"],
  ])("finds %s", (sql, rule) => {
    const found = contractOperations(sql);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join("\n")).toContain(rule.split("/")[0]);
  });

  it.each([
    'CREATE TABLE "new_things" ("id" serial PRIMARY KEY NOT NULL, "name" text NOT NULL);',
    'ALTER TABLE "cases" ADD COLUMN "kind" varchar(20);',
    'ALTER TABLE "cases" ADD COLUMN "kind" varchar(20) DEFAULT \'new\' NOT NULL;',
    'ALTER TABLE "cases" ADD COLUMN "type" varchar(20);',
    'ALTER TABLE "cases" ALTER COLUMN "type" DROP NOT NULL;',
    'ALTER TABLE "lawyers" ALTER COLUMN "verified" SET DEFAULT false;',
    'ALTER TABLE "users" DROP CONSTRAINT "users_role";',
    'DROP INDEX IF EXISTS "lawyers_state_idx";',
    'CREATE INDEX "renamed_at_idx" ON "lawyers" ("rename");',
    "-- we will DROP TABLE old_things in a later release\nSELECT 1;",
    "UPDATE lawyers SET note = 'DROP TABLE x; RENAME';",
  ])("leaves expand-only SQL alone: %s", (sql) => {
    expect(contractOperations(sql)).toEqual([]);
  });
});

describe("expandContractViolations", () => {
  /** A migrations folder with a journal naming `files` (tag → SQL). */
  function folder(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), "lexatlas-migrations-"));
    folders.push(dir);
    mkdirSync(path.join(dir, "meta"));
    const entries = Object.keys(files).map((tag, idx) => ({
      idx,
      version: "7",
      when: idx,
      tag,
      breakpoints: true,
    }));
    writeFileSync(
      path.join(dir, "meta/_journal.json"),
      JSON.stringify({ version: "7", dialect: "postgresql", entries }),
    );
    for (const [tag, sql] of Object.entries(files)) writeFileSync(path.join(dir, `${tag}.sql`), sql);
    return dir;
  }

  it("checks files from the baseline on, and a -- contract: reason lets one through", () => {
    const dir = folder({
      "0024_before": 'ALTER TABLE "a" DROP COLUMN "b";',
      "0025_expand": 'ALTER TABLE "a" ADD COLUMN "c" text;',
      "0026_contract": 'ALTER TABLE "a" DROP COLUMN "b";',
      "0027_marked":
        '-- contract: "b" is unread since release 2026.10 (0025 added "c"); no running version reads it\nALTER TABLE "a" DROP COLUMN "b";',
      "0028_lazy_marker": '-- contract: ok\nALTER TABLE "a" RENAME COLUMN "c" TO "d";',
    });
    const { checked, violations } = expandContractViolations(dir, 25);
    expect(checked).toEqual([
      "0025_expand.sql",
      "0026_contract.sql",
      "0027_marked.sql",
      "0028_lazy_marker.sql",
    ]);
    expect(violations.map((v) => v.file)).toEqual(["0026_contract.sql", "0028_lazy_marker.sql"]);
    expect(violations[0]?.operations[0]).toMatch(/^DROP COLUMN: ALTER TABLE/);
  });
});
