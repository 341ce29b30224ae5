/** Read-only star rating with its number (spec §2: rating stars on cards and profiles). */
import { Group, Text } from "@mantine/core";

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
 * What a listing without reviews shows in place of stars and number: a rating of 0.0 from 0
 * reviews would read as a bad rating (QA of issue 3; a new, pending listing has none).
 */
export const NO_REVIEWS = "No reviews yet";

/**
 * The rating in words for page descriptions: "rated 4.5 from 1,204 reviews", "rated 5.0 from
 * 1 review", or "no reviews yet" when `reviewCount` is 0 (never "rated 0.0 from 0 reviews").
 */
export function ratingPhrase({ rating, reviewCount }: { rating: number; reviewCount: number }): string {
  if (reviewCount === 0) return NO_REVIEWS.toLowerCase();
  return `rated ${rating.toFixed(1)} from ${reviewCount.toLocaleString("en-US")} ${reviewCount === 1 ? "review" : "reviews"}`;
}

/**
 * Shows `rating` (0..5) as five stars rounded to the nearest half, the number with one decimal
 * and, when given, the review count as "(N reviews)". Screen readers hear "Rated 4.5 out of 5".
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
  if (reviewCount === 0)
    return (
      <Text size={size} c="dimmed" data-testid="no-reviews">
        {NO_REVIEWS}
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
        style={{ flex: "none" }}
        data-rating={half}
      >
        <path d={ROW} fill="var(--mantine-color-gray-4)" />
        <svg width={filled} height="24" viewBox={`0 0 ${filled} 24`} aria-hidden="true">
          <path d={ROW} fill="var(--mantine-color-yellow-6)" />
        </svg>
      </svg>
      <Text size={size} fw={600}>
        <span className="visually-hidden-label">Rated </span>
        {rating.toFixed(1)}
        <span className="visually-hidden-label"> out of 5</span>
      </Text>
      {reviewCount !== undefined && (
        <Text size={size} c="dimmed">
          ({reviewCount.toLocaleString("en-US")} {reviewCount === 1 ? "review" : "reviews"})
        </Text>
      )}
    </Group>
  );
}
