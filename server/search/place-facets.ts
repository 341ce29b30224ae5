/**
 * The city and region facets of the browse location filter (issue 19 §2: "The browse location
 * filter offers cities and regions as well as countries (with counts), from the same place
 * data"; docs/search.md "Facets"). Counted like the country facet (every filter except
 * `location`), limited to the countries of the current location filter when one is set, the
 * PLACE_FACET_LIMIT places with most lawyers first, plus the selected place(s). Both search
 * paths answer them: the search facts (placeFacetsFromKeyCounts over their city/state keys) and
 * the database (placeFacetQueries in facetsFromDatabase's statement); tests compare the two.
 *
 * A value is "<stored name>, <ISO country code>" ("Munich, DE", "Bavaria, DE"), the form
 * resolveLocation (location.ts) narrows to that country; the label is the stored name (the
 * directory loader puts it in the page's language, place-names.ts).
 */
import { sql } from "drizzle-orm";
import type { PlaceFacet } from "../../lib/lawyer.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import { lawyers } from "../db/schema.ts";
import { searchConditions, whereAll } from "./conditions.ts";
import type { Facts } from "./facts-layout.ts";
import type { Place } from "./location.ts";
import type { Understanding } from "./understanding.ts";

/** At most this many cities and this many regions are offered (plus the selected ones). */
export const PLACE_FACET_LIMIT = 50;

/** The location filter value of a city or region: "Munich, DE". */
export function placeFacetValue(name: string, countryCode: string): string {
  return `${name}, ${countryCode}`;
}

/** One counted place before ranking: its folded key (as facts and placesCondition use it). */
interface Counted {
  key: string;
  countryCode: string;
  name: string;
  count: number;
}

/** Code-point order (the same in both paths; locale-independent). */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The facet list of one kind: places with a name, in `countries` when given, most lawyers first
 * (then name, then country code), the first `limit`, then any selected place of this kind not
 * among them (with its count, or 0 and its resolved name), so its option and chip stay.
 */
export function rankPlaces(
  counted: Counted[],
  kind: "city" | "state",
  selected: Place[] | null,
  countries: Set<string> | null,
  limit = PLACE_FACET_LIMIT,
): PlaceFacet[] {
  const list = counted
    .filter((c) => c.name !== "" && c.count > 0 && (!countries || countries.has(c.countryCode)))
    .sort(
      (a, b) =>
        b.count - a.count || cmp(a.name, b.name) || cmp(a.countryCode, b.countryCode) || cmp(a.key, b.key),
    );
  const top = list.slice(0, limit);
  for (const p of selected ?? []) {
    if (p.kind !== kind || top.some((c) => c.key === p.key && c.countryCode === p.countryCode)) continue;
    const hit = list.find((c) => c.key === p.key && c.countryCode === p.countryCode);
    top.push(hit ?? { key: p.key, countryCode: p.countryCode, name: p.name, count: 0 });
  }
  return top.map((c) => ({
    value: placeFacetValue(c.name, c.countryCode),
    label: c.name,
    count: c.count,
    countryCode: c.countryCode,
  }));
}

/** The countries the place facets are limited to: those of the location filter, or null (all). */
export function placeFacetCountries(u: Understanding): Set<string> | null {
  return u.filterPlaces && u.filterPlaces.length > 0
    ? new Set(u.filterPlaces.map((p) => p.countryCode))
    : null;
}

/**
 * The city and region facets from per-key counts over the facts (`keyCounts[k]` = matching rows
 * with city or state key k, counted over the rows of every filter except `location`).
 */
export function placeFacetsFromKeyCounts(
  f: Facts,
  keyCounts: Int32Array,
  u: Understanding,
): { cities: PlaceFacet[]; regions: PlaceFacet[] } {
  const cities: Counted[] = [];
  const regions: Counted[] = [];
  let k = 0;
  for (const interned of f.keys.keys()) {
    const count = keyCounts[k] as number;
    const name = f.keyNames[k] ?? "";
    k++;
    if (count === 0) continue;
    const [kind, key = "", countryCode = ""] = interned.split("|");
    (kind === "city" ? cities : regions).push({ key, countryCode, name, count });
  }
  const countries = placeFacetCountries(u);
  return {
    cities: rankPlaces(cities, "city", u.filterPlaces, countries),
    regions: rankPlaces(regions, "state", u.filterPlaces, countries),
  };
}

/**
 * The same facets counted by the database: the two GROUP BY queries (cities, regions) that
 * facetsFromDatabase runs in its one statement; placeFacetsOfRows reads their rows.
 */
export function placeFacetQueries(
  params: SearchParams,
  u: Understanding,
): { placeCities: ReturnType<typeof sql>; placeRegions: ReturnType<typeof sql> } {
  const where = whereAll(searchConditions(params, u, "location"));
  return {
    placeCities: sql`
      SELECT lower(public.f_unaccent(${lawyers.city})) AS key, ${lawyers.countryCode} AS cc,
             min(${lawyers.city} COLLATE "C") AS name, count(*) AS count
      FROM ${lawyers} WHERE ${where} GROUP BY 1, 2`,
    placeRegions: sql`
      SELECT lower(public.f_unaccent(${lawyers.state})) AS key, ${lawyers.countryCode} AS cc,
             min(${lawyers.state} COLLATE "C") AS name, count(*) AS count
      FROM ${lawyers} WHERE ${where} AND ${lawyers.state} IS NOT NULL GROUP BY 1, 2`,
  };
}

/** The city and region facets of placeFacetQueries' rows (`placeCities`, `placeRegions`). */
export function placeFacetsOfRows(
  res: { placeCities: Record<string, unknown>[]; placeRegions: Record<string, unknown>[] },
  u: Understanding,
): { cities: PlaceFacet[]; regions: PlaceFacet[] } {
  const rows = (list: Record<string, unknown>[]): Counted[] =>
    (list as { key: string; cc: string; name: string; count: number | string }[]).map((r) => ({
      key: r.key,
      countryCode: r.cc,
      name: r.name,
      count: Number(r.count),
    }));
  const countries = placeFacetCountries(u);
  return {
    cities: rankPlaces(rows(res.placeCities), "city", u.filterPlaces, countries),
    regions: rankPlaces(rows(res.placeRegions), "state", u.filterPlaces, countries),
  };
}
