/**
 * The operations endpoints and middleware of the app (issue 18 §3), mounted once by createApp
 * before every other route:
 *
 * - request metrics for every request (route pattern, status class; server/ops/metrics.ts);
 * - `Connection: close` on every response once shutdown started, so keep-alive clients reconnect
 *   to another instance instead of reusing a socket that is about to close (server/ops/shutdown.ts);
 * - `GET /healthz`, `GET /readyz` (server/ops/health.ts; both in the OpenAPI document) and
 *   `GET /metrics` (Prometheus text, bearer METRICS_TOKEN; not in the OpenAPI document, which
 *   describes the product's JSON API for its clients: /metrics is for the operator's scraper and
 *   is documented in docs/operations.md "Metrics").
 *
 * None of them is rate limited (they read nothing a client controls, and a limit would make a
 * load balancer's probes fail under load), none writes analytics, and the request log skips them.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Env } from "hono";
import { msg } from "../../lib/i18n/message.ts";
import { jsonResponse } from "../api/openapi.ts";
import { NotFoundError, UnauthorizedError } from "../errors.ts";
import type { Services } from "../services.ts";
import {
  createReadiness,
  createReadyProbe,
  READY_CHECKS,
  type Readiness,
  readinessChecks,
} from "./health.ts";
import { metricsText, observeRequest, watchDatabasePool } from "./metrics.ts";
import { type PagePatternMatcher, routeLabel } from "./routes.ts";

/** Paths of the operations endpoints (skipped by the request log: a probe every few seconds is noise). */
export const OPS_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

/** Shown with the 401 of /metrics (a catalog reference, issue 14 §1). */
export const METRICS_TOKEN_MESSAGE = msg("errors:http.metricsToken");

const CheckState = z.enum(["ok", "failed", "timeout"]);

const HealthSchema = z.object({ status: z.literal("ok") }).openapi("Health");

const ReadySchema = z
  .object({
    status: z.enum(["ok", "unavailable", "shutting_down"]).openapi({
      description:
        "ok: ready for traffic; unavailable: a check failed; shutting_down: draining after SIGTERM",
    }),
    checks: z
      .object(Object.fromEntries(READY_CHECKS.map((name) => [name, CheckState.optional()])))
      .openapi({ description: "Each check's result: database, store (document store) and migrations" }),
    failing: z.array(z.string()).openapi({
      description: 'The failed checks by name ("shutdown" while draining); empty when ready',
      example: [],
    }),
    message: z.string().optional().openapi({ description: "With a 503: what is not ready, in words" }),
  })
  .openapi("Readiness");

const healthzRoute = createRoute({
  method: "get",
  path: "/healthz",
  operationId: "healthz",
  summary: "Liveness: the process is up",
  description:
    "200 while the process serves requests. Reads nothing else (no database), so an outage of a dependency " +
    "never restarts healthy processes; use /readyz to decide where to send traffic. Not cached.",
  security: [{}],
  responses: { 200: jsonResponse(HealthSchema, "The process is up") },
});

const readyzRoute = createRoute({
  method: "get",
  path: "/readyz",
  operationId: "readyz",
  summary: "Readiness: database, document store and migrations",
  description:
    "200 when the database answers, the document store is reachable (the uploads folder is writable, or the " +
    "S3 bucket answers a HEAD) and this version's migrations are applied; 503 naming the failed checks " +
    "otherwise, and 503 `shutting_down` from the moment the process received SIGTERM (docs/operations.md). " +
    "Results are reused for one second. Not cached.",
  security: [{}],
  responses: {
    200: jsonResponse(ReadySchema, "Ready for traffic"),
    503: jsonResponse(ReadySchema, "Not ready: the failed checks are named"),
  },
});

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
  const probe = createReadyProbe({
    checks: readinessChecks({ db: services.db, config: services.config }),
    readiness,
    logger: services.logger,
  });

  app.use("*", async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (readiness.shuttingDown) c.header("Connection", "close");
      observeRequest(c.req.method, routeLabel(c, pages), c.res.status, (performance.now() - started) / 1000);
    }
  });

  const registerRoutes = () => {
    app.openapi(healthzRoute, (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ status: "ok" as const }, 200);
    });

    app.openapi(readyzRoute, async (c) => {
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
