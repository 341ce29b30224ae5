/**
 * Badges shared by cards and profiles, with colours that keep WCAG AA contrast (issue 2 §5).
 * Experience colours follow spec §9: 20+ years green, 10+ blue, 5+ yellow, otherwise grey.
 */
import { IconRosetteDiscountCheckFilled } from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { experienceBadgeColor } from "../../../lib/lawyer.ts";
import { Icon } from "../../ui/icons";
import classes from "./parts.module.css";
import { practiceAreaLabel } from "./profile";
import { useTextLocale } from "./use-text-locale";

/** A badge's size: Mantine's "sm" (cards) or "md" (the profile). */
export type BadgeSize = "sm" | "md";

/**
 * "N years experience" badge coloured by experienceBadgeColor (spec §9: green, blue, yellow,
 * grey; parts.module.css keeps WCAG AA contrast), in the page's locale.
 */
export function ExperienceBadge({ years, size = "md" }: { years: number; size?: BadgeSize }) {
  const { t } = useTranslation("profile");
  return (
    <span
      className={classes.badge}
      data-size={size === "md" ? size : undefined}
      data-color={experienceBadgeColor(years)}
      data-testid="experience-badge"
    >
      {t("badges.experience", { years })}
    </span>
  );
}

/** The Verified badge, shown only for verification_status "verified" (spec §3). */
export function VerifiedBadge({ size = "md" }: { size?: BadgeSize }) {
  const { t } = useTranslation("profile");
  return (
    <span
      className={`${classes.badge} ${classes.verified}`}
      data-size={size === "md" ? size : undefined}
      data-testid="verified-badge"
    >
      <Icon name="rosette-discount-check-filled" size={14} />
      <span className={classes.badgeLabel}>{t("badges.verified")}</span>
    </span>
  );
}

/**
 * A practice-area badge (light blue; its dark blue text keeps contrast on the tint); `area` is
 * the spec's English name, shown in the page's locale.
 */
export function PracticeAreaBadge({ area, size = "md" }: { area: string; size?: BadgeSize }) {
  const { t } = useTranslation("search");
  const locale = useTextLocale();
  return (
    <span className={`${classes.badge} ${classes.area}`} data-size={size === "md" ? size : undefined}>
      {practiceAreaLabel(area, locale, t)}
    </span>
  );
}

/**
 * A wrapping row of badges (Mantine Group gap 6's look from a class; issue 29). `group` names
 * the row for assistive technology (role="group" with that label); `className` adds spacing.
 */
export function BadgeRow({
  children,
  className,
  group,
}: {
  children: ReactNode;
  className?: string;
  group?: string;
}) {
  const rowClass = className ? `${classes.row} ${className}` : classes.row;
  return group ? (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of badges, not a form's fieldset
    <div className={rowClass} role="group" aria-label={group}>
      {children}
    </div>
  ) : (
    <div className={rowClass}>{children}</div>
  );
}

/** The green of the verified mark (#237032: 6.1:1 on white, over the 3:1 of WCAG 2.2 SC 1.4.11). */
const VERIFIED_GREEN = "#237032";

/**
 * The verified rosette beside a name or a title, an image named by `label` (the page's language);
 * `size` in pixels; `style` and `data-testid` pass through.
 */
export function VerifiedMark({
  size,
  label,
  style,
  ...rest
}: {
  size: number;
  label: string;
  style?: CSSProperties;
  "data-testid"?: string;
}) {
  return (
    <IconRosetteDiscountCheckFilled
      size={size}
      color={VERIFIED_GREEN}
      role="img"
      aria-label={label}
      style={style}
      {...rest}
    />
  );
}
