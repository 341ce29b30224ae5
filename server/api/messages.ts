/** /api/messages and /api/lawyers/{id}/messages routes (issue 4): Send Message, the lawyer's inbox, mark read, reply. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Services } from "../services.ts";

/** Registers the messages routes on `app`. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerMessageRoutes(app: OpenAPIHono<any>, services: Services): void {
  void app;
  void services;
}
