/**
 * Great-circle distance, once for the whole product (issue 30 "shared helpers once: distance"):
 * the matching order's distance bonus (issue 19 §2, server/matching), the nearest place of a
 * position (server/location/nearest.ts), the geocoder's "too far from the city" check
 * (server/listings/geocoder.ts) and the demo places' de-duplication (server/seed). The search's
 * SQL distance is PostgreSQL's earthdistance (server/search/conditions.ts), not this.
 * No zod and no server code: the browser may import it.
 */

/** Mean Earth radius (IUGG), in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * Great-circle distance between two positions in degrees (WGS 84), in kilometres, by the
 * haversine formula on a sphere of `radiusKm` (default the IUGG mean radius, EARTH_RADIUS_KM).
 * Symmetric, 0 for the same point, at most π × radiusKm; longitudes may wrap (179.5 and -179.5
 * are 1° apart). Never NaN for finite input (rounding past 1 is clamped before the arcsine).
 */
export function greatCircleKm(
  lat1: number,
  lng1: number,
  lat2: number,
  lng2: number,
  radiusKm: number = EARTH_RADIUS_KM,
): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * radiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}
