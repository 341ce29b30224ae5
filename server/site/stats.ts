/**
 * Directory statistics for the about page (spec §1 "Headline figures", §2 "Static pages").
 * The spec's figures (5,500+ professionals, 50+ countries, 10,000+ cases, 98% satisfaction) are
 * the original's marketing claims; we show only what our data supports, computed here by SQL
 * (DESIGN.md §1 "Honest numbers"; docs/spec-deviations.md).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { cases, lawyers } from "../db/schema.ts";

/** Figures about the whole directory, all computed from the `lawyers` table. */
export interface DirectoryStats {
  /** Number of listed lawyers. */
  lawyers: number;
  /** Number of distinct countries (by ISO code) with at least one lawyer. */
  countries: number;
  /** Number of listings whose verification_status is "verified" (the ones that show the badge). */
  verified: number;
  /** Share of verified listings, 0 to 1; 0 when the directory is empty. */
  verifiedShare: number;
  /** Mean rating (0 to 5, two decimals) over lawyers with at least one review; null when none. */
  averageRating: number | null;
  /** Number of lawyers with at least one review (the base of averageRating). */
  ratedLawyers: number;
  /** Sum of review counts over all lawyers. */
  reviews: number;
  /**
   * Cases clients have sent to lawyers through LexAtlas (count of the `cases` table; issue 16 §1
   * "10,000+ cases handled" computed from the data). 0 hides the figure.
   */
  cases: number;
  /**
   * Reviews on listings rated 4 out of 5 or higher (issue 16 §1 "98% client satisfaction" computed
   * from the data): the sum of review_count over lawyers with rating >= SATISFIED_RATING. Until
   * engagement-verified reviews exist on this branch it reads the listings' rating and count; after
   * the reviews module is merged it should count published reviews with rating >= 4.
   */
  satisfiedReviews: number;
}

/** The rating from which a review counts as satisfied (issue 16 §1: "share of reviews rated 4 or 5"). */
export const SATISFIED_RATING = 4;

/**
 * Computes the directory statistics in one SQL query.
 * @param db the Drizzle handle (PGlite or PostgreSQL)
 * @returns counts and shares as plain numbers (see DirectoryStats for units)
 */
export async function getDirectoryStats(db: Db): Promise<DirectoryStats> {
  const [row] = await db
    .select({
      lawyers: sql<number>`count(*)::int`,
      countries: sql<number>`count(distinct ${lawyers.countryCode})::int`,
      verified: sql<number>`(count(*) filter (where ${lawyers.verificationStatus} = 'verified'))::int`,
      averageRating: sql<
        string | null
      >`round(avg(${lawyers.rating}) filter (where ${lawyers.reviewCount} > 0), 2)::text`,
      ratedLawyers: sql<number>`(count(*) filter (where ${lawyers.reviewCount} > 0))::int`,
      reviews: sql<string>`coalesce(sum(${lawyers.reviewCount}), 0)::text`,
      satisfiedReviews: sql<string>`coalesce(sum(${lawyers.reviewCount}) filter (where ${lawyers.rating} >= ${SATISFIED_RATING}), 0)::text`,
      cases: sql<number>`(select count(*) from ${cases})::int`,
    })
    .from(lawyers);
  const total = Number(row?.lawyers ?? 0);
  const verified = Number(row?.verified ?? 0);
  return {
    lawyers: total,
    countries: Number(row?.countries ?? 0),
    verified,
    verifiedShare: total === 0 ? 0 : verified / total,
    averageRating: row?.averageRating == null ? null : Number(row.averageRating),
    ratedLawyers: Number(row?.ratedLawyers ?? 0),
    reviews: Number(row?.reviews ?? 0),
    cases: Number(row?.cases ?? 0),
    satisfiedReviews: Number(row?.satisfiedReviews ?? 0),
  };
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
