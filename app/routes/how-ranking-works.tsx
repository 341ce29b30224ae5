/**
 * /how-ranking-works (and /{locale}/how-ranking-works; issue 16 §2): how search results and
 * matches are ordered, from lib/ranking.ts (the constants the code orders by), what premium
 * buys, that payment never changes the order, and that there is no paid placement. Linked from
 * the footer, the result cards' "Why this lawyer?" and the matches page; in the sitemap
 * (lib/site-pages.ts).
 */
import { HowRankingWorks } from "../features/transparency/HowRankingWorks";
import { getT } from "../i18n/i18n.ts";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo.ts";
import type { Route } from "./+types/how-ranking-works";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Title, description and canonical link of /how-ranking-works, in the page's locale. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "transparency");
  return pageMeta(site, {
    title: t("ranking.metaTitle"),
    description: t("ranking.metaDescription"),
    path: "/how-ranking-works",
  });
}

/** The page (app/features/transparency/HowRankingWorks.tsx). */
export default function HowRankingWorksRoute() {
  return <HowRankingWorks />;
}
