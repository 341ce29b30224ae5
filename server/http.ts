/**
 * The one API pipeline's HTTP side (issue 13 §3 "One API pipeline"; docs/design.md §3 "Rules of the
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
 *
 * The pipeline's parts live in server/http/: error-body.ts (the error body and its OpenAPI
 * responses), request-body.ts (declaring and guarding bodies), validation.ts (the validation
 * hook) and error-handler.ts (onError). This module is their one door for routes and the app.
 */
export {
  ACCEPT_LANGUAGE_PARAMETER,
  documentAcceptLanguage,
  type ErrorBody,
  ErrorResponseSchema,
  errorResponse,
  rateLimitedResponse,
  warmingUpResponse,
} from "./http/error-body.ts";
export {
  domainErrorOf,
  domainErrorResponse,
  errorHandler,
  WARMING_UP_RETRY_SECONDS,
} from "./http/error-handler.ts";
export {
  BAD_JSON_MESSAGE,
  type BodyRules,
  bodyTooLargeMessage,
  DEFAULT_BODY_LIMIT_BYTES,
  declareBody,
  documentBodyErrors,
  jsonBody,
  multipartContent,
  NOT_JSON_MESSAGE,
  NOT_OBJECT_MESSAGE,
  requestBodyGuard,
  validatedJson,
} from "./http/request-body.ts";
export { jsonInput, validationErrorOf, validationHook } from "./http/validation.ts";
