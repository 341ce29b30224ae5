/**
 * The Hono application: middleware, the JSON API under /api, static assets, and every page
 * through React Router's request handler (docs/design.md §2). Created by `createApp` so that tests
 * run the real app on a loopback port against a real database.
 */

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import { createBrotliCompress, constants as zlib } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import { compress } from "hono/compress";
import type { MiddlewareHandler } from "hono/types";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { msg } from "../lib/i18n/message.ts";
import { pathDecodes } from "../lib/input-boundary.ts";
import { registerAccountRightsRoutes } from "./api/account-rights.ts";
import { registerAnalyticsRoutes } from "./api/analytics.ts";
import { registerAuthRoutes } from "./api/auth.ts";
import { type AuthVariables, authenticate, socketAddress } from "./api/auth-middleware.ts";
import { registerCaseRoutes } from "./api/cases.ts";
import { registerContactRoutes } from "./api/contact.ts";
import { registerFlagRoutes } from "./api/flags.ts";
import { registerLawyerRoutes } from "./api/lawyers.ts";
import { LOGO_BODY_LIMIT_BYTES, registerListingRoutes } from "./api/listings.ts";
import { registerLocationRoutes } from "./api/location.ts";
import { registerMessageRoutes } from "./api/messages.ts";
import { documentHeader, registerSecuritySchemes } from "./api/openapi.ts";
import { registerPersonalityRoutes } from "./api/personality.ts";
import { registerReviewRoutes } from "./api/reviews.ts";
import { registerSeoRoutes } from "./api/seo.ts";
import { registerStripeRoutes } from "./api/stripe.ts";
import { registerTaxonomyRoutes } from "./api/taxonomy.ts";
import type { CoreServices } from "./deps.ts";
import { NotFoundError } from "./errors.ts";
import {
  documentAcceptLanguage,
  documentBodyErrors,
  errorHandler,
  jsonInput,
  requestBodyGuard,
  validationHook,
} from "./http.ts";
import type { Readiness } from "./ops/health.ts";
import { mountOps } from "./ops/index.ts";
import { aliasRequest } from "./ops/request-log.ts";
import { pagePatternMatcher } from "./ops/routes.ts";
import { type DeviceVariables, deviceCookies } from "./security/device-cookie.ts";
import { securityHeaders } from "./security/headers.ts";
import { lingeringClose } from "./security/lingering-close.ts";
import { sameOriginOnly } from "./security/origin.ts";
import { PAGE_FORM_LIMIT_BYTES, type PageFormGuardOptions, pageFormGuard } from "./security/page-forms.ts";
import { clientIp, recordingWaits } from "./security/rate-limit.ts";
import { createServices, rememberClientIp, rememberDevice, type Services } from "./services.ts";

/** Root of the repository (one level above this file). */
export const ROOT_DIR = path.resolve(import.meta.dirname, "..");
/** The CSP nonce source a page's policy holds until entry.server.tsx fills it (app/csp-nonce.ts). */
const CSP_NONCE_SOURCE = "'nonce-{nonce}'";
/** The server build of the pages (`npm run build`). */
export const BUILD_SERVER = path.join(ROOT_DIR, "build/server/index.js");
const BUILD_CLIENT = path.join(ROOT_DIR, "build/client");
/** A path no page has: what a request whose path does not percent-decode is rendered as (a 404 page). */
const NOT_A_PAGE_PATH = "/__not-a-page";

type Env = { Variables: { requestId: string } & AuthVariables & DeviceVariables };

/**
 * The id of a request: the load balancer's `X-Request-Id` when it is a UUID or 16 to 64 hex
 * digits (what nginx, Envoy and Heroku send), else a new UUID. Anything else a client sends is
 * not taken: the id is written to every log line of the request (issue 27 §2: no client text in
 * the logs).
 */
export function requestIdOf(header: string | undefined): string {
  const given = header?.trim() ?? "";
  return /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,64})$/i.test(given)
    ? given
    : randomUUID();
}

/** Brotli quality for responses compressed per request: ~20% smaller than gzip at similar speed. */
const BROTLI_QUALITY = 5;

/** True when an Accept-Encoding header value accepts brotli (`br`, not with q=0). */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (name !== "br") return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Response compression (performance, issue 2 §5): brotli at quality 5 when the client accepts
 * it, otherwise hono's gzip/deflate. Leaves alone responses that already carry a
 * Content-Encoding (precompressed static files), HEAD requests, 206s, bodies whose
 * Content-Length is under 1 KB and types that don't compress (as hono's compress does), and
 * adds `Vary: Accept-Encoding` to what it compresses.
 */
export function compression(): MiddlewareHandler {
  const fallback = compress();
  return async (c, next) => {
    if (!acceptsBrotli(c.req.header("Accept-Encoding"))) return fallback(c, next);
    await next();
    const res = c.res;
    const length = res.headers.get("Content-Length");
    const type = res.headers.get("Content-Type") ?? "";
    if (
      res.status === 206 ||
      res.headers.has("Content-Encoding") ||
      res.headers.has("Transfer-Encoding") ||
      c.req.method === "HEAD" ||
      !res.body ||
      (length !== null && Number(length) < 1024) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /no-transform/i.test(res.headers.get("Cache-Control") ?? "")
    )
      return;
    const brotli = Duplex.toWeb(
      createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    ) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
    c.res = new Response(res.body.pipeThrough(brotli), res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "br");
    const vary = c.res.headers.get("Vary");
    if (!vary || !/accept-encoding/i.test(vary)) c.res.headers.append("Vary", "Accept-Encoding");
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}

/**
 * The limits of form posts to the pages (server/security/page-forms.ts): 16 KB, the contact form
 * and inbox replies 64 KB (up to 5,000 characters of any script, issue 4). The profile's Submit
 * Case form posts documents (10 × 10 MB) that its action streams through the case intake
 * (server/cases/intake.ts, like POST /api/cases; issue 13 §4), Send Message url-encoded. Issue 27
 * §2: the logo form and the verification request's proofs bound their multipart bodies in their
 * actions too (the logo's declared length is checked before anything is read and answered next to
 * the file field; proofs stream through the case intake's limits), so an oversized file gets the
 * form back with its error instead of the guard's JSON 413.
 */
export const PAGE_FORM_RULES = {
  largerLimits: {
    "/contact": 64 * 1024,
    "/dashboard/messages": 64 * 1024,
  },
  streamedMultipart: [
    { path: /^\/lawyer\/[^/]+(?:\.data)?$/, urlencodedLimit: 64 * 1024 },
    { path: /^\/dashboard\/listing(?:\.data)?$/, urlencodedLimit: LOGO_BODY_LIMIT_BYTES },
    { path: /^\/dashboard\/verification(?:\.data)?$/, urlencodedLimit: PAGE_FORM_LIMIT_BYTES },
  ],
} satisfies PageFormGuardOptions;

/**
 * Options for createApp: the process's services (core ones, completed by createServices; or
 * complete ones, when the caller keeps them, e.g. to close the mailer), and whether to mount the
 * React Router pages.
 */
export interface CreateAppOptions {
  services: CoreServices | Services;
  /**
   * Serve pages from build/ (default: when a build exists), or from the given server build (the
   * fuzzer and the rate-limit walk load one through Vite: tests/fuzz/pages-build.ts,
   * tests/support/page-build.ts). API-only tests pass false.
   */
  pages?: boolean | ServerBuild;
  /** Issue 18 §3: the serving state /readyz reports and the shutdown flips (server/ops/health.ts); default a fresh one. */
  readiness?: Readiness;
}

/** Builds the Hono app. Throws if `pages` is true and no build exists. */
export async function createApp({ services: core, pages, readiness }: CreateAppOptions) {
  const services = "accounts" in core ? core : createServices(core);
  const { logger, config } = services;
  // issue 13 §3: a failed validation of a declared body, query or path throws a ValidationError
  // (server/http.ts), answered by the error handler below like every other DomainError.
  const app = new OpenAPIHono<Env>({ defaultHook: validationHook });

  // Issue 27 §2: an answer given before the body was read (413, 401, 429 on an upload) reaches the
  // client: the rest of the body is read and dropped before the connection closes.
  app.use("*", lingeringClose());
  // The request id of the request log and X-Request-Id (server/ops/request-log.ts logs each request).
  app.use("*", async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    await next();
    c.header("X-Request-Id", requestId);
  });
  // Issue 18 §3: request metrics and the drain's Connection: close (server/ops), before every route.
  const ops = mountOps(app, { services, ...(readiness ? { readiness } : {}) });
  app.use("*", compression());
  app.use("*", securityHeaders(config));
  // Issue 27 §2: the browser's device cookie, read for the review signals and set only when one is recorded.
  app.use("*", deviceCookies());
  // Issue 3 "Cross-site requests": unsafe requests by cookie only from the site's own origin.
  app.use(
    "*",
    sameOriginOnly({
      publicUrl: config.PUBLIC_URL,
      // The request's own line (its route pattern and request id, 403) follows; no path: it may
      // hold anything a client typed (issue 27 §2).
      onRefused: (reason) => logger.info({ reason }, "cross-site refused"),
    }),
  );
  // 415 and 413 from the route table, before anyone is authenticated (issue 13 §3).
  app.use("/api/*", requestBodyGuard(app.openAPIRegistry));
  // Issue 27 §2: JSON bodies parse into objects without a prototype (read only when asked for).
  app.use("/api/*", jsonInput);
  app.use("/api/*", authenticate(services.accounts));

  app.onError(errorHandler(logger));

  ops.registerRoutes();
  registerLawyerRoutes(app, services);
  registerPersonalityRoutes(app, services);
  registerAuthRoutes(app, services);
  registerListingRoutes(app, services);
  registerStripeRoutes(app, services);
  registerCaseRoutes(app, services);
  // Issue 16 §1: engagement-verified reviews (after the case routes, whose party check they share).
  registerReviewRoutes(app, services);
  registerMessageRoutes(app, services);
  registerContactRoutes(app, services);
  registerAnalyticsRoutes(app, services);
  registerLocationRoutes(app, services);
  // Issue 19 §3: the one taxonomy of injury types and practice areas.
  registerTaxonomyRoutes(app);
  // Issue 17 §4: data export and account erasure.
  registerAccountRightsRoutes(app, services);
  registerSecuritySchemes(app);
  // The 400, 413 and 415 of every route with a body, from the rules the server enforces.
  documentBodyErrors(app.openAPIRegistry);
  // Accept-Language on every route: 4xx messages follow it (issue 14 §1).
  documentAcceptLanguage(app.openAPIRegistry);
  app.doc31(
    "/api/openapi.json",
    documentHeader(config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined),
  );
  app.all("/api/*", (c) => {
    throw new NotFoundError(msg("errors:http.noRoute", { method: c.req.method, path: c.req.path }));
  });
  registerSeoRoutes(app, services);
  registerFlagRoutes(app);

  const withPages = typeof pages === "object" || (pages ?? existsSync(BUILD_SERVER));
  if (withPages) {
    const build =
      typeof pages === "object" ? pages : ((await import(pathToFileURL(BUILD_SERVER).href)) as ServerBuild);
    const handler = createRequestHandler(build, "production");
    ops.setPages(pagePatternMatcher(build.routes));
    const servicesContext = (
      build.entry.module as unknown as { servicesContext: Parameters<RouterContextProvider["set"]>[0] }
    ).servicesContext;
    app.use(
      "/assets/*",
      serveStatic({
        root: path.relative(process.cwd(), BUILD_CLIENT),
        // build/client holds .br and .gz files next to each asset (vite.config.ts).
        precompressed: true,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root: path.relative(process.cwd(), BUILD_CLIENT),
        // build/client holds .br and .gz files next to each asset (vite.config.ts).
        precompressed: true,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
    // Form posts to the pages: bounded forms only (PAGE_FORM_RULES).
    app.use("*", pageFormGuard(PAGE_FORM_RULES));
    app.all("*", async (c) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      // Issue 27 §2: page errors reported under this context go to this request's log line.
      aliasRequest(context, c);
      rememberClientIp(context, clientIp(c.req.raw, socketAddress(c), config.TRUST_PROXY));
      const device = c.get("device");
      if (device) rememberDevice(context, device);
      // Issue 27 §2: a path that does not percent-decode is a page that does not exist, answered
      // without handing the raw path to React Router (whose warning would log it).
      const decodes = pathDecodes(new URL(c.req.url).pathname);
      // Only a read is rendered as the not-found page; a write to no page is refused as it is.
      if (!decodes && c.req.method !== "GET" && c.req.method !== "HEAD") return c.text("Not Found", 404);
      const raw = decodes
        ? c.req.raw
        : new Request(new URL(NOT_A_PAGE_PATH, c.req.url), {
            method: c.req.method,
            headers: c.req.raw.headers,
          });
      const { result: response, retryAfterSeconds } = await recordingWaits(() => handler(raw, context));
      // Issue 27 §2: a page's 429 always says how long to wait, whichever action answered it
      // (its own Retry-After, passed on by app/route-headers.ts, wins).
      const wait =
        response.status === 429 && !response.headers.has("Retry-After") ? retryAfterSeconds : undefined;
      // A page's CSP nonce placeholder is filled only when a document is rendered
      // (app/csp-nonce.ts); redirects and data answers drop it instead of showing it.
      const csp = response.headers.get("Content-Security-Policy");
      if (!csp?.includes(CSP_NONCE_SOURCE) && wait === undefined) return response;
      // A copy: a response's own headers may be immutable (e.g. a redirect).
      const headers = new Headers(response.headers);
      if (wait !== undefined) headers.set("Retry-After", String(wait));
      if (csp?.includes(CSP_NONCE_SOURCE))
        headers.set(
          "Content-Security-Policy",
          csp.replace(` ${CSP_NONCE_SOURCE}`, "").replace(CSP_NONCE_SOURCE, ""),
        );
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    });
  }
  return app;
}
