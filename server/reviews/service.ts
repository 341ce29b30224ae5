/**
 * The review service's contract (issue 16 §1 "Engagement-verified reviews"): a case's client
 * reviews its lawyer after an engagement, the lawyer replies once and reports, moderators decide,
 * and the public reads published reviews. Implemented by server/reviews/index.ts; used by the API
 * (server/api/reviews.ts), the case page, the dashboard, the profile and the back office.
 * Sources: FTC 16 CFR 465, EU Omnibus 2019/2161, UK DMCC Act 2024 (docs/spec-deviations.md).
 */
import type { PublicUser } from "../../lib/account.ts";
import type { ContactDetail } from "../../lib/contact-details.ts";
import type { ReviewHoldReason, ReviewReportReason, ReviewSort, ReviewStatus } from "../../lib/reviews.ts";
import type { CaseViewer } from "../cases/service.ts";
import type { DeviceHandle } from "../security/device-cookie.ts";
import type { QueueProvider } from "../staff/service.ts";

/** One aspect rating per REVIEW_ASPECTS. */
export interface AspectRatings {
  communication: number;
  responsiveness: number;
  outcome: number;
}

/**
 * A published review as GET /api/lawyers/{id}/reviews answers it (the public contract of issue 16
 * "Names the API uses"), plus `demo` (a seed review: the profile says "Demo review"). No name of
 * the client is published (privacy; docs/spec-deviations.md). `engagedOn` is "YYYY-MM".
 */
export interface PublicReview {
  id: string;
  rating: number;
  ratings: AspectRatings;
  title: string;
  text: string;
  verifiedEngagement: { engagedOn: string };
  reply: { text: string; repliedAt: string } | null;
  createdAt: string;
  demo: boolean;
}

/** The client's own review as the case page shows it, with its moderation state and edit deadline. */
export interface OwnReview extends PublicReview {
  status: ReviewStatus;
  updatedAt: string;
  /** Last instant it may be edited (ISO 8601). */
  editableUntil: string;
  editable: boolean;
}

/**
 * Where a case stands for reviewing (the case page's section): `lawyer` (the viewer is the
 * lawyer), `not_engaged` (never marked engaged), `too_early` (before `opensAt`), `open`, or
 * `reviewed` (see `review`).
 */
export interface ReviewEligibility {
  state: "lawyer" | "not_engaged" | "too_early" | "open" | "reviewed";
  engagedAt: string | null;
  opensAt: string | null;
  review: OwnReview | null;
}

/** The figures of a listing's published reviews: average (2 decimals, 0 when none), count, per-star counts (index 0 = 1 star). */
export interface ReviewSummary {
  average: number;
  count: number;
  distribution: [number, number, number, number, number];
}

/** A page of published reviews and the total under no filter (X-Total-Count). */
export interface ReviewPage {
  items: PublicReview[];
  total: number;
  page: number;
  pageSize: number;
}

/** A review on its lawyer's dashboard: public fields and whether the lawyer has an open report on it. */
export interface LawyerReview extends PublicReview {
  status: ReviewStatus;
  reported: boolean;
}

/** One report of a review as the back office shows it. */
export interface ReviewReportView {
  id: string;
  reason: ReviewReportReason;
  details: string;
  /** Links and contact details in `details` (issue 27 §2, lib/contact-details.ts), shown as plain text with a notice. */
  contactDetails: ContactDetail[];
  status: "open" | "resolved";
  createdAt: string;
}

/**
 * The engagement behind a review, for the moderator (issue 27 §2 "the moderator's review screen
 * shows the engagement's timeline"), each ISO 8601 or null when it did not happen or is unknown.
 */
export interface EngagementTimeline {
  caseSubmittedAt: string;
  caseAcceptedAt: string | null;
  engagedAt: string | null;
  reviewWrittenAt: string;
  /** The client's account (the review's author, else the case's account), if any. */
  clientAccountCreatedAt: string | null;
  /** The listing's lawyer account. */
  lawyerAccountCreatedAt: string | null;
}

/** A review as /admin/reviews/:id shows it. */
export interface ModeratedReview extends PublicReview {
  status: ReviewStatus;
  moderationReason: string | null;
  /** Why it was held at its last write (issue 27 §2; empty: published at once). */
  holdReasons: ReviewHoldReason[];
  timeline: EngagementTimeline;
  lawyerId: number;
  lawyerName: string;
  caseId: string;
  updatedAt: string;
  reports: ReviewReportView[];
}

/**
 * A client's write of case `caseId`'s review (create or update): the body, and where it came
 * from, `ip` and `device` (the browser's device cookie, server/security/device-cookie.ts).
 */
export type ReviewWrite = (
  caseId: string,
  viewer: CaseViewer,
  body: unknown,
  ip: string,
  device?: DeviceHandle | null,
) => Promise<OwnReview>;

/** The review service (createReviewService in index.ts). */
export interface ReviewService {
  /**
   * Where case `caseId` stands for reviewing, for a party of it (its lawyer gets the review only
   * once published: a held one may carry someone's contact data); null for anyone else (404).
   */
  eligibility(caseId: string, viewer: CaseViewer): Promise<ReviewEligibility | null>;
  /**
   * The case's client writes the engagement's review: published at once, or held `pending` with
   * its reasons (lib/reviews.ts REVIEW_HOLD_REASONS: contact details, or signals that tie the
   * client to the lawyer, issue 27 §2). Records the request's signal (`ip`, `device`: the
   * browser's device cookie, server/security/device-cookie.ts). Recomputes the listing's rating
   * in the same transaction (a held review does not count).
   * @throws NotFoundError not a party, ForbiddenError the lawyer / not engaged / before engagement + 14 days,
   * ConflictError a review exists, ValidationError bad body or a link, RateLimitedError past 'review-write'
   */
  create: ReviewWrite;
  /**
   * The client edits their review within REVIEW_EDIT_DAYS of writing it (same rules as create;
   * a signal a moderator already saw when publishing it does not hold it again).
   * @throws NotFoundError not a party or no review yet, ForbiddenError the lawyer, ConflictError past the
   * edit period or rejected/removed, ValidationError, RateLimitedError
   */
  update: ReviewWrite;
  /** Published reviews of listing `lawyerId`, sorted (REVIEW_SORTS), paged; an unknown or hidden listing has none. */
  listPublished(
    lawyerId: number,
    query: { page?: number; pageSize?: number; sort?: ReviewSort },
  ): Promise<ReviewPage>;
  /**
   * The published reviews of the listing whose id is the path text `id` (GET
   * /api/lawyers/{id}/reviews), as listPublished.
   * @throws NotFoundError no listing with this canonical id, GoneError a hidden listing (issue 15 §3)
   */
  listingPage(
    id: string,
    query: { page?: number; pageSize?: number; sort?: ReviewSort },
  ): Promise<ReviewPage>;
  /** Average, count and per-star distribution of the listing's published reviews. */
  summary(lawyerId: number): Promise<ReviewSummary>;
  /** The published reviews of the signed-in lawyer's listing, newest first ([] for anyone else). */
  forLawyer(user: PublicUser): Promise<LawyerReview[]>;
  /**
   * The listing's lawyer posts the review's one public reply: no link, no email address or phone
   * number (read in the listing's country; issue 27 §2).
   * @throws NotFoundError not this listing's lawyer or not published, ConflictError replied already, ValidationError, RateLimitedError
   */
  reply(reviewId: string, user: PublicUser, body: unknown): Promise<LawyerReview>;
  /**
   * The listing's lawyer reports a review to the moderators (it stays published until they decide:
   * a report never hides a review by itself, FTC 16 CFR 465.7 review suppression).
   * @throws NotFoundError not this listing's lawyer, ConflictError an open report of theirs exists, ValidationError, RateLimitedError
   */
  report(reviewId: string, user: PublicUser, body: unknown): Promise<void>;
  /** The `reviews` queue: pending reviews and reviews with open reports, oldest first. */
  queue: QueueProvider;
  /** One review for the back office. @throws ForbiddenError not staff */
  moderation(actor: PublicUser, reviewId: string): Promise<ModeratedReview | null>;
  /**
   * A moderator publishes (pending, or a reported published review: keeps it), rejects (pending)
   * or removes (published) a review, with a policy reason for the last two; resolves its open
   * reports, audits (review.published / review.rejected / review.removed) and recomputes the
   * rating, all in one transaction.
   * @throws ForbiddenError not staff, NotFoundError, ConflictError not possible in its state, ValidationError, RateLimitedError
   */
  decide(actor: PublicUser, reviewId: string, body: unknown, meta: { ip: string }): Promise<ModeratedReview>;
}
