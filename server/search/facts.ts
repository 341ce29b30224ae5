/**
 * The search facts: a compact in-process column store of what every filter, count and the
 * relevance levels of the common subjects (synonym groups, practice areas) need (docs/search.md "Performance"). Built from the
 * database once per data version (search_state.version, bumped by a trigger on every write to
 * lawyers by any process), it answers exact totals of any filter set
 * without text (or whose text is exactly one synonym group, e.g. "medical malpractice lawyers")
 * in about a millisecond, and the relevance pages of group searches, without counting or ranking
 * tens of thousands of rows in the database. It holds no per-search result.
 *
 * This module keeps one copy per database handle and data version (load, build, save, drop);
 * the parts are beside it (issue 30): facts-layout.ts (the column store and its bits),
 * facts-build.ts (the build), facts-snapshot.ts (the file copy), facts-filter.ts (a request's
 * row test) and facts-count.ts (totals and pages).
 */
import type { Db } from "../db/client.ts";
import { logBackgroundError, logBackgroundWarning } from "../logger.ts";
import { syncDataVersion, VersionedSnapshot } from "./cache.ts";
import { buildFacts } from "./facts-build.ts";
import type { Facts } from "./facts-layout.ts";
import {
  FACTS_MAGIC,
  FACTS_RULES,
  type FactsMeta,
  factsSnapshotPath,
  loadFactsSnapshot,
  saveFactsSnapshot,
} from "./facts-snapshot.ts";
import { databaseKey, readSnapshotMeta } from "./snapshot-file.ts";

/** Handles whose facts persist (warmSearchFacts with a folder): the file, the database key, the save under way. */
const persisted = new WeakMap<
  Db,
  { file: string; key: string; saving?: Promise<void>; next?: Facts; savedVersion: number }
>();

/**
 * The build of the facts snapshot: the file copy when it is this version's (issue 29), else a
 * build from the database, then saved in the background (one write at a time; a build finished
 * while one is written is saved after it, the newest only).
 */
async function loadOrBuild(db: Db, version: number): Promise<Facts> {
  const f = await loadOrBuildFacts(db, version);
  for (const listener of readyListeners) setImmediate(() => void listener(f));
  return f;
}

const readyListeners: ((f: Facts) => unknown)[] = [];

/**
 * Calls `listener` with every facts snapshot once it is loaded or built, on a later turn of the
 * event loop (facets.ts counts its kept facet counts then, issue 29). Errors are the listener's.
 */
export function onFactsReady(listener: (f: Facts) => unknown): void {
  readyListeners.push(listener);
}

async function loadOrBuildFacts(db: Db, version: number): Promise<Facts> {
  const p = persisted.get(db);
  if (p) {
    const loaded = loadFactsSnapshot(p.file, p.key, version);
    if (loaded.facts) return loaded.facts;
    if (loaded.kind === "damaged")
      logBackgroundWarning(
        { file: p.file, reason: loaded.reason },
        "search facts: snapshot not used, building",
      );
  }
  const f = await buildFacts(db, version);
  if (p) queueSave(p, f);
  return f;
}

function queueSave(p: NonNullable<ReturnType<typeof persisted.get>>, f: Facts): void {
  if (p.saving) {
    p.next = f;
    return;
  }
  p.saving = saveFactsSnapshot(p.file, p.key, f)
    .then(() => {
      p.savedVersion = f.version;
    })
    .catch((err) => logBackgroundError(err, "search facts: snapshot not saved"))
    .finally(() => {
      p.saving = undefined;
      const next = p.next;
      p.next = undefined;
      if (next && next.version > p.savedVersion) queueSave(p, next);
    });
}

/**
 * Resolves when this handle's current facts are in its file (warmSearchFacts configured it):
 * writes them unless that version is already saved, and waits for every write under way. For
 * tests and tools; never rejects (a failed write is logged).
 */
export async function factsSnapshotSaved(db: Db): Promise<void> {
  const p = persisted.get(db);
  if (!p) return;
  const f = await getFacts(db);
  if (p.savedVersion !== f.version && !p.saving) queueSave(p, f);
  while (p.saving) await p.saving;
}

/**
 * Readies the search facts at process start (server/main.ts; issue 29 "load at start instead of
 * being rebuilt"). With `snapshotDir` (DATA_DIR), this database's file copy is used when it is of
 * the current data version: it is loaded now (about a second at 1,000,000 listings) and the
 * facts answer every request from then on. Otherwise (no file, another version, corrupt) the
 * build starts in the background and the database answers searches until it is ready (as
 * factsIfReady); the build is then saved for the next start. Answers whether the facts are
 * ready on return. Never rejects.
 */
export async function warmSearchFacts(db: Db, opts: { snapshotDir?: string } = {}): Promise<boolean> {
  try {
    if (opts.snapshotDir) {
      const key = await databaseKey(db);
      persisted.set(db, {
        file: factsSnapshotPath(opts.snapshotDir, key),
        key,
        savedVersion: -1,
      });
      const version = await syncDataVersion(db);
      // Only the header is read here; the awaited get below loads a file of this version.
      const meta = readSnapshotMeta<FactsMeta>(factsSnapshotPath(opts.snapshotDir, key), FACTS_MAGIC);
      if (meta?.key === key && meta.rules === FACTS_RULES && meta.version === version) {
        await getFacts(db);
        return true;
      }
    }
    // The build (or the copy this handle already has) is saved when it is not on disk yet.
    void startFactsBuild(db).then((f) => {
      const p = persisted.get(db);
      if (f && p && p.savedVersion !== f.version) queueSave(p, f);
    });
    return false;
  } catch (err) {
    logBackgroundError(err, "search facts: readying at start failed");
    return false;
  }
}

const facts = new VersionedSnapshot<Facts>("search facts", loadOrBuild);

/**
 * The facts of this database handle for the current data version (VersionedSnapshot in
 * cache.ts): built and awaited when missing or dropped (about 0.1 s at 5,500 lawyers, 1 to 4 s
 * at 100,000 on PGlite); after another instance's write the old copy answers while a new one
 * builds in the background, so totals may lag that write by the build time.
 */
export async function getFacts(db: Db): Promise<Facts> {
  const f = await facts.get(db);
  everBuilt.add(db);
  return f;
}

/** Handles whose facts have been built at least once in this process. */
const everBuilt = new WeakSet<Db>();

/**
 * Whether this handle has had its facts at least once (then factsIfReady answers them, never null):
 * false while a cold process builds its first facts, the warm-up of issue 29 (search/warm-up.ts).
 */
export function factsEverBuilt(db: Db): boolean {
  return everBuilt.has(db);
}

/**
 * The facts when this handle has had them before (then exactly getFacts: awaited after a write
 * here, the old copy while another instance's write is rebuilt), or null on a cold process whose
 * first build is still running (issue 18 §1: 75 s at 1,000,000 listings must not block the first
 * visitors): the build is started in the background and the request is answered by the
 * database (the same results, counted and ranked in SQL) until it is ready.
 */
export async function factsIfReady(db: Db): Promise<Facts | null> {
  if (everBuilt.has(db)) return getFacts(db);
  startFactsBuild(db);
  return null;
}

/** Starts building this handle's facts in the background (server start, factsIfReady); never throws. */
export function startFactsBuild(db: Db): Promise<Facts | null> {
  return getFacts(db).catch((err) => {
    logBackgroundError(err, "search facts: background build failed");
    return null;
  });
}

/** Drops this handle's facts so the next getFacts builds them from current data (after a write here). */
export function dropFacts(db: Db): void {
  facts.drop(db);
}
