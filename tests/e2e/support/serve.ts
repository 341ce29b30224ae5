/**
 * Starts the real product for the browser journeys (Playwright's `webServer`, issue 2 §5):
 * `node server/main.ts` from the built app, on HOST/PORT from the environment, with a fresh
 * empty database so the server seeds the demo data itself.
 *
 * - Default: a fresh temporary DATA_DIR (PGlite), removed when the server stops.
 * - With TEST_DATABASE_URL (an admin connection to PostgreSQL): a fresh database named
 *   lexatlas_e2e_<random> is created, passed as DATABASE_URL, and dropped when the server stops.
 *   DATA_DIR is still the fresh temporary folder (mail outbox, uploads), never ./data.
 * - DATA_DIR is E2E_DATA_DIR when set (playwright.config.ts creates it, so the journeys can read
 *   the mail outbox under it: tests/e2e/support/outbox.ts), else a new temporary folder.
 *
 * - Before the server starts, `npm run staff:create` (scripts/staff-create.ts, the real command)
 *   makes the journeys' moderators (tests/e2e/support/staff.ts E2E_STAFF) and each one-time
 *   set-password link is written to its file under DATA_DIR (e2e-staff-link.txt for
 *   tests/e2e/staff.spec.ts, e2e-staff-link-reports.txt for tests/e2e/reports.spec.ts).
 *
 * Stops with exit code 1 and a clear message when the app has not been built. SIGTERM/SIGINT
 * are forwarded to the server; cleanup runs after it exits.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { E2E_STAFF } from "./staff.ts";
import { E2E_TILE_URL } from "./tiles.ts";

const root = path.resolve(import.meta.dirname, "../../..");

if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error(
    "The app is not built: run `npm run build` (or `npm test`, which builds) before the journeys.",
  );
  process.exit(1);
}

const adminUrl = process.env.TEST_DATABASE_URL;
const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" };
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), "lexatlas-e2e-"));
env.DATA_DIR = dataDir;
// Issue 19 §1: never real internet tiles in the journeys. Port 9 on loopback refuses connections
// (the tiles fail, as with an unreachable host); tests/e2e/map.spec.ts answers this address with
// a tile through page.route when it wants tiles to load.
env.MAP_TILE_URL ??= E2E_TILE_URL;
const removeDataDir = async () => rmSync(dataDir, { recursive: true, force: true });
let cleanup: () => Promise<void>;

if (adminUrl) {
  const name = `lexatlas_e2e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  console.log(`journeys: PostgreSQL database ${name}, files in ${dataDir}`);
  cleanup = async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
    await removeDataDir();
  };
} else {
  delete env.DATABASE_URL;
  console.log(`journeys: PGlite in ${dataDir}`);
  cleanup = removeDataDir;
}

// Issue 15 §1: the journeys' moderators (E2E_STAFF: the staff journey's, and the reports
// journey's of issue 15 §3) are made by the real `npm run staff:create` before the server takes
// the database (PGlite allows one process); each one-time link goes to its file.
for (const { email, file } of E2E_STAFF) {
  const staff = spawnSync(
    process.execPath,
    [path.join(root, "scripts/staff-create.ts"), "--email", email, "--role", "moderator"],
    { cwd: root, env, encoding: "utf8" },
  );
  const staffLink = /^https?:\/\/\S+reset-password\?token=\S+$/m.exec(staff.stdout ?? "")?.[0];
  if (staff.status !== 0 || !staffLink) {
    console.error(`journeys: staff:create failed (${staff.status}): ${staff.stderr}`);
    await cleanup();
    process.exit(1);
  }
  writeFileSync(path.join(dataDir, file), `${staffLink}\n`);
}

const child = spawn(process.execPath, [path.join(root, "server/main.ts")], {
  cwd: root,
  env,
  stdio: "inherit",
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", async (code, signal) => {
  try {
    await cleanup();
  } catch (err) {
    console.error("journeys: cleanup failed:", err);
  }
  process.exit(code ?? (signal ? 0 : 1));
});
