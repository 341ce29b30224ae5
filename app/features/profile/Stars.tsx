/** Read-only star rating with its number (spec §2: rating stars on cards and profiles). */
import { useTranslation } from "react-i18next";
import { dirOf } from "../../../lib/i18n/locales.ts";
import hidden from "../../ui/hidden.module.css";
import { STAR_ROW_ID } from "../../ui/icons";
import classes from "./parts.module.css";
import { formatRating } from "./profile";
import { useTextLocale } from "./use-text-locale";

/**
 * What a listing without reviews shows in English in place of stars and number (the "profile"
 * catalog's `rating.noReviews`): a rating of 0.0 from 0 reviews would read as a bad rating (QA of
 * issue 3; a new, pending listing has none).
 */
export const NO_REVIEWS = "No reviews yet";

/**
 * Shows `rating` (0..5) as five stars rounded to the nearest half, the number with one decimal
 * and, when given, the review count as "(N reviews)". Screen readers hear "Rated 4.5 out of 5".
 * Numbers and plurals follow the page's locale (issue 14 §2: "4,5 (40 Bewertungen)").
 * With `reviewCount` 0 it shows only NO_REVIEWS (no stars, no number), wherever it is used:
 * result cards, the profile and match cards.
 */
export function Stars({
  rating,
  reviewCount,
  size = "sm",
}: {
  rating: number;
  reviewCount?: number;
  size?: "xs" | "sm" | "md";
}) {
  const { t } = useTranslation("profile");
  const locale = useTextLocale();
  if (reviewCount === 0)
    return (
      <p
        className={`${classes.text} ${classes.dimmed}`}
        data-size={size === "sm" ? undefined : size}
        data-testid="no-reviews"
      >
        {t("rating.noReviews")}
      </p>
    );
  const half = Math.round(rating * 2) / 2;
  const px = size === "md" ? 20 : size === "sm" ? 16 : 14;
  // One SVG instead of five icon components: the yellow copy sits in a nested <svg> as wide as
  // the rounded rating, which clips it (fewer DOM nodes to parse and hydrate; issue 2 §5). The
  // row of stars itself is drawn once per page, in the icon sprite (issue 29).
  const filled = Math.max(0, Math.min(5, half)) * 24;
  return (
    <div className={classes.rating}>
      <svg
        width={px * 5}
        height={px}
        viewBox="0 0 120 24"
        aria-hidden="true"
        className={`stars ${classes.stars}`}
        // Right-to-left pages fill the stars from the right, as they read (parts.module.css).
        data-dir={dirOf(locale)}
        data-rating={half}
      >
        <use href={`#${STAR_ROW_ID}`} />
        <svg width={filled} height="24" viewBox={`0 0 ${filled} 24`} aria-hidden="true">
          <use href={`#${STAR_ROW_ID}`} width="120" height="24" />
        </svg>
      </svg>
      <p className={`${classes.text} ${classes.strong}`} data-size={size === "sm" ? undefined : size}>
        <span aria-hidden="true">{formatRating(rating, locale)}</span>
        <span className={hidden.hidden}>{t("rating.rated", { rating: formatRating(rating, locale) })}</span>
      </p>
      {reviewCount !== undefined && (
        <p className={`${classes.text} ${classes.dimmed}`} data-size={size === "sm" ? undefined : size}>
          {t("rating.reviews", { count: reviewCount })}
        </p>
      )}
    </div>
  );
}
