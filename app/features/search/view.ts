/**
 * The results' presentation in the page URL (issue 19 §1 "Where and when"): `view=map` shows the
 * map with the list of offices beside it; absent, the cards. A parameter of the page, not of the
 * search (lib/search-params.ts, the API and the caches never see it); documented in docs/search.md.
 */

/** The results' two presentations (issue 19 §1): a URL parameter of the page, not of the search. */
export type DirectoryView = "list" | "map";

/** The `view` of a page URL: "map" for `view=map`, else "list". */
export function directoryViewOf(searchParams: URLSearchParams): DirectoryView {
  return searchParams.get("view") === "map" ? "map" : "list";
}

/** A canonical search query string with the page's `view=map` appended when in the map view. */
export function withView(query: string, view: DirectoryView): string {
  if (view === "list") return query;
  return query ? `${query}&view=map` : "?view=map";
}
