/**
 * Turns the directory statistics (server/site/stats.ts) into the figures the about page shows
 * (spec §2 "Static pages": statistics). Only what the data supports is shown; see
 * docs/spec-deviations.md for why the spec's fixed headline figures are not.
 */
import type { DirectoryStats } from "../../../server/site/stats.ts";

/** One figure: the big value, its label and a sentence saying how it was computed. */
export interface StatFigure {
  label: string;
  value: string;
  detail: string;
}

const integer = new Intl.NumberFormat("en-US");

/**
 * Builds the four about-page figures: lawyers listed, countries, verified share (whole percent)
 * and average rating (one decimal, out of 5, or "–" when no lawyer has a review yet).
 */
export function statFigures(stats: DirectoryStats): StatFigure[] {
  const percent = Math.round(stats.verifiedShare * 100);
  return [
    {
      label: "Lawyers listed",
      value: integer.format(stats.lawyers),
      detail: "Personal injury lawyers in the directory today.",
    },
    {
      label: "Countries covered",
      value: integer.format(stats.countries),
      detail: "Countries with at least one listed lawyer.",
    },
    {
      label: "Verified listings",
      value: `${percent}%`,
      detail: `${integer.format(stats.verified)} of ${integer.format(stats.lawyers)} listings passed our checks.`,
    },
    {
      label: "Average rating",
      value: stats.averageRating === null ? "–" : `${stats.averageRating.toFixed(1)} / 5`,
      detail:
        stats.ratedLawyers === 0
          ? "No lawyer has been reviewed yet."
          : `Across ${integer.format(stats.ratedLawyers)} reviewed lawyers and ${integer.format(stats.reviews)} reviews.`,
    },
  ];
}
