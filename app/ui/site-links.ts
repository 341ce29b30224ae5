/**
 * The one list of which of the spec's screens exist yet (spec §2 "Header", "Footer links"). The
 * header and the footer show a link only when its path is listed here, so no link answers 404.
 * When an issue adds a screen, add its path here (and to app/routes.ts); the links appear.
 * Recorded in docs/spec-deviations.md, row 16.
 */
import { PUBLIC_PAGES } from "../../lib/site-pages.ts";

/**
 * Paths that have a screen today: the account screens and the dashboard came with issue 3,
 * /personality-assessment (Personality Match) with issue 5.
 */
export const AVAILABLE_ROUTES: ReadonlySet<string> = new Set([
  ...PUBLIC_PAGES,
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/dashboard",
  "/personality-assessment",
]);

/** One navigation link: target path and visible text. */
export interface SiteLink {
  to: string;
  label: string;
}

/**
 * `links` without those whose path has no screen yet (not in AVAILABLE_ROUTES), order kept.
 * @param links links in the spec's order, e.g. [{ to: "/login", label: "Login" }, …]
 * @returns the links that can be followed today
 */
export function availableLinks<T extends SiteLink>(links: readonly T[]): T[] {
  return links.filter((l) => AVAILABLE_ROUTES.has(l.to));
}

/** Whether `path` has a screen yet (see AVAILABLE_ROUTES). */
export function isAvailable(path: string): boolean {
  return AVAILABLE_ROUTES.has(path);
}
