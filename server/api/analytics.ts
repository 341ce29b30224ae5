/** /api/analytics routes (spec §7 GET /api/analytics; issue 6): recording beacons and the premium summary. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Services } from "../services.ts";

/** Registers the analytics routes on `app`. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerAnalyticsRoutes(app: OpenAPIHono<any>, services: Services): void {
  void app;
  void services;
}
