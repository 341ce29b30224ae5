/**
 * Badges shared by cards and profiles, with colours that keep WCAG AA contrast (issue 2 §5).
 * Experience colours follow spec §9: 20+ years green, 10+ blue, 5+ yellow, otherwise grey.
 */
import { Badge, type BadgeProps } from "@mantine/core";
import { IconRosetteDiscountCheckFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { experienceBadgeColor } from "../../../lib/lawyer.ts";
import { practiceAreaLabel } from "./profile";
import { useTextLocale } from "./use-text-locale";

/** Background and text colour per experience colour name (dark enough for white text). */
const EXPERIENCE_STYLE = {
  green: { bg: "#237032", fg: "#ffffff" },
  blue: { bg: "#1864ab", fg: "#ffffff" },
  yellow: { bg: "#fcc419", fg: "#212529" },
  gray: { bg: "#495057", fg: "#ffffff" },
} as const;

/** "N years experience" badge coloured by experienceBadgeColor (spec §9), in the page's locale. */
export function ExperienceBadge({ years, size = "md" }: { years: number; size?: BadgeProps["size"] }) {
  const { t } = useTranslation("profile");
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
      {t("badges.experience", { years })}
    </Badge>
  );
}

/** The Verified badge, shown only for verification_status "verified" (spec §3). */
export function VerifiedBadge({ size = "md" }: { size?: BadgeProps["size"] }) {
  const { t } = useTranslation("profile");
  return (
    <Badge
      size={size}
      color="#237032"
      leftSection={<IconRosetteDiscountCheckFilled size={14} aria-hidden />}
      tt="none"
      data-testid="verified-badge"
    >
      {t("badges.verified")}
    </Badge>
  );
}

/**
 * A practice-area badge (light blue; text blue.9 keeps contrast on the tint); `area` is the
 * spec's English name, shown in the page's locale.
 */
export function PracticeAreaBadge({ area, size = "md" }: { area: string; size?: BadgeProps["size"] }) {
  const { t } = useTranslation("search");
  const locale = useTextLocale();
  return (
    <Badge size={size} variant="light" color="blue" tt="none" styles={{ root: { color: "#174a7c" } }}>
      {practiceAreaLabel(area, locale, t)}
    </Badge>
  );
}
