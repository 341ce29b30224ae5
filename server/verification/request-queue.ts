/**
 * The back office's `verification` queue (issue 15 §1/§2): lawyers' pending verification
 * requests, oldest first, each opening /admin/verification/:id (the one queue query,
 * server/staff/queue-query.ts).
 */
import { eq } from "drizzle-orm";
import { verificationRequests } from "../db/schema.ts";
import { listingQueue } from "../staff/queue-query.ts";
import type { QueueItem } from "../staff/service.ts";
import type { VerificationDeps } from "./service.ts";

/** At most `limit` pending requests as queue items (QueueProvider), oldest first, then by id. */
export function requestQueue(
  deps: Pick<VerificationDeps, "db">,
  input: { limit: number },
): Promise<QueueItem[]> {
  return listingQueue(
    deps.db,
    {
      kind: "verification",
      table: verificationRequests,
      id: verificationRequests.id,
      lawyerId: verificationRequests.lawyerId,
      createdAt: verificationRequests.createdAt,
      waiting: eq(verificationRequests.status, "pending"),
      screen: "/admin/verification",
    },
    input.limit,
  );
}
