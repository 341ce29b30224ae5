/**
 * Issue 18 §3 operations endpoints against the real app on a loopback port and a real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): /healthz touches no database, /readyz names the
 * failing check (database, store, migrations, shutdown) without a stack trace, /metrics speaks
 * the Prometheus text format behind METRICS_TOKEN, with route PATTERNS (never ids or query
 * strings) as labels, and search, matching, pool and job series.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { createApp } from "../app.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { createReadiness, createReadyProbe, type Readiness, readinessChecks } from "./health.ts";
import { bearerMatches } from "./index.ts";
import { observedJob } from "./metrics.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lexatlas-ops-"));
  folders.push(dir);
  return dir;
}

interface Running {
  baseUrl: string;
  close(): Promise<void>;
}

/** The real app (no pages) on 127.0.0.1, with `env` for loadConfig and a shared `readiness`. */
async function start(
  db: Database["db"],
  env: Record<string, string>,
  readiness?: Readiness,
): Promise<Running> {
  const config = loadConfig({ DATA_DIR: folder(), ...env, LOG_LEVEL: "silent" });
  const app = await createApp({
    services: { db, config, logger: createLogger("silent"), clock: systemClock },
    pages: false,
    ...(readiness ? { readiness } : {}),
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({
        baseUrl: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            (server as unknown as { closeAllConnections(): void }).closeAllConnections();
          }),
      }),
    );
  });
}

let database: Database;
let withToken: Running;
let withoutToken: Running;

beforeAll(async () => {
  database = await openTestDatabase();
  withToken = await start(database.db, { METRICS_TOKEN: TOKEN });
  withoutToken = await start(database.db, {});
});
afterAll(async () => {
  await withToken?.close();
  await withoutToken?.close();
  await database?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The /metrics text, fetched with the right token. */
async function scrape(): Promise<string> {
  const response = await fetch(`${withToken.baseUrl}/metrics`, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** Label sets of every sample of `metric` in `text`, e.g. [{ route: "/api/lawyers/:id", … }]. */
function samples(text: string, metric: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${metric}{`)) continue;
    const labels = line.slice(line.indexOf("{") + 1, line.lastIndexOf("}"));
    out.push(Object.fromEntries([...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]])));
  }
  return out;
}

describe(`/healthz and /readyz (${TEST_ENGINE})`, () => {
  it("/healthz answers 200 ok, not cached", async () => {
    const response = await fetch(`${withToken.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers 200 with each check when database, store and migrations are fine", async () => {
    const response = await fetch(`${withToken.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      status: "ok",
      checks: { database: "ok", store: "ok", migrations: "ok" },
      failing: [],
    });
  });

  it("with the database gone, /healthz still answers 200 and /readyz 503 names the database, no stack", async () => {
    const own = await openTestDatabase();
    const server = await start(own.db, {});
    try {
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      await own.close();
      await new Promise((r) => setTimeout(r, 1100)); // past the one-second reuse of a result
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      const response = await fetch(`${server.baseUrl}/readyz`);
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(text).not.toMatch(/\bat .*\(|\n\s+at /);
      const body = JSON.parse(text);
      expect(body.status).toBe("unavailable");
      expect(body.checks.database).toBe("failed");
      expect(body.failing).toContain("database");
      expect(body.checks.store).toBe("ok");
      expect(body.message).toMatch(/database/);
    } finally {
      await server.close();
    }
  });

  it("a document store that cannot be written makes /readyz 503 naming the store", async () => {
    const dataDir = folder();
    writeFileSync(path.join(dataDir, "uploads"), "x"); // a file where the uploads folder belongs
    const server = await start(database.db, { DATA_DIR: dataDir });
    try {
      const response = await fetch(`${server.baseUrl}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: "unavailable",
        checks: { database: "ok", store: "failed", migrations: "ok" },
        failing: ["store"],
      });
    } finally {
      await server.close();
    }
  });

  it("a database behind this version's migrations is not ready (migrations named)", async () => {
    const migrations = folder();
    const ahead = Date.now() + 365 * 86_400_000;
    const meta = path.join(migrations, "meta");
    mkdirSync(meta);
    writeFileSync(
      path.join(meta, "_journal.json"),
      JSON.stringify({ entries: [{ idx: 0, when: ahead, tag: "9999_future" }] }),
    );
    const probe = createReadyProbe({
      checks: readinessChecks({
        db: database.db,
        config: loadConfig({ DATA_DIR: folder() }),
        migrationsDir: migrations,
      }),
      readiness: createReadiness(),
    });
    expect(await probe()).toEqual({
      ready: false,
      status: "unavailable",
      checks: { database: "ok", store: "ok", migrations: "failed" },
      failing: ["migrations"],
    });
  });

  it("runs the checks once for concurrent probes and reuses the result for cacheMs", async () => {
    let runs = 0;
    const probe = createReadyProbe({
      checks: [
        {
          name: "database",
          run: async () => {
            runs += 1;
            await new Promise((r) => setTimeout(r, 20));
          },
        },
      ],
      readiness: createReadiness(),
      cacheMs: 200,
    });
    const reports = await Promise.all(Array.from({ length: 10 }, () => probe()));
    expect(reports.every((r) => r.ready)).toBe(true);
    expect(runs).toBe(1);
    await probe();
    expect(runs).toBe(1);
    await new Promise((r) => setTimeout(r, 250));
    await probe();
    expect(runs).toBe(2);
  });

  it("a check that hangs fails by its time limit instead of hanging the probe", async () => {
    const probe = createReadyProbe({
      checks: [{ name: "database", run: () => new Promise(() => {}) }],
      readiness: createReadiness(),
      timeoutMs: 50,
    });
    expect(await probe()).toMatchObject({
      ready: false,
      checks: { database: "timeout" },
      failing: ["database"],
    });
  });

  it("from shutdown on, /readyz answers 503 shutting_down and responses say Connection: close", async () => {
    const readiness = createReadiness();
    const server = await start(database.db, {}, readiness);
    try {
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      readiness.shutDown();
      const response = await fetch(`${server.baseUrl}/readyz`);
      expect(response.status).toBe(503);
      expect(response.headers.get("connection")).toBe("close");
      expect(await response.json()).toMatchObject({ status: "shutting_down", failing: ["shutdown"] });
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200); // still alive while draining
    } finally {
      await server.close();
    }
  });
});

describe(`/metrics (${TEST_ENGINE})`, () => {
  it("answers 404 in the one error shape when METRICS_TOKEN is not configured", async () => {
    const response = await fetch(`${withoutToken.baseUrl}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["message"]);
  });

  it("answers 401 in the one error shape without the token or with a wrong one", async () => {
    const variants: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong-token-0123456789abcdef" },
      { Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
      { Authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of variants) {
      const response = await fetch(`${withToken.baseUrl}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await response.json()).toEqual({ message: "The metrics token is missing or wrong." });
    }
    const german = await fetch(`${withToken.baseUrl}/metrics`, { headers: { "Accept-Language": "de" } });
    expect(await german.json()).toEqual({ message: "Das Metrik-Token fehlt oder ist falsch." });
  });

  it("with the right token answers the Prometheus text format, every sample line well-formed", async () => {
    const response = await fetch(`${withToken.baseUrl}/metrics`, {
      headers: { Authorization: `bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE process_cpu_seconds_total counter"); // default process metrics
    expect(text).toContain("# TYPE lexatlas_job_runs_total counter");
    for (const line of text.split("\n")) {
      if (line === "" || line.startsWith("#")) continue;
      expect(line).toMatch(
        /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})? -?[0-9.e+-]+|NaN|[+-]Inf$/,
      );
    }
  });

  it("labels requests by route pattern and status class: no ids, no query strings", async () => {
    const id = "987654321";
    await fetch(`${withToken.baseUrl}/api/lawyers/${id}`);
    await fetch(`${withToken.baseUrl}/api/lawyers/search?q=secretneedle&page=1`);
    await fetch(`${withToken.baseUrl}/api/lawyers/facets?q=secretneedle`);
    await fetch(`${withToken.baseUrl}/api/personality/matches/1700000000000-needlesession`);
    await fetch(`${withToken.baseUrl}/api/no-such-route/${id}`);
    const text = await scrape();
    const http = samples(text, "http_request_duration_seconds_count");
    expect(http).toContainEqual({ method: "GET", route: "/api/lawyers/:id", status_class: "4xx" });
    expect(http).toContainEqual({ method: "GET", route: "/api/lawyers/search", status_class: "2xx" });
    expect(http).toContainEqual({
      method: "GET",
      route: "/api/personality/matches/:sessionId",
      status_class: "4xx",
    });
    expect(http).toContainEqual({ method: "GET", route: "/api/*", status_class: "4xx" });
    expect(http).toContainEqual({ method: "GET", route: "/healthz", status_class: "2xx" });
    for (const needle of [id, "secretneedle", "needlesession", "?"]) expect(text).not.toContain(needle);

    // Search, facets and matching are timed at the service boundary.
    expect(samples(text, "lexatlas_search_duration_seconds_count")).toEqual(
      expect.arrayContaining([
        { operation: "search", outcome: "success" },
        { operation: "facets", outcome: "success" },
      ]),
    );
    expect(samples(text, "lexatlas_matching_duration_seconds_count")).toContainEqual({
      operation: "matches",
      outcome: "success",
    });
  });

  it("reports the primary database: pool gauges on PostgreSQL, the engine on PGlite", async () => {
    const text = await scrape();
    if (TEST_ENGINE === "postgres") {
      const states = samples(text, "lexatlas_db_pool_connections").map((s) => `${s.pool}/${s.state}`);
      expect(states).toEqual(expect.arrayContaining(["primary/total", "primary/idle", "primary/waiting"]));
    }
    expect(samples(text, "lexatlas_db_engine_info")).toContainEqual({ pool: "primary", engine: TEST_ENGINE });
  });

  it("counts job outcomes and the last success time", async () => {
    await observedJob("response_sweep", async () => 1)();
    await expect(
      observedJob("response_sweep", async () => {
        throw new Error("boom");
      })(),
    ).rejects.toThrow("boom");
    const text = await scrape();
    const runs = samples(text, "lexatlas_job_runs_total");
    expect(runs).toContainEqual({ job: "response_sweep", outcome: "success" });
    expect(runs).toContainEqual({ job: "response_sweep", outcome: "failure" });
    const last = text
      .split("\n")
      .find((l) => l.startsWith('lexatlas_job_last_success_timestamp_seconds{job="response_sweep"}'));
    expect(Number(last?.split(" ")[1])).toBeGreaterThan(Date.now() / 1000 - 60);
  });
});

describe("bearerMatches", () => {
  it("accepts exactly `Bearer <token>` (scheme case-insensitive) and nothing else", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches("", TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Token ${TOKEN}`, TOKEN)).toBe(false);
  });
});
