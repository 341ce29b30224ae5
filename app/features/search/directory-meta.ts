/**
 * The metadata of the two pages that render the directory, home (/) and /browse-lawyers (spec §2
 * route table; issue 2 §4): the page's title and description, and a canonical link that carries
 * the search of the URL, so each search is its own page to a search engine. Title and
 * description come from the "search" catalog in the page's locale (issue 14 §2).
 */
import type { MetaDescriptor } from "react-router";
import type { SearchParams } from "../../../lib/search-params.ts";
import { searchToQueryString } from "../../../lib/search-state.ts";
import { getT } from "../../i18n/i18n";
import { pageMeta, siteFromMatches } from "../../seo";

/**
 * The meta function of a directory page: its title and description (keys of the "search"
 * catalog, e.g. "meta.homeTitle"), and the canonical URL of this search, `page.path` ("/" or
 * "/browse-lawyers", unprefixed) followed by the query string of the loader's search parameters.
 */
export function directoryMeta(page: { titleKey: string; descriptionKey: string; path: string }) {
  return ({
    matches,
    loaderData,
  }: {
    matches: Parameters<typeof siteFromMatches>[0];
    loaderData: { params: SearchParams } | undefined;
  }): MetaDescriptor[] => {
    const query = loaderData ? searchToQueryString({ ...loaderData.params }) : "";
    const site = siteFromMatches(matches);
    const t = getT(site.locale, "search");
    return pageMeta(site, {
      title: t(page.titleKey),
      description: t(page.descriptionKey),
      path: `${page.path}${query}`,
    });
  };
}
