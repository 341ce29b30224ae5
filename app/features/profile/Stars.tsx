/** Read-only star rating with its number (spec §2: rating stars on cards and profiles). */
import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { dirOf } from "../../../lib/i18n/locales.ts";
import { formatRating } from "./profile";
import { useTextLocale } from "./use-text-locale";

/** A five-pointed star centred at (`cx`, 12.6) in a 24-unit-high box, as SVG path data. */
function starPath(cx: number): string {
  const points: string[] = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 === 0 ? 11 : 4.6;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(12.6 + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
}

/** Five stars side by side in a 120 x 24 box: one path, drawn grey and then clipped in yellow. */
const ROW = [0, 1, 2, 3, 4].map((i) => starPath(12 + 24 * i)).join("");

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
      <Text size={size} c="dimmed" data-testid="no-reviews">
        {t("rating.noReviews")}
      </Text>
    );
  const half = Math.round(rating * 2) / 2;
  const px = size === "md" ? 20 : size === "sm" ? 16 : 14;
  // One SVG instead of five icon components: the yellow copy sits in a nested <svg> as wide as
  // the rounded rating, which clips it (fewer DOM nodes to parse and hydrate; issue 2 §5).
  const filled = Math.max(0, Math.min(5, half)) * 24;
  return (
    <Group gap={6} wrap="nowrap">
      <svg
        width={px * 5}
        height={px}
        viewBox="0 0 120 24"
        aria-hidden="true"
        focusable="false"
        className="stars"
        // Right-to-left pages fill the stars from the right, as they read.
        style={{ flex: "none", transform: dirOf(locale) === "rtl" ? "scaleX(-1)" : undefined }}
        data-rating={half}
      >
        <path d={ROW} fill="var(--mantine-color-gray-4)" />
        <svg width={filled} height="24" viewBox={`0 0 ${filled} 24`} aria-hidden="true">
          <path d={ROW} fill="var(--mantine-color-yellow-6)" />
        </svg>
      </svg>
      <Text size={size} fw={600}>
        <span aria-hidden="true">{formatRating(rating, locale)}</span>
        <span className="visually-hidden-label">
          {t("rating.rated", { rating: formatRating(rating, locale) })}
        </span>
      </Text>
      {reviewCount !== undefined && (
        <Text size={size} c="dimmed">
          {t("rating.reviews", { count: reviewCount })}
        </Text>
      )}
    </Group>
  );
}
