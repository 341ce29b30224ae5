/**
 * The browser half of the maps (issue 19 §1; docs/decisions/004): builds a Leaflet 1.9.4 map with
 * the configured raster tiles and one keyboard-focusable marker per office. Imported only from an
 * effect (`import()`), so Leaflet and its CSS (a file from this origin, allowed by the strict CSP's
 * `style-src 'self'`) load lazily on the pages with a map and never during server rendering.
 * Markers are divIcons (no image files to resolve) with role="button", tabindex 0 and an
 * accessible name; Enter opens the popup with the profile link.
 */
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import type { MapTiles } from "../../../lib/map-tiles.ts";
import type { MapPoint, MapTexts } from "./map-types";

/** What the map tells its owner: tiles failed (none loaded), or a place was picked by a click. */
export interface MapEvents {
  onTilesFailed: () => void;
  onTilesLoaded: () => void;
  /** When given, a click on the map picks that position (the listing form's office position). */
  onPick?: (latitude: number, longitude: number) => void;
}

/** A running map: move the picked marker, or remove the map from its element. */
export interface MapHandle {
  setPicked(latitude: number, longitude: number): void;
  destroy(): void;
}

const ICON_HTML =
  '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path fill="#1c5fa8" stroke="#fff" stroke-width="1.5" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7z"/><circle cx="12" cy="9" r="2.6" fill="#fff"/></svg>';

/**
 * Creates the map in `element` (which must be empty and sized) around `points`, localized by
 * `texts`, with `tiles`; `profileHref(id)` gives each popup's link. Returns its handle.
 */
export function createLeafletMap(
  element: HTMLElement,
  points: readonly MapPoint[],
  tiles: MapTiles,
  texts: MapTexts,
  profileHref: (id: number) => string,
  events: MapEvents,
): MapHandle {
  const map = L.map(element, { zoomControl: false, scrollWheelZoom: false, attributionControl: true });
  L.control.zoom({ zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut }).addTo(map);
  map.attributionControl.setPrefix(false);
  let loaded = 0;
  let failed = false;
  const layer = L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 });
  layer.on("tileload", () => {
    loaded++;
    if (failed) {
      failed = false;
      events.onTilesLoaded();
    }
  });
  layer.on("tileerror", () => {
    if (loaded === 0 && !failed) {
      failed = true;
      events.onTilesFailed();
    }
  });
  layer.addTo(map);
  const icon = L.divIcon({
    html: ICON_HTML,
    className: "office-marker",
    iconSize: [28, 28],
    iconAnchor: [14, 27],
  });
  for (const p of points) {
    const marker = L.marker([p.latitude, p.longitude], { icon, keyboard: true, title: texts.marker(p) });
    const popup = document.createElement("div");
    const strong = document.createElement("strong");
    strong.textContent = p.name;
    const firm = document.createElement("div");
    firm.textContent = p.firm;
    const link = document.createElement("a");
    link.href = profileHref(p.id);
    link.textContent = texts.viewProfile;
    popup.append(strong, firm, link);
    marker.bindPopup(popup);
    // The icon exists once the marker is on a map that has a view: name it then.
    marker.on("add", () => marker.getElement()?.setAttribute("aria-label", texts.marker(p)));
    marker.addTo(map);
  }
  if (points.length === 1) {
    const [p] = points as [MapPoint];
    map.setView([p.latitude, p.longitude], 15);
  } else if (points.length > 1) {
    map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), {
      padding: [24, 24],
      maxZoom: 15,
    });
  } else {
    map.setView([20, 0], 2);
  }
  let picked: L.Marker | null = null;
  const pick = events.onPick;
  /** Degrees rounded to 6 places (about 10 cm), the longitude wrapped into -180..180. */
  const pickAt = (latlng: L.LatLng) => {
    const lat = Number(latlng.lat.toFixed(6));
    const lng = Number(L.Util.wrapNum(latlng.lng, [-180, 180], true).toFixed(6));
    pick?.(lat, lng);
    return [lat, lng] as const;
  };
  const setPicked = (latitude: number, longitude: number) => {
    if (!picked) {
      // Issue 19 §1: on the listing form the marker can be dragged (the fields are the keyboard way).
      picked = L.marker([latitude, longitude], {
        icon,
        keyboard: false,
        interactive: Boolean(pick),
        draggable: Boolean(pick),
      }).addTo(map);
      const marker = picked;
      if (pick) marker.on("dragend", () => pickAt(marker.getLatLng()));
      // A picker without offices opens on the picked position.
      if (points.length === 0) map.setView([latitude, longitude], 15);
    } else picked.setLatLng([latitude, longitude]);
  };
  if (pick) {
    map.on("click", (e: L.LeafletMouseEvent) => {
      const [lat, lng] = pickAt(e.latlng);
      setPicked(lat, lng);
    });
  }
  return {
    setPicked,
    destroy: () => {
      map.remove();
    },
  };
}

/** The attribution as text (Leaflet writes it as HTML; the configured value is plain text). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
