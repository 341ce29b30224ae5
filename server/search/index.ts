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

import { type Clock, systemClock } from "../clock.ts";
import { nearestPlace, placeIndex } from "../location/nearest.ts";
import { readVerification } from "../verification/read.ts";
import { getFacets } from "./facets.ts";
import { managedNearby } from "./managed-nearby.ts";
import { withLocalPlaceNames } from "./place-names.ts";
import { searchLawyers } from "./search.ts";
import type { DirectoryService } from "./service.ts";
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
 * Creates the directory service over the process's database (server/services.ts createServices;
 * see DirectoryService). Binds `db` to the plain functions of server/search and
 * server/site/stats.ts, which the API routers also call: their caches are keyed by the database
 * handle, so there is still one set per process however many services are made.
 */
export function createDirectoryService({ db, clock = systemClock }: DirectoryDeps): DirectoryService {
  return {
    searchLawyers: (params, context) => searchLawyers(db, params, context),
    getFacets: (params, context) => getFacets(db, params, context),
    getLawyer: (id) => getLawyer(db, id),
    hiddenListing: (id) => hiddenListing(db, id),
    managedNearby: (id) => managedNearby(db, id),
    getVerification: (id) => readVerification(db, id, clock),
    getSuggestions: (q, locale) => getSuggestions(db, q, locale),
    getDirectoryStats: () => cachedDirectoryStats(db, clock.now().getTime()),
    getDirectoryStatsWithin: (waitMs) => directoryStatsWithin(db, clock.now().getTime(), waitMs),
    hasDemoListings: () => hasDemoListings(db, clock.now().getTime()),
    demoListingCount: () => demoListingCount(db, clock.now().getTime()),
    listedProfileCount: () => listedProfileCount(db),
    listedProfileIds: (offset, limit) => listedProfileIds(db, offset, limit),
    localizePlaces: (items, locale) => items.map((item) => withLocalPlaceNames(item, locale)),
    countryNear: ({ lat, lng }) => {
      try {
        return nearestPlace(placeIndex(), lat, lng)?.countryCode ?? null;
      } catch {
        return null;
      }
    },
  };
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
