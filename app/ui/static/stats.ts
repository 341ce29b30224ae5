/**
 * Turns the directory statistics (server/site/stats.ts) into the figures the about page shows
 * (spec §2 "Static pages": statistics), in the page's language and number format (issue 14 §1).
 * Only what the data supports is shown; see docs/spec-deviations.md for why the spec's fixed
 * headline figures are not.
 */

import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { SATISFIED_RATING } from "../../../lib/reviews.ts";
import type { DirectoryStats } from "../../../server/site/stats.ts";
import { getT } from "../../i18n/i18n";

/** One figure: the big value, its label and a sentence saying how it was computed. */
export interface StatFigure {
  label: string;
  value: string;
  detail: string;
}

/**
 * Builds the about-page figures, each computed from the data (issue 16 §1: never hard-coded,
 * removed where there is none): lawyers listed (saying how many are fictional demo listings,
 * issue 28 §4), countries, verified share (the Verified tick: the licence; whole percent),
 * average rating (one decimal, out of 5; absent when no lawyer has a review), cases sent
 * through LexAtlas (absent when none) and "client satisfaction", the share of PUBLISHED
 * verified reviews rated SATISFIED_RATING or more, rounded down (absent when none is published).
 * @param locale the page's locale (its catalog must be loaded: app/i18n/i18n.ts ensureLocale)
 */
export function statFigures(stats: DirectoryStats, locale: Locale = "en"): StatFigure[] {
  const t = getT(locale, "pages");
  const integer = numberFormat(locale);
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const oneDecimal = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const figures: StatFigure[] = [
    {
      label: t("stats.lawyersLabel"),
      value: integer.format(stats.lawyers),
      // Issue 28 §4: the count says how many of the listings it counts are fictional demo listings.
      detail: [
        t("stats.lawyersDetail"),
        stats.demo > 0 && stats.demo >= stats.lawyers
          ? t("stats.lawyersDemoAll")
          : stats.demo > 0
            ? t("stats.lawyersDemoSome", { demo: stats.demo })
            : "",
      ]
        .filter(Boolean)
        .join(" "),
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
  ];
  if (stats.averageRating !== null && stats.ratedLawyers > 0)
    figures.push({
      label: t("stats.ratingLabel"),
      value: t("stats.ratingValue", { rating: oneDecimal.format(stats.averageRating) }),
      detail: t("stats.ratingDetail", {
        rated: integer.format(stats.ratedLawyers),
        reviews: integer.format(stats.reviews),
      }),
    });
  const tt = getT(locale, "transparency");
  if (stats.cases > 0)
    figures.push({
      label: tt("about.casesLabel"),
      value: integer.format(stats.cases),
      detail: tt("about.casesDetail"),
    });
  if (stats.reviews > 0)
    figures.push({
      label: tt("about.satisfactionLabel"),
      value: percent.format(Math.floor((stats.satisfiedReviews / stats.reviews) * 100) / 100),
      detail: tt("about.satisfactionDetail", {
        satisfied: integer.format(stats.satisfiedReviews),
        reviews: integer.format(stats.reviews),
        stars: integer.format(SATISFIED_RATING),
      }),
    });
  return figures;
}
