/**
 * The one API pipeline's HTTP side (issue 13 §3 "One API pipeline"; DESIGN.md §3 "Rules of the
 * house"), used by every router under server/api/ and by server/app.ts:
 *
 * 1. `requestBodyGuard` (on /api/*, before authentication): a body of a type the route does not
 *    declare is refused with 415, one over the route's limit with 413, both from the route
 *    table itself (the OpenAPI registry), so the rule is the same on every route.
 * 2. `jsonBody(schema)` declares a route's JSON body with zod; @hono/zod-openapi validates it with
 *    that same schema, so the served OpenAPI is what the server enforces. A failure goes through
 *    `validationHook` (the app's `defaultHook`): 400 with `fieldErrors`.
 *    Before that, `jsonInput` (on /api/*) makes every JSON body parse into objects without a
 *    prototype, and validationHook refuses text no field may hold (NUL, lone surrogates) in the
 *    request's query, path parameters and JSON body, by field, for every route (issue 27 §2
 *    "One input boundary", lib/input-boundary.ts).
 * 3. `errorHandler` (the app's `onError`) maps every DomainError (server/errors.ts) and Hono's own
 *    HTTP exceptions to the one error body `{ message, fieldErrors? }` (ErrorResponseSchema,
 *    OpenAPI component `ErrorResponse`), sets `Retry-After` on 429 (only here),
 *    `WWW-Authenticate` on 401 and `Connection: close` on 413; anything else is logged and
 *    answered 500 with a generic message.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { allFieldErrors } from "../lib/field-errors.ts";
import { msg, parseMessageRef } from "../lib/i18n/message.ts";
import { invalidTextFields, nullRecord, parseJsonInput } from "../lib/input-boundary.ts";
import { zodIssueMessage } from "../lib/zod-issue-message.ts";
import { StatementBudgetExceeded } from "./db/statement-budget.ts";
import {
  type DomainError,
  isDomainError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from "./errors.ts";
import { apiLocale, translateFor } from "./i18n.ts";
import type { Logger } from "./logger.ts";
import { reportRequestError } from "./ops/request-log.ts";

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

/** The OpenAPI registry of an app (its route table). */
type OpenAPIRegistry = OpenAPIHono["openAPIRegistry"];

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
function isOfType(contentType: string, mediaType: string): boolean {
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
 * A zod issue's message readable on its own: a sentence written in lib/'s schemas as is ("Please
 * enter a valid email address."), zod's built-in message (already a `validation:zod.*` reference,
 * lib/zod-issue-message.ts) with the field's path, so it is translated as "tags.0: Enter text."
 * (issue 14 §1), a bare phrase after "Invalid <field>: " ("Invalid caseType: must be one of …").
 */
function readableIssueMessage(message: string, field: string): string {
  const ref = parseMessageRef(message);
  if (ref?.ns === "validation" && ref.key.startsWith("zod."))
    return msg(`validation:${ref.key}`, { ...ref.values, path: field });
  if (ref) return message;
  return /^[A-Z]/.test(message) ? message : `Invalid ${field}: ${message}`;
}

/**
 * The ValidationError of a failed zod validation (body, query or path): every issue's message
 * under its top-level field (the payload key) in fieldErrors (lib/field-errors.ts
 * allFieldErrors, the one zod-to-field-errors helper), each readable on its own: a sentence as
 * written in lib/'s schemas ("Please enter a valid email address.") as is, otherwise one that
 * names its field (readableIssueMessage), an unknown field as "Unknown field: foo". `extra` are
 * more messages by field, put first (the input boundary's: text no field may hold, issue 27 §2).
 * `message` is the first field's first message, else NOT_OBJECT_MESSAGE for a body that is not an
 * object, or a rule over the whole body by its own message (under no field).
 */
export function validationErrorOf(
  issues: readonly z.core.$ZodIssue[],
  extra: Record<string, string[]> = {},
): ValidationError {
  const fieldErrors = nullRecord<string[]>();
  for (const [field, list] of Object.entries(extra)) fieldErrors[field] = [...list];
  for (const [field, list] of Object.entries(allFieldErrors(issues, readableIssueMessage))) {
    const known = fieldErrors[field] ?? [];
    fieldErrors[field] = [...known, ...list.filter((m) => !known.includes(m))];
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  // Without a field: the body itself is not an object, or a rule over the whole of it failed.
  const whole = issues.find((issue) => issue.path.length === 0 && issue.code !== "unrecognized_keys");
  const wholeMessage = whole && (whole.code === "invalid_type" ? NOT_OBJECT_MESSAGE : zodIssueMessage(whole));
  return new ValidationError(first ?? wholeMessage ?? NOT_OBJECT_MESSAGE, fieldErrors);
}

/**
 * Middleware for /api/* (issue 27 §2): this request's `c.req.json()`, which the routes' JSON
 * validators read, parses the body with lib/input-boundary.ts parseJsonInput, so every object of
 * it has no prototype and a key such as `__proto__` or `constructor` is an ordinary own key.
 * Reads nothing itself (the body is read when a validator or handler first asks for it, after
 * the route's authentication); the promise is kept, so every reader gets the same value.
 */
export const jsonInput: MiddlewareHandler = async (c, next) => {
  let parsed: Promise<unknown> | undefined;
  const req = c.req;
  req.json = <T>() => {
    parsed ??= req.text().then(parseJsonInput);
    return parsed as Promise<T>;
  };
  await next();
};

/** The checked text of each request: its fields with characters no text may hold. */
const invalidTextOfRequest = new WeakMap<Request, Promise<Record<string, string[]>>>();

/**
 * The fields of a request's query, path parameters and JSON body (when it has one that parses)
 * whose text holds NUL or an unpaired surrogate (lib/input-boundary.ts invalidTextFields), by
 * field name, in that order; checked once per request.
 */
function invalidTextOf(c: Context): Promise<Record<string, string[]>> {
  const known = invalidTextOfRequest.get(c.req.raw);
  if (known) return known;
  const found = (async () => {
    const fields = nullRecord<string[]>();
    const add = (more: Record<string, string[]>) => {
      for (const [field, list] of Object.entries(more)) fields[field] ??= list;
    };
    add(invalidTextFields(c.req.queries()));
    add(invalidTextFields(c.req.param()));
    if (isOfType(c.req.header("Content-Type") ?? "", "application/json")) {
      // A body that does not parse is the JSON validator's 400.
      add(invalidTextFields(await c.req.json().catch(() => undefined)));
    }
    return fields;
  })();
  invalidTextOfRequest.set(c.req.raw, found);
  return found;
}

/**
 * The `defaultHook` of the app's OpenAPIHono (and so of every route), called after each declared
 * target (query, path, headers, body) is validated, so after the route's own middleware
 * (authentication first: a signed-out caller still gets 401). Text that holds NUL or an unpaired
 * surrogate anywhere in the request's query, path parameters or JSON body (issue 27 §2; declared
 * or not, on any route with a zod declaration) fails it with those fields first; a failed
 * validation throws validationErrorOf(its issues) with them. errorHandler answers 400
 * `{ message, fieldErrors }`.
 */
export async function validationHook(
  result: { success: true } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } },
  c: Context,
): Promise<undefined> {
  const invalid = await invalidTextOf(c);
  if (!result.success) throw validationErrorOf(result.error.issues, invalid);
  if (Object.keys(invalid).length > 0) throw validationErrorOf([], invalid);
  return undefined;
}

/**
 * The DomainError of anything a handler or middleware threw, or null for an unexpected failure:
 * a DomainError as is; Hono's HTTP exceptions (the JSON validator's malformed body, the media type
 * gate of @hono/zod-openapi, a body limit) as the hierarchy's class of their status.
 */
export function domainErrorOf(err: unknown): DomainError | null {
  if (isDomainError(err)) return err;
  if (!(err instanceof HTTPException)) return null;
  switch (err.status) {
    case 400:
      return new ValidationError(
        /malformed json/i.test(err.message) ? BAD_JSON_MESSAGE : err.message || msg("errors:http.badRequest"),
      );
    case 404:
      return new NotFoundError(err.message || msg("errors:http.notFound"));
    case 413:
      return new PayloadTooLargeError(bodyTooLargeMessage(DEFAULT_BODY_LIMIT_BYTES));
    case 415:
      return new UnsupportedMediaTypeError(NOT_JSON_MESSAGE);
    default:
      return null;
  }
}

/**
 * The HTTP answer of a DomainError: its status with `{ message, fieldErrors? }`, the message and
 * every field error translated for the request's `Accept-Language` (issue 14 §1: English when
 * no supported language is asked for; `Content-Language` says which, `Vary: Accept-Language`
 * tells caches); on 429 `Retry-After` (whole seconds), on 401 `WWW-Authenticate: Bearer`
 * (RFC 6750), on 413 `Connection: close` (the unread rest of the body must not be taken for a
 * next request).
 */
export function domainErrorResponse(c: Context, err: DomainError): Response {
  if (err.retryAfterSeconds !== undefined) c.header("Retry-After", String(err.retryAfterSeconds));
  if (err.status === 401) c.header("WWW-Authenticate", 'Bearer realm="LexAtlas"');
  if (err.status === 413) c.header("Connection", "close");
  const locale = apiLocale(c.req.header("Accept-Language"));
  c.header("Content-Language", locale);
  c.header("Vary", "Accept-Language", { append: true });
  const body: ErrorBody = { message: translateFor(locale, err.message) };
  if (err.fieldErrors)
    body.fieldErrors = Object.fromEntries(
      Object.entries(err.fieldErrors).map(([field, list]) => [
        field,
        list.map((m) => translateFor(locale, m)),
      ]),
    );
  return c.json(body, err.status);
}

/** Retry-After (seconds) of the 503 a statement past its budget answers (issue 29). */
export const WARMING_UP_RETRY_SECONDS = 5;

/**
 * The app's `onError`: a DomainError (or a Hono HTTP exception of a known status) becomes
 * domainErrorResponse; a Hono exception carrying its own response keeps it; anything else is
 * answered 500 `{ message }` (both in the language of Accept-Language, issue 14 §1) and becomes
 * the cause on the request's error line (server/ops/request-log.ts, issue 27 §2). A statement
 * cancelled for its time budget (StatementBudgetExceeded, issue 29) is answered 503 with
 * `Retry-After` and the one error body: the directory is still warming up, nothing failed.
 */
export function errorHandler(logger: Logger) {
  // Issue 27 §2: the request's one log line carries the cause (server/ops/request-log.ts); an
  // app without the request log (a test's) logs it here.
  const report = (err: Error, c: Context) => {
    if (!reportRequestError(c, err)) logger.error({ err, requestId: c.get("requestId") }, "unhandled error");
  };
  return (err: Error, c: Context): Response => {
    const domain = domainErrorOf(err);
    if (domain) return domainErrorResponse(c, domain);
    const locale = apiLocale(c.req.header("Accept-Language"));
    c.header("Content-Language", locale);
    c.header("Vary", "Accept-Language", { append: true });
    if (err instanceof StatementBudgetExceeded) {
      // Issue 29: a count or ranking the database could not finish within its budget while the
      // search facts build (server/db/statement-budget.ts): a temporary state, said as one.
      c.header("Retry-After", String(WARMING_UP_RETRY_SECONDS));
      return c.json({ message: translateFor(locale, msg("errors:http.warmingUp")) }, 503);
    }
    if (err instanceof HTTPException) {
      if (err.status >= 500) report(err, c);
      if (err.res) return err.res;
      return c.json(
        { message: translateFor(locale, err.message || msg("errors:http.failed")) },
        err.status as ContentfulStatusCode,
      );
    }
    report(err, c);
    return c.json({ message: translateFor(locale, msg("errors:http.internal")) }, 500);
  };
}

/**
 * The JSON body @hono/zod-openapi validated with `schema`, for a route whose body also takes a
 * non-zod media type (POST /api/cases: multipart or JSON), where the route's types cannot name it.
 */
export function validatedJson<T extends z.ZodType>(c: Context, _schema: T): z.output<T> {
  return (c.req.valid as (target: string) => unknown)("json") as z.output<T>;
}
