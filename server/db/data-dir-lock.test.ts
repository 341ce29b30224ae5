/**
 * The embedded database folder's lock (server/db/data-dir-lock.ts, issue 13 §1 "Restart after a
 * crash") with real processes: a live server on the folder refuses a second one, naming its PID;
 * after `kill -9` of that server, the folder opens again at once, PGlite and all; legacy and
 * foreign-host locks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { DataDirLockedError, lockDataDir, processIsAlive } from "./data-dir-lock.ts";

const CLIENT = path.join(import.meta.dirname, "client.ts");

/** Starts a node process that opens `dataDir` with openDatabase and stays; resolves once it holds it. */
function startHolder(dataDir: string): Promise<ChildProcess> {
  const script = `import(${JSON.stringify(CLIENT)}).then(async (m) => { await m.openDatabase({ dataDir: ${JSON.stringify(dataDir)}, migrate: false }); console.log("holding"); setInterval(() => {}, 1000); }).catch((e) => { console.error(e.message); process.exit(3); });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("holding")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}: ${err}`)));
  });
}

/** Kills `child` with SIGKILL and resolves when it is gone. */
function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.on("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe("data folder lock", () => {
  let root: string;
  let dataDir: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "lexatlas-lock-"));
    dataDir = path.join(root, "data");
    mkdirSync(dataDir);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("refuses a second server while the first lives, naming its PID; after kill -9 opens at once", async () => {
    const holder = await startHolder(dataDir);
    try {
      const refusal = await openDatabase({ dataDir, migrate: false }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as Error).message).toContain(`PID ${holder.pid}`);
    } finally {
      await killHard(holder);
    }
    expect(processIsAlive(holder.pid as number)).toBe(false);
    const started = performance.now();
    const database = await openDatabase({ dataDir, migrate: false });
    try {
      // taken over at once, not after a stale window; PGlite opened the crashed folder
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(JSON.parse(readFileSync(`${dataDir}.lock`, "utf8")).pid).toBe(process.pid);
      const rows = await database.db.execute("select 1 as one");
      expect(JSON.stringify(rows)).toContain("1");
    } finally {
      await database.close();
    }
  }, 60_000);

  it("releases on close, and refuses a second lock in the same process", () => {
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`PID ${process.pid}`));
    release();
    lockDataDir(dataDir)();
  });

  it("takes over a lock of a process that no longer exists", async () => {
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: gone.pid, hostname: os.hostname(), startedAt: new Date().toISOString() }),
    );
    lockDataDir(dataDir)();
  });

  it("never takes over a lock from another host, and names it", () => {
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: 4242, hostname: "other-host", startedAt: "then" }),
    );
    expect(() => lockDataDir(dataDir)).toThrow(/process 4242 on host other-host/);
  });

  it("refuses an unreadable lock file instead of guessing", () => {
    writeFileSync(`${dataDir}.lock`, "not json");
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it("treats an older version's lock directory as held while fresh, abandoned after 15 s", () => {
    mkdirSync(`${dataDir}.lock`);
    expect(() => lockDataDir(dataDir)).toThrow(/older version/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${dataDir}.lock`, old, old);
    lockDataDir(dataDir)();
  });
});
