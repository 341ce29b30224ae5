/**
 * Street-level office positions for the demo data (issue 19 §1 "office positions per address
 * instead of every lawyer at the city centre"; before this every Berlin listing sat on GeoNames'
 * Berlin point, so "200 m away" was true of all of them). No geocoder runs: each generated
 * listing gets a deterministic point within its city, derived from the city and the generated
 * business address (the same address in the same city always lands on the same spot), at a
 * distance from the centre scaled by the city's population (a town's offices within about a
 * kilometre, a city of millions' within about ten). Offices cluster towards the centre (the
 * distance is uniform, not the area). Pure and dependency-free, so the 1,000,000-row tooling
 * (scale-rows.ts, which takes the generator's rows) writes the same numbers.
 *
 * Real listings are not placed this way: an owner sets the position on the listing form, an
 * import carries latitude/longitude columns (docs/import.md), else the city's point is used.
 */

/** Kilometres per degree of latitude (mean, WGS 84). */
const KM_PER_DEGREE = 111.32;

/** FNV-1a over a string's UTF-16 code units, 32 bits: a stable hash for the position's two draws. */
function fnv1a(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The radius (km) around a city's point within which its demo offices lie: 0.1 km × √(population
 * in thousands), between 0.8 km (towns) and 12 km (Tokyo-sized cities). Berlin (3.4 million): 5.9 km.
 */
export function officeRadiusKm(population: number): number {
  return Math.min(12, Math.max(0.8, 0.1 * Math.sqrt(Math.max(0, population) / 1000)));
}

/**
 * A demo office's position (degrees, 6 decimals, about 10 cm) for `address` in the city at
 * (`lat`, `lng`) with `population` inhabitants: deterministic, within officeRadiusKm of the city's
 * point. `cityKey` (e.g. the GeoNames id) keeps equal street names in two cities apart.
 */
export function demoOfficePosition(
  city: { lat: number; lng: number; pop: number },
  cityKey: string | number,
  address: string,
): { latitude: number; longitude: number } {
  const key = `${cityKey}|${address}`;
  const u = fnv1a(key) / 2 ** 32;
  const v = fnv1a(key, 0x050c5d1f) / 2 ** 32;
  const km = u * officeRadiusKm(city.pop);
  const angle = 2 * Math.PI * v;
  const cos = Math.max(0.05, Math.cos((city.lat * Math.PI) / 180));
  const latitude = Math.max(
    -89.999999,
    Math.min(89.999999, city.lat + (km * Math.cos(angle)) / KM_PER_DEGREE),
  );
  let longitude = city.lng + (km * Math.sin(angle)) / (KM_PER_DEGREE * cos);
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
}
