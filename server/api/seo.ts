/** robots.txt and sitemap.xml (issue 2 §4). Filled in with the directory screens. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppServices } from "../../app/context.ts";

// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerSeoRoutes(_app: OpenAPIHono<any>, _services: AppServices) {}
