/**
 * The back office's `reports` and `corrections` queues (issue 15 §1/§3): open reports and open
 * correction and removal requests, oldest first, each opening its moderator's screen.
 */
import { asc, eq } from "drizzle-orm";
import { lawyers, listingCorrections, listingReports } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import type { QueueItem } from "../staff/service.ts";

/** At most `limit` open reports as queue items (QueueProvider), oldest first, then by id; href /admin/reports/:id. */
export async function reportsQueue(
  deps: Pick<DomainDeps, "db">,
  input: { limit: number },
): Promise<QueueItem[]> {
  const rows = await deps.db
    .select({
      id: listingReports.id,
      lawyerId: lawyers.id,
      name: lawyers.name,
      at: listingReports.createdAt,
    })
    .from(listingReports)
    .innerJoin(lawyers, eq(lawyers.id, listingReports.lawyerId))
    .where(eq(listingReports.status, "open"))
    .orderBy(asc(listingReports.createdAt), asc(listingReports.id))
    .limit(input.limit);
  return rows.map(
    (r): QueueItem => ({
      id: r.id,
      kind: "reports",
      title: r.name,
      subjectType: "listing",
      subjectId: String(r.lawyerId),
      since: r.at.toISOString(),
      href: `/admin/reports/${r.id}`,
    }),
  );
}

/** At most `limit` open correction and removal requests, oldest first, then by id; href /admin/corrections/:id. */
export async function correctionsQueue(
  deps: Pick<DomainDeps, "db">,
  input: { limit: number },
): Promise<QueueItem[]> {
  const rows = await deps.db
    .select({
      id: listingCorrections.id,
      lawyerId: lawyers.id,
      name: lawyers.name,
      at: listingCorrections.createdAt,
    })
    .from(listingCorrections)
    .innerJoin(lawyers, eq(lawyers.id, listingCorrections.lawyerId))
    .where(eq(listingCorrections.status, "open"))
    .orderBy(asc(listingCorrections.createdAt), asc(listingCorrections.id))
    .limit(input.limit);
  return rows.map(
    (r): QueueItem => ({
      id: r.id,
      kind: "corrections",
      title: r.name,
      subjectType: "listing",
      subjectId: String(r.lawyerId),
      since: r.at.toISOString(),
      href: `/admin/corrections/${r.id}`,
    }),
  );
}
