/**
 * The operations endpoints and middleware of the app (issue 18 §3), mounted once by createApp
 * before every other route:
 *
 * - request metrics for every request (route pattern, status class; server/ops/metrics.ts);
 * - the request log: one line per request, at error level with its cause for a 5xx or a reported
 *   error (server/ops/request-log.ts, issue 27 §2);
 * - `Connection: close` on every response once shutdown started, so keep-alive clients reconnect
 *   to another instance instead of reusing a socket that is about to close (server/ops/shutdown.ts);
 * - `GET /healthz`, `GET /readyz` (server/ops/health.ts) and `GET /metrics` (Prometheus text,
 *   bearer METRICS_TOKEN).
 *
 * They are not in the OpenAPI document (/api/openapi.json): it describes the product's JSON API
 * under /api for its clients, and Redocly's recommended rules (server/api/openapi-lint.test.ts)
 * require a 4xx answer of every operation, which the probes do not have. They are operator
 * endpoints outside /api, documented in docs/operations.md "Health checks" and "Metrics".
 *
 * None of them is rate limited (they read nothing a client controls, and a limit would make a
 * load balancer's probes fail under load), none writes analytics, and the request log skips them
 * unless they failed.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { msg } from "../../lib/i18n/message.ts";
import { NotFoundError, UnauthorizedError } from "../errors.ts";
import { requestLogContext } from "../logger.ts";
import type { Services } from "../services.ts";
import { createReadiness, createReadyProbe, type Readiness, readinessChecks } from "./health.ts";
import { metricsText, observeRequest, watchDatabasePool } from "./metrics.ts";
import { logRequest, trackRequest } from "./request-log.ts";
import { type PagePatternMatcher, routeLabel } from "./routes.ts";

/** Paths of the operations endpoints (skipped by the request log: a probe every few seconds is noise). */
export const OPS_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

/** Shown with the 401 of /metrics (a catalog reference, issue 14 §1). */
export const METRICS_TOKEN_MESSAGE = msg("errors:http.metricsToken");

/** SHA-256 of a token, so tokens of any length compare in constant time. */
function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/** True when the Authorization header is `Bearer <expected>` (constant-time comparison). */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(expected)) && match !== null;
}

/** Options of mountOps. */
export interface OpsOptions {
  services: Services;
  /** The process's serving state (main.ts shares it with the shutdown); default a fresh one. */
  readiness?: Readiness;
}

/** What createApp keeps of the mounted operations: the page matcher slot for route labels. */
export interface MountedOps {
  readiness: Readiness;
  /** Registers /healthz, /readyz and /metrics (after the app's security middleware, before the pages). */
  registerRoutes(): void;
  /** Gives the page route matcher (once the page build is loaded) for route labels. */
  setPages(matcher: PagePatternMatcher): void;
}

/**
 * Mounts the request-metrics and draining middleware of the module comment on `app` (call first,
 * so they see every request); the routes come with `registerRoutes()`.
 */
export function mountOps<E extends Env>(
  app: OpenAPIHono<E>,
  { services, readiness: given }: OpsOptions,
): MountedOps {
  const readiness = given ?? createReadiness();
  let pages: PagePatternMatcher | undefined;
  watchDatabasePool("primary", services.db);
  // Issue 18 §3: the read replica's pool (DATABASE_READ_URL), when there is one.
  if (services.readDb && services.readDb !== services.db) watchDatabasePool("replica", services.readDb);
  const probe = createReadyProbe({
    checks: readinessChecks({ db: services.db, config: services.config }),
    readiness,
    logger: services.logger,
  });

  app.use("*", async (c, next) => {
    const started = performance.now();
    // Issue 27 §2: the request's id on every line logged meanwhile, and its causes (request-log.ts).
    const requestId = String(c.get("requestId" as never) ?? "");
    const request = trackRequest(c, requestId);
    try {
      await requestLogContext.run(request, next);
    } finally {
      if (readiness.shuttingDown) c.header("Connection", "close");
      const route = routeLabel(c, pages);
      const ms = performance.now() - started;
      observeRequest(c.req.method, route, c.res.status, ms / 1000);
      // One line per request; probes and scrapes (every few seconds; /readyz's 503 is an answer,
      // and health.ts logs its failing checks) only with an error reported.
      if (!OPS_PATHS.has(c.req.path) || request.causes.length > 0)
        logRequest(
          services.logger,
          { requestId, method: c.req.method, route, status: c.res.status, ms },
          request.causes,
        );
    }
  });

  const registerRoutes = () => {
    app.get("/healthz", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ status: "ok" as const }, 200);
    });

    app.get("/readyz", async (c) => {
      c.header("Cache-Control", "no-store");
      const report = await probe();
      const body = { status: report.status, checks: report.checks, failing: report.failing };
      if (report.ready) return c.json(body, 200);
      return c.json({ ...body, message: `Not ready: ${report.failing.join(", ")}` }, 503);
    });

    app.get("/metrics", async (c) => {
      const token = services.config.METRICS_TOKEN;
      if (!token) throw new NotFoundError(msg("errors:http.notFound"));
      c.header("Cache-Control", "no-store");
      if (!bearerMatches(c.req.header("Authorization"), token))
        throw new UnauthorizedError(METRICS_TOKEN_MESSAGE);
      const { body, contentType } = await metricsText();
      return c.body(body, 200, { "Content-Type": contentType });
    });
  };

  return {
    readiness,
    registerRoutes,
    setPages(matcher) {
      pages = matcher;
    },
  };
}
