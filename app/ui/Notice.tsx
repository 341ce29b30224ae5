/**
 * A notice in a light, tinted alert whose title and text stay dark on the tint, so they keep the
 * 4.5:1 contrast of WCAG 2.2 SC 1.4.3 on yellow and orange (Mantine's light variant colours the
 * text with the tint). Used by the case form's and the profile's notices about a listing.
 */
import { Alert, type AlertProps } from "@mantine/core";

/** The dark text of a tinted notice (Mantine Alert `styles`). */
const NOTICE_STYLES = {
  title: { color: "var(--mantine-color-dark-8)" },
  message: { color: "var(--mantine-color-dark-7)" },
} as const;

/**
 * A Mantine Alert (variant "light") with the notice's dark text; every Alert prop passes through
 * (color, icon, title, role, data-testid, children).
 */
export function Notice(props: AlertProps & { "data-testid"?: string }) {
  return <Alert variant="light" styles={NOTICE_STYLES} {...props} />;
}
