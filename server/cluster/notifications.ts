/**
 * Cross-instance invalidation of the in-process listing copies (issue 18 §2 "Several instances":
 * "in-process caches (search facts, matching store, facet caches) are invalidated across
 * instances through PostgreSQL LISTEN/NOTIFY when a listing changes").
 *
 * Every write to `lawyers` bumps search_state.version (statement trigger, migration 0004) and
 * every change of that version is announced on the channel LISTINGS_CHANNEL with the new version
 * as payload (row trigger, migration 0026). Each instance holds ONE dedicated connection that
 * LISTENs (a pooled connection cannot: LISTEN belongs to a session), and on a notification reads
 * the new data version at once (server/search/cache.ts syncDataVersion), which invalidates the
 * per-search caches (understanding, counts, ranked ids, facets: their entries are stamped with the
 * version) and makes the next read of the search facts, the vocabulary and the matching store
 * (VersionedSnapshot) rebuild them from current data. The once-a-second version poll
 * (VERSION_CHECK_MS) stays as the fallback for a lost connection; after a reconnect the listener
 * treats the data as changed, since notifications sent while it was away are lost.
 *
 * On PGlite the database lives in this process only; its `listen` API is used all the same, so
 * the path is one code path on both engines (a PGlite writer in this process already drops its
 * own caches, docs/search.md "Caching").
 */
import pg from "pg";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { bumpDataVersion, syncDataVersion } from "../search/cache.ts";
import { catchUpReadHandle } from "../search/read-sync.ts";

/** The channel migration 0026 notifies on, payload = the new search_state.version. */
export const LISTINGS_CHANNEL = "lexatlas_listings";

/** Reconnect delays of the listening connection: doubled from `minMs` up to `maxMs`. */
export const RECONNECT_BACKOFF = { minMs: 250, maxMs: 30_000 } as const;

/** A running listener; see startListingNotifications. */
export interface ListingNotifications {
  /** Notifications handled so far (a reconnect counts as one), for tests and /metrics. */
  readonly received: number;
  /** Whether the listening connection is up (PostgreSQL) or subscribed (PGlite). */
  readonly connected: boolean;
  /** Unsubscribes and closes the listening connection; no reconnect afterwards. */
  stop(): Promise<void>;
}

/** What startListingNotifications needs. */
export interface ListingNotificationsDeps {
  /** The handles whose in-process copies follow the data version (the primary, a replica's). */
  dbs: Db[];
  /** The database engine (server/db/client.ts Database.kind). */
  kind: "pglite" | "postgres";
  /** PostgreSQL: the URL the listening connection opens (DATABASE_URL, never a replica's). */
  databaseUrl?: string | undefined;
  logger?: Pick<Logger, "info" | "warn" | "debug">;
  /**
   * Called after the handles re-read the data version: `version` from the payload, or null after
   * a reconnect. Default: nothing more (see applyListingChange).
   */
  onChange?: (version: number | null) => void;
  /** Reconnect delays; default RECONNECT_BACKOFF. */
  backoff?: { minMs: number; maxMs: number };
}

/**
 * Makes each handle re-read the data version now instead of at its next once-a-second poll: the
 * search module's own entry points (bumpDataVersion + syncDataVersion, server/search/cache.ts).
 * Per-search caches are then stale at once; the search facts, vocabulary and matching store are
 * rebuilt by their next read while the old copy answers (VersionedSnapshot), exactly as after the
 * poll saw the change. It does not drop those copies (invalidateSearchCaches would): at a million
 * listings a dropped copy would make a visitor wait for the whole rebuild. Never throws (a failed
 * read is retried by the poll). With a read replica linked to a handle, the replica's copies follow
 * the primary's version as they do after a write in this process (catchUpReadHandle).
 */
export async function applyListingChange(dbs: Db[]): Promise<void> {
  await Promise.all(
    dbs.map(async (db) => {
      bumpDataVersion(db);
      try {
        await syncDataVersion(db);
      } catch {
        // the next search's poll reads it again
      }
      // Issue 18 §3: a read replica linked to this handle follows the primary's new version
      // (server/search/read-sync.ts), so its caches never settle on a version it has not replayed.
      catchUpReadHandle(db);
    }),
  );
}

/**
 * Starts listening on LISTINGS_CHANNEL and applies every notification to `dbs`
 * (applyListingChange), coalescing a burst into one pass. PostgreSQL: one dedicated pg.Client,
 * reconnected with exponential backoff after an error or end; the first connection attempt is
 * awaited (a failure is logged and retried, never thrown). PGlite: the client's `listen` API.
 */
export async function startListingNotifications(
  deps: ListingNotificationsDeps,
): Promise<ListingNotifications> {
  const { dbs, logger } = deps;
  const backoff = deps.backoff ?? RECONNECT_BACKOFF;
  let received = 0;
  let connected = false;
  let stopped = false;

  // One pass at a time; a notification during a pass asks for one more pass afterwards.
  let applying: Promise<void> | null = null;
  let again = false;
  let lastVersion: number | null = null;
  const handle = (version: number | null) => {
    received += 1;
    lastVersion = version;
    if (applying) {
      again = true;
      return;
    }
    applying = (async () => {
      do {
        again = false;
        const v = lastVersion;
        await applyListingChange(dbs);
        logger?.debug({ version: v }, "listing notifications: listings changed");
        deps.onChange?.(v);
      } while (again && !stopped);
      applying = null;
    })();
  };
  /** The running listener's face; `close` releases the engine's subscription. */
  const running = (close: () => Promise<void>) => ({
    get received() {
      return received;
    },
    get connected() {
      return connected;
    },
    async stop() {
      stopped = true;
      connected = false;
      await close();
      await applying;
    },
  });
  const parse = (payload: string | undefined): number | null => {
    const n = Number(payload);
    return Number.isFinite(n) ? n : null;
  };

  if (deps.kind === "pglite") {
    const client = (dbs[0] as unknown as { $client: { listen?: PgliteListen } }).$client;
    if (typeof client?.listen !== "function") throw new Error("PGlite client without listen()");
    const unlisten = await client.listen(LISTINGS_CHANNEL, (payload) => handle(parse(payload)));
    connected = true;
    return running(unlisten);
  }

  if (!deps.databaseUrl) throw new Error("startListingNotifications: databaseUrl is required on PostgreSQL");
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = backoff.minMs;
  let everConnected = false;

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, backoff.maxMs);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: deps.databaseUrl, application_name: "lexatlas-listen" });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      if (connected) logger?.warn({ err }, "listing notifications: connection lost, reconnecting");
      connected = false;
      c.removeAllListeners("notification");
      c.end().catch(() => {});
      schedule();
    };
    c.on("error", onLost);
    c.on("end", () => onLost());
    c.on("notification", (msg) => {
      if (msg.channel === LISTINGS_CHANNEL) handle(parse(msg.payload));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${LISTINGS_CHANNEL}`);
    } catch (err) {
      logger?.warn({ err }, "listing notifications: cannot listen, retrying");
      onLost();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    connected = true;
    delay = backoff.minMs;
    // Notifications sent while no connection listened are lost: treat the data as changed.
    if (everConnected) handle(null);
    everConnected = true;
    logger?.debug?.({ channel: LISTINGS_CHANNEL }, "listing notifications: listening");
  };

  await connect();
  return running(async () => {
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners();
      c.on("error", () => {});
      await c.end().catch(() => {});
    }
  });
}

/** PGlite's listen(): subscribes a callback to a channel, answers the unsubscribe function. */
type PgliteListen = (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
