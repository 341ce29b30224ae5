/**
 * One detail of a lawyer's contact block (phone, email, working hours, website, firm, address):
 * a decorative icon, then the value, named by its label. Used by the lawyer profile (label shown
 * above the value, spec §2 "Lawyer profile") and the match cards (label for screen readers only,
 * the card being compact; issue 5 "Matches page"), so both read out e.g. "Phone: +1 …".
 */
import type { ReactNode } from "react";
import hidden from "./hidden.module.css";
import classes from "./IconDetail.module.css";
import { Icon, type IconName } from "./icons";

/** Props of IconDetail. */
export interface IconDetailProps {
  /**
   * The icon (decoration: hidden from assistive technology here): a sprite icon's name (issue 29),
   * drawn at `iconSize` px, or any node.
   */
  icon: IconName | ReactNode;
  /** The sprite icon's size in px (16). */
  iconSize?: number;
  /** What the value is, e.g. "Phone". */
  label: string;
  /** The value. */
  children: ReactNode;
  /** "compact": the label only for screen readers; "labelled" (default): a small caps line above. */
  variant?: "compact" | "labelled";
}

/** An icon, a label and a value (see the module comment). */
export function IconDetail({ icon, iconSize = 16, label, children, variant = "labelled" }: IconDetailProps) {
  const compact = variant === "compact";
  return (
    <div className={classes.detail} data-variant={variant}>
      {typeof icon === "string" ? (
        <Icon name={icon as IconName} size={iconSize} className={classes.icon} />
      ) : (
        <span aria-hidden className={classes.icon}>
          {icon}
        </span>
      )}
      {compact ? (
        <p className={classes.value}>
          <span className={hidden.hidden}>{`${label}: `}</span>
          {children}
        </p>
      ) : (
        <div className={classes.body}>
          <p className={classes.label}>{label}</p>
          <p className={classes.value}>{children}</p>
        </div>
      )}
    </div>
  );
}
