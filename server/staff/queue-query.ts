/**
 * The one query behind the back office's listing queues (issue 15 §1 "queues"; §2 verification,
 * §3 reports and corrections): the rows of a table that wait for a moderator, each about a
 * listing, oldest first (then by id), as QueueItems naming the listing and linking to the screen
 * that handles the row. Used by server/verification/request-queue.ts and
 * server/moderation/queues.ts.
 */
import { asc, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import type { QueueItem, QueueKind } from "./service.ts";

/** Where a queue's items come from. */
export interface ListingQueueSource {
  /** The queue the items belong to. */
  kind: QueueKind;
  /** The table of the waiting rows. */
  table: PgTable;
  /** Its id column (a serial or a UUID; the item's id is its text). */
  id: AnyPgColumn<{ data: number }> | AnyPgColumn<{ data: string }>;
  /** Its column naming the listing (lawyers.id). */
  lawyerId: AnyPgColumn<{ data: number }>;
  /** When the row entered the queue. */
  createdAt: AnyPgColumn<{ data: Date; notNull: true }>;
  /** The condition of a waiting row, e.g. `status = 'open'`. */
  waiting: SQL | undefined;
  /** The path of the handling screen without the id and without locale prefix, e.g. "/admin/reports". */
  screen: string;
}

/**
 * At most `limit` waiting rows of `source` as queue items, oldest `createdAt` first, then by id:
 * the listing's name as title, subject the listing, `since` ISO 8601, `href` `${screen}/${id}`.
 */
export async function listingQueue(
  db: Pick<Db, "select">,
  source: ListingQueueSource,
  limit: number,
): Promise<QueueItem[]> {
  const rows = await db
    .select({ id: source.id, lawyerId: lawyers.id, name: lawyers.name, at: source.createdAt })
    .from(source.table)
    .innerJoin(lawyers, eq(lawyers.id, source.lawyerId))
    .where(source.waiting)
    .orderBy(asc(source.createdAt), asc(source.id))
    .limit(limit);
  return rows.map(
    (r): QueueItem => ({
      id: String(r.id),
      kind: source.kind,
      title: r.name,
      subjectType: "listing",
      subjectId: String(r.lawyerId),
      since: r.at.toISOString(),
      href: `${source.screen}/${r.id}`,
    }),
  );
}
