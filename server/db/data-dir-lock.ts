/**
 * The exclusive lock on an embedded database folder (DATA_DIR), because PGlite does not lock
 * its folder itself and two processes on one folder corrupt it (docs/design.md §6). Issue 13 §1
 * "Restart after a crash": the lock names its owner, so that
 *
 * - a lock whose owner process is gone (after `kill -9`, a power cut) is taken over at once,
 *   instead of waiting for a time-based stale window;
 * - a second live server on the same folder is refused with a message that names the PID (and
 *   host) holding it.
 *
 * The lock is the file `<DATA_DIR>.lock` next to the folder, holding `{ pid, hostname, startedAt }`.
 * It is created atomically with its content (written to a private temporary file, then
 * hard-linked into place: `link` fails when the lock exists). Liveness is `process.kill(pid, 0)`
 * (POSIX kill(2) with signal 0: ESRCH means no such process). A lock taken on another host (a
 * shared network folder) is never taken over: its owner cannot be checked from here. A folder
 * locked by an older LexAtlas (proper-lockfile: a directory `<DATA_DIR>.lock` touched every 5 s) is
 * taken over once it has not been touched for 15 s.
 *
 * Known limit: two processes that find the same dead owner at the same instant may both take
 * over; starting two servers at once on one folder is not a supported way to run.
 */
import { linkSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Thrown when another live process already holds the embedded database folder. */
export class DataDirLockedError extends Error {}

/** What the lock file holds. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** ISO 8601 time the lock was taken. */
  startedAt: string;
}

/** How long a legacy (proper-lockfile) lock directory stays valid without being touched. */
const LEGACY_STALE_MS = 15_000;

/** True when process `pid` exists on this machine (EPERM: it exists, owned by another user). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Reads a lock file; undefined when it is not a readable owner record. */
function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, "utf8")) as Partial<LockOwner>;
    if (typeof parsed.pid === "number" && typeof parsed.hostname === "string") {
      return { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt ?? "") };
    }
  } catch {
    // unreadable or not JSON: handled by the caller
  }
  return undefined;
}

/**
 * The live process on this host that holds `dataDir`'s lock, or undefined when none does (no
 * lock, an unreadable one, its owner gone, or another host's). `npm run backup` asks this to
 * choose between the running server's control socket and opening the folder itself (issue 17 §6).
 */
export function liveLockOwner(dataDir: string): LockOwner | undefined {
  const owner = readOwner(`${path.resolve(dataDir)}.lock`);
  if (!owner || owner.hostname !== os.hostname() || !processIsAlive(owner.pid)) return undefined;
  return owner;
}

/**
 * Takes the lock on `dataDir` for this process. Answers a function that releases it (removes the
 * file if it is still ours). Throws DataDirLockedError when a live process holds it, with its PID
 * in the message; rethrows unexpected file-system errors.
 */
export function lockDataDir(dataDir: string, now: () => Date = () => new Date()): () => void {
  const resolved = path.resolve(dataDir);
  const lockPath = `${resolved}.lock`;
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: now().toISOString() };
  const temp = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, JSON.stringify(me), { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, lockPath);
        return () => {
          if (readOwner(lockPath)?.pid === me.pid) rmSync(lockPath, { force: true });
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      takeOverIfAbandoned(lockPath, resolved);
    }
    throw new DataDirLockedError(
      `The data folder ${resolved} is in use: could not take its lock ${lockPath}.`,
    );
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Removes the lock at `lockPath` when its owner is gone; throws DataDirLockedError naming the
 * owner when it is alive (or cannot be checked from this host).
 */
function takeOverIfAbandoned(lockPath: string, dataDir: string): void {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(lockPath);
  } catch {
    return; // released meanwhile: try again
  }
  if (stats.isDirectory()) {
    if (Date.now() - stats.mtimeMs < LEGACY_STALE_MS) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another LexAtlas process (an older version, lock ${lockPath}). ` +
          "Stop that process, or set DATA_DIR to another folder.",
      );
    }
    rmSync(lockPath, { recursive: true, force: true });
    return;
  }
  const owner = readOwner(lockPath);
  if (!owner) {
    // A lock file is written whole before it appears (see lockDataDir): an unreadable one is
    // left by something else; refuse rather than guess.
    throw new DataDirLockedError(
      `The data folder ${dataDir} is locked by ${lockPath}, which names no process. ` +
        "If no LexAtlas process uses the folder, delete that file.",
    );
  }
  if (owner.hostname !== os.hostname()) {
    throw new DataDirLockedError(
      `The data folder ${dataDir} is in use by process ${owner.pid} on host ${owner.hostname} (since ${owner.startedAt}). ` +
        "Stop that process, or set DATA_DIR to another folder.",
    );
  }
  if (processIsAlive(owner.pid)) {
    throw new DataDirLockedError(
      `The data folder ${dataDir} is in use by another LexAtlas process (PID ${owner.pid}, since ${owner.startedAt}). ` +
        "Stop that process, or set DATA_DIR to another folder.",
    );
  }
  try {
    unlinkSync(lockPath); // the owner is gone: take over at once
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}
