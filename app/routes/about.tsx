/**
 * /about (spec §2 "Static pages", §1): statistics computed from the directory, mission, why
 * choose us, values, how it works, service areas, quality assurance, contact details and
 * support hours.
 */

import { servicesContext } from "../context.ts";
import { AboutPage } from "../features/about/AboutPage";
import { getT } from "../i18n/i18n.ts";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo.ts";
import type { Route } from "./+types/about";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Title, description and canonical link of /about. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "pages");
  return pageMeta(site, {
    title: t("about.metaTitle"),
    description: t("about.metaDescription"),
    path: "/about",
  });
}

/**
 * Loads the directory statistics by SQL (server/site/stats.ts): lawyers, countries and verified
 * share from the lawyers table, cases from the cases table, the average rating, review total and
 * client satisfaction from the PUBLISHED engagement-verified reviews (issue 16 §1); nothing on
 * this page is a typed-in count (docs/design.md §1), and a figure without data is omitted. Computed
 * once per data version, not per request (issue 29; server/site/stats.ts cachedDirectoryStats);
 * null while a process's first figures take longer than ABOUT_STATS_WAIT_MS.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { directory } = context.get(servicesContext);
  // Issue 29 "no request over 1 s": the first figures at 1,000,000 listings take seconds; the page
  // then says they are being counted (null) while they are computed in the background.
  return { stats: await directory.getDirectoryStatsWithin(ABOUT_STATS_WAIT_MS) };
}

/** How long (ms) the about page waits for the first directory statistics of a process (issue 29). */
export const ABOUT_STATS_WAIT_MS = 800;

/** The about page (features/about/AboutPage.tsx). */
export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage stats={loaderData.stats} />;
}
