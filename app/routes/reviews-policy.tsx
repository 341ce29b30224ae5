/**
 * /reviews-policy (and /{locale}/reviews-policy; issue 16 §1): who can review, how reviews are
 * verified, what is removed and why, how to report, with the figures of lib/reviews.ts. Sources:
 * FTC 16 CFR Part 465, EU Omnibus Directive 2019/2161, UK DMCC Act 2024. Linked from the footer;
 * in the sitemap (lib/site-pages.ts).
 */
import { ReviewsPolicy } from "../features/transparency/ReviewsPolicy";
import { getT } from "../i18n/i18n.ts";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo.ts";
import type { Route } from "./+types/reviews-policy";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Title, description and canonical link of /reviews-policy, in the page's locale. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "transparency");
  return pageMeta(site, {
    title: t("reviews.metaTitle"),
    description: t("reviews.metaDescription"),
    path: "/reviews-policy",
  });
}

/** The page (app/features/transparency/ReviewsPolicy.tsx). */
export default function ReviewsPolicyRoute() {
  return <ReviewsPolicy />;
}
