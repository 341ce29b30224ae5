/**
 * The read replica (issue 18 §3, `DATABASE_READ_URL`; docs/operations.md "Read replica").
 *
 * Searches, facets, profiles, suggestions and matching reads run on a second handle, `readDb`,
 * over a PostgreSQL streaming replica; every write and every read-your-own-writes page stays on
 * the primary (`db`). This module holds the replica's connection pool and the link from a
 * primary handle to its read handle, so that code which writes through the primary can tell the
 * read handle's caches which data version to wait for (server/search/cache.ts
 * announceDataVersion).
 *
 * When the replica cannot be reached, reads fall back to the primary with one warning log per
 * outage (and a "back" log when it answers again): the product keeps serving, readiness stays on
 * the primary's health, and monitoring sees the warning. A write routed to the replica by mistake
 * is never retried on the primary: it fails with PostgreSQL's read-only error (SQLSTATE 25006).
 */
import pg from "pg";
import type { Logger } from "../logger.ts";
import type { Db } from "./handle.ts";

/** After a connection failure the replica is not tried again for this long, ms (reads go to the primary). */
export const REPLICA_RETRY_MS = 5_000;

/** How long a new connection to the replica may take before the read falls back to the primary, ms. */
export const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

/**
 * SQLSTATEs that mean "this server cannot answer now", not "this query is wrong": connection
 * exceptions (class 08), shutdown / starting up (57P01..57P03), and the standby cancelling a
 * query that conflicted with replay (40001 on a hot standby). A read is retried on the primary.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "40001"]);
/** Node.js socket errors of an unreachable server. */
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "ENOENT",
  "EPIPE",
]);

/**
 * True when `err` says the replica could not answer (down, unreachable, starting, shutting down,
 * or a replay conflict), so the read may be retried on the primary; false for an error of the
 * query itself (syntax, constraint, read-only transaction), which must surface as it is.
 */
export function isReplicaUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") {
    if (code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  return /timeout exceeded when trying to connect|Connection terminated|connection terminated/i.test(
    err.message,
  );
}

/** What a ReplicaPool reports: "up" (reads go to the replica) or "down" (reads go to the primary). */
export type ReplicaState = "up" | "down";

/**
 * A pg.Pool over the replica whose promise-style `query` and `connect` fall back to the primary's
 * pool while the replica is unreachable (see the module comment). Drizzle's node-postgres driver
 * only uses those two, so a drizzle handle over this pool is the read handle.
 */
export class ReplicaPool extends pg.Pool {
  private readonly primary: pg.Pool;
  private readonly logger: Logger | undefined;
  private downUntil = 0;
  private downSince: number | null = null;

  /**
   * @param config the replica's pool settings (connectionString = DATABASE_READ_URL)
   * @param primary the primary's pool, used while the replica is down
   * @param logger where the outage warning and the recovery line go
   */
  constructor(config: pg.PoolConfig, primary: pg.Pool, logger?: Logger) {
    super({ connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS, ...config });
    this.primary = primary;
    this.logger = logger;
  }

  /** "down" while reads are being sent to the primary after a failure, else "up". */
  get state(): ReplicaState {
    return this.downSince === null ? "up" : "down";
  }

  private skipReplica(): boolean {
    return this.downSince !== null && Date.now() < this.downUntil;
  }

  private markDown(err: unknown): void {
    this.downUntil = Date.now() + REPLICA_RETRY_MS;
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.logger?.warn(
      { err, retryMs: REPLICA_RETRY_MS },
      "read replica unavailable: reads fall back to the primary (DATABASE_READ_URL)",
    );
  }

  private markUp(): void {
    if (this.downSince === null) return;
    this.logger?.info({ downMs: Date.now() - this.downSince }, "read replica answers again");
    this.downSince = null;
  }

  /** Runs a read on the replica, or on the primary while the replica is unavailable. */
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's overloads are re-exposed as they are
  override query(...args: any[]): any {
    if (typeof args[args.length - 1] === "function")
      return (super.query as (...a: unknown[]) => unknown)(...args);
    if (this.skipReplica()) return (this.primary.query as (...a: unknown[]) => unknown)(...args);
    return (super.query as (...a: unknown[]) => Promise<unknown>)(...args).then(
      (result) => {
        this.markUp();
        return result;
      },
      (err: unknown) => {
        if (!isReplicaUnavailable(err)) throw err;
        // A replay conflict cancels one query on a working standby: retry it, keep the replica.
        if ((err as { code?: unknown }).code !== "40001") this.markDown(err);
        return (this.primary.query as (...a: unknown[]) => unknown)(...args);
      },
    );
  }

  /** A client of the replica, or of the primary while the replica is unavailable. */
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's overloads are re-exposed as they are
  override connect(...args: any[]): any {
    if (args.length > 0) return (super.connect as (...a: unknown[]) => unknown)(...args);
    if (this.skipReplica()) return this.primary.connect();
    return super.connect().then(
      (client) => {
        this.markUp();
        return client;
      },
      (err: unknown) => {
        if (!isReplicaUnavailable(err)) throw err;
        this.markDown(err);
        return this.primary.connect();
      },
    );
  }
}

const readHandles = new WeakMap<Db, Db>();
const replicaPools = new WeakMap<Db, ReplicaPool>();

/**
 * Records that `read` is the read handle of the primary handle `primary` (server/db/client.ts
 * openDatabase does it when DATABASE_READ_URL is set), with the pool behind it.
 */
export function linkReadHandle(primary: Db, read: Db, pool?: ReplicaPool): void {
  readHandles.set(primary, read);
  if (pool) replicaPools.set(read, pool);
}

/** The read handle linked to `primary`, or undefined when reads use the primary itself. */
export function readHandleOf(primary: Db): Db | undefined {
  return readHandles.get(primary);
}

/** The replica's state behind a read handle ("up"/"down"), or null when `read` is no replica handle. */
export function replicaState(read: Db): ReplicaState | null {
  return replicaPools.get(read)?.state ?? null;
}
