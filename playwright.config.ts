/**
 * Playwright journeys (docs/design.md §2 "Tests", issue 2 §5): Debian's Chromium at
 * /usr/bin/chromium (never a downloaded browser) against the real product started by
 * tests/e2e/support/serve.ts on a free loopback port with a fresh database (PGlite by
 * default, PostgreSQL when TEST_DATABASE_URL is set). Run through `npm test`, which builds the
 * app and installs Chromium first, or `npm run test:e2e` after `npm run build`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Picks a free loopback port once, in the runner process; workers inherit it through
 * E2E_PORT so that every process agrees on the server's address.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

/** E2E_BASE_URL alone points the journeys at a server you started yourself. */
const externalServer = Boolean(process.env.E2E_BASE_URL) && !process.env.E2E_PORT;
if (!externalServer) {
  process.env.E2E_PORT ??= String(freePort());
  process.env.E2E_BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
}
const baseURL = process.env.E2E_BASE_URL as string;
/**
 * The started server's DATA_DIR, created once in the runner (workers inherit it, like E2E_PORT)
 * so the journeys can read the mail outbox under it (tests/e2e/support/outbox.ts). With your own
 * server, set E2E_DATA_DIR to its DATA_DIR.
 */
if (!externalServer) process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "lexatlas-e2e-"));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: externalServer
    ? undefined
    : {
        command: `"${process.execPath}" tests/e2e/support/serve.ts`,
        url: `${baseURL}/`,
        env: {
          HOST: "127.0.0.1",
          PORT: process.env.E2E_PORT ?? "",
          LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
          // Each test comes from its own client address (tests/e2e/support/test.ts).
          TRUST_PROXY: "true",
        },
        reuseExistingServer: false,
        timeout: 240_000,
        stdout: "pipe",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      },
});
