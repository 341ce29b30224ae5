/**
 * What the report and removal pages of a listing share on both sides (issue 15 §3): their kind
 * and their meta tags. The server side is listing-request.server.ts.
 */
import type { MetaDescriptor } from "react-router";
import { getT } from "../../i18n/i18n";
import { pageMeta, siteFromMatches } from "../../seo";

/** Which request: "report" (/lawyer/:id/report) or "removal" (/lawyer/:id/removal); also the catalog prefix. */
export type ListingRequestKind = "report" | "removal";

/**
 * The page's meta tags: the title with the listing's name, the intro as description, the page's
 * path, noindex (moderation catalog `<kind>.title`, `<kind>.intro`; app/seo.ts).
 */
export function listingRequestMeta(
  kind: ListingRequestKind,
  {
    matches,
    loaderData,
  }: {
    matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
    loaderData?: { listing: { id: number; name: string } };
  },
): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "moderation");
  return pageMeta(site, {
    title: t(`${kind}.title`, { name: loaderData?.listing.name ?? "" }),
    description: t(`${kind}.intro`),
    path: `/lawyer/${loaderData?.listing.id ?? ""}/${kind}`,
    noindex: true,
  });
}
