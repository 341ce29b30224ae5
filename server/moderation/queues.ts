/**
 * The back office's `reports` and `corrections` queues (issue 15 §1/§3): open reports and open
 * correction and removal requests, oldest first, each opening its moderator's screen (the one
 * queue query, server/staff/queue-query.ts).
 */
import { eq } from "drizzle-orm";
import { listingCorrections, listingReports } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { listingQueue } from "../staff/queue-query.ts";
import type { QueueItem } from "../staff/service.ts";

/** At most `limit` open reports as queue items (QueueProvider), oldest first, then by id; href /admin/reports/:id. */
export function reportsQueue(deps: Pick<DomainDeps, "db">, input: { limit: number }): Promise<QueueItem[]> {
  return listingQueue(
    deps.db,
    {
      kind: "reports",
      table: listingReports,
      id: listingReports.id,
      lawyerId: listingReports.lawyerId,
      createdAt: listingReports.createdAt,
      waiting: eq(listingReports.status, "open"),
      screen: "/admin/reports",
    },
    input.limit,
  );
}

/** At most `limit` open correction and removal requests, oldest first, then by id; href /admin/corrections/:id. */
export function correctionsQueue(
  deps: Pick<DomainDeps, "db">,
  input: { limit: number },
): Promise<QueueItem[]> {
  return listingQueue(
    deps.db,
    {
      kind: "corrections",
      table: listingCorrections,
      id: listingCorrections.id,
      lawyerId: listingCorrections.lawyerId,
      createdAt: listingCorrections.createdAt,
      waiting: eq(listingCorrections.status, "open"),
      screen: "/admin/corrections",
    },
    input.limit,
  );
}
