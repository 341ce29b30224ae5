/**
 * Directory search (spec §5, §7, §9; issue 2 §3; docs/search.md). Plain functions over the
 * database handle, shared by the /api/lawyers router and the page loaders. Behind this small
 * interface a dedicated search engine could replace PostgreSQL at internet scale.
 */

import { eq } from "drizzle-orm";
import { isLawyerId } from "../../lib/ids.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { bumpDataVersion } from "./cache.ts";
import { lawyerColumns, toLawyerDTO } from "./dto.ts";
import { dropFacts } from "./facts.ts";

/**
 * Makes this process answer from its own latest write at once: re-reads the data version and
 * drops the search facts so the next search rebuilds them before answering. Call after writing to
 * lawyers without refreshSearchData (other instances see the write within a second through
 * search_state.version; docs/search.md "Caching").
 */
export function invalidateSearchCaches(db: Db): void {
  bumpDataVersion(db);
  dropFacts(db);
}
export { getFacets } from "./facets.ts";
export { refreshSearchData } from "./refresh.ts";
export { searchLawyers } from "./search.ts";
export { getSuggestions } from "./suggestions.ts";

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

/**
 * One lawyer by id (spec §7 GET /api/lawyers/{id}), as LawyerDTO, or null when no lawyer has
 * that id (including ids outside the integer range).
 */
export async function getLawyer(db: Db, id: number): Promise<LawyerDTO | null> {
  if (!isLawyerId(id)) return null;
  const rows = await db.select(lawyerColumns).from(lawyers).where(eq(lawyers.id, id)).limit(1);
  const row = rows[0];
  return row ? toLawyerDTO(row) : null;
}
