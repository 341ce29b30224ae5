/**
 * `npm test`: runs every check of the project in order and stops at the first failure
 * (issue 2 §1, docs/design.md §2 "Tests"):
 *
 *   1. typecheck  `react-router typegen && tsc`
 *   2. lint       `biome check .` and the import rule (`depcruise app lib`, .dependency-cruiser.mjs)
 *   3. unit       `vitest run` (unit and integration tests; PostgreSQL too when TEST_DATABASE_URL is set)
 *   4. build      `react-router build`
 *   5. chromium   Debian's /usr/bin/chromium and a Java runtime (default-jre-headless, for the
 *                 W3C Nu HTML checker), installed with apt-get when missing and root
 *   6. e2e        `playwright test` (browser journeys and accessibility checks)
 *
 * Every child runs with node_modules/.bin first on PATH, so Node 24 from the `node`
 * devDependency runs everything even when npm itself runs on an older Node. Output streams
 * live; the run ends with a summary table and a plain closing line `N passed, N failed`
 * (over the steps), which CI reads. Exit code 0 only when every step passed.
 *
 * `npm test -- build e2e` runs only the named steps (ids: typecheck, lint, unit, build,
 * chromium, e2e) for a quicker loop while developing; plain `npm test` and CI run them all.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ChromiumMissingError, ensureSystemPackages } from "./ensure-chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const bin = path.join(root, "node_modules/.bin");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
};
// Keep colours when a person watches a terminal (children see pipes, not a TTY); CI logs stay plain.
if (process.stdout.isTTY && env.FORCE_COLOR === undefined) env.FORCE_COLOR = "1";

/** One step's outcome, for the summary. */
interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  detail: string;
}

/** A step: a list of commands run one after another, or a function. */
interface Step {
  /** Short id for `npm test -- <id> ...` (typecheck, lint, unit, build, chromium, e2e). */
  id: string;
  name: string;
  commands?: string[][];
  action?: () => string;
  /** Turns the step's captured output into a short detail such as "212 tests passed". */
  describe?: (output: string) => string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

function runCommand(args: string[]): Promise<{ code: number; output: string }> {
  const [command, ...rest] = args as [string, ...string[]];
  console.log(`$ ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, rest, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      output += chunk.toString();
    });
    child.on("error", (err) => {
      console.error(`Could not start ${command}: ${err.message}`);
      resolve({ code: 127, output });
    });
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

function count(text: string, pattern: RegExp): number {
  const match = text.match(pattern);
  return match?.[1] ? Number(match[1]) : 0;
}

/** Vitest's closing "Tests  N failed | N passed | N skipped (N)" line. */
function describeVitest(raw: string): string {
  const text = raw.replace(ANSI, "");
  const line = text.split("\n").findLast((l) => /^\s*Tests\s+/.test(l)) ?? "";
  const passed = count(line, /(\d+) passed/);
  const failed = count(line, /(\d+) failed/);
  const skipped = count(line, /(\d+) skipped/) + count(line, /(\d+) todo/);
  return `${passed} tests passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

/** Playwright list reporter's "N passed", "N failed", "N skipped" lines. */
function describePlaywright(raw: string): string {
  const text = raw.replace(ANSI, "");
  const passed = count(text, /^\s*(\d+) passed/m);
  const failed = count(text, /^\s*(\d+) failed/m);
  const flaky = count(text, /^\s*(\d+) flaky/m);
  const skipped = count(text, /^\s*(\d+) skipped/m);
  const notRun = count(text, /^\s*(\d+) did not run/m);
  return (
    `${passed} journeys passed, ${failed} failed` +
    (flaky ? `, ${flaky} flaky` : "") +
    (skipped ? `, ${skipped} skipped` : "") +
    (notRun ? `, ${notRun} did not run` : "")
  );
}

const steps: Step[] = [
  { id: "typecheck", name: "typecheck", commands: [["react-router", "typegen"], ["tsc"]] },
  {
    id: "lint",
    name: "lint",
    commands: [
      ["biome", "check", "."],
      ["depcruise", "app", "lib", "--config", ".dependency-cruiser.mjs"],
    ],
  },
  { id: "unit", name: "unit + integration", commands: [["vitest", "run"]], describe: describeVitest },
  { id: "build", name: "build", commands: [["react-router", "build"]] },
  { id: "chromium", name: "chromium + java", action: ensureSystemPackages },
  { id: "e2e", name: "browser journeys", commands: [["playwright", "test"]], describe: describePlaywright },
];

const selected = process.argv.slice(2);
const unknown = selected.filter((id) => !steps.some((s) => s.id === id));
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(", ")}; steps are: ${steps.map((s) => s.id).join(", ")}`);
  process.exit(2);
}
/** The steps of this run: all of them, or those named on the command line (in the usual order). */
const plan = selected.length ? steps.filter((s) => selected.includes(s.id)) : steps;
const engine = process.env.TEST_DATABASE_URL ? "PostgreSQL (TEST_DATABASE_URL)" : "PGlite";

/**
 * Runs the steps in order, failing fast; prints the summary and returns the results.
 * A step fails when a command exits non-zero or its action throws.
 */
async function main(): Promise<StepResult[]> {
  const node = await runCommand(["node", "--version"]);
  console.log(`LexAtlas test run: Node ${node.output.trim()}, database engine ${engine}\n`);
  const results: StepResult[] = [];
  if (selected.length) console.log(`Selected steps only: ${plan.map((s) => s.id).join(", ")}`);
  for (const step of plan) {
    console.log(`\n=== ${step.name} ===`);
    const started = performance.now();
    let ok = true;
    let output = "";
    let detail = "";
    if (step.action) {
      try {
        detail = step.action();
      } catch (err) {
        ok = false;
        detail = err instanceof ChromiumMissingError ? err.message : String(err);
        console.error(detail);
      }
    } else {
      for (const command of step.commands ?? []) {
        const result = await runCommand(command);
        output += result.output;
        if (result.code !== 0) {
          ok = false;
          detail = `'${command.join(" ")}' exited with ${result.code}`;
          break;
        }
      }
    }
    if (step.describe) detail = [step.describe(output), ok ? "" : detail].filter(Boolean).join("; ");
    const seconds = (performance.now() - started) / 1000;
    results.push({ name: step.name, ok, seconds, detail });
    if (!ok) break;
  }
  return results;
}

const started = performance.now();
const results = await main();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
const notRun = plan.length - results.length;
console.log(`\n=== summary (${engine}) ===`);
for (const r of results) {
  const status = r.ok ? "PASS" : "FAIL";
  console.log(`${status}  ${r.name.padEnd(20)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.detail}`);
}
for (const step of plan.slice(results.length))
  console.log(`----  ${step.name.padEnd(20)}   not run (an earlier step failed)`);
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed${notRun ? ` (${notRun} not run)` : ""}`);
process.exit(failed || notRun ? 1 : 0);
