/**
 * The shapes the maps share (issue 19 §1 "Where and when"): one office on a map, and the texts
 * the Leaflet controls need in the page's language.
 */

/** One office on a map: the listing, its position (degrees, WGS 84) and what its marker says. */
export interface MapPoint {
  id: number;
  name: string;
  firm: string;
  /** The business address as one line, or the display location when there is none. */
  address: string;
  latitude: number;
  longitude: number;
  /** Kilometres from the search's `near` point, when there was one. */
  distanceKm?: number;
}

/** The Leaflet controls' texts in the page's language. */
export interface MapTexts {
  zoomIn: string;
  zoomOut: string;
  /** "Office of {name}": the marker's accessible name. */
  marker: (p: MapPoint) => string;
  /** "View profile": the popup's link text. */
  viewProfile: string;
}
