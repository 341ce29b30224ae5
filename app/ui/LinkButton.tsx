/**
 * A link that looks like a button, with an icon (the site's calls to action that go to another
 * page: Retake Assessment, Browse lawyers, Search lawyers, Home, View public profile…). A real
 * `<a href>` through React Router's Link (LocaleLink: a site path keeps the page's locale, issue 14
 * §1), so it works before hydration and opens in a new tab like any link; the icon is decoration
 * (aria-hidden), the text is the accessible name.
 */
import { Button, type ButtonProps } from "@mantine/core";
import type { ComponentType, ReactNode } from "react";
import { Icon, type IconName } from "./icons";
import classes from "./LinkButton.module.css";
import { LocaleLink } from "./LocaleLink";

/** Props of LinkButton: Mantine's Button props plus where it goes and its icon. */
export interface LinkButtonProps extends Omit<ButtonProps, "leftSection" | "rightSection"> {
  /** Where the link goes. */
  to: string;
  /** A Tabler icon (or any component taking `size`). */
  icon: ComponentType<{ size?: number; "aria-hidden"?: boolean }>;
  /** The icon's size in px (18, or 16 beside small text). */
  iconSize?: number;
  /** The icon after the text (e.g. an external-link arrow), else before it. */
  iconAfter?: boolean;
  children: ReactNode;
}

/** A Button rendered as a router Link with a decorative icon (see the module comment). */
export function LinkButton({
  to,
  icon: Icon,
  iconSize = 18,
  iconAfter,
  children,
  ...button
}: LinkButtonProps) {
  const section = <Icon size={iconSize} aria-hidden />;
  return (
    <Button
      component={LocaleLink}
      to={to}
      leftSection={iconAfter ? undefined : section}
      rightSection={iconAfter ? section : undefined}
      {...button}
    >
      {children}
    </Button>
  );
}

/**
 * The same link-as-button with Mantine Button's look (size sm) from two classes and a sprite icon
 * (issue 29 "Lean markup"): for links that repeat on every item of a list (the match cards). A
 * real `<a href>` (LocaleLink); the icon is decoration, the text the accessible name.
 */
export function PlainLinkButton({
  to,
  icon,
  variant = "filled",
  children,
}: {
  to: string;
  /** A sprite icon, drawn at 18 px before the text. */
  icon: IconName;
  variant?: "filled" | "default";
  children: ReactNode;
}) {
  return (
    <LocaleLink to={to} className={classes.button} data-variant={variant === "default" ? variant : undefined}>
      <Icon name={icon} size={18} />
      <span>{children}</span>
    </LocaleLink>
  );
}
