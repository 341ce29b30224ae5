/**
 * The city table of `city-timezones` (about 7,300 cities with coordinates, population, province
 * and IANA time zone): the one source of the demo data's cities (./demo-places.ts) and of the
 * coordinates looked up for a new listing (server/listings/places.ts).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** One city of the table: the fields LexAtlas reads (names, degrees, population, ISO code, province, zone). */
export interface CityRecord {
  city: string;
  city_ascii: string;
  lat: number;
  lng: number;
  pop: number;
  iso2: string;
  province: string;
  timezone: string;
}

/**
 * Every city of city-timezones' `cityMapping`, as the package ships it (the package loads it
 * once; callers index it themselves). Never throws.
 */
export function cityTable(): readonly CityRecord[] {
  return require("city-timezones").cityMapping;
}
