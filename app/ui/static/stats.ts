/**
 * Turns the directory statistics (server/site/stats.ts) into the figures the about page shows
 * (spec §2 "Static pages": statistics), in the page's language and number format (issue 14 §1).
 * Only what the data supports is shown; see docs/spec-deviations.md for why the spec's fixed
 * headline figures are not.
 */
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { DirectoryStats } from "../../../server/site/stats.ts";
import { getT } from "../../i18n/i18n";

/** One figure: the big value, its label and a sentence saying how it was computed. */
export interface StatFigure {
  label: string;
  value: string;
  detail: string;
}

/**
 * Builds the four about-page figures: lawyers listed, countries, verified share (whole percent)
 * and average rating (one decimal, out of 5, or "–" when no lawyer has a review yet).
 * @param locale the page's locale (its catalog must be loaded: app/i18n/i18n.ts ensureLocale)
 */
export function statFigures(stats: DirectoryStats, locale: Locale = "en"): StatFigure[] {
  const t = getT(locale, "pages");
  const integer = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return [
    {
      label: t("stats.lawyersLabel"),
      value: integer.format(stats.lawyers),
      detail: t("stats.lawyersDetail"),
    },
    {
      label: t("stats.countriesLabel"),
      value: integer.format(stats.countries),
      detail: t("stats.countriesDetail"),
    },
    {
      label: t("stats.verifiedLabel"),
      value: percent.format(Math.round(stats.verifiedShare * 100) / 100),
      detail: t("stats.verifiedDetail", {
        verified: integer.format(stats.verified),
        lawyers: integer.format(stats.lawyers),
      }),
    },
    {
      label: t("stats.ratingLabel"),
      value:
        stats.averageRating === null
          ? "–"
          : t("stats.ratingValue", { rating: oneDecimal.format(stats.averageRating) }),
      detail:
        stats.ratedLawyers === 0
          ? t("stats.ratingNone")
          : t("stats.ratingDetail", {
              rated: integer.format(stats.ratedLawyers),
              reviews: integer.format(stats.reviews),
            }),
    },
  ];
}
