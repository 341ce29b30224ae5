/**
 * Helpers shared by the /api routers to declare their OpenAPI routes (@hono/zod-openapi;
 * DESIGN.md §2 "API docs"): JSON responses, request bodies documented from the shared zod
 * schemas of lib/, and the sign-in schemes.
 */
import { z } from "@hono/zod-openapi";

/** A JSON response: `schema` under application/json with its `description`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

/**
 * A required JSON request body documented with the JSON Schema of a shared zod schema (its input
 * side, draft 2020-12). Documented only: the handler reads and validates the body itself with the
 * same schema, so every field's message can be answered at once (`field`, `errors`) and a wrong
 * content type is answered by the route's own rules.
 */
export function documentedJsonBody(schema: z.ZodType) {
  return {
    content: {
      "application/json": {
        schema: z.toJSONSchema(schema, {
          io: "input",
          unrepresentable: "any",
          target: "draft-2020-12",
        }) as Record<string, unknown>,
      },
    },
    required: true,
  };
}

/** How a signed-in caller authenticates: `Authorization: Bearer` or the session cookie. */
export const SIGNED_IN_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];
