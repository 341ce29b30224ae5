/**
 * GET /api/location (issue 14 §2 "Use My Location"): the nearest city and country of a browser
 * position from the offline GeoNames table (server/location/nearest.ts), or, without a position
 * (denied, unavailable, no city within 500 km), the region of the request's Accept-Language; else
 * nothing. Never a default country (the spec's old fallback to the USA is gone). Declared with
 * @hono/zod-openapi; rate limited per client IP ('location-ip').
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { msg } from "../../lib/i18n/message.ts";
import { regionFromAcceptLanguage } from "../../lib/region.ts";
import { RateLimitedError } from "../errors.ts";
import { errorResponse, rateLimitedResponse } from "../http.ts";
import { nearestPlace, placeIndex } from "../location/nearest.ts";
import { clientIp } from "../security/rate-limit.ts";
import type { Services } from "../services.ts";
import { socketAddress } from "./auth-middleware.ts";
import { jsonResponse } from "./openapi.ts";

/** Shown with a 429 from /api/location (a catalog reference, issue 14 §1). */
export const LOCATION_TOO_MANY = msg("errors:location.tooMany");

const coordinate = (name: string, bound: number) =>
  z.coerce
    .number({ error: msg("validation:zod.invalidType", { expected: "number" }) })
    .min(-bound, { error: msg("validation:zod.numberRange", { min: -bound, max: bound }) })
    .max(bound, { error: msg("validation:zod.numberRange", { min: -bound, max: bound }) })
    .optional()
    .openapi({
      param: { name, in: "query" },
      description: `${name} in degrees (WGS 84)`,
      example: bound === 90 ? 48.137 : 11.575,
    });

const LocationQuery = z
  .object({ lat: coordinate("lat", 90), lng: coordinate("lng", 180) })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    error: msg("validation:zod.latLngBoth"),
    path: ["lng"],
  });

/** The answer of GET /api/location. */
export const LocationSchema = z
  .object({
    source: z.enum(["position", "accept-language", "none"]).openapi({
      description:
        "position: the nearest place to lat/lng; accept-language: the region of the Accept-Language header " +
        "(no position, or no place within 500 km); none: neither gave a country",
    }),
    countryCode: z.string().nullable().openapi({ description: "ISO 3166-1 alpha-2, or null", example: "DE" }),
    city: z
      .string()
      .nullable()
      .openapi({ description: "GeoNames name of the nearest place", example: "Munich" }),
    distanceKm: z.number().nullable().openapi({ description: "Great-circle distance to the place, km" }),
  })
  .openapi("Location");

const locationRoute = createRoute({
  method: "get",
  path: "/api/location",
  operationId: "locate",
  summary: "Nearest city and country of a position",
  description:
    "With lat and lng: the nearest populated place (GeoNames cities500, great-circle distance, within 500 km) " +
    "and its country. Without them, or with no place within 500 km: the region of the Accept-Language header " +
    "(de-DE gives DE), else none. The position is neither stored nor logged.",
  request: { query: LocationQuery },
  responses: {
    200: jsonResponse(LocationSchema, "The place, the region or none"),
    400: errorResponse("lat or lng missing its pair, not a number or out of range"),
    429: rateLimitedResponse("Too many lookups from this network"),
  },
});

/** Registers GET /api/location on the app (see the module comment). */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerLocationRoutes(app: OpenAPIHono<any>, services: Services) {
  app.openapi(locationRoute, async (c) => {
    const { lat, lng } = c.req.valid("query");
    const ip = clientIp(c.req.raw, socketAddress(c), services.config.TRUST_PROXY);
    try {
      await services.rateLimits.consume("location-ip", ip);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      throw new RateLimitedError(LOCATION_TOO_MANY, err.retryAfterSeconds);
    }
    c.header("Cache-Control", "private, no-store");
    c.header("Vary", "Accept-Language");
    const place = lat !== undefined && lng !== undefined ? nearestPlace(placeIndex(), lat, lng) : null;
    if (place) return c.json({ source: "position" as const, ...place }, 200);
    const region = regionFromAcceptLanguage(c.req.header("Accept-Language"));
    return c.json(
      {
        source: region ? ("accept-language" as const) : ("none" as const),
        countryCode: region,
        city: null,
        distanceKm: null,
      },
      200,
    );
  });
}
