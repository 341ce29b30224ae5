/**
 * Keeping the read replica's search caches honest (issue 18 §3; docs/operations.md "Read
 * replica"). Searches run on the read handle, whose data version (search_state.version) is the
 * replica's: it only moves when the replica has replayed the write. When the primary has moved
 * (a write in this process, or a change another instance announced), the read handle must not
 * settle on the older version: `followPrimaryVersion` waits, re-reading the replica's version
 * every CATCH_UP_CHECK_MS up to CATCH_UP_MAX_MS, and only then drops the search facts so the
 * next search rebuilds them from the caught-up replica. Meanwhile searches answer from the
 * replica's current, consistent data: a lawyer sees their own edit at once on the dashboard
 * (primary), and public search within the replica's lag.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { readHandleOf } from "../db/read-replica.ts";
import { logBackgroundError } from "../logger.ts";
import {
  announceDataVersion,
  bumpDataVersion,
  CATCH_UP_CHECK_MS,
  CATCH_UP_MAX_MS,
  dataVersion,
  syncDataVersion,
  withdrawDataVersion,
} from "./cache.ts";
import { dropFacts } from "./facts.ts";

/** The primary's current data version (search_state.version), read now. */
export async function primaryDataVersion(primary: Db): Promise<number> {
  const res = await primary.execute<{ version: string | number }>(
    sql`SELECT version FROM search_state WHERE id = 1`,
  );
  return Number(res.rows[0]?.version ?? 0);
}

/** What followPrimaryVersion may be told. */
export interface FollowOptions {
  /** Drop the read handle's search facts once caught up, so the next search waits for fresh ones (default true). */
  dropFacts?: boolean;
  /** Give up after this many ms (default CATCH_UP_MAX_MS). */
  maxMs?: number;
}

/**
 * Issue 18 §3: waits until the read handle `read` has replayed data version `version` (the
 * primary's), re-reading every CATCH_UP_CHECK_MS, bounded by `maxMs`; then (unless told not to)
 * drops its search facts so the next search rebuilds from data at least that new. Answers true
 * when caught up, false when the bound passed (syncDataVersion then logs the lag and goes back to
 * its normal one-second polling). Never throws: a failed read is retried until the bound.
 */
export async function followPrimaryVersion(
  read: Db,
  version: number,
  opts: FollowOptions = {},
): Promise<boolean> {
  const maxMs = opts.maxMs ?? CATCH_UP_MAX_MS;
  announceDataVersion(read, version);
  const started = performance.now();
  for (;;) {
    try {
      if ((await syncDataVersion(read)) >= version) {
        if (opts.dropFacts ?? true) {
          bumpDataVersion(read);
          dropFacts(read);
        }
        return true;
      }
    } catch {
      // the replica is unreachable for a moment (reads fall back to the primary): try again
    }
    if (performance.now() - started > maxMs) {
      withdrawDataVersion(read, version);
      console.warn(
        `read replica: data version ${version} not replayed within ${maxMs} ms: back to polling every second`,
      );
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_CHECK_MS).unref());
  }
}

/**
 * After a write through the primary handle `primary` in this process (invalidateSearchCaches):
 * when a read replica is linked to it (server/db/read-replica.ts), announces the primary's new
 * data version to the read handle and follows it in the background (followPrimaryVersion).
 * Synchronous; does nothing without a replica.
 */
export function catchUpReadHandle(primary: Db): void {
  const read = readHandleOf(primary);
  if (!read) return;
  // Until the primary's exact version is read: at least one past what the replica showed last.
  announceDataVersion(read, dataVersion(read) + 1);
  primaryDataVersion(primary)
    .then((version) => followPrimaryVersion(read, version))
    .catch((err) => logBackgroundError(err, "read replica: could not read the primary's data version"));
}
