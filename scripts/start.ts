/**
 * `npm start`: builds the pages when the build is missing or older than the sources, then
 * starts the server (server/main.ts) IN THIS PROCESS (imported, not spawned: signals reach it
 * directly and there is no child whose output would need relaying), which migrates, seeds an
 * empty database and serves.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { guardStdio } from "../server/log-destination.ts";

// Issue 27 §3: the server runs in this process (no child): a pipe whose reader exited never
// crashes or holds it, from the first line written.
guardStdio();

const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(root, "build/server/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "lib"].map((d) => path.join(root, d)).filter(existsSync);
const configFiles = ["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) =>
  path.join(root, f),
);
const sourceTime = Math.max(
  ...sources.map(newestMtime),
  ...configFiles.filter(existsSync).map((f) => statSync(f).mtimeMs),
);
if (!existsSync(buildEntry) || statSync(buildEntry).mtimeMs < sourceTime) {
  console.log("Building LexAtlas (first start or sources changed)...");
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
}
await import("../server/main.ts");
