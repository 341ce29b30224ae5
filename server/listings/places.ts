/**
 * Places for a new listing (issue 3 "Create"): the country options of the form, with the
 * directory's friendly country names (server/seed/countries.ts), and the coordinates and time
 * zone of a city when the GeoNames city table (server/seed/cities.ts, the demo data's source) knows it.
 */
import countries from "i18n-iso-countries";
import type { CountryOption } from "../../lib/listing-owner.ts";
import { type CityRecord, cityTable } from "../seed/cities.ts";
import { countryName, foldKey } from "../seed/countries.ts";

let options: CountryOption[] | undefined;

/**
 * Every ISO 3166-1 country as `{ code, name }` with the directory's friendly English names
 * ("US" → "United States"), sorted by name. Built once per process (about 250 entries).
 */
export function countryOptions(): CountryOption[] {
  if (options) return options;
  const list: CountryOption[] = [];
  for (const code of Object.keys(countries.getAlpha2Codes())) {
    const name = countryName(code);
    if (name) list.push({ code, name });
  }
  list.sort((a, b) => a.name.localeCompare(b.name, "en"));
  options = list;
  return list;
}

let byCountry: Map<string, CityRecord[]> | undefined;

/** The GeoNames city table (about 113,000 cities of 1,000+ inhabitants), indexed by ISO code on first use. */
function cities(): Map<string, CityRecord[]> {
  if (byCountry) return byCountry;
  const map = new Map<string, CityRecord[]>();
  for (const c of cityTable()) {
    const list = map.get(c.iso2);
    if (list) list.push(c);
    else map.set(c.iso2, [c]);
  }
  byCountry = map;
  return map;
}

/** Where a city is: degrees and IANA time zone, or nulls when unknown. */
export interface CityPlace {
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
}

/**
 * The coordinates and time zone of `city` in country `code` from the GeoNames city table, matched by name
 * without case or accents ("montreal" finds Montréal), then by its alternate names ("München"
 * finds Munich); with `state`, a city in that province
 * wins; among equals the most populous. Nulls when the city is not in the table.
 */
export function lookUpCity(code: string, city: string, state: string | null): CityPlace {
  const key = foldKey(city);
  const all = cities().get(code.toUpperCase()) ?? [];
  let candidates = all.filter((c) => foldKey(c.city) === key || foldKey(c.city_ascii) === key);
  // Then GeoNames' alternate names ("München" is Munich, "Köln" also "Cologne"; issue 14 §3).
  if (candidates.length === 0)
    candidates = all.filter((c) => c.alternateNames.some((n) => foldKey(n) === key));
  if (candidates.length === 0) return { latitude: null, longitude: null, timeZone: null };
  const stateKey = state ? foldKey(state) : null;
  const inState = stateKey ? candidates.filter((c) => foldKey(c.province ?? "") === stateKey) : [];
  const pool = inState.length > 0 ? inState : candidates;
  const best = pool.reduce((a, b) => (b.pop > a.pop ? b : a));
  return { latitude: best.lat, longitude: best.lng, timeZone: best.timezone || null };
}
