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
 */
import { and, asc, count, desc, eq, exists, inArray, sql } from "drizzle-orm";
import { isStaffRole, type PublicUser } from "../../lib/account.ts";
import { findContactDetails, hasContactData } from "../../lib/contact-details.ts";
import { msg } from "../../lib/i18n/message.ts";
import { isUuid } from "../../lib/ids.ts";
import { nullRecord } from "../../lib/input-boundary.ts";
import {
  REPLY_CONTACT_MESSAGE,
  ReviewDecisionSchema,
  ReviewInputSchema,
  ReviewReplySchema,
  ReviewReportSchema,
} from "../../lib/review-input.ts";
import {
  REVIEW_EDIT_DAYS,
  REVIEW_PAGE_SIZE,
  REVIEW_PAGE_SIZE_MAX,
  type ReviewHoldReason,
  type ReviewReportReason,
  type ReviewSort,
  type ReviewStatus,
  reviewEditableUntil,
  reviewOpensAt,
} from "../../lib/reviews.ts";
import { zodIssueMessage } from "../../lib/zod-issue-message.ts";
import { recordAudit } from "../audit/index.ts";
import type { CaseViewer } from "../cases/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { cases, lawyers, reviewReports, reviews, users } from "../db/schema.ts";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from "../errors.ts";
import { invalidateSearchCaches } from "../search/index.ts";
import type { DeviceHandle } from "../security/device-cookie.ts";
import type { RateLimits } from "../security/rate-limit.ts";
import type { QueueItem } from "../staff/service.ts";
import { recomputeRating } from "./recompute.ts";
import type {
  ModeratedReview,
  OwnReview,
  PublicReview,
  ReviewEligibility,
  ReviewService,
  ReviewSummary,
} from "./service.ts";
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
 * What the review service needs: the database, clock, rate limits, the review signals (issue 27
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

type ReviewRow = typeof reviews.$inferSelect;

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

/** The first zod issue of a failed parse as a ValidationError on its field (e.g. `ratings.outcome`). */
function invalid(error: {
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

/** Creates the review service over `deps` (wired in server/services.ts). */
export function createReviewService(deps: ReviewDeps): ReviewService {
  const { db, clock, rateLimits, caseAccess, signals } = deps;

  async function limit(key: string) {
    try {
      await rateLimits.consume("review-write", key);
    } catch (err) {
      if (err instanceof RateLimitedError)
        throw new RateLimitedError(REVIEW_MESSAGES.tooMany, err.retryAfterSeconds);
      throw err;
    }
  }

  const caseRow = async (id: string) => {
    if (!isUuid(id)) return null;
    const [row] = await db
      .select({
        id: cases.id,
        lawyerId: cases.lawyerId,
        userId: cases.userId,
        engagedAt: cases.engagedAt,
        countryCode: lawyers.countryCode,
      })
      .from(cases)
      .innerJoin(lawyers, eq(lawyers.id, cases.lawyerId))
      .where(eq(cases.id, id.toLowerCase()));
    return row ?? null;
  };

  const reviewOfCase = async (caseId: string) => {
    const [row] = await db.select().from(reviews).where(eq(reviews.caseId, caseId));
    return row ?? null;
  };

  const own = (r: ReviewRow): OwnReview => {
    const until = reviewEditableUntil(r.createdAt);
    return {
      ...publicReview(r),
      status: r.status as ReviewStatus,
      updatedAt: r.updatedAt.toISOString(),
      editableUntil: until.toISOString(),
      editable: clock.now() <= until && (r.status === "published" || r.status === "pending"),
    };
  };

  /** The case, checked for the client's write: 404 stranger, 403 lawyer / not engaged / too early. */
  async function clientCase(caseId: string, viewer: CaseViewer) {
    const role = await caseAccess(caseId, viewer);
    const row = role ? await caseRow(caseId) : null;
    if (!role || !row) throw new NotFoundError(msg("errors:cases.notFound"));
    if (role !== "client") throw new ForbiddenError(REVIEW_MESSAGES.clientOnly);
    if (!row.engagedAt) throw new ForbiddenError(REVIEW_MESSAGES.notEngaged);
    const opensAt = reviewOpensAt(row.engagedAt);
    if (clock.now() < opensAt) throw new ForbiddenError(tooEarlyMessage(opensAt));
    return { ...row, engagedAt: row.engagedAt };
  }

  function parseInput(body: unknown, countryCode: string) {
    const parsed = ReviewInputSchema.safeParse(body);
    if (!parsed.success) throw invalid(parsed.error);
    const input = parsed.data;
    const held = hasContactData(`${input.title}\n${input.text}`, countryCode);
    return { input, held };
  }

  /** Records a review write's signal (issue 27 §2); answers its network's hash, if any. */
  async function recordWrite(
    review: { caseId: string; authorUserId: string | null },
    fingerprint: { ip: string; device: DeviceHandle | null },
  ): Promise<string | null> {
    const hashes = await signals.record(
      { kind: "review_written", userId: review.authorUserId, caseId: review.caseId },
      fingerprint,
    );
    return hashes?.networkHash ?? null;
  }

  /**
   * Every reason to hold a review (issue 27 §2): contact details (issue 16 §1), then the signals
   * that tie the client to the lawyer, less `cleared` (those a moderator saw when publishing it).
   * Runs in the write's transaction `tx`.
   */
  async function holdReasons(
    tx: Parameters<ReviewSignals["holdReasons"]>[0],
    review: {
      caseId: string;
      authorUserId: string | null;
      networkHash: string | null;
      contact: boolean;
      cleared: readonly string[];
    },
  ): Promise<ReviewHoldReason[]> {
    const found = await signals.holdReasons(tx, review);
    return [
      ...(review.contact ? (["contact_details"] as const) : []),
      ...found.filter((r) => !review.cleared.includes(r)),
    ];
  }

  /**
   * The stored columns of a written or edited review: its ratings and words, published at once
   * unless something holds it for a moderator (`reasons`: contact data, issue 16 §1; signals,
   * issue 27 §2). `moderationReason` keeps the policy reason of contact data.
   */
  function contentOf(input: ReturnType<typeof parseInput>["input"], reasons: ReviewHoldReason[]) {
    return {
      rating: input.rating,
      communication: input.ratings.communication,
      responsiveness: input.ratings.responsiveness,
      outcome: input.ratings.outcome,
      title: input.title,
      text: input.text,
      status: reasons.length > 0 ? ("pending" as const) : ("published" as const),
      moderationReason: reasons.includes("contact_details") ? ("third_party_personal_data" as const) : null,
      holdReasons: reasons,
    };
  }

  /** The author of a review written by `viewer` on the case of client `clientUserId` (null: by case link). */
  const authorOf = (viewer: CaseViewer, clientUserId: string | null) =>
    viewer.user && viewer.user.id === clientUserId ? viewer.user.id : null;

  const afterRatingChange = () => invalidateSearchCaches(db);

  async function lawyerReview(reviewId: string, user: PublicUser) {
    if (!isUuid(reviewId) || user.role !== "lawyer" || user.lawyerId === null) return null;
    const [row] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId.toLowerCase()), eq(reviews.lawyerId, user.lawyerId)));
    return row && row.status === "published" ? row : null;
  }

  async function openReportBy(reviewId: string, userId: string) {
    const [row] = await db
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

  async function moderated(id: string): Promise<ModeratedReview | null> {
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

  return {
    async eligibility(caseId, viewer): Promise<ReviewEligibility | null> {
      const role = await caseAccess(caseId, viewer);
      const row = role ? await caseRow(caseId) : null;
      if (!role || !row) return null;
      const engagedAt = row.engagedAt?.toISOString() ?? null;
      const opensAt = row.engagedAt ? reviewOpensAt(row.engagedAt) : null;
      const existing = await reviewOfCase(row.id);
      // The lawyer sees only a published review: a held one may carry someone's contact data.
      const visible = existing && (role === "client" || existing.status === "published") ? existing : null;
      const review = visible ? own(visible) : null;
      const state: ReviewEligibility["state"] =
        role === "lawyer"
          ? "lawyer"
          : existing
            ? "reviewed"
            : !opensAt
              ? "not_engaged"
              : clock.now() < opensAt
                ? "too_early"
                : "open";
      return { state, engagedAt, opensAt: opensAt?.toISOString() ?? null, review };
    },

    async create(caseId, viewer, body, ip, device = null) {
      const row = await clientCase(caseId, viewer);
      if (await reviewOfCase(row.id)) throw new ConflictError(REVIEW_MESSAGES.exists);
      const { input, held } = parseInput(body, row.countryCode);
      await limit(ip);
      const now = clock.now();
      const authorUserId = authorOf(viewer, row.userId);
      const networkHash = await recordWrite({ caseId: row.id, authorUserId }, { ip, device });
      const inserted = await db.transaction(async (tx) => {
        const reasons = await holdReasons(tx, {
          caseId: row.id,
          authorUserId,
          networkHash,
          contact: held,
          cleared: [],
        });
        const [created] = await tx
          .insert(reviews)
          .values({
            caseId: row.id,
            lawyerId: row.lawyerId,
            authorUserId,
            ...contentOf(input, reasons),
            engagedOn: row.engagedAt.toISOString().slice(0, 10),
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: reviews.caseId })
          .returning();
        if (!created) throw new ConflictError(REVIEW_MESSAGES.exists);
        await recomputeRating(tx, row.lawyerId);
        return created;
      });
      afterRatingChange();
      return own(inserted);
    },

    async update(caseId, viewer, body, ip, device = null) {
      const row = await clientCase(caseId, viewer);
      const existing = await reviewOfCase(row.id);
      if (!existing) throw new NotFoundError(REVIEW_MESSAGES.noReview);
      if (existing.status === "rejected" || existing.status === "removed")
        throw new ConflictError(REVIEW_MESSAGES.moderated);
      if (clock.now() > reviewEditableUntil(existing.createdAt))
        throw new ConflictError(REVIEW_MESSAGES.editClosed);
      const { input, held } = parseInput(body, row.countryCode);
      await limit(ip);
      const now = clock.now();
      // A signal the moderator saw when publishing it holds it no more (issue 27 §2).
      const cleared = existing.status === "published" && existing.moderatedAt ? existing.holdReasons : [];
      const authorUserId = authorOf(viewer, row.userId);
      const networkHash = await recordWrite({ caseId: row.id, authorUserId }, { ip, device });
      const updated = await db.transaction(async (tx) => {
        const reasons = await holdReasons(tx, {
          caseId: row.id,
          authorUserId,
          networkHash,
          contact: held,
          cleared,
        });
        const [changed] = await tx
          .update(reviews)
          .set({
            ...contentOf(input, reasons),
            updatedAt: now,
          })
          .where(eq(reviews.id, existing.id))
          .returning();
        if (!changed) throw new NotFoundError(REVIEW_MESSAGES.noReview);
        await recomputeRating(tx, row.lawyerId);
        return changed;
      });
      afterRatingChange();
      return own(updated);
    },

    async listPublished(lawyerId, query) {
      const pageSize = Math.min(
        Math.max(1, Math.trunc(query.pageSize ?? REVIEW_PAGE_SIZE)),
        REVIEW_PAGE_SIZE_MAX,
      );
      const page = Math.max(1, Math.trunc(query.page ?? 1));
      const sort: ReviewSort = query.sort ?? "newest";
      const where = and(
        eq(reviews.lawyerId, lawyerId),
        eq(reviews.status, "published"),
        exists(
          db
            .select({ one: sql`1` })
            .from(lawyers)
            .where(and(eq(lawyers.id, reviews.lawyerId), eq(lawyers.hidden, false))),
        ),
      );
      const order =
        sort === "rating_desc"
          ? [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
          : sort === "rating_asc"
            ? [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
            : [desc(reviews.createdAt), desc(reviews.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      return { items: rows.map(publicReview), total: total?.n ?? 0, page, pageSize };
    },

    async summary(lawyerId): Promise<ReviewSummary> {
      const rows = await db
        .select({ rating: reviews.rating, n: count() })
        .from(reviews)
        .where(and(eq(reviews.lawyerId, lawyerId), eq(reviews.status, "published")))
        .groupBy(reviews.rating);
      const distribution: ReviewSummary["distribution"] = [0, 0, 0, 0, 0];
      let sum = 0;
      let n = 0;
      for (const r of rows) {
        distribution[r.rating - 1] = r.n;
        sum += r.rating * r.n;
        n += r.n;
      }
      return { average: n ? Math.round((sum / n) * 100) / 100 : 0, count: n, distribution };
    },

    async forLawyer(user) {
      if (user.role !== "lawyer" || user.lawyerId === null) return [];
      const rows = await db
        .select({
          review: reviews,
          reported: sql<boolean>`exists (select 1 from review_reports rr where rr.review_id = ${reviews.id} and rr.reporter_user_id = ${user.id} and rr.status = 'open')`,
        })
        .from(reviews)
        .where(and(eq(reviews.lawyerId, user.lawyerId), eq(reviews.status, "published")))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(500);
      return rows.map((r) => ({
        ...publicReview(r.review),
        status: "published",
        reported: Boolean(r.reported),
      }));
    },

    async reply(reviewId, user, body) {
      const row = await lawyerReview(reviewId, user);
      if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
      if (row.reply !== null) throw new ConflictError(REVIEW_MESSAGES.replied);
      const parsed = ReviewReplySchema.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      const [listing] = await db
        .select({ countryCode: lawyers.countryCode })
        .from(lawyers)
        .where(eq(lawyers.id, row.lawyerId));
      if (hasContactData(parsed.data.reply, listing?.countryCode))
        throw new ValidationError(REPLY_CONTACT_MESSAGE, { reply: [REPLY_CONTACT_MESSAGE] });
      await limit(`user:${user.id}`);
      const now = clock.now();
      const [changed] = await db
        .update(reviews)
        .set({ reply: parsed.data.reply, repliedAt: now })
        .where(and(eq(reviews.id, row.id), sql`${reviews.reply} IS NULL`))
        .returning();
      if (!changed) throw new ConflictError(REVIEW_MESSAGES.replied);
      return { ...publicReview(changed), status: "published", reported: await openReportBy(row.id, user.id) };
    },

    async report(reviewId, user, body) {
      const row = await lawyerReview(reviewId, user);
      if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
      if (await openReportBy(row.id, user.id)) throw new ConflictError(REVIEW_MESSAGES.reported);
      const parsed = ReviewReportSchema.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      await limit(`user:${user.id}`);
      await db.insert(reviewReports).values({
        reviewId: row.id,
        reporterUserId: user.id,
        reason: parsed.data.reason,
        details: parsed.data.details,
        createdAt: clock.now(),
      });
    },

    async queue(max) {
      const reported = db
        .select({ one: sql`1` })
        .from(reviewReports)
        .where(and(eq(reviewReports.reviewId, reviews.id), eq(reviewReports.status, "open")));
      // In the queue since its first open report, else since it was held (its last write).
      const since = sql<Date>`coalesce((select min(rr.created_at) from review_reports rr where rr.review_id = ${reviews.id} and rr.status = 'open'), ${reviews.updatedAt})`;
      const rows = await db
        .select({
          id: reviews.id,
          lawyerId: reviews.lawyerId,
          name: lawyers.name,
          title: reviews.title,
          since,
        })
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
    },

    async moderation(actor, reviewId) {
      if (!isStaffRole(actor.role)) throw new ForbiddenError(REVIEW_MESSAGES.notStaff);
      return moderated(reviewId);
    },

    async decide(actor, reviewId, body, meta) {
      if (!isStaffRole(actor.role)) throw new ForbiddenError(REVIEW_MESSAGES.notStaff);
      const role = actor.role;
      if (!isUuid(reviewId)) throw new NotFoundError(REVIEW_MESSAGES.notFound);
      const parsed = ReviewDecisionSchema.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      const decision = parsed.data;
      try {
        await rateLimits.consume("staff-write", actor.id);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new RateLimitedError(REVIEW_MESSAGES.tooMany, err.retryAfterSeconds);
        throw err;
      }
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
          decision.decision === "publish"
            ? "published"
            : decision.decision === "reject"
              ? "rejected"
              : "removed";
        const allowed =
          (decision.decision === "publish" &&
            (from === "pending" || (from === "published" && openReports.length > 0))) ||
          (decision.decision === "reject" && from === "pending") ||
          (decision.decision === "remove" && from === "published");
        if (!allowed) throw new ConflictError(REVIEW_MESSAGES.transition);
        const reason = decision.decision === "publish" ? null : decision.reason;
        await tx
          .update(reviews)
          .set({
            status: to,
            moderationReason: reason,
            moderatedAt: now,
            moderatedBy: actor.id,
            updatedAt: now,
          })
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
            to === "published"
              ? "review.published"
              : to === "rejected"
                ? "review.rejected"
                : "review.removed",
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
      afterRatingChange();
      const view = await moderated(reviewId);
      if (!view) throw new NotFoundError(REVIEW_MESSAGES.notFound);
      return view;
    },
  };
}
