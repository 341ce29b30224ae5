/**
 * Maps (issue 19 §1 "Where and when"): OfficeMap (the lazily loaded Leaflet map with an
 * "unavailable" state for no JavaScript or no tiles), MapPoint.
 */

export type { MapPoint } from "./map-types";
export { OfficeMap } from "./OfficeMap";
