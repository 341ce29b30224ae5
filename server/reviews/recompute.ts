/**
 * The one writer of a listing's cached `rating` and `review_count` (issue 16 §1: "the spec's
 * `rating` and `reviewCount` are computed from them"; docs/spec-deviations.md): the average (two
 * decimals) and count of its PUBLISHED reviews. Like server/verification/recompute.ts for
 * `verified`, the columns stay a cache so search can sort and filter on them; the review service
 * calls this in the transaction of every publish, reject, removal and edit, the seed once
 * after its bulk insert, and the import command over the listings it inserted (an import file
 * may not carry ratings: server/seed/import-schema.ts). A listing without published reviews has rating 0 and count 0.
 * Sources: FTC 16 CFR 465 (no suppressed or inflated ratings), EU Omnibus 2019/2161.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** The UPDATE for the lawyers under `where` (a condition on `l`), writing only changed rows. */
function ratingSql(where: SQL): SQL {
  return sql`
    UPDATE lawyers AS t SET rating = s.rating, review_count = s.review_count
    FROM (
      SELECT l.id,
        coalesce(round(avg(r.rating)::numeric, 2), 0) AS rating,
        count(r.id)::int AS review_count
      FROM lawyers AS l
      LEFT JOIN reviews AS r ON r.lawyer_id = l.id AND r.status = 'published'
      WHERE ${where}
      GROUP BY l.id
    ) AS s
    WHERE t.id = s.id AND (t.rating IS DISTINCT FROM s.rating OR t.review_count IS DISTINCT FROM s.review_count)`;
}

/**
 * Recomputes one listing's rating cache from its published reviews (issue 16 §1). Pass the open
 * transaction of the change. The lawyers trigger bumps the search version when a row changes;
 * callers also call invalidateSearchCaches after commit. Throws only database errors.
 */
export async function recomputeRating(db: Pick<Db, "execute">, lawyerId: number): Promise<void> {
  await db.execute(ratingSql(sql`l.id = ${lawyerId}`));
}

/**
 * The same for the listings `ids` (one statement, whatever the count; the ids go as one JSON
 * parameter): the import command runs it over the rows it just inserted, so an imported listing's
 * rating and count come from here too (0 and 0: it has no reviews yet). Throws only database errors.
 */
export async function recomputeRatings(db: Pick<Db, "execute">, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    ratingSql(sql`l.id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)`),
  );
}

/** The same for every listing (the seed after its bulk insert of demo reviews). */
export async function recomputeAllRatings(db: Pick<Db, "execute">): Promise<void> {
  await db.execute(ratingSql(sql`true`));
}
