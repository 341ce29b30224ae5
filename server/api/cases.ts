/** /api/cases routes (spec §7 POST /api/cases; issue 4): submit with documents, list, read, status, thread, downloads. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Services } from "../services.ts";

/** Registers the cases routes on `app`. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseRoutes(app: OpenAPIHono<any>, services: Services): void {
  void app;
  void services;
}
