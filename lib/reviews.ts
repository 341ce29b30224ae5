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
 * Why a review is held for a moderator instead of publishing at once (issue 27 §2 "Reviews that
 * can't be gamed"; /reviews-policy "Signals that hold a review" lists each). Several may apply;
 * all are stored (reviews.hold_reasons) and shown to the moderator, who publishes or rejects:
 * - `contact_details`: an email address or a phone number in the review (lib/contact-details.ts);
 * - `same_ip`, `same_device`: the client's sign-in, sign-up, case or review came from the same IP
 *   address or browser (device cookie) as a sign-in of the lawyer's account, within
 *   REVIEW_SIGNAL_WINDOW_DAYS of each other;
 * - `firm_email_domain`: the client's email address is at the domain of the listing's email or
 *   website (free-mail providers excepted, lib/free-mail.ts);
 * - `account_after_acceptance`: the client's account was created after the lawyer accepted the case;
 * - `network_volume`: more than REVIEW_NETWORK_MAX reviews of one lawyer within
 *   REVIEW_NETWORK_WINDOW_DAYS came from one network (an IPv4 /24 or an IPv6 /48).
 * None of them is proof of a fake review (shared offices, families, mobile networks): a moderator decides.
 */
export const REVIEW_HOLD_REASONS = [
  "contact_details",
  "same_ip",
  "same_device",
  "firm_email_domain",
  "account_after_acceptance",
  "network_volume",
] as const;
/** One of REVIEW_HOLD_REASONS. */
export type ReviewHoldReason = (typeof REVIEW_HOLD_REASONS)[number];

/** What a stored review signal was (server/db/schema.ts review_signals). */
export const REVIEW_SIGNAL_KINDS = ["sign_up", "sign_in", "case_submitted", "review_written"] as const;
/** One of REVIEW_SIGNAL_KINDS. */
export type ReviewSignalKind = (typeof REVIEW_SIGNAL_KINDS)[number];

/** Days apart within which the client's and the lawyer's sign-ins from one IP or browser hold a review (issue 27 §2). */
export const REVIEW_SIGNAL_WINDOW_DAYS = 30;
/** Reviews of one lawyer from one network within REVIEW_NETWORK_WINDOW_DAYS above which the next is held (issue 27 §2: "N"). */
export const REVIEW_NETWORK_MAX = 2;
/** The period REVIEW_NETWORK_MAX counts over, in days. */
export const REVIEW_NETWORK_WINDOW_DAYS = 30;
/** The network of an address for REVIEW_NETWORK_MAX: an IPv4 /24 (a typical office or home line), an IPv6 /48 (one site). */
export const REVIEW_NETWORK_PREFIX = { ipv4: 24, ipv6: 48 } as const;

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
