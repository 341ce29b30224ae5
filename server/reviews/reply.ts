/**
 * The listing's lawyer answers a published review (issue 16 §1): one public reply (no link, email
 * address or phone number, read in the listing's country; issue 27 §2), or a report to the
 * moderators, which never hides the review by itself (FTC 16 CFR 465.7: no suppression of
 * negative reviews).
 */
import { and, eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { hasContactData } from "../../lib/contact-details.ts";
import { isUuid } from "../../lib/ids.ts";
import { REPLY_CONTACT_MESSAGE, ReviewReplySchema, ReviewReportSchema } from "../../lib/review-input.ts";
import { lawyers, reviewReports, reviews } from "../db/schema.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import {
  invalidReview,
  limitReviewAction,
  publicReview,
  REVIEW_MESSAGES,
  type ReviewDeps,
} from "./context.ts";
import type { LawyerReview } from "./service.ts";

/** Published review `reviewId` of the lawyer `user`'s listing, or null (anyone else, malformed id, not published). */
async function lawyerReview(deps: Pick<ReviewDeps, "db">, reviewId: string, user: PublicUser) {
  if (!isUuid(reviewId) || user.role !== "lawyer" || user.lawyerId === null) return null;
  const [row] = await deps.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId.toLowerCase()), eq(reviews.lawyerId, user.lawyerId)));
  return row && row.status === "published" ? row : null;
}

/** Whether account `userId` has an open report of review `reviewId`. */
async function openReportBy(deps: Pick<ReviewDeps, "db">, reviewId: string, userId: string) {
  const [row] = await deps.db
    .select({ id: reviewReports.id })
    .from(reviewReports)
    .where(
      and(
        eq(reviewReports.reviewId, reviewId),
        eq(reviewReports.reporterUserId, userId),
        eq(reviewReports.status, "open"),
      ),
    );
  return Boolean(row);
}

/**
 * The listing's lawyer posts the review's one public reply (ReviewService.reply), counted under
 * 'review-write' per account; the update is conditional, so two racing replies cannot both land.
 * @throws NotFoundError not this listing's lawyer or not published, ConflictError replied already, ValidationError, RateLimitedError
 */
export async function replyToReview(
  deps: ReviewDeps,
  input: { reviewId: string; user: PublicUser; body: unknown },
): Promise<LawyerReview> {
  const { db, clock } = deps;
  const { user } = input;
  const row = await lawyerReview(deps, input.reviewId, user);
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (row.reply !== null) throw new ConflictError(REVIEW_MESSAGES.replied);
  const parsed = ReviewReplySchema.safeParse(input.body);
  if (!parsed.success) throw invalidReview(parsed.error);
  const [listing] = await db
    .select({ countryCode: lawyers.countryCode })
    .from(lawyers)
    .where(eq(lawyers.id, row.lawyerId));
  if (hasContactData(parsed.data.reply, listing?.countryCode))
    throw new ValidationError(REPLY_CONTACT_MESSAGE, { reply: [REPLY_CONTACT_MESSAGE] });
  await limitReviewAction(deps, `user:${user.id}`);
  const [changed] = await db
    .update(reviews)
    .set({ reply: parsed.data.reply, repliedAt: clock.now() })
    .where(and(eq(reviews.id, row.id), sql`${reviews.reply} IS NULL`))
    .returning();
  if (!changed) throw new ConflictError(REVIEW_MESSAGES.replied);
  return {
    ...publicReview(changed),
    status: "published",
    reported: await openReportBy(deps, row.id, user.id),
  };
}

/**
 * The listing's lawyer reports a review to the moderators (ReviewService.report); it stays
 * published until they decide. Counted under 'review-write' per account.
 * @throws NotFoundError not this listing's lawyer, ConflictError an open report of theirs exists, ValidationError, RateLimitedError
 */
export async function reportReview(
  deps: ReviewDeps,
  input: { reviewId: string; user: PublicUser; body: unknown },
): Promise<void> {
  const { user } = input;
  const row = await lawyerReview(deps, input.reviewId, user);
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (await openReportBy(deps, row.id, user.id)) throw new ConflictError(REVIEW_MESSAGES.reported);
  const parsed = ReviewReportSchema.safeParse(input.body);
  if (!parsed.success) throw invalidReview(parsed.error);
  await limitReviewAction(deps, `user:${user.id}`);
  await deps.db.insert(reviewReports).values({
    reviewId: row.id,
    reporterUserId: user.id,
    reason: parsed.data.reason,
    details: parsed.data.details,
    createdAt: deps.clock.now(),
  });
}
