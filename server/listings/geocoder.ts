/**
 * Geocoding of a listing's business address (issue 19 §1 "office positions geocoded per address
 * instead of every lawyer at the city centre"). A Nominatim-compatible endpoint configured as
 * GEOCODER_URL (a self-hosted Nominatim, or Photon's Nominatim-style API) is asked
 * `GET {GEOCODER_URL}/search?format=jsonv2&q=<address>&countrycodes=<cc>&limit=1`, server-side,
 * when a lawyer saves the listing. Unset: no geocoding at all (the default; no network at run time).
 *
 * The client follows the Nominatim usage policy (https://operations.osmfoundation.org/policies/nominatim/):
 * an identifying User-Agent, at most one request per second (per instance: a request within a
 * second of the previous one is not sent, answered `rate-limited`), no bulk use (only the one
 * address a person just saved), and results used for the listing only. A short timeout (2 s by
 * default) keeps the save fast: every failure is an answer, never an exception, so the save goes
 * on with the listing's previous position (or its city's point).
 *
 * A result farther than `maxDistanceKm` (50 km) from the listing's city is refused (`far`) and
 * logged: a wrong street match in another town must not move the office there.
 */
import { greatCircleKm } from "../../lib/great-circle.ts";
import type { Clock } from "../clock.ts";
import type { Logger } from "../logger.ts";

/** Degrees of an office position. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** What one geocoding attempt gave: a position, or why not. */
export type GeocodeResult =
  | ({ status: "found" } & GeoPoint)
  | { status: "not-found" | "far" | "failed" | "timeout" | "rate-limited" };

/** Geocodes one address of a listing (see the module docstring). */
export interface Geocoder {
  /**
   * The position of `address` in country `countryCode` (ISO 3166-1 alpha-2), accepted only within
   * `maxDistanceKm` of `near` (the listing's city) when `near` is given. Never throws.
   */
  geocode(address: string, countryCode: string, near: GeoPoint | null): Promise<GeocodeResult>;
}

/** Options of createGeocoder. */
export interface GeocoderOptions {
  /** The endpoint's base URL (GEOCODER_URL); `/search` is appended. */
  url: string;
  /** Sent as User-Agent (the Nominatim policy asks for an identifying one). */
  userAgent: string;
  clock: Clock;
  logger: Pick<Logger, "warn" | "info">;
  /** Milliseconds before a request is given up; default 2000. */
  timeoutMs?: number;
  /** Minimum milliseconds between two requests of this instance; default 1000 (the policy's 1/s). */
  minIntervalMs?: number;
  /** Farthest accepted distance from `near` in km; default 50. */
  maxDistanceKm?: number;
}

/**
 * Great-circle distance in km between two points (lib/great-circle.ts greatCircleKm on a sphere
 * of 6371 km, the radius this check has always used, so a far/near verdict does not move).
 */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  return greatCircleKm(a.latitude, a.longitude, b.latitude, b.longitude, 6371);
}

/**
 * A geocoder for `options.url` with its own rate window (one per process: server/services.ts).
 * The rate window is read from `options.clock`, so tests move time instead of waiting.
 */
export function createGeocoder(options: GeocoderOptions): Geocoder {
  const timeoutMs = options.timeoutMs ?? 2000;
  const minIntervalMs = options.minIntervalMs ?? 1000;
  const maxDistanceKm = options.maxDistanceKm ?? 50;
  const base = options.url.replace(/\/+$/, "");
  let lastRequestAt = Number.NEGATIVE_INFINITY;
  return {
    async geocode(address, countryCode, near) {
      const now = options.clock.now().getTime();
      if (now - lastRequestAt < minIntervalMs) {
        options.logger.info({ countryCode }, "geocoding skipped: rate limit (1 request/s)");
        return { status: "rate-limited" };
      }
      lastRequestAt = now;
      const params = new URLSearchParams({
        format: "jsonv2",
        q: address,
        countrycodes: countryCode.toLowerCase(),
        limit: "1",
      });
      let body: unknown;
      try {
        const res = await fetch(`${base}/search?${params}`, {
          headers: { "User-Agent": options.userAgent, Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) {
          options.logger.warn({ status: res.status }, "geocoder answered an error");
          return { status: "failed" };
        }
        body = await res.json();
      } catch (err) {
        const timedOut = err instanceof DOMException && err.name === "TimeoutError";
        options.logger.warn({ err }, timedOut ? "geocoder timed out" : "geocoder unreachable");
        return { status: timedOut ? "timeout" : "failed" };
      }
      const first = Array.isArray(body)
        ? (body[0] as { lat?: unknown; lon?: unknown } | undefined)
        : undefined;
      if (!first) return { status: "not-found" };
      const latitude = Number(first.lat);
      const longitude = Number(first.lon);
      if (
        !Number.isFinite(latitude) ||
        !Number.isFinite(longitude) ||
        Math.abs(latitude) > 90 ||
        Math.abs(longitude) > 180
      ) {
        options.logger.warn({}, "geocoder answered no usable position");
        return { status: "failed" };
      }
      const point = { latitude: round6(latitude), longitude: round6(longitude) };
      if (near) {
        const km = distanceKm(near, point);
        if (km > maxDistanceKm) {
          options.logger.warn(
            { km: Math.round(km), countryCode },
            "geocoded position ignored: too far from the listing's city",
          );
          return { status: "far" };
        }
      }
      return { status: "found", ...point };
    },
  };
}

function round6(n: number): number {
  return Number(n.toFixed(6));
}
