/**
 * The request body side of the API pipeline (server/http.ts step 1 and 2): how a route declares
 * its body (jsonBody, declareBody, multipartContent) and the middleware that holds every request
 * to it (requestBodyGuard: 413 over the limit, 415 for another media type), with the OpenAPI
 * document completed from the same rules (documentBodyErrors).
 */
import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { msg } from "../../lib/i18n/message.ts";
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "../errors.ts";
import { errorResponse, type OpenAPIRegistry } from "./error-body.ts";

/** Message of the 415 for a body that is not JSON on a JSON route. */
export const NOT_JSON_MESSAGE = msg("errors:body.notJson");
/** Message of the 400 for a JSON body that does not parse. */
export const BAD_JSON_MESSAGE = msg("errors:body.badJson");
/** Message of the 400 for a JSON body that is not an object. */
export const NOT_OBJECT_MESSAGE = msg("errors:body.notObject");
/** Largest body of an API request unless its route says otherwise: 64 KB. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** A byte count for people: "64 KB", "1 MB". */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The 413 message for a limit of `bytes`, e.g. "The request body is too large (at most 64 KB)." */
export function bodyTooLargeMessage(bytes: number): string {
  return msg("errors:body.tooLarge", { size: sizeText(bytes) });
}

/** How a route takes its body beyond its media types (see declareBody). */
export interface BodyRules {
  /** Largest body in bytes (default DEFAULT_BODY_LIMIT_BYTES). */
  maxBytes?: number;
  /** The 413 message (default bodyTooLargeMessage(maxBytes)). */
  tooLargeMessage?: string;
  /** The 415 message (default NOT_JSON_MESSAGE, or a list of the declared types). */
  unsupportedMessage?: string;
  /**
   * The handler streams the body itself (multipart uploads): the guard checks Content-Length only
   * and the handler counts the bytes it reads.
   */
  streamed?: boolean;
  /**
   * A smaller limit for a JSON body on a route that also takes a streamed multipart one
   * (POST /api/cases); such a body is counted by the guard, not streamed.
   */
  jsonMaxBytes?: number;
}

const bodyRules = new WeakMap<object, BodyRules>();

/**
 * Attaches BodyRules to a route's request body declaration (the object given as
 * `request.body`), so requestBodyGuard applies them; answers the same object.
 */
export function declareBody<T extends object>(body: T, rules: BodyRules): T {
  bodyRules.set(body, rules);
  return body;
}

/**
 * A required JSON request body declared with a zod schema: documented in the OpenAPI document
 * and validated by @hono/zod-openapi before the handler runs (failures: validationHook). `rules`
 * sets the body limit (default 64 KB).
 */
export function jsonBody<T extends z.ZodType>(schema: T, rules: BodyRules = {}) {
  return declareBody({ content: { "application/json": { schema } }, required: true as const }, rules);
}

/**
 * The `multipart/form-data` entry of a request body's `content` that the handler reads itself
 * (not validated by @hono/zod-openapi): documented as a plain OpenAPI object schema of
 * `properties` (files as `{ type: "string", format: "binary" }`) with the `required` ones. The
 * body's limits are declareBody's BodyRules; the handler answers its own 400s.
 */
export function multipartContent(properties: Record<string, object>, required: readonly string[]) {
  return {
    "multipart/form-data": {
      schema: { type: "object", properties, required: [...required] } as Record<string, unknown>,
    },
  };
}

/** One route of the table requestBodyGuard reads. */
interface GuardedRoute {
  method: string;
  pattern: RegExp;
  mediaTypes: string[];
  rules: BodyRules;
}

/** The routes of an OpenAPI registry with a request body. */
function bodyRoutes(registry: OpenAPIRegistry): GuardedRoute[] {
  const out: GuardedRoute[] = [];
  for (const def of registry.definitions) {
    if (def.type !== "route") continue;
    const body = def.route.request?.body;
    if (!body) continue;
    const pattern = new RegExp(
      `^${def.route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
    );
    out.push({
      method: def.route.method.toUpperCase(),
      pattern,
      mediaTypes: Object.keys(body.content ?? {}),
      rules: bodyRules.get(body) ?? {},
    });
  }
  return out;
}

/**
 * Completes the OpenAPI document from the same rules requestBodyGuard enforces: every route that
 * takes a body documents its 413 (over its limit) and 415 (another media type), and one whose JSON
 * body is declared with zod its 400 (validation), each as the one error body, unless the route
 * describes them itself. Call once, after every route is registered and before the document is
 * served (server/app.ts).
 */
export function documentBodyErrors(registry: OpenAPIRegistry): void {
  for (const def of registry.definitions) {
    if (def.type !== "route") continue;
    const body = def.route.request?.body;
    if (!body) continue;
    const rules = bodyRules.get(body) ?? {};
    const types = Object.keys(body.content ?? {});
    const responses = def.route.responses as Record<string, unknown>;
    const media = body.content?.["application/json"];
    const json = media && "schema" in media ? media.schema : undefined;
    if (json instanceof z.ZodType)
      responses["400"] ??= errorResponse("Invalid body: `message` says what to fix, `fieldErrors` by field");
    responses["413"] ??= errorResponse(
      `Body larger than ${sizeText(rules.maxBytes ?? DEFAULT_BODY_LIMIT_BYTES)}`,
    );
    responses["415"] ??= errorResponse(`A body that is not ${types.join(" or ")}`);
  }
}

/** True when `contentType` (a header value) is of `mediaType` (e.g. "application/json"). */
export function isOfType(contentType: string, mediaType: string): boolean {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType === "application/json") return /^application\/([\w.-]+\+)?json$/.test(type);
  return type === mediaType;
}

/** True when a request says it has a body (a Content-Length above 0, or chunked). */
function hasBody(c: Context): boolean {
  if (c.req.header("Transfer-Encoding")) return true;
  return Number(c.req.header("Content-Length") ?? "0") > 0;
}

/**
 * Middleware for /api/*, before authentication, so every caller gets the same answer: on a route
 * that declares a request body, a declared length over the route's limit is refused with
 * PayloadTooLargeError 413 (before anything is read), then a body of another media type (or one
 * without a Content-Type) with UnsupportedMediaTypeError 415; a chunked body is counted as it is
 * read (413 past the limit), except on streamed routes, which count it themselves. A body sent
 * to any other API route is held to DEFAULT_BODY_LIMIT_BYTES. The routes come from `registry`
 * (the app's OpenAPI registry) on first use.
 */
export function requestBodyGuard(registry: OpenAPIRegistry): MiddlewareHandler {
  let routes: GuardedRoute[] | null = null;
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    routes ??= bodyRoutes(registry);
    const route = routes.find((r) => r.method === c.req.method && r.pattern.test(c.req.path));
    const routeRules = route?.rules ?? {};
    const json =
      routeRules.jsonMaxBytes !== undefined &&
      isOfType(c.req.header("Content-Type") ?? "", "application/json");
    const rules: BodyRules = json
      ? { maxBytes: routeRules.jsonMaxBytes, unsupportedMessage: routeRules.unsupportedMessage }
      : routeRules;
    const maxBytes = rules.maxBytes ?? DEFAULT_BODY_LIMIT_BYTES;
    const tooLarge = () => {
      throw new PayloadTooLargeError(rules.tooLargeMessage ?? bodyTooLargeMessage(maxBytes));
    };
    if (Number(c.req.header("Content-Length") ?? "0") > maxBytes) tooLarge();
    if (route) {
      const contentType = c.req.header("Content-Type");
      if (contentType === undefined ? hasBody(c) : !route.mediaTypes.some((t) => isOfType(contentType, t))) {
        const onlyJson = route.mediaTypes.length === 1 && route.mediaTypes[0] === "application/json";
        throw new UnsupportedMediaTypeError(
          rules.unsupportedMessage ??
            (onlyJson
              ? NOT_JSON_MESSAGE
              : msg("errors:body.sendAs", { types: route.mediaTypes.join(" or ") })),
        );
      }
    }
    if (rules.streamed) return next();
    return bodyLimit({ maxSize: maxBytes, onError: tooLarge })(c, next);
  };
}

/**
 * The JSON body @hono/zod-openapi validated with `schema`, for a route whose body also takes a
 * non-zod media type (POST /api/cases: multipart or JSON), where the route's types cannot name it.
 */
export function validatedJson<T extends z.ZodType>(c: Context, _schema: T): z.output<T> {
  return (c.req.valid as (target: string) => unknown)("json") as z.output<T>;
}
