/**
 * Mantine's ThemeIcon without its invalid HTML (issue 13 §2, W3C Nu HTML checker): @mantine/core
 * 9's ThemeIcon passes `radius` and `color` on to the DOM as attributes, and renders a `div`,
 * which may not sit inside a `span` or `button` (a List item's icon, a Badge). This wrapper gives
 * Mantine the same CSS variables through `vars` instead of those props and renders a `span`.
 * Same props and look as Mantine's ThemeIcon.
 */
import {
  getRadius,
  type MantineColor,
  type MantineGradient,
  type MantineRadius,
  ThemeIcon as MantineThemeIcon,
  type ThemeIconProps as MantineThemeIconProps,
  type ThemeIconVariant,
} from "@mantine/core";
import type { ReactNode } from "react";

/** ThemeIcon's props (Mantine's), plus the aria attributes the app sets. */
export interface ThemeIconProps extends Omit<MantineThemeIconProps, "vars" | "color" | "radius"> {
  color?: MantineColor;
  radius?: MantineRadius;
  variant?: ThemeIconVariant;
  gradient?: MantineGradient;
  children?: ReactNode;
  "aria-hidden"?: boolean;
}

/** A themed icon box (see the module comment). */
export function ThemeIcon({
  color,
  radius,
  variant = "filled",
  gradient,
  autoContrast,
  ...rest
}: ThemeIconProps) {
  return (
    <MantineThemeIcon
      component="span"
      variant={variant}
      {...rest}
      vars={(theme) => {
        const colors = theme.variantColorResolver({
          color: color ?? theme.primaryColor,
          theme,
          gradient,
          variant,
          autoContrast,
        });
        return {
          root: {
            "--ti-radius": radius === undefined ? undefined : getRadius(radius),
            "--ti-bg": colors.background,
            "--ti-color": colors.color,
            "--ti-bd": colors.border,
          },
        };
      }}
    />
  );
}
