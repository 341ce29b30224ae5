/**
 * Engagement-verified reviews (issue 16 §1): the rules every part shares — the review service
 * (server/reviews), the case page's form, the moderator queue and the /reviews-policy page, which
 * states these same numbers so the page and the code cannot drift. Sources: FTC 16 CFR 465 (fake
 * or suppressed reviews), EU Omnibus Directive 2019/2161 (say whether and how reviews are
 * verified), UK DMCC Act 2024 (proactive steps against fake reviews); see
 * ../shared/research/trust-and-regulation.md.
 */

/** Days after the lawyer marks a case engaged before its client may review (issue 16 §1). */
export const REVIEW_MIN_DAYS_AFTER_ENGAGEMENT = 14;
/** Days after writing during which the client may edit the review (issue 16 §1). */
export const REVIEW_EDIT_DAYS = 30;
/** Lowest and highest star rating, overall and per aspect. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** The three aspects rated besides the overall rating (issue 16 §1). */
export const REVIEW_ASPECTS = ["communication", "responsiveness", "outcome"] as const;
/** One of REVIEW_ASPECTS. */
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];
/** Bounds of a review's title and text, in characters. */
export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MIN = 30;
export const REVIEW_TEXT_MAX = 3_000;
/** Longest lawyer reply, in characters (one public reply per review). */
export const REVIEW_REPLY_MAX = 1_500;

/**
 * A review's states: `pending` while held for moderation (personal data of a third party was
 * detected; a lawyer's report does not hold a published review, it only queues it: FTC 16 CFR
 * 465.7 review suppression), `published`, `rejected` (never shown; a policy reason) or
 * `removed` (taken down after publication; a policy reason). A negative rating is never a reason.
 */
export const REVIEW_STATUSES = ["pending", "published", "rejected", "removed"] as const;
/** One of REVIEW_STATUSES. */
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * The published policy's reasons for rejecting or removing a review (issue 16 §1 "what is removed
 * and why"); /reviews-policy lists each with its explanation. Being negative is not one of them.
 */
export const REVIEW_REMOVAL_REASONS = [
  "not_genuine",
  "conflict_of_interest",
  "third_party_personal_data",
  "offensive",
  "off_topic",
  "confidential_information",
  "advertising_or_links",
] as const;
/** One of REVIEW_REMOVAL_REASONS. */
export type ReviewRemovalReason = (typeof REVIEW_REMOVAL_REASONS)[number];

/** Why a lawyer reports a review (goes to the moderator queue). */
export const REVIEW_REPORT_REASONS = REVIEW_REMOVAL_REASONS;

/** Sorts of GET /api/lawyers/{id}/reviews (`sort=`): newest first (default), highest or lowest rating. */
export const REVIEW_SORTS = ["newest", "rating_desc", "rating_asc"] as const;
/** One of REVIEW_SORTS. */
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/** Default and largest page size of the reviews list. */
export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_PAGE_SIZE_MAX = 50;

/**
 * The first instant a client may review an engagement that started at `engagedAt`: engagedAt +
 * REVIEW_MIN_DAYS_AFTER_ENGAGEMENT days (issue 16 §1). Reviewing is allowed at exactly that instant.
 */
export function reviewOpensAt(engagedAt: Date): Date {
  return new Date(engagedAt.getTime() + REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * 86_400_000);
}

/** The last instant a review written at `createdAt` may still be edited (createdAt + REVIEW_EDIT_DAYS days, inclusive). */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * 86_400_000);
}

/** One of REVIEW_REPORT_REASONS. */
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

/**
 * The overall rating from which a published review counts as a satisfied client (issue 16 §1:
 * the about page's "client satisfaction" is the share of published reviews rated this or more,
 * server/site/stats.ts; 4 = "4 or 5 stars").
 */
export const SATISFIED_RATING = 4;

/**
 * The period of the premium analytics' review trend (issue 16 §3 "Lawyer analytics (premium) add
 * ... review figures"): published reviews written in the last this many days, against the same
 * number of days before them (server/analytics/reviews.ts).
 */
export const REVIEW_ANALYTICS_PERIOD_DAYS = 90;
