/**
 * Badges shared by cards and profiles, with colours that keep WCAG AA contrast (issue 2 §5).
 * Experience colours follow spec §9: 20+ years green, 10+ blue, 5+ yellow, otherwise grey.
 */
import { Badge, type BadgeProps } from "@mantine/core";
import { IconRosetteDiscountCheckFilled } from "@tabler/icons-react";
import { experienceBadgeColor } from "../../../lib/lawyer.ts";

/** Background and text colour per experience colour name (dark enough for white text). */
const EXPERIENCE_STYLE = {
  green: { bg: "#237032", fg: "#ffffff" },
  blue: { bg: "#1864ab", fg: "#ffffff" },
  yellow: { bg: "#fcc419", fg: "#212529" },
  gray: { bg: "#495057", fg: "#ffffff" },
} as const;

/** "N years experience" badge coloured by experienceBadgeColor (spec §9). */
export function ExperienceBadge({ years, size = "md" }: { years: number; size?: BadgeProps["size"] }) {
  const name = experienceBadgeColor(years);
  const s = EXPERIENCE_STYLE[name];
  return (
    <Badge
      size={size}
      color={s.bg}
      styles={{ root: { color: s.fg } }}
      data-color={name}
      data-testid="experience-badge"
      tt="none"
    >
      {years} {years === 1 ? "year" : "years"} experience
    </Badge>
  );
}

/** The Verified badge, shown only for verification_status "verified" (spec §3). */
export function VerifiedBadge({ size = "md" }: { size?: BadgeProps["size"] }) {
  return (
    <Badge
      size={size}
      color="#237032"
      leftSection={<IconRosetteDiscountCheckFilled size={14} aria-hidden />}
      tt="none"
      data-testid="verified-badge"
    >
      Verified
    </Badge>
  );
}

/** A practice-area badge (light blue; text blue.9 keeps contrast on the tint). */
export function PracticeAreaBadge({ area, size = "md" }: { area: string; size?: BadgeProps["size"] }) {
  return (
    <Badge size={size} variant="light" color="blue" tt="none" styles={{ root: { color: "#174a7c" } }}>
      {area}
    </Badge>
  );
}
