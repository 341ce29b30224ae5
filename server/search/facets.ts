/** getFacets: counts per country and practice area under the current filters (issue 2 §3). */
import { sql } from "drizzle-orm";
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import { languageName } from "../../lib/languages.ts";
import type { FacetCount, Facets } from "../../lib/lawyer.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { countCache, filterKey, SearchCache, syncDataVersion } from "./cache.ts";
import { respondsWithin24hCondition, searchConditions, whereAll } from "./conditions.ts";
import { placesCondition } from "./location.ts";
import { understand } from "./understand.ts";

const cache = new SearchCache<Facets>(500, 5 * 60_000);

/**
 * Facet counts (standard facet counting, docs/search.md "Facets"): the country counts apply every
 * filter except `location`, the practice-area counts every filter except `practiceAreas`, so a
 * selection never hides its siblings. Countries: value = ISO code, label = country name, only
 * countries with a match, most lawyers first. Practice areas: all twelve of spec §3 in spec
 * order, zero counts included. Languages (issue 14 §4): every filter except `languages`, codes
 * spoken by at least one match, most first. `verified` (issue 15 §2 "Verified only" with its
 * count): the verified listings among the matches of every filter except `verified`;
 * `respondsWithin24h` (issue 16 §3): likewise for the "responds within 24 h" filter. `total` = lawyers matching every filter (the search's total).
 * Sort and paging parameters are ignored. Cached for five minutes per filter set (and the total
 * is shared with the search's count cache).
 */
export async function getFacets(db: Db, params: SearchParams): Promise<Facets> {
  await syncDataVersion(db);
  const key = filterKey(params);
  const hit = cache.get(db, key);
  if (hit) return hit;

  const u = await understand(db, params);
  const inLocation = u.filterPlaces ? placesCondition(u.filterPlaces) : sql`true`;
  const [countryRes, areaRes, languageRes, verifiedRes, respondsRes] = await Promise.all([
    db.execute<{
      value: string;
      label: string;
      count: number | string;
      matched: number | string;
    }>(sql`
    SELECT ${lawyers.countryCode} AS value, min(${lawyers.country}) AS label, count(*) AS count,
           count(*) FILTER (WHERE ${inLocation}) AS matched
    FROM ${lawyers} WHERE ${whereAll(searchConditions(params, u, "location"))}
    GROUP BY ${lawyers.countryCode}`),
    db.execute<{ value: string; count: number | string }>(sql`
    SELECT pa AS value, count(*) AS count
    FROM ${lawyers} CROSS JOIN LATERAL unnest(${lawyers.practiceAreas}) AS pa
    WHERE ${whereAll(searchConditions(params, u, "practiceAreas"))}
    GROUP BY pa`),
    db.execute<{ value: string; count: number | string }>(sql`
    SELECT lang AS value, count(*) AS count
    FROM ${lawyers} CROSS JOIN LATERAL unnest(${lawyers.languages}) AS lang
    WHERE ${whereAll(searchConditions(params, u, "languages"))}
    GROUP BY lang`),
    db.execute<{ count: number | string }>(sql`
    SELECT count(*) AS count FROM ${lawyers}
    WHERE ${whereAll([...searchConditions(params, u, "verified"), sql`${lawyers.verified}`])}`),
    db.execute<{ count: number | string }>(sql`
    SELECT count(*) AS count FROM ${lawyers}
    WHERE ${whereAll([...searchConditions(params, u, "respondsWithin24h"), respondsWithin24hCondition])}`),
  ]);

  const countries: FacetCount[] = countryRes.rows
    .map((r) => ({ value: r.value, label: r.label, count: Number(r.count) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const total = countryRes.rows.reduce((n, r) => n + Number(r.matched), 0);
  const areaCounts = new Map(areaRes.rows.map((r) => [r.value, Number(r.count)]));
  const practiceAreas: FacetCount[] = PRACTICE_AREAS.map((a) => ({
    value: a,
    label: a,
    count: areaCounts.get(a) ?? 0,
  }));

  // Languages: only those spoken by a match, most lawyers first; a selected language stays listed
  // (count 0) so its chip and checkbox can still be cleared.
  const languageCounts = new Map(languageRes.rows.map((r) => [r.value, Number(r.count)]));
  for (const l of params.languages) if (!languageCounts.has(l)) languageCounts.set(l, 0);
  const languages: FacetCount[] = [...languageCounts.entries()]
    .map(([value, count]) => ({ value, label: languageName(value, "en"), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));

  const verified = Number(verifiedRes.rows[0]?.count ?? 0);
  const respondsWithin24h = Number(respondsRes.rows[0]?.count ?? 0);
  const facets: Facets = { countries, practiceAreas, languages, verified, respondsWithin24h, total };
  cache.set(db, key, facets);
  countCache.set(db, key, total);
  return facets;
}
