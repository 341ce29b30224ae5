/**
 * Directory search (spec §5, §7, §9; issue 2 §3; docs/search.md). Plain functions over the
 * database handle, used by the /api/lawyers router, and createDirectoryService, which binds them
 * to the process's database for the page loaders (contract: service.ts). Behind this small
 * interface a dedicated search engine could replace PostgreSQL at internet scale.
 */

import { and, eq } from "drizzle-orm";
import { isLawyerId } from "../../lib/ids.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import type { HiddenReason } from "../../lib/moderation.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import {
  cachedDirectoryStats,
  demoListingCount,
  directoryStatsWithin,
  hasDemoListings,
} from "../site/stats.ts";
import { bumpDataVersion } from "./cache.ts";
import { lawyerColumns, toLawyerDTO } from "./dto.ts";
import { dropFacts } from "./facts.ts";
import { catchUpReadHandle } from "./read-sync.ts";
import type { HiddenListing } from "./service.ts";

/**
 * Makes this process answer from its own latest write at once: re-reads the data version and
 * drops the search facts so the next search rebuilds them before answering. Call after writing to
 * lawyers without refreshSearchData (other instances see the write within a second through
 * search_state.version; docs/search.md "Caching"). With a read replica linked to `db` (issue 18
 * §3), its handle follows the primary's new version and drops its facts once it has replayed it
 * (read-sync.ts catchUpReadHandle).
 */
export function invalidateSearchCaches(db: Db): void {
  bumpDataVersion(db);
  dropFacts(db);
  catchUpReadHandle(db);
}

import type { Locale } from "../../lib/i18n/locales.ts";
import type { Facets } from "../../lib/lawyer.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import { type Clock, systemClock } from "../clock.ts";
import { nearestPlace, placeIndex } from "../location/nearest.ts";
import type { DirectoryStats } from "../site/stats.ts";
import type { ListingVerification } from "../verification/read.ts";
import { readVerification } from "../verification/read.ts";
import { getFacets } from "./facets.ts";
import { managedNearby } from "./managed-nearby.ts";
import type { PlaceFields } from "./place-names.ts";
import { withLocalPlaceNames } from "./place-names.ts";
import { searchLawyers } from "./search.ts";
import type { DirectoryService, SearchContext, SearchResult } from "./service.ts";
import { listedProfileCount, listedProfileIds } from "./sitemap.ts";
import { getSuggestions } from "./suggestions.ts";

export { getFacets } from "./facets.ts";
export { managedNearby } from "./managed-nearby.ts";
export { refreshSearchData } from "./refresh.ts";
export { searchLawyers } from "./search.ts";
export type { DirectoryService, SearchContext, SearchResult } from "./service.ts";
export { getSuggestions } from "./suggestions.ts";

/** What createDirectoryService needs: the process's database. */
export interface DirectoryDeps {
  db: Db;
  /** The clock a check's due date is compared with (issue 15 §2); systemClock when absent. */
  clock?: Clock;
}

/**
 * The directory's door into the domain (docs/ARCHITECTURE.md "How a request flows"): each method
 * binds the process's database `db` (and `clock`) to one plain function of server/search,
 * server/verification or server/site/stats.ts, so a reader follows a page's or the API's call
 * (`directory.searchLawyers(…)`) straight into the function that queries the database. A class
 * rather than an object of arrows so that the methods are definitions a reader's tools can go to.
 * The functions' caches are keyed by the database handle: one set per process however many
 * doors are made.
 */
export class Directory implements DirectoryService {
  /** The database the reads use (the read replica when configured). */
  private readonly db: Db;
  /** The clock a check's due date and the statistics' age are read from (issue 15 §2). */
  private readonly clock: Clock;

  /** Binds `db` and `clock` (server/services.ts createServices, or a test's own handle). */
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** See DirectoryService.searchLawyers (search.ts searchLawyers). */
  searchLawyers(params: SearchParams, context?: SearchContext): Promise<SearchResult> {
    return searchLawyers(this.db, params, context);
  }

  /** See DirectoryService.getFacets (facets.ts getFacets). */
  getFacets(params: SearchParams, context?: SearchContext): Promise<Facets> {
    return getFacets(this.db, params, context);
  }

  /** See DirectoryService.getLawyer. */
  getLawyer(id: number): Promise<LawyerDTO | null> {
    return getLawyer(this.db, id);
  }

  /** See DirectoryService.hiddenListing. */
  hiddenListing(id: number): Promise<HiddenListing | null> {
    return hiddenListing(this.db, id);
  }

  /** See DirectoryService.managedNearby (managed-nearby.ts). */
  managedNearby(id: number): Promise<LawyerDTO[] | null> {
    return managedNearby(this.db, id);
  }

  /** See DirectoryService.getVerification (server/verification/read.ts). */
  getVerification(id: number): Promise<ListingVerification> {
    return readVerification(this.db, id, this.clock);
  }

  /** See DirectoryService.getSuggestions (suggestions.ts). */
  getSuggestions(q: string, locale?: string): Promise<string[]> {
    return getSuggestions(this.db, q, locale);
  }

  /** See DirectoryService.getDirectoryStats (server/site/stats.ts). */
  getDirectoryStats(): Promise<DirectoryStats> {
    return cachedDirectoryStats(this.db, this.clock.now().getTime());
  }

  /** See DirectoryService.getDirectoryStatsWithin (server/site/stats.ts). */
  getDirectoryStatsWithin(waitMs: number): Promise<DirectoryStats | null> {
    return directoryStatsWithin(this.db, this.clock.now().getTime(), waitMs);
  }

  /** See DirectoryService.hasDemoListings. */
  hasDemoListings(): Promise<boolean> {
    return hasDemoListings(this.db, this.clock.now().getTime());
  }

  /** See DirectoryService.demoListingCount. */
  demoListingCount(): Promise<number> {
    return demoListingCount(this.db, this.clock.now().getTime());
  }

  /** See DirectoryService.listedProfileCount (sitemap.ts). */
  listedProfileCount(): Promise<number> {
    return listedProfileCount(this.db);
  }

  /** See DirectoryService.listedProfileIds (sitemap.ts). */
  listedProfileIds(offset: number, limit: number): Promise<number[]> {
    return listedProfileIds(this.db, offset, limit);
  }

  /** See DirectoryService.localizePlaces (place-names.ts). */
  localizePlaces<T extends PlaceFields>(items: readonly T[], locale: Locale): T[] {
    return items.map((item) => withLocalPlaceNames(item, locale));
  }

  /** See DirectoryService.countryNear: null when the gazetteer cannot answer. */
  countryNear({ lat, lng }: { lat: number; lng: number }): string | null {
    try {
      return nearestPlace(placeIndex(), lat, lng)?.countryCode ?? null;
    } catch {
      return null;
    }
  }
}

/**
 * Creates the directory service over the process's database (server/services.ts createServices;
 * see DirectoryService and Directory); the clock defaults to the system clock.
 */
export function createDirectoryService({ db, clock = systemClock }: DirectoryDeps): DirectoryService {
  return new Directory(db, clock);
}

/**
 * One lawyer by id (spec §7 GET /api/lawyers/{id}), as LawyerDTO, or null when no lawyer has
 * that id (including ids outside the integer range) or a moderator hid it (issue 15 §3; see
 * hiddenListing for telling the two apart).
 */
export async function getLawyer(db: Db, id: number): Promise<LawyerDTO | null> {
  if (!isLawyerId(id)) return null;
  const rows = await db
    .select(lawyerColumns)
    .from(lawyers)
    .where(and(eq(lawyers.id, id), eq(lawyers.hidden, false)))
    .limit(1);
  const row = rows[0];
  return row ? toLawyerDTO(row) : null;
}

/**
 * The listing `id` when a moderator hid it (issue 15 §3): its general reason, which the profile's
 * and GET /api/lawyers/{id}'s 410 answers state; null for a visible or unknown listing.
 */
export async function hiddenListing(db: Db, id: number): Promise<HiddenListing | null> {
  if (!isLawyerId(id)) return null;
  const rows = await db
    .select({ id: lawyers.id, reason: lawyers.hiddenReason })
    .from(lawyers)
    .where(and(eq(lawyers.id, id), eq(lawyers.hidden, true)))
    .limit(1);
  const row = rows[0];
  return row ? { id: row.id, reason: (row.reason ?? "wrong_information") as HiddenReason } : null;
}
