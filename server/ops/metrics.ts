/**
 * Prometheus metrics (issue 18 §3 "Metrics at /metrics in Prometheus format … request latency
 * histograms per route, search and matching timings, database pool, job outcomes; protected by a
 * token"), with prom-client.
 *
 * One registry per process (`metricsRegistry`): what it measures (the process, the HTTP server,
 * the pool, the jobs) is the process's, so every app a process builds (tests build several)
 * records into the same series. Label values are bounded on purpose (Prometheus keeps one series
 * per label combination): the ROUTE PATTERN (`/api/lawyers/:id`, `/lawyer/:slug`), never a raw
 * path with ids or a query string; the status CLASS (`2xx`); a fixed list of methods, operations,
 * jobs and outcomes. docs/operations.md "Metrics" lists every series and a scrape configuration.
 */
import type { Pool } from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client.ts";
import type { Directory, Matching } from "../deps.ts";

/** The process's registry: default process metrics plus the series below. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Latency buckets (seconds) for requests, searches and matches: 2.5 ms to 10 s. */
const LATENCY_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "HTTP request latency by method, route pattern and status class (issue 18 §3)",
  labelNames: ["method", "route", "status_class"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/**
 * A latency histogram of a service boundary (seconds, LATENCY_BUCKETS) labelled by `operation`
 * and `outcome`, registered in metricsRegistry; what observe() times.
 */
function serviceDuration(name: string, help: string): Histogram<"operation" | "outcome"> {
  return new Histogram({
    name,
    help,
    labelNames: ["operation", "outcome"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [metricsRegistry],
  });
}

const searchDuration = serviceDuration(
  "lexatlas_search_duration_seconds",
  "Directory search and facet counts at the service boundary (server/search), by operation and outcome",
);

const matchingDuration = serviceDuration(
  "lexatlas_matching_duration_seconds",
  "Matching's ranked matches at the service boundary (server/matching), by operation and outcome",
);

const jobRuns = new Counter({
  name: "lexatlas_job_runs_total",
  help: "Background job runs by job (daily_jobs, response_sweep, key_rotation) and outcome (success, failure)",
  labelNames: ["job", "outcome"] as const,
  registers: [metricsRegistry],
});

const jobLastSuccess = new Gauge({
  name: "lexatlas_job_last_success_timestamp_seconds",
  help: "Unix time of each job's last successful run (alert when it stops moving)",
  labelNames: ["job"] as const,
  registers: [metricsRegistry],
});

const jobDuration = new Histogram({
  name: "lexatlas_job_duration_seconds",
  help: "Background job run time by job",
  labelNames: ["job"] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [metricsRegistry],
});

/** The engine's pool counts; PGlite has none (one in-process connection). */
type PoolSource =
  | { engine: "postgres"; pool: Pick<Pool, "totalCount" | "idleCount" | "waitingCount"> }
  | {
      engine: "pglite";
    };
const pools = new Map<string, PoolSource>();

new Gauge({
  name: "lexatlas_db_pool_connections",
  help: "node-postgres pool connections by pool (primary, replica) and state: total, idle, waiting (queued clients)",
  labelNames: ["pool", "state"] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [name, source] of pools) {
      if (source.engine !== "postgres") continue;
      this.set({ pool: name, state: "total" }, source.pool.totalCount);
      this.set({ pool: name, state: "idle" }, source.pool.idleCount);
      this.set({ pool: name, state: "waiting" }, source.pool.waitingCount);
    }
  },
});

new Gauge({
  name: "lexatlas_db_engine_info",
  help: "1 per database handle, labelled with its engine (postgres: a pg.Pool; pglite: one in-process connection, no pool)",
  labelNames: ["pool", "engine"] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [name, source] of pools) this.set({ pool: name, engine: source.engine }, 1);
  },
});

/**
 * Reports the pool of `db` under `name` ("primary"; the replica's handle as "replica"): for
 * node-postgres the pg.Pool's totalCount/idleCount/waitingCount at each scrape; for PGlite only
 * the engine (it has one connection inside the process, no pool to exhaust). The latest handle
 * given a name wins (a process has one primary).
 */
export function watchDatabasePool(name: string, db: Db): void {
  const client = (db as unknown as { $client?: unknown }).$client as
    | Pick<Pool, "totalCount" | "idleCount" | "waitingCount">
    | undefined;
  if (client && typeof client.totalCount === "number") pools.set(name, { engine: "postgres", pool: client });
  else pools.set(name, { engine: "pglite" });
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method label: one of the standard methods, else "other" (bounded cardinality). */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return METHODS.has(upper) ? upper : "other";
}

/** The status class label of an HTTP status: "2xx" … "5xx". */
export function statusClass(status: number): string {
  return `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;
}

/** Records one HTTP request: `route` must be a pattern (see server/ops/routes.ts routeLabel). */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  httpDuration.observe({ method: methodLabel(method), route, status_class: statusClass(status) }, seconds);
}

/** Runs `run`, observing its time in `histogram` under `operation` and its outcome. */
async function observe<R>(
  histogram: Histogram<"operation" | "outcome">,
  operation: string,
  run: () => Promise<R>,
): Promise<R> {
  const end = histogram.startTimer({ operation });
  try {
    const result = await run();
    end({ outcome: "success" });
    return result;
  } catch (err) {
    end({ outcome: "failure" });
    throw err;
  }
}

/** The directory operations that are timed. */
export type SearchOperation = "search" | "facets" | "suggestions";

/**
 * Runs a directory operation, timed in `lexatlas_search_duration_seconds` (the API handlers of
 * server/api/lawyers.ts call server/search directly and wrap their call with this).
 */
export function timeSearch<R>(operation: SearchOperation, run: () => Promise<R>): Promise<R> {
  return observe(searchDuration, operation, run);
}

/** Runs matching's getMatches, timed in `lexatlas_matching_duration_seconds` (operation matches). */
export function timeMatches<R>(run: () => Promise<R>): Promise<R> {
  return observe(matchingDuration, "matches", run);
}

/**
 * The directory with search, facets and suggestions timed (`timeSearch`), for the pages, which
 * use it through server/services.ts; server/search itself stays untouched.
 */
export function timedDirectory(directory: Directory): Directory {
  // The door's own methods stay reachable through the prototype (a class instance's methods are
  // not own properties, so a spread would drop them); these three are timed on top.
  const timed: Directory = Object.create(directory);
  return Object.assign(timed, {
    // Issue 28 §1: the visitor's context (country, page language) passes through.
    searchLawyers: (params, context) => timeSearch("search", () => directory.searchLawyers(params, context)),
    getFacets: (params, context) => timeSearch("facets", () => directory.getFacets(params, context)),
    getSuggestions: (q, locale) => timeSearch("suggestions", () => directory.getSuggestions(q, locale)),
  } satisfies Partial<Directory>);
}

/** Matching with getMatches timed (`timeMatches`), for the pages (server/services.ts). */
export function timedMatching(matching: Matching): Matching {
  return { ...matching, getMatches: (sessionId) => timeMatches(() => matching.getMatches(sessionId)) };
}

/** The background jobs that report outcomes (a fixed list: bounded label values). */
export type JobName = "daily_jobs" | "response_sweep" | "key_rotation";

/**
 * Records one run of `job`: the counter by outcome, the run time, and on success the time of
 * the last success (`now`, default the wall clock: it is read by an alert, not by a decision).
 */
export function recordJobRun(
  job: JobName,
  outcome: "success" | "failure",
  seconds: number,
  now: Date = new Date(),
): void {
  jobRuns.inc({ job, outcome });
  jobDuration.observe({ job }, seconds);
  if (outcome === "success") jobLastSuccess.set({ job }, now.getTime() / 1000);
}

/**
 * `run` with its outcome recorded by recordJobRun (a throw is a failure and is re-thrown, so the
 * job's own timer still logs it).
 */
export function observedJob<R>(job: JobName, run: () => Promise<R>): () => Promise<R> {
  return async () => {
    const started = performance.now();
    try {
      const result = await run();
      recordJobRun(job, "success", (performance.now() - started) / 1000);
      return result;
    } catch (err) {
      recordJobRun(job, "failure", (performance.now() - started) / 1000);
      throw err;
    }
  };
}

/** The exposition text (Prometheus text format 0.0.4) and its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await metricsRegistry.metrics(), contentType: metricsRegistry.contentType };
}
