/**
 * Graceful shutdown of a real server process (issue 18 §3 "graceful shutdown that drains in-flight
 * requests on SIGTERM"): server/main.ts is spawned as `npm start` runs it (Node runs the
 * TypeScript directly; no build is needed, the pages are simply not served without one). After
 * SIGTERM: /readyz answers 503 during SHUTDOWN_DRAIN_MS, then new connections are refused, a slow
 * upload that was in flight gets its answer, and the process exits 0.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectOutcome, startSlowRequest } from "../../tests/support/slow-request.ts";

const MAIN = path.join(import.meta.dirname, "../main.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-drain-"));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor<T>(read: () => T | undefined, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a server process on SIGTERM", () => {
  it("answers /readyz 503 while draining, refuses new connections after, finishes the upload in flight, exits 0", async () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "info",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_LAWYERS: "0",
      SHUTDOWN_DRAIN_MS: "3000", // room for the /readyz check below on a loaded machine
    };
    // PGlite in DATA_DIR on both CI runs: the drain is the HTTP server's, whatever the engine
    // (server/ops/shutdown.test.ts runs the same steps in-process on PostgreSQL too).
    const proc = spawn(process.execPath, [MAIN], { env, stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let out = "";
    proc.stdout?.on("data", (d) => {
      out += d;
    });
    proc.stderr?.on("data", (d) => {
      out += d;
    });
    const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
    const baseUrl = await waitFor(() => /LexAtlas is running at (http:\/\/[^\s]+)/.exec(out)?.[1], 90_000);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);

    // A slow upload: half of a 12 KB login body now (under the 16 KB limit of auth bodies, so the
    // handler waits for all of it), the rest after the port has closed.
    const body = Buffer.from(JSON.stringify({ email: "drain@example.com", password: "x".repeat(12_000) }));
    const upload = startSlowRequest(baseUrl, "/api/auth/login", body, { "Content-Type": "application/json" });
    await new Promise((r) => setTimeout(r, 200));

    proc.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    const draining = await fetch(`${baseUrl}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: "shutting_down", failing: ["shutdown"] });

    const refusedAt = await waitFor(
      () => (out.includes("stopped accepting connections") ? Date.now() : undefined),
      5000,
    );
    expect(refusedAt).toBeGreaterThan(0);
    expect(await connectOutcome(baseUrl)).toBe("refused");
    expect(proc.exitCode).toBeNull(); // still running: the upload is in flight

    upload.finish();
    const answer = await upload.response;
    // The login itself fails (no such account, or a password over its length limit): what
    // matters is that the request in flight was answered, not cut.
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.parse(answer.body)).toHaveProperty("message");
    expect(await exited).toBe(0);
    expect(out).toContain("closed cleanly");
  }, 120_000);
});
