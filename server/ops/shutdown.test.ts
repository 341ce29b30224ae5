/**
 * The graceful shutdown's steps (issue 18 §3, server/ops/shutdown.ts) on the real app, created the
 * way server/main.ts creates it, on a loopback port and a real database: /readyz turns 503 at once,
 * connections are still accepted during the drain and refused after it, a slow upload in flight
 * completes, and only then do the timers stop and the rest close before exit 0; a request that
 * never ends is cut at the timeout with exit 1. The same sequence in a real spawned process:
 * server/ops/shutdown-process.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { connectOutcome, startSlowRequest } from "../../tests/support/slow-request.ts";
import { createApp } from "../app.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { createReadiness } from "./health.ts";
import { createShutdown } from "./shutdown.ts";

let database: Database;
const folders: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The app as main.ts builds it (shared readiness) plus a test route that reads a whole body. */
async function serveApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-shutdown-"));
  folders.push(dataDir);
  const readiness = createReadiness();
  const app = await createApp({
    services: {
      db: database.db,
      config: loadConfig({ DATA_DIR: dataDir }),
      logger: createLogger("silent"),
      clock: systemClock,
    },
    pages: false,
    readiness,
  });
  app.post("/test/upload", async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  const { server, baseUrl } = await new Promise<{ server: Server; baseUrl: string }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ server: s as Server, baseUrl: `http://127.0.0.1:${info.port}` }),
    );
  });
  return { server, baseUrl, readiness };
}

describe(`graceful shutdown (${TEST_ENGINE})`, () => {
  it("turns /readyz 503, drains, refuses new connections, lets the upload finish, then closes and exits 0", async () => {
    const { server, baseUrl, readiness } = await serveApp();
    const steps: string[] = [];
    const shutdown = createShutdown({
      server,
      readiness,
      drainMs: 2000, // long enough for the two checks below on a loaded machine
      timeoutMs: 10_000,
      logger: createLogger("silent"),
      stopTimers: () => steps.push("timers"),
      close: async () => {
        steps.push("close");
      },
      exit: (code) => steps.push(`exit ${code}`),
    });
    const upload = startSlowRequest(baseUrl, "/test/upload", Buffer.alloc(200_000, 7), {
      "Content-Type": "application/octet-stream",
    });
    await new Promise((r) => setTimeout(r, 100));

    const began = performance.now();
    const done = shutdown.begin("SIGTERM");
    // During the drain: still accepting, but not ready.
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "shutting_down" });
    expect(await connectOutcome(baseUrl)).toBe("accepted");

    // After the drain: the port is closed, the upload still runs, nothing is closed yet.
    const until = Date.now() + 10_000;
    while ((await connectOutcome(baseUrl)) === "accepted" && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    expect(await connectOutcome(baseUrl)).toBe("refused");
    expect(performance.now() - began).toBeGreaterThanOrEqual(1950); // not before the drain ended
    expect(steps).toEqual([]);

    upload.finish();
    const answer = await upload.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 200_000 });
    expect(answer.headers.connection).toBe("close");
    await done;
    expect(steps).toEqual(["timers", "close", "exit 0"]);
  });

  it("cuts a request that never ends at the timeout and exits 1", async () => {
    const { server, baseUrl, readiness } = await serveApp();
    const steps: string[] = [];
    const shutdown = createShutdown({
      server,
      readiness,
      drainMs: 0,
      timeoutMs: 500,
      logger: createLogger("silent"),
      stopTimers: () => steps.push("timers"),
      close: async () => {
        steps.push("close");
      },
      exit: (code) => steps.push(`exit ${code}`),
    });
    const stuck = startSlowRequest(baseUrl, "/test/upload", Buffer.alloc(10_000), {
      "Content-Type": "application/octet-stream",
    });
    const cut = stuck.response.then(
      () => "answered",
      () => "cut",
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    await shutdown.begin("SIGTERM");
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect(steps).toEqual(["exit 1"]);
    expect(await cut).toBe("cut");
    // A second signal does not start a second shutdown.
    await shutdown.begin("SIGINT");
    expect(steps).toEqual(["exit 1"]);
  });
});
