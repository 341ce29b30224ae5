/**
 * The one error body of the API and how the OpenAPI document describes it (issue 13 §3, issue 14
 * §1): the schema, the error responses routes declare, and the `Accept-Language` parameter.
 * Part of the API pipeline described in server/http.ts.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";

/** The OpenAPI registry of an app (its route table). */
export type OpenAPIRegistry = OpenAPIHono["openAPIRegistry"];

/** The one error body of every 4xx (issue 13 §3): the message to show and, for invalid input, the messages per field. */
export const ErrorResponseSchema = z
  .object({
    message: z.string().openapi({
      description:
        "What went wrong, in a sentence to show to the person, in the language of Accept-Language (English when none is supported; Content-Language names it)",
    }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .openapi({
        description:
          "Invalid input only: the messages of each field, by payload key (a nested one as a.b), in the language of `message`",
        example: { email: ["Please enter a valid email address."] },
      }),
  })
  .openapi("ErrorResponse");

/** The error body as TypeScript sees it. */
export type ErrorBody = z.infer<typeof ErrorResponseSchema>;

/** The `Content-Language` header of every error answer (issue 14 §1). */
const contentLanguageHeader = z.string().openapi({
  description:
    "The language of `message` and `fieldErrors`: the best match of the request's Accept-Language, `en` when none is supported",
  example: "de",
});

/**
 * An OpenAPI response of the one error body with its `description` and its `Content-Language`
 * header (the messages follow `Accept-Language`, issue 14 §1).
 */
export function errorResponse(description: string) {
  return {
    content: { "application/json": { schema: ErrorResponseSchema } },
    description,
    headers: z.object({ "Content-Language": contentLanguageHeader }),
  };
}

/** An OpenAPI 429 response: the error body, its `Retry-After` header (seconds) and `Content-Language`. */
export function rateLimitedResponse(description: string) {
  return retryAfterResponse(description);
}

/**
 * An OpenAPI 503 of a search route (issue 29): the directory is still warming up and a count or
 * ranking ran past its time budget; the error body, `Retry-After` and `Content-Language`.
 */
export const warmingUpResponse = retryAfterResponse(
  "The directory is still getting ready after a start: a count or ranking ran past its time budget. Retry after Retry-After seconds.",
);

/** An OpenAPI error response with the error body, `Retry-After` (seconds) and `Content-Language`. */
function retryAfterResponse(description: string) {
  return {
    ...errorResponse(description),
    headers: z.object({
      "Retry-After": z.string().openapi({ description: "Seconds until a retry may succeed" }),
      "Content-Language": contentLanguageHeader,
    }),
  };
}

/** Name of the reusable `Accept-Language` parameter (components.parameters). */
export const ACCEPT_LANGUAGE_PARAMETER = "AcceptLanguage";

/**
 * Documents `Accept-Language` on every API route (issue 14 §1 "Every 4xx `message` follows
 * `Accept-Language`"): registers one reusable header parameter and refers to it from each
 * route. Call once, after every route is registered (server/app.ts).
 */
export function documentAcceptLanguage(registry: OpenAPIRegistry): void {
  registry.registerComponent("parameters", ACCEPT_LANGUAGE_PARAMETER, {
    name: "Accept-Language",
    in: "header",
    required: false,
    description:
      "The reader's languages (RFC 9110 §12.5.4). Error messages (`message`, `fieldErrors`) are answered in the best supported match: en, de, fr, es, pt-BR, nl, ja or ar; English when none is supported.",
    schema: { type: "string", example: "de-DE,de;q=0.9,en;q=0.8" },
  });
  for (const def of registry.definitions) {
    if (def.type !== "route") continue;
    const route = def.route as { parameters?: unknown[] };
    route.parameters = [
      ...(route.parameters ?? []),
      { $ref: `#/components/parameters/${ACCEPT_LANGUAGE_PARAMETER}` },
    ];
  }
}
