/** Read-only star rating with its number (spec §2: rating stars on cards and profiles). */
import { Group, Text } from "@mantine/core";
import { IconStar, IconStarFilled, IconStarHalfFilled } from "@tabler/icons-react";

/**
 * Shows `rating` (0..5) as five stars rounded to the nearest half, the number with one decimal
 * and, when given, the review count as "(N reviews)". Screen readers hear "Rated 4.5 out of 5".
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
  const half = Math.round(rating * 2) / 2;
  const px = size === "md" ? 20 : size === "sm" ? 16 : 14;
  const stars = [1, 2, 3, 4, 5].map((i) => {
    const color = "var(--mantine-color-yellow-7)";
    if (half >= i) return <IconStarFilled key={i} size={px} color={color} aria-hidden />;
    if (half >= i - 0.5) return <IconStarHalfFilled key={i} size={px} color={color} aria-hidden />;
    return <IconStar key={i} size={px} color="var(--mantine-color-gray-5)" aria-hidden />;
  });
  return (
    <Group gap={6} wrap="nowrap">
      <Group gap={1} wrap="nowrap" aria-hidden>
        {stars}
      </Group>
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
