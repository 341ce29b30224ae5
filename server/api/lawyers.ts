/** /api/lawyers routes (spec §7). */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppServices } from "../../app/context.ts";

// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerLawyerRoutes(_app: OpenAPIHono<any>, _services: AppServices) {}
