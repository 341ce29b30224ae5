/**
 * The browse/home loader's work (spec §2 "Browse/search page"; issue 2 §3, §4): reads the search
 * from the URL, runs the search, the facets under the current filters and the site-wide country
 * counts (for browse by country and the hero's location select). Server only. The notice on how
 * the search text was read is written in the page's locale, and the visitor's distance unit is
 * chosen from `Accept-Language` (issue 14 §2).
 */
import type { RouterContextProvider } from "react-router";
import { searchTextNotice } from "../../../lib/filters.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { emptyFacets, type Facets, type LawyerDTO } from "../../../lib/lawyer.ts";
import { type MapTiles, mapTilesOf } from "../../../lib/map-tiles.ts";
import { PREFER_NONE, resolvePreferredCountry } from "../../../lib/preferred-country.ts";
import { ordersCountryFirst } from "../../../lib/ranking.ts";
import { siteRedirect } from "../../../lib/redirects.ts";
import {
  DEFAULT_SEARCH,
  parseSearchUrl,
  type SearchParams,
  searchToQueryString,
} from "../../../lib/search-params.ts";
import { servicesContext } from "../../context";
import { getT } from "../../i18n/i18n";
import { requestLocale } from "../../i18n/locale";
import { isPrefetchRequest } from "../analytics";
import type { MapPoint } from "../map";
import { type DistanceUnit, distanceUnitFor } from "./distance";
import { type LawyerCardData, toCardData } from "./LawyerCard";
import { type DirectoryView, directoryViewOf, withView } from "./view";

/** The "visitor's country first" line of the results (issue 28 §1; DirectoryData.countryLine). */
export interface CountryLine {
  mode: "first" | "all";
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * The country line of a results page (issue 28 §1): `first` when the search ordered `applied`
 * first and it has matches (`counts`: the facets' countries, which ignore no filter but
 * `location`, unset here); `all` when the visitor turned it off (`preferCountry=none`) although
 * `visitor` would apply to this search (no place named: `namesPlace`; no near; relevance) and
 * has matches; else null.
 */
export function countryLineOf(
  params: SearchParams,
  applied: string | null,
  visitor: string | null,
  namesPlace: boolean,
  counts: readonly { value: string; count: number }[],
): CountryLine | null {
  const has = (code: string) => (counts.find((c) => c.value === code)?.count ?? 0) > 0;
  if (applied) return has(applied) ? { mode: "first", country: applied } : null;
  if (
    params.preferCountry === PREFER_NONE &&
    visitor &&
    ordersCountryFirst(visitor, params.sort, Boolean(params.near), namesPlace)
  )
    return has(visitor) ? { mode: "all", country: visitor } : null;
  return null;
}

/** What the home and browse pages render. */
export interface DirectoryData {
  params: SearchParams;
  /** The page of results, with only the fields a card shows. */
  lawyers: LawyerCardData[];
  total: number;
  /** Issue 29: `total` is the database's estimate (the search facts are still being built); absent = exact. */
  totalEstimated?: boolean;
  /** How the search text was read (a typo correction, or text with nothing to search), else null. */
  textNotice: string | null;
  /** Typed words no lawyer matches, left out of the search (issue 14 §3); absent or [] for none. */
  ignoredWords?: string[];
  /** Issue 19 §4: what a description of what happened was read as (server/search/description.ts). */
  description?: { areas: string[]; location: string | null; placeNotUsed?: "near" } | null;
  /** Set when the search itself failed (spec §2 error state). */
  error: boolean;
  /**
   * Issue 28 §1, the line above the results: `first` when this page lists the lawyers of
   * `country` first ("Lawyers in Brazil first · Search all countries"), `all` when the visitor
   * chose "Search all countries" although their country would apply ("… · Lawyers in Brazil
   * first"); only when that country has matches. Null: no line.
   */
  countryLine?: CountryLine | null;
  /**
   * The country of the near-me point when no other source names the visitor's country: removing
   * the near-me chip keeps it as `preferCountry` (lib/preferred-country.ts, the last source).
   */
  nearCountry?: string | null;
  /** Facets under the current filters (standard facet counting). */
  facets: Facets;
  /** Site-wide counts per country and the total, independent of the filters. */
  site: Facets;
  /** Issue 28 §4: how many listed listings are fictional demo listings (0 when unknown). */
  demoListings: number;
  /** The visitor's unit for distances: miles in US, GB, LR and MM, else kilometres (issue 14 §2). */
  distanceUnit: DistanceUnit;
  /** Issue 19 §1: "list" (cards) or "map" (`view=map`: the map with the list of offices beside it). */
  view?: DirectoryView;
  /** In the map view: the page's offices with a position, in result order; [] otherwise. */
  mapPoints?: MapPoint[];
  /** The configured map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION), null when maps are off. */
  mapTiles?: MapTiles | null;
}

/**
 * The map's points of a page of results (issue 19 §1): each listing with its own office position
 * (lawyers without one are listed but not drawn), the address as one line.
 */
export function mapPointsOf(lawyers: readonly LawyerDTO[]): MapPoint[] {
  const points: MapPoint[] = [];
  for (const l of lawyers) {
    if (l.latitude === null || l.longitude === null) continue;
    points.push({
      id: l.id,
      name: l.name,
      firm: l.firm,
      address: (l.business_address ?? l.location)
        .split(/\s*\n\s*/)
        .filter(Boolean)
        .join(", "),
      latitude: l.latitude,
      longitude: l.longitude,
      ...(l.distanceKm !== undefined ? { distanceKm: l.distanceKm } : {}),
    });
  }
  return points;
}

/**
 * lib/filters.ts searchTextNotice in the page's locale: the same two cases (text without letters
 * or digits; corrected words), worded by the "search" catalog. The English sentence of the lib
 * is read for the corrected text, so the correction rules stay in one place.
 */
export function localizedTextNotice(
  query: string | undefined,
  corrections: Record<string, string>,
  locale: Locale,
): string | null {
  const english = searchTextNotice(query, corrections);
  if (english === null) return null;
  const t = getT(locale, "search");
  const typed = query?.trim() ?? "";
  if (!/[\p{L}\p{N}]/u.test(typed)) return t("results.noLetters", { query: typed });
  const read = /^Showing results for “(.*)” \(you typed “/s.exec(english)?.[1];
  return read === undefined ? english : t("results.corrected", { read, typed });
}

const EMPTY_FACETS: Facets = emptyFacets();

/**
 * `facets` with the labels of its cities and regions in `locale` (place-names.ts, the names the
 * cards show: "ミュンヘン", "Bayern"); values unchanged, so the filter and its URL stay the same.
 */
function localizedPlaceFacets(
  facets: Facets,
  locale: Locale,
  localizePlaces: <T extends { city: string; state: string | null; countryCode: string }>(
    items: readonly T[],
    locale: Locale,
  ) => T[],
): Facets {
  const cities = localizePlaces(
    facets.cities.map((c) => ({ city: c.label, state: null, countryCode: c.countryCode })),
    locale,
  );
  const regions = localizePlaces(
    facets.regions.map((r) => ({ city: "", state: r.label, countryCode: r.countryCode })),
    locale,
  );
  return {
    ...facets,
    cities: facets.cities.map((c, i) => ({ ...c, label: cities[i]?.city ?? c.label })),
    regions: facets.regions.map((r, i) => ({ ...r, label: regions[i]?.state ?? r.label })),
  };
}

/**
 * Loads one page of the directory for `request`'s URL. Never throws for a failed search: it
 * returns `error: true` so the page can show 'Search failed' with Retry Search.
 * A non-canonical URL (what a no-JavaScript form submits: repeated practiceAreas, defaults such
 * as experience=0, bad values) is answered with a redirect to its canonical form, so every
 * search has one shareable URL.
 * A page number past the last page redirects to the last page.
 * @throws a redirect Response for a non-canonical URL or a page past the end
 */
export async function loadDirectory(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<DirectoryData> {
  const services = context.get(servicesContext);
  const { logger, directory, config } = services;
  const url = new URL(request.url);
  // Issue 19 §1: `view=map` chooses the presentation; it is no search parameter.
  const view = directoryViewOf(url.searchParams);
  const searchOnly = new URLSearchParams(url.searchParams);
  searchOnly.delete("view");
  // Bad values are dropped here; the redirect to the canonical URL below then removes them.
  const { params } = parseSearchUrl(searchOnly);
  const canonical = withView(searchToQueryString(params), view);
  // Only document requests: client navigations (".data" requests) always use canonical URLs.
  const isDocument = !url.pathname.endsWith(".data");
  if (isDocument && url.search !== canonical && url.search !== "?")
    throw siteRedirect(`${url.pathname}${canonical}`, 302, url.pathname);
  // Issue 28 §1: the visitor's country (preferCountry, Accept-Language, the page's language, the
  // near-me point) and the page's language, whose dictionary keeps real words from correction.
  const locale = requestLocale(request);
  const acceptLanguage = request.headers.get("Accept-Language");
  const visitor = resolvePreferredCountry({ acceptLanguage, locale });
  const nearCountry = !visitor.country && params.near ? directory.countryNear(params.near) : null;
  const preferred = resolvePreferredCountry({ parameter: params.preferCountry, acceptLanguage, locale });
  const searchContext = { preferredCountry: preferred.country, locale };
  const [search, facets, site, demoListings] = await Promise.allSettled([
    directory.searchLawyers(params, searchContext),
    directory.getFacets(params, searchContext),
    // Site-wide counts: cached by the search layer per data version (docs/search.md "Caching").
    directory.getFacets(DEFAULT_SEARCH),
    // Issue 28 §4: the "Why Choose LexAtlas" figures say how many listings are demo data (cached a minute).
    directory.demoListingCount(),
  ]);
  if (search.status === "rejected") logger.error({ err: search.reason }, "directory search failed");
  if (facets.status === "rejected") logger.error({ err: facets.reason }, "directory facets failed");
  if (site.status === "rejected") logger.error({ err: site.reason }, "site facets failed");
  // A page past the last one (an old link after the data changed) goes to the last page.
  if (
    search.status === "fulfilled" &&
    search.value.lawyers.length === 0 &&
    search.value.total > 0 &&
    params.page > 1
  ) {
    const last = Math.max(1, Math.ceil(search.value.total / params.pageSize));
    const path = url.pathname.replace(/\.data$/, "").replace(/^\/_$/, "/");
    throw siteRedirect(`${path}${withView(searchToQueryString({ ...params, page: last }), view)}`, 302, path);
  }
  // Issue 19 §5: the listings this page shows count one impression each (one statement, not
  // awaited: the search never waits for it; bot user agents and prefetches count nothing).
  if (search.status === "fulfilled" && search.value.lawyers.length > 0 && !isPrefetchRequest(request))
    void services.analytics.recordImpressions(
      search.value.lawyers.map((l) => l.id),
      request.headers.get("User-Agent"),
    );
  // Issue 14 §1: city and region in the page's language, chosen here (the name tables stay on the server).
  const localized =
    search.status === "fulfilled"
      ? directory.localizePlaces(search.value.lawyers, requestLocale(request))
      : [];
  return {
    params,
    lawyers: localized.map(toCardData),
    view,
    mapPoints: view === "map" ? mapPointsOf(localized) : [],
    mapTiles: mapTilesOf(config),
    total: search.status === "fulfilled" ? search.value.total : 0,
    ...(search.status === "fulfilled" && search.value.totalEstimated ? { totalEstimated: true } : {}),
    textNotice:
      search.status === "fulfilled"
        ? localizedTextNotice(params.query, search.value.understood.corrections, requestLocale(request))
        : null,
    ignoredWords: search.status === "fulfilled" ? search.value.understood.ignoredWords : [],
    // Issue 19 §4: the practice areas (and place) a description of what happened was read as.
    description: search.status === "fulfilled" ? (search.value.understood.description ?? null) : null,
    error: search.status === "rejected",
    countryLine:
      search.status === "fulfilled" && facets.status === "fulfilled"
        ? countryLineOf(
            params,
            search.value.preferredCountry,
            visitor.country,
            Boolean(params.location || search.value.understood.location),
            facets.value.countries,
          )
        : null,
    nearCountry,
    // Issue 19 §2: the city and region options in the page's language (the facets stay as stored).
    facets:
      facets.status === "fulfilled"
        ? localizedPlaceFacets(facets.value, requestLocale(request), directory.localizePlaces)
        : EMPTY_FACETS,
    site: site.status === "fulfilled" ? site.value : EMPTY_FACETS,
    demoListings: demoListings.status === "fulfilled" ? demoListings.value : 0,
    distanceUnit: distanceUnitFor(request.headers.get("Accept-Language")),
  };
}

/**
 * The loader of the two directory pages (home and /browse-lawyers): runs the search of the URL
 * (every filter, sort, page and page size are query parameters); see `loadDirectory`.
 */
export function directoryLoader({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  return loadDirectory(request, context);
}
