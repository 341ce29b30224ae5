/**
 * The moderators' side of reviews (issue 16 §1, issue 27 §2): the `reviews` queue (held reviews
 * and reviews with open reports), one review with the engagement's timeline and its reports, and
 * the decision — publish, reject or remove with a policy reason (lib/reviews.ts
 * REVIEW_REMOVAL_REASONS) — audited (server/audit) with the rating recomputed in one transaction.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isStaffRole, type PublicUser } from "../../lib/account.ts";
import { findContactDetails } from "../../lib/contact-details.ts";
import { isUuid } from "../../lib/ids.ts";
import { ReviewDecisionSchema } from "../../lib/review-input.ts";
import type { ReviewHoldReason, ReviewReportReason, ReviewStatus } from "../../lib/reviews.ts";
import { recordAudit } from "../audit/index.ts";
import { cases, lawyers, reviewReports, reviews, users } from "../db/schema.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { invalidateSearchCaches } from "../search/index.ts";
import type { QueueItem } from "../staff/service.ts";
import {
  invalidReview,
  limitReviewAction,
  publicReview,
  REVIEW_MESSAGES,
  type ReviewDeps,
} from "./context.ts";
import { recomputeRating } from "./recompute.ts";
import type { ModeratedReview } from "./service.ts";

/** The `reviews` queue: pending reviews and reviews with open reports, oldest first, at most `max`. */
export async function reviewQueue(deps: Pick<ReviewDeps, "db">, max: number): Promise<QueueItem[]> {
  const { db } = deps;
  const reported = db
    .select({ one: sql`1` })
    .from(reviewReports)
    .where(and(eq(reviewReports.reviewId, reviews.id), eq(reviewReports.status, "open")));
  // In the queue since its first open report, else since it was held (its last write).
  const since = sql<Date>`coalesce((select min(rr.created_at) from review_reports rr where rr.review_id = ${reviews.id} and rr.status = 'open'), ${reviews.updatedAt})`;
  const rows = await db
    .select({ id: reviews.id, lawyerId: reviews.lawyerId, name: lawyers.name, title: reviews.title, since })
    .from(reviews)
    .innerJoin(lawyers, eq(lawyers.id, reviews.lawyerId))
    .where(sql`${reviews.status} = 'pending' OR exists (${reported})`)
    .orderBy(asc(since), asc(reviews.id))
    .limit(max);
  return rows.map(
    (r): QueueItem => ({
      id: r.id,
      kind: "reviews",
      title: `${r.name}: ${r.title}`,
      subjectType: "listing",
      subjectId: String(r.lawyerId),
      since: new Date(r.since).toISOString(),
      href: `/admin/reviews/${r.id}`,
    }),
  );
}

/** Review `id` as the back office shows it (with the engagement's timeline and its reports), or null. */
async function moderatedReview(deps: Pick<ReviewDeps, "db">, id: string): Promise<ModeratedReview | null> {
  const { db } = deps;
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ review: reviews, lawyerName: lawyers.name })
    .from(reviews)
    .innerJoin(lawyers, eq(lawyers.id, reviews.lawyerId))
    .where(eq(reviews.id, id.toLowerCase()));
  if (!row) return null;
  const reports = await db
    .select()
    .from(reviewReports)
    .where(eq(reviewReports.reviewId, row.review.id))
    .orderBy(asc(reviewReports.createdAt));
  // The engagement's timeline (issue 27 §2): the case's steps and both parties' accounts.
  const [facts] = await db
    .select({
      submittedAt: cases.createdAt,
      acceptedAt: cases.acceptedAt,
      engagedAt: cases.engagedAt,
      clientCreatedAt: users.createdAt,
    })
    .from(cases)
    .leftJoin(users, eq(users.id, sql`coalesce(${row.review.authorUserId}::uuid, ${cases.userId})`))
    .where(eq(cases.id, row.review.caseId));
  const [lawyerAccount] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.lawyerId, row.review.lawyerId));
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    ...publicReview(row.review),
    status: row.review.status as ReviewStatus,
    moderationReason: row.review.moderationReason,
    holdReasons: row.review.holdReasons as ReviewHoldReason[],
    timeline: {
      caseSubmittedAt: (facts?.submittedAt ?? row.review.createdAt).toISOString(),
      caseAcceptedAt: iso(facts?.acceptedAt),
      engagedAt: iso(facts?.engagedAt),
      reviewWrittenAt: row.review.createdAt.toISOString(),
      clientAccountCreatedAt: iso(facts?.clientCreatedAt),
      lawyerAccountCreatedAt: iso(lawyerAccount?.createdAt),
    },
    lawyerId: row.review.lawyerId,
    lawyerName: row.lawyerName,
    caseId: row.review.caseId,
    updatedAt: row.review.updatedAt.toISOString(),
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason as ReviewReportReason,
      details: r.details,
      contactDetails: findContactDetails(r.details),
      status: r.status as "open" | "resolved",
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Review `reviewId` for the back office (ReviewService.moderation), or null. @throws ForbiddenError not staff */
export async function reviewForModeration(
  deps: Pick<ReviewDeps, "db">,
  input: { actor: PublicUser; reviewId: string },
): Promise<ModeratedReview | null> {
  if (!isStaffRole(input.actor.role)) throw new ForbiddenError(REVIEW_MESSAGES.notStaff);
  return moderatedReview(deps, input.reviewId);
}

/**
 * A moderator's decision on review `reviewId` (ReviewService.decide): publish (pending, or a
 * reported published review: keeps it), reject (pending) or remove (published), with a policy
 * reason for the last two; counted under 'staff-write'. Locks the review, resolves its open
 * reports, audits (review.published / review.rejected / review.removed, with `meta.ip`) and
 * recomputes the rating, all in one transaction. Answers the review as the back office shows it.
 * @throws ForbiddenError not staff, NotFoundError, ConflictError not possible in its state, ValidationError, RateLimitedError
 */
export async function decideReview(
  deps: ReviewDeps,
  input: { actor: PublicUser; reviewId: string; body: unknown; meta: { ip: string } },
): Promise<ModeratedReview> {
  const { db, clock } = deps;
  const { actor, reviewId, meta } = input;
  if (!isStaffRole(actor.role)) throw new ForbiddenError(REVIEW_MESSAGES.notStaff);
  const role = actor.role;
  if (!isUuid(reviewId)) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  const parsed = ReviewDecisionSchema.safeParse(input.body);
  if (!parsed.success) throw invalidReview(parsed.error);
  const decision = parsed.data;
  await limitReviewAction(deps, actor.id, "staff-write");
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(reviews)
      .where(eq(reviews.id, reviewId.toLowerCase()))
      .for("update");
    if (!current) throw new NotFoundError(REVIEW_MESSAGES.notFound);
    const openReports = await tx
      .select({ id: reviewReports.id })
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, current.id), eq(reviewReports.status, "open")));
    const from = current.status as ReviewStatus;
    const to: ReviewStatus =
      decision.decision === "publish" ? "published" : decision.decision === "reject" ? "rejected" : "removed";
    const allowed =
      (decision.decision === "publish" &&
        (from === "pending" || (from === "published" && openReports.length > 0))) ||
      (decision.decision === "reject" && from === "pending") ||
      (decision.decision === "remove" && from === "published");
    if (!allowed) throw new ConflictError(REVIEW_MESSAGES.transition);
    const reason = decision.decision === "publish" ? null : decision.reason;
    await tx
      .update(reviews)
      .set({ status: to, moderationReason: reason, moderatedAt: now, moderatedBy: actor.id, updatedAt: now })
      .where(eq(reviews.id, current.id));
    if (openReports.length > 0)
      await tx
        .update(reviewReports)
        .set({ status: "resolved", resolvedAt: now })
        .where(
          inArray(
            reviewReports.id,
            openReports.map((r) => r.id),
          ),
        );
    await recordAudit(tx, {
      actor: { userId: actor.id, role },
      action:
        to === "published" ? "review.published" : to === "rejected" ? "review.rejected" : "review.removed",
      subjectType: "review",
      subjectId: current.id,
      before: { status: from, lawyerId: current.lawyerId },
      after: { status: to, resolvedReports: openReports.length },
      reason,
      ip: meta.ip,
      at: now,
    });
    await recomputeRating(tx, current.lawyerId);
  });
  invalidateSearchCaches(db);
  const view = await moderatedReview(deps, reviewId);
  if (!view) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  return view;
}
