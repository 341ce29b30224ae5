/**
 * Small in-process caches for the search domain (docs/search.md "Performance"): facet counts and
 * query understanding. Entries live at most `ttlMs` and are keyed by the database's data version,
 * so a write by this or any other instance is visible within VERSION_CHECK_MS.
 */
import { sql } from "drizzle-orm";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { logBackgroundError } from "../logger.ts";

/** How long a read of the database's data version is trusted before it is read again, ms. */
export const VERSION_CHECK_MS = 1000;

const versions = new WeakMap<Db, { version: number; checkedAt: number }>();

/** While an announced version is awaited, how often the handle's version is re-read, ms (issue 18 §3). */
export const CATCH_UP_CHECK_MS = 50;

/** How long an announced version is awaited at CATCH_UP_CHECK_MS before normal polling resumes, ms. */
export const CATCH_UP_MAX_MS = 30_000;

const announced = new WeakMap<Db, { version: number; at: number }>();

/**
 * The last known data version of a database handle (search_state.version, bumped by a trigger on
 * every write to lawyers by any process; migration 0004). Synchronous; see syncDataVersion.
 */
export function dataVersion(db: Db): number {
  return versions.get(db)?.version ?? -1;
}

/**
 * Reads the data version from the database when the last read is older than VERSION_CHECK_MS
 * (one tiny indexed query at most once a second), and answers it. Every cache entry and the
 * search facts are keyed by it, so a write by any instance invalidates them here within a second.
 */
export async function syncDataVersion(db: Db): Promise<number> {
  const known = versions.get(db);
  const awaited = announced.get(db);
  // Issue 18 §3: while a version announced by the primary is not yet seen here (a replica that
  // has not replayed it), re-read every CATCH_UP_CHECK_MS instead of every VERSION_CHECK_MS.
  const trustMs = awaited ? CATCH_UP_CHECK_MS : VERSION_CHECK_MS;
  if (known && performance.now() - known.checkedAt < trustMs) return known.version;
  const res = await db.execute<{ version: string | number }>(
    sql`SELECT version FROM search_state WHERE id = 1`,
  );
  const version = Number(res.rows[0]?.version ?? 0);
  versions.set(db, { version, checkedAt: performance.now() });
  if (awaited && (version >= awaited.version || performance.now() - awaited.at > CATCH_UP_MAX_MS)) {
    announced.delete(db);
    if (version < awaited.version)
      console.warn(
        `search data version ${version} still behind the announced ${awaited.version} after ${CATCH_UP_MAX_MS} ms (read replica lag): back to polling every ${VERSION_CHECK_MS} ms`,
      );
  }
  return version;
}

/**
 * Issue 18 §3: the primary has reached data version `version` (a write in this process, or a
 * change another instance announced): the handle `db` (a read replica's) must not settle on an
 * older one. Its version is re-read at once and then every CATCH_UP_CHECK_MS until it reaches
 * `version` (bounded by CATCH_UP_MAX_MS, then a warning and back to VERSION_CHECK_MS). Until then
 * the snapshots keep answering from the version the replica has (consistent with the rows the
 * replica serves); none is rebuilt at a version the primary has already passed unless it has
 * none at all. Synchronous; a version already seen is ignored.
 */
export function announceDataVersion(db: Db, version: number): void {
  const known = versions.get(db);
  if (known && known.version >= version) return;
  const awaited = announced.get(db);
  if (!awaited || awaited.version < version) announced.set(db, { version, at: performance.now() });
  bumpDataVersion(db);
}

/**
 * Stops awaiting an announced version up to `version` on `db` (a follower that gave up, see
 * read-sync.ts followPrimaryVersion): its version is polled every VERSION_CHECK_MS again.
 */
export function withdrawDataVersion(db: Db, version: number): void {
  const awaited = announced.get(db);
  if (awaited && awaited.version <= version) announced.delete(db);
}

/** The version announced for `db` and not yet seen there, or null (tests, monitoring). */
export function awaitedDataVersion(db: Db): number | null {
  return announced.get(db)?.version ?? null;
}

/**
 * Makes the next syncDataVersion read the database at once (after a write in this process), so
 * this process never answers from data older than its own last write.
 */
export function bumpDataVersion(db: Db): void {
  const known = versions.get(db);
  if (known) known.checkedAt = Number.NEGATIVE_INFINITY;
}

const generations = new WeakMap<Db, number>();

/**
 * Drops the per-search caches (understanding, totals, ranked ids, facets) but keeps the search
 * facts, which do not depend on any search: what the first visitor of a new search meets while
 * the data is unchanged. Used by the benchmark's cold runs (docs/search.md "Performance").
 */
export function dropSearchResultCaches(db: Db): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

/**
 * How many times dropSearchResultCaches ran for this handle: per-search memos kept elsewhere
 * (facts.ts factsCountOf) put it in their keys so the benchmark's cold runs meet them empty too.
 */
export function resultGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}

function stamp(db: Db): string {
  return `${dataVersion(db)}:${generations.get(db) ?? 0}`;
}

/** A bounded least-recently-used map with a time-to-live, keyed per database handle and version. */
export class SearchCache<V> {
  private readonly maps = new WeakMap<Db, Map<string, { at: number; version: string; value: V }>>();
  private readonly max: number;
  private readonly ttlMs: number;

  /** @param max entries kept per database handle; @param ttlMs lifetime of an entry in ms */
  constructor(max: number, ttlMs: number) {
    this.max = max;
    this.ttlMs = ttlMs;
  }

  /** The cached value, or undefined when absent, expired or computed from older data. */
  get(db: Db, key: string): V | undefined {
    const map = this.maps.get(db);
    const hit = map?.get(key);
    if (!map || !hit) return undefined;
    if (hit.version !== stamp(db) || performance.now() - hit.at > this.ttlMs) {
      map.delete(key);
      return undefined;
    }
    map.delete(key);
    map.set(key, hit); // most recently used last
    return hit.value;
  }

  /** Stores a value, evicting the least recently used entry beyond `max`. */
  set(db: Db, key: string, value: V): void {
    let map = this.maps.get(db);
    if (!map) {
      map = new Map();
      this.maps.set(db, map);
    }
    map.set(key, { at: performance.now(), version: stamp(db), value });
    if (map.size > this.max) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }
}

/**
 * Identity of a filter set: everything that decides which lawyers match (not sort or paging).
 * `near` is included because relevance with text uses the distance as a tie-breaker; `locale`
 * (the page's language, issue 28 §1) because its dictionary decides which words are corrected.
 * The visitor's country changes only the order: rankedCache's key adds it (search.ts).
 */
export function filterKey(p: SearchParams, locale = "en"): string {
  return JSON.stringify([
    locale,
    p.query ?? "",
    p.location ?? "",
    [...p.practiceAreas].sort(),
    [...p.languages].sort(),
    p.verified,
    p.respondsWithin24h,
    p.freeConsultation,
    p.feeModel ?? null,
    p.experience,
    p.rating,
    p.near ?? null,
    p.radiusKm ?? null,
  ]);
}

/** Exact match counts per filter set, shared by the search total and the facets' total. */
export const countCache = new SearchCache<number>(2000, 5 * 60_000);

/** Every matching id in relevance order, per filter set with text (at most RANKED_MAX ids each). */
export const rankedCache = new SearchCache<Int32Array>(50, 5 * 60_000);

/** Largest ranked id list kept in rankedCache (400 KB as Int32Array). */
export const RANKED_MAX = 100_000;

/**
 * An in-process copy of data derived from the database, one per database handle, tied to the
 * data version it was built from (used by the search facts and the vocabulary):
 * - none yet, or dropped after a write in this process: `get` builds it and waits; concurrent
 *   callers share one build;
 * - older than the database's version (a write by another instance): the old copy keeps
 *   answering while a new one is built in the background, so no visitor waits for a rebuild;
 *   a failed background build leaves the old copy answering and is retried on the next `get`.
 */
export class VersionedSnapshot<T extends { version: number }> {
  private readonly built = new WeakMap<Db, T>();
  private readonly building = new WeakMap<Db, { version: number; promise: Promise<T> }>();
  private readonly drops = new WeakMap<Db, number>();
  private readonly name: string;
  private readonly build: (db: Db, version: number) => Promise<T>;

  /**
   * @param name what it holds, for the log line of a failed background build
   * @param build makes the copy of `version` from the database
   */
  constructor(name: string, build: (db: Db, version: number) => Promise<T>) {
    this.name = name;
    this.build = build;
  }

  /** The copy for the current data version (syncDataVersion), per the rules above. */
  async get(db: Db): Promise<T> {
    const version = await syncDataVersion(db);
    const have = this.built.get(db);
    if (have && have.version >= version) return have;
    const pending = this.building.get(db);
    const upToDate = pending && pending.version >= version ? pending.promise : undefined;
    if (have) {
      if (!upToDate)
        this.start(db, version).catch((err) =>
          logBackgroundError(err, `${this.name}: background build failed`),
        );
      return have;
    }
    return upToDate ?? this.start(db, version);
  }

  /** Forgets the copy and any build under way, so the next `get` builds from current data and waits. */
  drop(db: Db): void {
    this.built.delete(db);
    this.building.delete(db);
    this.drops.set(db, (this.drops.get(db) ?? 0) + 1);
  }

  /** Builds the copy of `version`; installs it unless dropped meanwhile or a newer one exists. */
  private start(db: Db, version: number): Promise<T> {
    const drops = this.drops.get(db) ?? 0;
    const promise: Promise<T> = this.build(db, version)
      .then((copy) => {
        const current = this.built.get(db);
        const dropped = (this.drops.get(db) ?? 0) !== drops;
        if (!dropped && (!current || current.version <= copy.version)) this.built.set(db, copy);
        return copy;
      })
      .finally(() => {
        if (this.building.get(db)?.promise === promise) this.building.delete(db);
      });
    this.building.set(db, { version, promise });
    return promise;
  }
}
