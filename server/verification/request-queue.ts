/**
 * The back office's `verification` queue (issue 15 §1/§2): lawyers' pending verification
 * requests, oldest first, each opening /admin/verification/:id.
 */
import { asc, eq } from "drizzle-orm";
import { lawyers, verificationRequests } from "../db/schema.ts";
import type { QueueItem } from "../staff/service.ts";
import type { VerificationDeps } from "./service.ts";

/** At most `limit` pending requests as queue items (QueueProvider), oldest first, then by id. */
export async function requestQueue(
  deps: Pick<VerificationDeps, "db">,
  input: { limit: number },
): Promise<QueueItem[]> {
  const rows = await deps.db
    .select({
      id: verificationRequests.id,
      lawyerId: verificationRequests.lawyerId,
      name: lawyers.name,
      at: verificationRequests.createdAt,
    })
    .from(verificationRequests)
    .innerJoin(lawyers, eq(lawyers.id, verificationRequests.lawyerId))
    .where(eq(verificationRequests.status, "pending"))
    .orderBy(asc(verificationRequests.createdAt), asc(verificationRequests.id))
    .limit(input.limit);
  return rows.map(
    (r): QueueItem => ({
      id: String(r.id),
      kind: "verification",
      title: r.name,
      subjectType: "listing",
      subjectId: String(r.lawyerId),
      since: r.at.toISOString(),
      href: `/admin/verification/${r.id}`,
    }),
  );
}
