/**
 * The journeys' map tiles (issue 19 §1): a loopback address nothing listens on, so no journey
 * loads real internet tiles; a journey that wants tiles answers it with TILE_PNG via page.route.
 */

/** MAP_TILE_URL of the journeys' server (tests/e2e/support/serve.ts). */
export const E2E_TILE_URL = "http://127.0.0.1:9/tiles/{z}/{x}/{y}.png";

/** The glob page.route matches the tile requests with. */
export const E2E_TILE_GLOB = "http://127.0.0.1:9/tiles/**";

/** A 1×1 light-grey PNG, served for every tile. */
export const TILE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4+e/ffwAJcAPzXEE8yQAAAABJRU5ErkJggg==",
  "base64",
);
