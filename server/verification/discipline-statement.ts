/**
 * The lawyer's statement on a public disciplinary record of their listing (issue 15 §2 "a
 * statement on a public disciplinary record"): at most 2,000 characters, empty removes it,
 * audited.
 */
import { and, eq } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { isIntegerId } from "../../lib/ids.ts";
import { recordAudit } from "../audit/index.ts";
import { disciplinaryRecords } from "../db/schema.ts";
import { NotFoundError } from "../errors.ts";
import { actorOf, listingOf } from "./request-input.ts";
import { VERIFICATION_MESSAGES, type VerificationDeps } from "./service.ts";

/**
 * Sets the owner's statement (trimmed, cut at 2,000 characters; empty = none) on record
 * `recordId` of their listing, audited (verification.discipline_statement, before → after).
 * @throws ForbiddenError no listing, NotFoundError another listing's or an unknown record, RateLimitedError
 */
export async function setDisciplineStatement(
  deps: Pick<VerificationDeps, "db" | "clock" | "rateLimits">,
  input: { user: PublicUser; recordId: number; statement: string; ip: string },
): Promise<void> {
  const { db, clock, rateLimits } = deps;
  const { user, recordId, ip } = input;
  const lawyerId = listingOf(user);
  if (!isIntegerId(recordId)) throw new NotFoundError(VERIFICATION_MESSAGES.recordNotFound);
  const text = input.statement.trim().slice(0, 2000);
  await rateLimits.consume("verification-user", user.id);
  await db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(disciplinaryRecords)
      .where(and(eq(disciplinaryRecords.id, recordId), eq(disciplinaryRecords.lawyerId, lawyerId)));
    if (!record) throw new NotFoundError(VERIFICATION_MESSAGES.recordNotFound);
    await tx
      .update(disciplinaryRecords)
      .set({ lawyerStatement: text === "" ? null : text, updatedAt: clock.now() })
      .where(eq(disciplinaryRecords.id, record.id));
    await recordAudit(tx, {
      actor: actorOf(user),
      action: "verification.discipline_statement",
      subjectType: "listing",
      subjectId: lawyerId,
      before: { recordId, lawyerStatement: record.lawyerStatement },
      after: { recordId, lawyerStatement: text === "" ? null : text },
      ip,
      at: clock.now(),
    });
  });
}
