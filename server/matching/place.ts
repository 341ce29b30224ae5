/**
 * "Where are you?" of the assessment (issue 19 §2): the position of a town or city the client
 * typed, from the same place data as the browse location filter (server/search/location.ts
 * resolveLocation: exact names, GeoNames alternate names in other languages, typo correction).
 * The position is the centre of the listings' offices in that place, so a place without
 * listings gives no position (no distance is claimed then).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { placesCondition, resolveLocation } from "../search/location.ts";

/**
 * The position of `text` ("Hamburg", "Hambourg", "Hamburg, DE") in degrees, or undefined when
 * no place with listings matches. When several places match (a city name in two countries),
 * the one in `countryCode` wins, else the one with the most listings. Cities and regions only
 * carry a useful position; a country name gives its listings' centre too (coarse, but honest:
 * the explanation names the place as typed).
 */
export async function placePosition(
  db: Db,
  text: string,
  countryCode?: string,
): Promise<{ lat: number; lng: number } | undefined> {
  const { places } = await resolveLocation(db, text);
  const inCountry = countryCode ? places.filter((p) => p.countryCode === countryCode) : [];
  const candidates = (inCountry.length > 0 ? inCountry : places).slice(0, 5);
  let best: { lat: number; lng: number; n: number } | undefined;
  for (const place of candidates) {
    const res = await db.execute<{
      lat: number | string | null;
      lng: number | string | null;
      n: number | string;
    }>(
      sql`SELECT avg(${lawyers.latitude}) AS lat, avg(${lawyers.longitude}) AS lng, count(*) AS n
          FROM ${lawyers}
          WHERE ${placesCondition([place])} AND ${lawyers.latitude} IS NOT NULL AND NOT ${lawyers.hidden}`,
    );
    const r = res.rows[0];
    const n = Number(r?.n ?? 0);
    if (!r || n === 0 || r.lat === null || r.lng === null) continue;
    if (!best || n > best.n) best = { lat: Number(r.lat), lng: Number(r.lng), n };
  }
  return best ? { lat: Math.round(best.lat * 1e4) / 1e4, lng: Math.round(best.lng * 1e4) / 1e4 } : undefined;
}
