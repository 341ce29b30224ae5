/**
 * Directory search (spec §5, §7, §9; issue 2 §3; docs/search.md). Plain functions over the
 * database handle, shared by the /api/lawyers router and the page loaders. Behind this small
 * interface a dedicated search engine could replace PostgreSQL at internet scale.
 *
 * CONTRACT (the search helper fills in the bodies; signatures are fixed):
 */
import type { Facets, LawyerDTO } from "../../lib/lawyer.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";

/** One page of results with the total number of matches. */
export interface SearchResult {
  lawyers: LawyerDTO[];
  total: number;
  /** How the free text was understood: subject, location used, synonyms, corrections. */
  understood: {
    subject: string;
    location: string | null;
    corrections: Record<string, string>;
    synonyms: string[];
  };
}

/** Searches lawyers: filters, relevance, sort and paging all in the database. */
export async function searchLawyers(_db: Db, _params: SearchParams): Promise<SearchResult> {
  throw new Error("not implemented");
}

/** Facet counts per country and practice area under the current filters (standard facet counting). */
export async function getFacets(_db: Db, _params: SearchParams): Promise<Facets> {
  throw new Error("not implemented");
}

/** At most 3 suggestions for a query longer than 2 characters (spec §9). */
export async function getSuggestions(_db: Db, _q: string): Promise<string[]> {
  throw new Error("not implemented");
}

/** One lawyer by id, or null. */
export async function getLawyer(_db: Db, _id: number): Promise<LawyerDTO | null> {
  throw new Error("not implemented");
}

/** Rebuilds search_lexicon and search_places from the lawyers table; call after seeding or import. */
export async function refreshSearchData(_db: Db): Promise<void> {
  throw new Error("not implemented");
}
