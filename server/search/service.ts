/**
 * The directory service's contract (spec §5, §7, §9; issue 2 §3; docs/search.md): search, facets,
 * one lawyer, suggestions and the site's statistics, as the page loaders see them through the
 * router context (app/context.ts). createDirectoryService (server/search/index.ts) builds it.
 */
import type { Locale } from "../../lib/i18n/locales.ts";
import type { Facets, LawyerDTO } from "../../lib/lawyer.ts";
import type { HiddenReason } from "../../lib/moderation.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { DirectoryStats } from "../site/stats.ts";
import type { ListingVerification } from "../verification/read.ts";
import type { DescriptionReading } from "./description.ts";
import type { PlaceFields } from "./place-names.ts";

/**
 * What a search knows about the visitor besides its parameters (issue 28 §1): resolved by the
 * caller (the page loader, GET /api/lawyers/search) from the request.
 */
export interface SearchContext {
  /**
   * The visitor's country (ISO 3166-1 alpha-2) from lib/preferred-country.ts
   * resolvePreferredCountry, or null: its lawyers come first under `sort=relevance` when the
   * search names no place and has no `near` (lib/ranking.ts ordersCountryFirst).
   */
  preferredCountry?: string | null;
  /**
   * The page's language (the API: Accept-Language's): a word of its dictionary is never
   * "corrected" (server/search/dictionaries.ts). English when absent.
   */
  locale?: Locale;
}

/** One page of results with the total number of matches. */
export interface SearchResult {
  lawyers: LawyerDTO[];
  total: number;
  /**
   * Issue 29: true when `total` is PostgreSQL's estimate (server/db/statement-budget.ts
   * estimatedRows): while the search facts build, a count past its time budget is estimated.
   */
  totalEstimated?: boolean;
  /**
   * Issue 28 §1: the country whose lawyers this page ordered first (the context's country when
   * ordersCountryFirst applied), else null. The API sends it as X-Preferred-Country.
   */
  preferredCountry: string | null;
  /**
   * How the free text was understood: subject, location used, synonyms, corrections, and the
   * typed words left out because no lawyer matches them (issue 14 §3).
   */
  understood: {
    subject: string;
    location: string | null;
    corrections: Record<string, string>;
    synonyms: string[];
    ignoredWords: string[];
    /**
     * When the query read as a description of what happened (issue 19 §4; description.ts): every
     * practice area it was read as, the most specific first (issue 28 §1), and the place it named;
     * absent otherwise.
     */
    description?: DescriptionReading;
  };
}

/**
 * The directory over one database. Its caches (result counts, ranked ids, search facts, the
 * vocabulary) live in server/search per database handle, so every instance over the same handle
 * shares them, and they follow search_state.version (docs/search.md "Caching"). Database
 * failures reject.
 */
export type { ListingVerification };

/** Why a hidden listing was hidden, in general terms (issue 15 §3), for its 410 answers. */
export interface HiddenListing {
  id: number;
  reason: HiddenReason;
}

export interface DirectoryService {
  /**
   * One page of lawyers for validated search parameters (server/search/search.ts); `context`: the
   * visitor's country and the page's language (issue 28 §1).
   */
  searchLawyers(params: SearchParams, context?: SearchContext): Promise<SearchResult>;
  /**
   * Counts per practice area, country and other filters for the parameters (server/search/facets.ts);
   * `context.locale` must be the search's, so both read the text alike.
   */
  getFacets(params: SearchParams, context?: SearchContext): Promise<Facets>;
  /** One lawyer by id, or null when none has it (also for ids outside the integer range). */
  getLawyer(id: number): Promise<LawyerDTO | null>;
  /** The general reason a moderator hid listing `id` (issue 15 §3), or null when it is not hidden. */
  hiddenListing(id: number): Promise<HiddenListing | null>;
  /**
   * Up to 3 managed listings near listing `id` (issue 28 §4; server/search/managed-nearby.ts:
   * same country, a shared practice area, nearest first), or null when `id` names no visible listing.
   */
  managedNearby(id: number): Promise<LawyerDTO[] | null>;
  /**
   * A listing's checks, bar admissions and public disciplinary records, as the profile shows them
   * (issue 15 §2; server/verification/read.ts); empty for an unknown id.
   */
  getVerification(id: number): Promise<ListingVerification>;
  /** Up to a handful of completions for typed text in the page's locale (server/search/suggestions.ts). */
  getSuggestions(q: string, locale?: string): Promise<string[]>;
  /**
   * The country (ISO 3166-1 alpha-2) of the nearest GeoNames place within 500 km of a point
   * (server/location/nearest.ts), or null: the country of a visitor's "Use my location" (issue 28
   * §1, the last source of lib/preferred-country.ts). Never throws.
   */
  countryNear(point: { lat: number; lng: number }): string | null;
  /**
   * Lawyers, countries, verified share and average rating, by SQL, computed once per data version
   * and at most once a minute (server/site/stats.ts cachedDirectoryStats; issue 29).
   */
  getDirectoryStats(): Promise<DirectoryStats>;
  /**
   * getDirectoryStats, or null while their first computation takes longer than `waitMs` ms (it
   * goes on in the background): what the about page shows (issue 29 "no request over 1 s").
   */
  getDirectoryStatsWithin(waitMs: number): Promise<DirectoryStats | null>;
  /**
   * Whether any fictional demo listing is in the directory (server/site/stats.ts, remembered for
   * a minute), for the footer's demo-data line (issue 15 §2).
   */
  hasDemoListings(): Promise<boolean>;
  /** How many listed listings are fictional demo listings (issue 28 §4; server/site/stats.ts demoListingCount). */
  demoListingCount(): Promise<number>;
  /** How many listings are not hidden: the sitemap's profiles (issue 2 §4; server/search/sitemap.ts). */
  listedProfileCount(): Promise<number>;
  /** Ids of the listings that are not hidden, ascending, `limit` after `offset`: one sitemap file (issue 2 §4). */
  listedProfileIds(offset: number, limit: number): Promise<number[]>;
  /**
   * Lawyers (or anything with city, state and countryCode) with their city and region in the
   * page's `locale`, for what a page shows (server/search/place-names.ts; issue 14 §1): GeoNames
   * names by script for cities, OpenCage's subdivision names for regions, the stored name
   * otherwise. The API keeps the stored names. Never throws.
   */
  localizePlaces<T extends PlaceFields>(items: readonly T[], locale: Locale): T[];
}
