/**
 * Directory statistics for the about page (spec §1 "Headline figures", §2 "Static pages").
 * The spec's figures (5,500+ professionals, 50+ countries, 10,000+ cases, 98% satisfaction) are
 * the original's marketing claims; we show only what our data supports, computed here by SQL
 * (DESIGN.md §1 "Honest numbers"; docs/spec-deviations.md).
 */
import { sql } from "drizzle-orm";
import { SATISFIED_RATING } from "../../lib/reviews.ts";
import type { Db } from "../db/client.ts";
import { cases, lawyers, reviews } from "../db/schema.ts";
import { logBackgroundError } from "../logger.ts";
import { syncDataVersion } from "../search/cache.ts";

/**
 * Figures about the whole directory: the listing figures from the `lawyers` table (issue 28 §4:
 * only the listings the directory shows, never one a moderator hid, issue 15 §3), the review
 * figures from the PUBLISHED engagement-verified reviews (issue 16 §1: `reviews` with status
 * 'published' on a listing a moderator has not hidden; pending, rejected and removed reviews
 * never count), the case figure from `cases`.
 */
export interface DirectoryStats {
  /** Number of listed lawyers (not hidden). */
  lawyers: number;
  /** Number of distinct countries (by ISO code) with at least one listed lawyer. */
  countries: number;
  /**
   * Number of listed lawyers with the Verified tick (issue 15 §2, issue 28 §4: `lawyers.verified`,
   * the cache of lib/verification.ts licenceStatus — a licence check verified against the
   * regulator's register and not past due), the same set the "Verified only" filter finds.
   */
  verified: number;
  /** Share of verified listings, 0 to 1; 0 when the directory is empty. */
  verifiedShare: number;
  /** Number of listed lawyers that are the seed's fictional demo listings (`lawyers.demo`; issue 28 §4). */
  demo: number;
  /**
   * Mean of the reviewed listings' average ratings (0 to 5, two decimals), each listing's average
   * over its published reviews; null when no listing has one.
   */
  averageRating: number | null;
  /** Number of visible listings with at least one published review (the base of averageRating). */
  ratedLawyers: number;
  /** Number of published reviews on visible listings (issue 16 §1: the about page's review total). */
  reviews: number;
  /**
   * Cases clients have sent to lawyers through LexAtlas (count of the `cases` table; issue 16 §1
   * "10,000+ cases handled" computed from the data). 0 hides the figure.
   */
  cases: number;
  /**
   * Published reviews (as counted in `reviews`) whose overall rating is SATISFIED_RATING or more
   * (issue 16 §1 "98% client satisfaction" computed from the data: the share satisfiedReviews /
   * reviews; the about page omits it when there is no published review).
   */
  satisfiedReviews: number;
}

/** The rating from which a review counts as satisfied (lib/reviews.ts; issue 16 §1: "share of reviews rated 4 or 5"). */
export { SATISFIED_RATING };

/**
 * Computes the directory statistics in one SQL query (the review part aggregates published
 * reviews per listing first, then over listings).
 * @param db the Drizzle handle (PGlite or PostgreSQL)
 * @returns counts and shares as plain numbers (see DirectoryStats for units)
 */
export async function getDirectoryStats(db: Db): Promise<DirectoryStats> {
  const { rows } = await db.execute<{
    lawyers: number;
    countries: number;
    verified: number;
    demo: number;
    average_rating: string | null;
    rated_lawyers: number;
    reviews: number;
    satisfied_reviews: number;
    cases: number;
  }>(sql`
    WITH per_listing AS (
      SELECT r.lawyer_id,
        avg(r.rating) AS average,
        count(*) AS n,
        count(*) FILTER (WHERE r.rating >= ${SATISFIED_RATING}) AS satisfied
      FROM ${reviews} AS r
      JOIN ${lawyers} AS l ON l.id = r.lawyer_id
      WHERE r.status = 'published' AND NOT l.hidden
      GROUP BY r.lawyer_id
    )
    SELECT
      (SELECT count(*) FROM ${lawyers} WHERE NOT hidden)::int AS lawyers,
      (SELECT count(DISTINCT country_code) FROM ${lawyers} WHERE NOT hidden)::int AS countries,
      (SELECT count(*) FROM ${lawyers} WHERE NOT hidden AND verified)::int AS verified,
      (SELECT count(*) FROM ${lawyers} WHERE NOT hidden AND demo)::int AS demo,
      (SELECT round(avg(average)::numeric, 2)::text FROM per_listing) AS average_rating,
      (SELECT count(*) FROM per_listing)::int AS rated_lawyers,
      (SELECT coalesce(sum(n), 0) FROM per_listing)::int AS reviews,
      (SELECT coalesce(sum(satisfied), 0) FROM per_listing)::int AS satisfied_reviews,
      (SELECT count(*) FROM ${cases})::int AS cases`);
  const row = rows[0];
  const total = Number(row?.lawyers ?? 0);
  const verified = Number(row?.verified ?? 0);
  return {
    lawyers: total,
    countries: Number(row?.countries ?? 0),
    verified,
    verifiedShare: total === 0 ? 0 : verified / total,
    demo: Number(row?.demo ?? 0),
    averageRating: row?.average_rating == null ? null : Number(row.average_rating),
    ratedLawyers: Number(row?.rated_lawyers ?? 0),
    reviews: Number(row?.reviews ?? 0),
    cases: Number(row?.cases ?? 0),
    satisfiedReviews: Number(row?.satisfied_reviews ?? 0),
  };
}

/**
 * How long cachedDirectoryStats trusts figures of an unchanged data version, ms of the process's
 * clock: new cases and reviews do not change the data version (only writes to lawyers do), so
 * their counts may lag this long.
 */
export const DIRECTORY_STATS_TTL_MS = 60_000;

interface StatsMemo {
  /** The data version (search_state.version) the figures were computed at; -1 before the first. */
  version: number;
  /** When they were computed, epoch ms of the process's clock. */
  at: number;
  value?: DirectoryStats;
  /** The computation under way, shared by every caller that waits for it. */
  pending?: Promise<DirectoryStats>;
}

const statsMemos = new WeakMap<Db, StatsMemo>();

/** Starts (or joins) one computation of getDirectoryStats for `db`, remembered at `version` and `now`. */
function refreshDirectoryStats(
  db: Db,
  memo: StatsMemo,
  version: number,
  now: number,
): Promise<DirectoryStats> {
  if (memo.pending) return memo.pending;
  const pending = getDirectoryStats(db).then(
    (value) => {
      Object.assign(memo, { version, at: now, value, pending: undefined });
      return value;
    },
    (err: unknown) => {
      memo.pending = undefined;
      throw err;
    },
  );
  memo.pending = pending;
  return pending;
}

/**
 * getDirectoryStats, computed once per data version and at most once per DIRECTORY_STATS_TTL_MS
 * (issue 29 "No page scans the data per request": at 1,000,000 listings the aggregate takes
 * seconds). Per database handle: figures of the current data version (server/search/cache.ts
 * syncDataVersion, one tiny query at most once a second) younger than the TTL answer at once;
 * older ones still answer while one background computation replaces them (its failure is logged
 * and the old figures stay); the first request waits for the first computation, and concurrent
 * callers share it. `now` is epoch ms of the process's clock (server/clock.ts).
 * @throws what getDirectoryStats throws, only when no figures were computed yet
 */
export async function cachedDirectoryStats(db: Db, now: number): Promise<DirectoryStats> {
  const version = await syncDataVersion(db);
  let memo = statsMemos.get(db);
  if (!memo) {
    memo = { version: -1, at: 0 };
    statsMemos.set(db, memo);
  }
  if (!memo.value) return refreshDirectoryStats(db, memo, version, now);
  const fresh = memo.version === version && now >= memo.at && now - memo.at < DIRECTORY_STATS_TTL_MS;
  if (!fresh && !memo.pending)
    refreshDirectoryStats(db, memo, version, now).catch((err: unknown) =>
      logBackgroundError(err, "directory statistics refresh failed"),
    );
  return memo.value;
}

/**
 * Waits for the directory statistics computation under way for `db`, if any (tests; a caller that
 * must see figures of the latest data).
 */
export async function directoryStatsSettled(db: Db): Promise<void> {
  await statsMemos.get(db)?.pending?.catch(() => undefined);
}

/** How long hasDemoListings trusts its last answer (the footer asks on every page). */
export const DEMO_LISTINGS_TTL_MS = 60_000;

const demoAnswers = new WeakMap<Db, { at: number; value: boolean }>();

/**
 * Whether the directory holds any of the seed's fictional listings (`lawyers.demo`), for the
 * footer's line about them (issue 15 §2: "the demo-data notice shows only on demo listings"; a
 * directory of imported or self-registered listings must not call every lawyer fictional).
 * Remembered per database handle for DEMO_LISTINGS_TTL_MS of `now` (epoch ms, the process's clock).
 */
export async function hasDemoListings(db: Db, now: number): Promise<boolean> {
  const known = demoAnswers.get(db);
  if (known && now - known.at < DEMO_LISTINGS_TTL_MS && now >= known.at) return known.value;
  const [row] = await db
    .select({ any: sql<boolean>`exists (select 1 from ${lawyers} where ${lawyers.demo})` })
    .from(sql`(select 1) as one`);
  const value = Boolean(row?.any);
  demoAnswers.set(db, { at: now, value });
  return value;
}

const demoCounts = new WeakMap<Db, { at: number; value: number }>();

/**
 * How many of the directory's listed (not hidden) listings are the seed's fictional demo listings
 * (issue 28 §4: the home page's figures say how many of the listings they count are demo data).
 * Remembered per database handle for DEMO_LISTINGS_TTL_MS of `now` (epoch ms, the process's clock).
 */
export async function demoListingCount(db: Db, now: number): Promise<number> {
  const known = demoCounts.get(db);
  if (known && now - known.at < DEMO_LISTINGS_TTL_MS && now >= known.at) return known.value;
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${lawyers} WHERE demo AND NOT hidden`,
  );
  const value = Number(rows[0]?.n ?? 0);
  demoCounts.set(db, { at: now, value });
  return value;
}
