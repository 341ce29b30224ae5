/**
 * Helpers shared by the /api routers to declare their OpenAPI routes (@hono/zod-openapi;
 * docs/design.md §2 "API docs"): JSON responses, the security schemes, the security requirement and the
 * declaration of signed-in routes (signedInRoute), and
 * the document's `info` and `servers` (issue 13 §2 "OpenAPI": the served document is linted with
 * Redocly's `recommended` rules in `npm test`, server/api/openapi-lint.test.ts: 0 errors,
 * 0 warnings). Request bodies and the one error body are declared with server/http.ts (jsonBody,
 * errorResponse), since they are also what the server enforces.
 */
import { createRoute, type OpenAPIHono, type RouteConfig, type z } from "@hono/zod-openapi";
import type { Env, MiddlewareHandler } from "hono";
import { SESSION_COOKIE } from "../../lib/account.ts";

/** A JSON response: `schema` under application/json with its `description`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

/** Security schemes by name, as routes refer to them in `security`. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "A session token from POST /api/auth/signup or /api/auth/login (spec §7).",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie the pages set on sign-in (HttpOnly).",
  },
  caseToken: {
    type: "apiKey",
    in: "header",
    name: "X-Case-Token",
    description:
      "A case's tracking token from the link emailed to the client who submitted it (issue 4), or an unexpired " +
      "access token from a later email's link (review invitation, 24 h notice; 60 days; issue 16 §1/§3).",
  },
} as const;

/** How a signed-in caller authenticates: `Authorization: Bearer` or the session cookie. */
export const SIGNED_IN_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];

/**
 * Declares a route for signed-in callers (@hono/zod-openapi createRoute over `config`): `guard`
 * is its one route middleware, run before the request is validated (it throws the 401/403
 * DomainErrors: auth-middleware.ts signedIn, listing-shared.ts lawyerOnly …), and the document
 * names SIGNED_IN_SECURITY as the route's security. `config` declares the rest (path, request,
 * responses, including the guard's 401/403 answers).
 */
export function signedInRoute<R extends Omit<RouteConfig, "middleware" | "security">>(
  guard: MiddlewareHandler,
  config: R,
) {
  return createRoute({ ...config, middleware: [guard] as const, security: SIGNED_IN_SECURITY });
}

/** Registers the security schemes on `app`'s OpenAPI registry (once, in createApp). */
export function registerSecuritySchemes<E extends Env>(app: OpenAPIHono<E>): void {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    app.openAPIRegistry.registerComponent("securitySchemes", name, { ...scheme });
  }
}

/**
 * The document's `info`, `servers` and default `security` (OpenAPI 3.1): the server is the site's
 * public origin (PUBLIC_URL), else "/" (the origin the document was fetched from), since the API
 * lives under /api on the same origin.
 */
export function documentHeader(origin: string | undefined) {
  return {
    openapi: "3.1.0",
    info: {
      title: "LexAtlas API",
      version: "1.0.0",
      description: "Directory and matching API for personal injury lawyers (spec §7).",
      license: { name: "Proprietary", url: `${origin ?? ""}/terms-of-service` },
    },
    servers: [{ url: origin ?? "/", description: "This LexAtlas site" }],
    // Public by default, with an optional session (the /api/* middleware reads one when sent);
    // signed-in routes require one of SIGNED_IN_SECURITY instead.
    security: [{}, ...SIGNED_IN_SECURITY],
  };
}
