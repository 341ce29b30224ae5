/**
 * The metadata of the two pages that render the directory, home (/) and /browse-lawyers (spec §2
 * route table; issue 2 §4): the page's title and description, and a canonical link that carries
 * the search of the URL, so each search is its own page to a search engine.
 */
import type { MetaDescriptor } from "react-router";
import type { SearchParams } from "../../../lib/search-params.ts";
import { searchToQueryString } from "../../../lib/search-state.ts";
import { pageMeta, siteFromMatches } from "../../seo";

/**
 * The meta function of a directory page: its title and description, and the canonical URL of
 * this search, `page.path` ("/" or "/browse-lawyers") followed by the query string of the
 * loader's search parameters.
 */
export function directoryMeta(page: { title: string; description: string; path: string }) {
  return ({
    matches,
    loaderData,
  }: {
    matches: Parameters<typeof siteFromMatches>[0];
    loaderData: { params: SearchParams } | undefined;
  }): MetaDescriptor[] => {
    const query = loaderData ? searchToQueryString({ ...loaderData.params }) : "";
    return pageMeta(siteFromMatches(matches), { ...page, path: `${page.path}${query}` });
  };
}
