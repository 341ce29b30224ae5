/**
 * Engagement-verified reviews (issue 16 §1): createReviewService over the process's deps. Only the
 * client of a case its lawyer marked engaged may review, from engagement + 14 days
 * (REVIEW_MIN_DAYS_AFTER_ENGAGEMENT, on the injectable clock), once per engagement (unique
 * case_id), editable for REVIEW_EDIT_DAYS. A review with third parties' contact data is held
 * `pending`; links are refused. The lawyer replies once and reports; a report never hides a
 * review (FTC 16 CFR 465.7: no suppression of negative reviews). Moderators publish, reject or
 * remove with a policy reason (lib/reviews.ts REVIEW_REMOVAL_REASONS), audited (server/audit).
 * Every change of a review's published state recomputes the listing's rating cache
 * (recompute.ts) in the same transaction. Sources: FTC 16 CFR 465, EU Omnibus Directive
 * 2019/2161 (say how reviews are verified), UK DMCC Act 2024 (proactive steps against fakes).
 *
 * Each use case is its own module, an exported function taking (deps, input): write-review.ts
 * (eligibility, create, update), reply.ts (reply, report), read-reviews.ts (the public pages, the
 * figures, the lawyer's list), moderate-review.ts (queue, moderation view, decision); context.ts
 * holds ReviewDeps and what they share. This file only binds them to their dependencies.
 */
import type { ReviewDeps } from "./context.ts";
import { decideReview, reviewForModeration, reviewQueue } from "./moderate-review.ts";
import { listingReviewPage, listPublishedReviews, reviewSummary, reviewsForLawyer } from "./read-reviews.ts";
import { replyToReview, reportReview } from "./reply.ts";
import type { ReviewService } from "./service.ts";
import { createReview, reviewEligibility, updateReview } from "./write-review.ts";

/** Creates the review service over `deps` (wired in server/services.ts). */
export function createReviewService(deps: ReviewDeps): ReviewService {
  return {
    eligibility: (caseId, viewer) => reviewEligibility(deps, { caseId, viewer }),
    create: (caseId, viewer, body, ip, device = null) =>
      createReview(deps, { caseId, viewer, body, ip, device }),
    update: (caseId, viewer, body, ip, device = null) =>
      updateReview(deps, { caseId, viewer, body, ip, device }),
    listPublished: (lawyerId, query) => listPublishedReviews(deps, { lawyerId, query }),
    listingPage: (id, query) => listingReviewPage(deps, { id, query }),
    summary: (lawyerId) => reviewSummary(deps, lawyerId),
    forLawyer: (user) => reviewsForLawyer(deps, user),
    reply: (reviewId, user, body) => replyToReview(deps, { reviewId, user, body }),
    report: (reviewId, user, body) => reportReview(deps, { reviewId, user, body }),
    queue: (max) => reviewQueue(deps, max),
    moderation: (actor, reviewId) => reviewForModeration(deps, { actor, reviewId }),
    decide: (actor, reviewId, body, meta) => decideReview(deps, { actor, reviewId, body, meta }),
  };
}
