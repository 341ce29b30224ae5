/**
 * Links that stay in the page's language (issue 14 §1): drop-in replacements for React Router's
 * `Link` and `NavLink` whose string `to` ("/browse-lawyers?q=x") is turned into the current
 * locale's URL ("/ar/browse-lawyers?q=x"). Object and relative targets pass through unchanged.
 */
import { forwardRef } from "react";
import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { useLocalizePath } from "../i18n/locale";

/** `Link` whose site-absolute string `to` is localized. */
export const LocaleLink = forwardRef<HTMLAnchorElement, LinkProps>(function LocaleLink({ to, ...rest }, ref) {
  const localize = useLocalizePath();
  return <Link ref={ref} to={typeof to === "string" ? localize(to) : to} {...rest} />;
});

/** `NavLink` whose site-absolute string `to` is localized. */
export const LocaleNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function LocaleNavLink(
  { to, ...rest },
  ref,
) {
  const localize = useLocalizePath();
  return <NavLink ref={ref} to={typeof to === "string" ? localize(to) : to} {...rest} />;
});
