/**
 * Reading published reviews (issue 16 §1; "Names the API uses"): a listing's page of them, their
 * figures, and the lawyer's own list on the dashboard. Only published reviews count and show.
 */
import { and, asc, count, desc, eq, exists, sql } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { isLawyerId } from "../../lib/ids.ts";
import { REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE_MAX, type ReviewSort } from "../../lib/reviews.ts";
import { lawyers, reviews } from "../db/schema.ts";
import { GoneError, NotFoundError } from "../errors.ts";
import { publicReview, type ReviewDeps } from "./context.ts";
import type { LawyerReview, ReviewPage, ReviewSummary } from "./service.ts";

/** A page request: 1-based `page`, `pageSize` (REVIEW_PAGE_SIZE, at most REVIEW_PAGE_SIZE_MAX) and `sort`. */
export interface ReviewPageQuery {
  page?: number;
  pageSize?: number;
  sort?: ReviewSort;
}

/**
 * Published reviews of listing `lawyerId`, sorted (newest, rating_desc, rating_asc; ties newest
 * first), paged (page and size clamped to their bounds); an unknown or hidden listing has none.
 */
export async function listPublishedReviews(
  deps: Pick<ReviewDeps, "db">,
  input: { lawyerId: number; query: ReviewPageQuery },
): Promise<ReviewPage> {
  const { db } = deps;
  const { lawyerId, query } = input;
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
}

/**
 * The published reviews of the listing whose id is the path text `id` (GET
 * /api/lawyers/{id}/reviews): a page as listPublishedReviews.
 * @throws NotFoundError no listing with this canonical id (e.g. "042" or "0" are none), GoneError a moderator hid it (issue 15 §3)
 */
export async function listingReviewPage(
  deps: Pick<ReviewDeps, "db">,
  input: { id: string; query: ReviewPageQuery },
): Promise<ReviewPage> {
  const { id } = input;
  const canonical = /^[1-9]\d{0,9}$/.test(id) && isLawyerId(Number(id));
  const [listing] = canonical
    ? await deps.db
        .select({ hidden: lawyers.hidden })
        .from(lawyers)
        .where(eq(lawyers.id, Number(id)))
    : [];
  if (!listing) throw new NotFoundError(msg("errors:lawyers.notFound", { id }));
  if (listing.hidden) throw new GoneError(msg("errors:lawyers.hidden", { id }));
  return listPublishedReviews(deps, { lawyerId: Number(id), query: input.query });
}

/** Average (2 decimals, 0 when none), count and per-star distribution of listing `lawyerId`'s published reviews. */
export async function reviewSummary(deps: Pick<ReviewDeps, "db">, lawyerId: number): Promise<ReviewSummary> {
  const rows = await deps.db
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
}

/** The published reviews of the signed-in lawyer's listing, newest first, at most 500, each with whether they reported it ([] for anyone else). */
export async function reviewsForLawyer(
  deps: Pick<ReviewDeps, "db">,
  user: PublicUser,
): Promise<LawyerReview[]> {
  if (user.role !== "lawyer" || user.lawyerId === null) return [];
  const rows = await deps.db
    .select({
      review: reviews,
      reported: sql<boolean>`exists (select 1 from review_reports rr where rr.review_id = ${reviews.id} and rr.reporter_user_id = ${user.id} and rr.status = 'open')`,
    })
    .from(reviews)
    .where(and(eq(reviews.lawyerId, user.lawyerId), eq(reviews.status, "published")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(500);
  return rows.map((r) => ({ ...publicReview(r.review), status: "published", reported: Boolean(r.reported) }));
}
