/**
 * The map tiles' configuration as pages see it (issue 19 §1 "Where and when"; server/config.ts
 * MAP_TILE_URL and MAP_TILE_ATTRIBUTION): Leaflet's URL template and the attribution text, or
 * null when maps are off. Pure, shared by the server (CSP) and the browser (the map).
 */

/** What a page's map needs: Leaflet's tile URL template and the attribution line. */
export interface MapTiles {
  url: string;
  attribution: string;
}

/** The page's map tiles from the configuration, or null when MAP_TILE_URL is "off". */
export function mapTilesOf(config: { MAP_TILE_URL: string; MAP_TILE_ATTRIBUTION: string }): MapTiles | null {
  if (config.MAP_TILE_URL === "off") return null;
  return { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION };
}

/**
 * The CSP source of a tile URL template: scheme, host and port, with a `{s}` subdomain as a
 * wildcard ("https://{s}.tile.example.org/{z}/{x}/{y}.png" -> "https://*.tile.example.org");
 * null for "off" or a template whose host cannot be read.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/\s]+)\//.exec(template);
  if (!m) return null;
  const host = (m[2] as string).replace(/\{s\}/g, "*");
  if (/[{}]/.test(host)) return null;
  return `${m[1]}://${host}`;
}
