/**
 * One log line per request, and every 5xx with its cause (issue 27 §2 "Every 5xx logs its
 * cause … with the request id and route pattern, no personal data").
 *
 * server/ops/index.ts runs each request inside its RequestLogContext (server/logger.ts
 * `requestLogContext`): every line logged meanwhile carries the request id, and every error
 * logged at error level meanwhile (a page action's "contact form failed") becomes a cause of the
 * request. Whoever catches an unexpected error without logging it hands it to
 * `reportRequestError`: the API's error handler (server/http.ts errorHandler) under the
 * request's Hono context, the pages through React Router's `handleError` and the render's
 * `onError` (app/entry.server.tsx, `services.reportError`) under the request's router context,
 * which server/app.ts ties to the same request (`aliasRequest`). When the answer is ready, ONE
 * line is written:
 *
 * - `level: error, msg: "request failed"` when the status is 5xx or there is a cause: the
 *   request id, method, route PATTERN (`/cases/:id`, never the path with its ids or the query
 *   string), status, duration and the first cause under `err` (the one serializer,
 *   server/logger.ts), further ones under `more`. A 5xx without any cause says so
 *   (`cause: "none reported"`), so that the status itself is never silent;
 * - otherwise `level: debug, msg: "request"` with the same fields and no cause.
 */
import {
  addRequestCause,
  type Logger,
  type RequestLogContext,
  requestLogContext,
  serializeError,
} from "../logger.ts";

/** The requests in flight by the objects that name them (a Hono context, a router context). */
const requests = new WeakMap<object, RequestLogContext>();

/**
 * Starts the record of one request under `key` (its Hono context): run the request's work inside
 * `requestLogContext.run(context, …)` and pass `context.causes` to logRequest when it is answered.
 */
export function trackRequest(key: object, requestId: string): RequestLogContext {
  const context: RequestLogContext = { requestId, causes: [] };
  requests.set(key, context);
  return context;
}

/** Makes `alias` (the request's React Router context) name the same request as `key`. */
export function aliasRequest(alias: object, key: object): void {
  const context = requests.get(key);
  if (context) requests.set(alias, context);
}

/**
 * Records `error` as a cause of the request `key` names, or else of the running request (the same
 * error twice counts once). Answers false outside any request: the caller logs the error itself.
 */
export function reportRequestError(key: object, error: unknown): boolean {
  const context = requests.get(key) ?? requestLogContext.getStore();
  if (!context) return false;
  addRequestCause(context, error);
  return true;
}

/** What the request line says about a request (never its path, query, headers or body). */
export interface RequestLine {
  requestId: string;
  method: string;
  /** The route pattern (server/ops/routes.ts routeLabel). */
  route: string;
  status: number;
  /** Duration in milliseconds. */
  ms: number;
}

/** Writes the one line of a finished request (see the module comment). */
export function logRequest(
  logger: Pick<Logger, "error" | "debug">,
  line: RequestLine,
  causes: readonly unknown[],
): void {
  const fields = { ...line, ms: Math.round(line.ms * 10) / 10 };
  if (line.status < 500 && causes.length === 0) {
    logger.debug(fields, "request");
    return;
  }
  const [first, ...more] = causes;
  logger.error(
    {
      ...fields,
      ...(causes.length > 0 ? { err: first } : { cause: "none reported" }),
      ...(more.length > 0 ? { more: more.map((e) => serializeError(e)) } : {}),
    },
    "request failed",
  );
}
