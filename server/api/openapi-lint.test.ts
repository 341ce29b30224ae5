/**
 * The served OpenAPI document passes Redocly's `recommended` rules with 0 errors and 0 warnings
 * (issue 13 §2 "OpenAPI", redocly.yaml). The document is fetched from the real app, as clients
 * get it, and linted by the Redocly CLI (a devDependency) in a child process.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REDOCLY = path.join(ROOT, "node_modules/.bin/redocly");

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

let database: Database;
let server: TestServer;
let folder: string;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  folder = mkdtempSync(path.join(tmpdir(), "lexatlas-openapi-"));
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Lints `document` with the repository's redocly.yaml; answers Redocly's JSON report. */
async function lint(document: string): Promise<LintReport> {
  const file = path.join(folder, "openapi.json");
  writeFileSync(file, document);
  const run = promisify(execFile);
  const args = ["lint", file, "--config", path.join(ROOT, "redocly.yaml"), "--format", "json"];
  // Redocly exits 1 when it finds errors; the report is on stdout either way.
  const { stdout } = await run(REDOCLY, args, {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: "off" },
  }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
  return JSON.parse(stdout.slice(stdout.indexOf("{"))) as LintReport;
}

describe("the served OpenAPI document", () => {
  it("has 0 errors and 0 warnings under Redocly's recommended rules", async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    const report = await lint(await response.text());
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("is checked for real: a document with a problem is reported", async () => {
    const report = await lint(
      JSON.stringify({ openapi: "3.1.0", info: { title: "x", version: "1" }, paths: {} }),
    );
    expect(report.totals.errors + report.totals.warnings).toBeGreaterThan(0);
  }, 60_000);
});
