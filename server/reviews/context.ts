/**
 * What every use case of the reviews domain (issue 16 §1 "Engagement-verified reviews") is given,
 * and what they share: the texts of its errors, a review row as the public and the author's
 * contract, the one way a failed parse becomes a 400, and the write limit with its own 429.
 */
import { msg } from "../../lib/i18n/message.ts";
import { nullRecord } from "../../lib/input-boundary.ts";
import { REVIEW_EDIT_DAYS, type ReviewStatus, reviewEditableUntil } from "../../lib/reviews.ts";
import { zodIssueMessage } from "../../lib/zod-issue-message.ts";
import type { CaseViewer } from "../cases/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import type { reviews } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { consumeLimit, type RateLimits } from "../security/rate-limit.ts";
import type { OwnReview, PublicReview } from "./service.ts";
import type { ReviewSignals } from "./signals.ts";

/** Texts of the review errors (catalog namespace "errors", reviews.*). */
export const REVIEW_MESSAGES = {
  notFound: msg("errors:reviews.notFound"),
  clientOnly: msg("errors:reviews.clientOnly"),
  notEngaged: msg("errors:reviews.notEngaged"),
  exists: msg("errors:reviews.exists"),
  noReview: msg("errors:reviews.noReview"),
  editClosed: msg("errors:reviews.editClosed", { days: REVIEW_EDIT_DAYS }),
  moderated: msg("errors:reviews.moderated"),
  replied: msg("errors:reviews.replied"),
  reported: msg("errors:reviews.reported"),
  notStaff: msg("errors:reviews.notStaff"),
  transition: msg("errors:reviews.transition"),
  tooMany: msg("errors:reviews.tooMany"),
} as const;

/** The "before engagement + 14 days" message, with the first day as YYYY-MM-DD. */
export const tooEarlyMessage = (opensAt: Date) =>
  msg("errors:reviews.tooEarly", { date: opensAt.toISOString().slice(0, 10) });

/**
 * What the review use cases need: the database, clock, rate limits, the review signals (issue 27
 * §2, signals.ts) and the cases service's party check.
 */
export interface ReviewDeps {
  db: Db;
  clock: Clock;
  rateLimits: RateLimits;
  signals: ReviewSignals;
  /** The viewer's party of case `id` (server/cases access), null for anyone else. */
  caseAccess(id: string, viewer: CaseViewer): Promise<"client" | "lawyer" | null>;
}

/** A row of `reviews`. */
export type ReviewRow = typeof reviews.$inferSelect;

/** A review row as the public contract (engagedOn as "YYYY-MM"). */
export function publicReview(r: ReviewRow): PublicReview {
  return {
    id: r.id,
    rating: r.rating,
    ratings: { communication: r.communication, responsiveness: r.responsiveness, outcome: r.outcome },
    title: r.title,
    text: r.text,
    verifiedEngagement: { engagedOn: String(r.engagedOn).slice(0, 7) },
    reply: r.reply && r.repliedAt ? { text: r.reply, repliedAt: r.repliedAt.toISOString() } : null,
    createdAt: r.createdAt.toISOString(),
    demo: r.demo,
  };
}

/**
 * A review row as its author sees it: the public fields, its state, and until when (ISO 8601,
 * REVIEW_EDIT_DAYS after writing) and whether now (`clock`) it may still be edited.
 */
export function ownReview(deps: Pick<ReviewDeps, "clock">, r: ReviewRow): OwnReview {
  const until = reviewEditableUntil(r.createdAt);
  return {
    ...publicReview(r),
    status: r.status as ReviewStatus,
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: until.toISOString(),
    editable: deps.clock.now() <= until && (r.status === "published" || r.status === "pending"),
  };
}

/** The zod issues of a failed parse as one ValidationError per field (e.g. `ratings.outcome`), the first as its message. */
export function invalidReview(error: {
  issues: { path: PropertyKey[]; message: string; code: string }[];
}): ValidationError {
  const fields = nullRecord<string[]>();
  for (const issue of error.issues) {
    const name = issue.path.map(String).join(".") || "body";
    // biome-ignore lint/suspicious/noExplicitAny: zod's issue union
    const text = zodIssueMessage(issue as any);
    if (!fields[name]) fields[name] = [text];
  }
  const first = Object.values(fields)[0]?.[0] ?? msg("validation:review.text");
  return new ValidationError(first, fields);
}

/**
 * Counts `key` against rate limit `name` ('review-write' for reviews, replies and reports;
 * 'staff-write' for decisions); past it, RateLimitedError with the reviews' message.
 */
export async function limitReviewAction(
  deps: Pick<ReviewDeps, "rateLimits">,
  key: string,
  name: "review-write" | "staff-write" = "review-write",
): Promise<void> {
  await consumeLimit(deps.rateLimits, name, key, REVIEW_MESSAGES.tooMany);
}
