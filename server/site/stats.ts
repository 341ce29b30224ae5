/**
 * Directory statistics for the about page (spec §1 "Headline figures", §2 "Static pages").
 * The spec's figures (5,500+ professionals, 50+ countries, 10,000+ cases, 98% satisfaction) are
 * the original's marketing claims; we show only what our data supports, computed here by SQL
 * (docs/design.md §1 "Honest numbers"; docs/spec-deviations.md).
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

/**
 * One figure remembered per database handle, stale-while-revalidate (issue 29 "No page scans the
 * data per request"): an answer of the current data version (server/search/cache.ts
 * syncDataVersion, one tiny query at most once a second) younger than `ttlMs` is returned at once;
 * an older one (or one of an earlier version) is still returned at once while ONE background
 * computation replaces it (its failure is logged, the old answer stays); only the very first
 * request of a handle waits, and concurrent callers share that computation. Times are epoch ms of
 * the process's clock (server/clock.ts).
 */
export interface RevalidatingFigure<T> {
  /**
   * The remembered figure for `db` at `now`.
   * @throws what the computation throws, only while no answer was ever computed for `db`
   */
  get(db: Db, now: number): Promise<T>;
  /**
   * As `get`, but while no answer was ever computed for `db` waits at most `waitMs` (ms) for the
   * first computation and answers null when it is still running (it goes on in the background):
   * issue 29 "no request over 1 s", the first figures at 1,000,000 listings take seconds.
   * @throws what the computation throws, only when it fails within `waitMs`
   */
  within(db: Db, now: number, waitMs: number): Promise<T | null>;
  /** Waits for the computation under way for `db`, if any (tests; a caller that needs the latest). */
  settled(db: Db): Promise<void>;
}

interface FigureMemo<T> {
  /** The data version (search_state.version) the answer was computed at; -1 before the first. */
  version: number;
  /** When it was computed, epoch ms of the process's clock. */
  at: number;
  value?: { answer: T };
  /** The computation under way, shared by every caller that waits for it. */
  pending?: Promise<T>;
}

/**
 * Makes a RevalidatingFigure that computes with `compute(db)` and trusts an answer for `ttlMs`
 * of the clock within one data version (counts of rows that do not change the data version, such
 * as cases and reviews, may lag that long). `what` names the figure in the log when a background
 * refresh fails.
 */
export function revalidatingFigure<T>(
  compute: (db: Db) => Promise<T>,
  ttlMs: number,
  what: string,
): RevalidatingFigure<T> {
  const memos = new WeakMap<Db, FigureMemo<T>>();
  const refresh = (db: Db, memo: FigureMemo<T>, version: number, now: number): Promise<T> => {
    if (memo.pending) return memo.pending;
    const pending = compute(db).then(
      (answer) => {
        Object.assign(memo, { version, at: now, value: { answer }, pending: undefined });
        return answer;
      },
      (err: unknown) => {
        memo.pending = undefined;
        throw err;
      },
    );
    memo.pending = pending;
    return pending;
  };
  return {
    async get(db, now) {
      const version = await syncDataVersion(db);
      let memo = memos.get(db);
      if (!memo) {
        memo = { version: -1, at: 0 };
        memos.set(db, memo);
      }
      if (!memo.value) return refresh(db, memo, version, now);
      const fresh = memo.version === version && now >= memo.at && now - memo.at < ttlMs;
      if (!fresh && !memo.pending)
        refresh(db, memo, version, now).catch((err: unknown) =>
          logBackgroundError(err, `${what} refresh failed`),
        );
      return memo.value.answer;
    },
    async within(db, now, waitMs) {
      const answer = this.get(db, now);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), Math.max(0, waitMs));
      });
      try {
        return await Promise.race([answer, late]);
      } finally {
        clearTimeout(timer);
        // A computation that fails after the wait was already answered is logged, not unhandled.
        answer.catch((err: unknown) => logBackgroundError(err, `${what} failed`));
      }
    },
    async settled(db) {
      await memos
        .get(db)
        ?.pending?.then(() => undefined)
        .catch(() => undefined);
    },
  };
}

const directoryStats = revalidatingFigure(getDirectoryStats, DIRECTORY_STATS_TTL_MS, "directory statistics");

/**
 * getDirectoryStats, computed once per data version and at most once per DIRECTORY_STATS_TTL_MS
 * (issue 29: at 1,000,000 listings the aggregate takes seconds), stale-while-revalidate as
 * RevalidatingFigure says. `now` is epoch ms of the process's clock (server/clock.ts).
 * @throws what getDirectoryStats throws, only when no figures were computed yet
 */
export function cachedDirectoryStats(db: Db, now: number): Promise<DirectoryStats> {
  return directoryStats.get(db, now);
}

/**
 * cachedDirectoryStats, or null when the first figures of `db` are not computed within `waitMs`
 * ms (issue 29: about 6 s at 1,000,000 listings; the about page then shows its other sections and
 * says the figures are being counted). The computation continues in the background.
 */
export function directoryStatsWithin(db: Db, now: number, waitMs: number): Promise<DirectoryStats | null> {
  return directoryStats.within(db, now, waitMs);
}

/**
 * Waits for the directory statistics computation under way for `db`, if any (tests; a caller that
 * must see figures of the latest data).
 */
export function directoryStatsSettled(db: Db): Promise<void> {
  return directoryStats.settled(db);
}

/** How long the demo-listing answers are trusted within one data version (the footer asks on every page). */
export const DEMO_LISTINGS_TTL_MS = 60_000;

const demoPresence = revalidatingFigure(
  async (db) => {
    const [row] = await db
      .select({ any: sql<boolean>`exists (select 1 from ${lawyers} where ${lawyers.demo})` })
      .from(sql`(select 1) as one`);
    return Boolean(row?.any);
  },
  DEMO_LISTINGS_TTL_MS,
  "demo listing presence",
);

/**
 * Whether the directory holds any of the seed's fictional listings (`lawyers.demo`), for the
 * footer's line about them (issue 15 §2: "the demo-data notice shows only on demo listings"; a
 * directory of imported or self-registered listings must not call every lawyer fictional).
 * Remembered per database handle, stale-while-revalidate (RevalidatingFigure, DEMO_LISTINGS_TTL_MS;
 * `now` epoch ms of the process's clock).
 */
export function hasDemoListings(db: Db, now: number): Promise<boolean> {
  return demoPresence.get(db, now);
}

const demoCount = revalidatingFigure(
  async (db) => {
    const { rows } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${lawyers} WHERE demo AND NOT hidden`,
    );
    return Number(rows[0]?.n ?? 0);
  },
  DEMO_LISTINGS_TTL_MS,
  "demo listing count",
);

/**
 * How many of the directory's listed (not hidden) listings are the seed's fictional demo listings
 * (issue 28 §4: the home page's figures say how many of the listings they count are demo data).
 * Remembered per database handle, stale-while-revalidate (RevalidatingFigure, DEMO_LISTINGS_TTL_MS;
 * issue 29: no home request waits for the count once it was made; `now` epoch ms of the clock).
 */
export function demoListingCount(db: Db, now: number): Promise<number> {
  return demoCount.get(db, now);
}

/** Waits for the demo-listing computations under way for `db` (tests). */
export async function demoListingsSettled(db: Db): Promise<void> {
  await Promise.all([demoPresence.settled(db), demoCount.settled(db)]);
}
