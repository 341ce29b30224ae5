/**
 * Issue 27 §3 "Logging never blocks or keeps the process alive": a server started as `npm start`
 * starts it (server/main.ts, Node running the TypeScript; NODE_ENV=production, DEMO_MODE=true)
 * with stdout and stderr as pipes, whose reader then goes away (exits) or stops reading, still
 * serves, and ends within SHUTDOWN_TIMEOUT_MS of SIGTERM. Before the fix it closed its port and
 * then looped on write(1) → EPIPE → 100 ms sleep forever (pino's sonic-boom flushSync on exit).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = path.join(import.meta.dirname, "../main.ts");
/** Small, so a hang shows quickly; the bound the process must keep after SIGTERM. */
const SHUTDOWN_TIMEOUT_MS = 3000;

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A production server with piped stdout/stderr, once it listens: its URL, process and exit. */
async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-pipes-"));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      DEMO_MODE: "true",
      DOCUMENT_MASTER_KEY: Buffer.alloc(32, 7).toString("base64"),
      LOG_LEVEL: "debug", // every request writes a line
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_LAWYERS: "0",
      SHUTDOWN_DRAIN_MS: "0",
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  const collect = (d: Buffer) => {
    out += d;
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const until = Date.now() + 90_000;
  let url: string | undefined;
  // Listening, and done with the start-up work that holds the event loop for a while (the place
  // names, docs/search.md): from then on only the log can keep the process from ending.
  while (!url || !out.includes("place names ready")) {
    url = /LexAtlas is running at (http:\/\/\S+)/.exec(out)?.[1];
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${out}`);
    if (Date.now() > until) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, child, exited, stopCollecting: () => child.stdout?.off("data", collect) };
}

/** Grace beyond SHUTDOWN_TIMEOUT_MS for a loaded machine (the hang this catches never ends). */
const GRACE_MS = 5000;

/**
 * Sends SIGTERM and answers how the process ended, or "still running" when it is alive
 * SHUTDOWN_TIMEOUT_MS plus GRACE_MS after the signal (then it is killed).
 */
async function terminate(s: Awaited<ReturnType<typeof startServer>>) {
  s.child.kill("SIGTERM");
  const outcome = await Promise.race([
    s.exited,
    new Promise<"still running">((r) => setTimeout(() => r("still running"), SHUTDOWN_TIMEOUT_MS + GRACE_MS)),
  ]);
  if (outcome === "still running") s.child.kill("SIGKILL");
  return { outcome };
}

/** Closes the parent's reading ends of the child's stdout and stderr: its reader is gone. */
function closeReaders(child: ChildProcess) {
  child.stdout?.destroy();
  child.stderr?.destroy();
}

describe("a server whose log reader goes away (issue 27 §3)", () => {
  it("ends on SIGTERM within SHUTDOWN_TIMEOUT_MS when the reader exited just before", async () => {
    const s = await startServer();
    closeReaders(s.child);
    const { outcome } = await terminate(s);
    expect(outcome).toEqual({ code: 0, signal: null });
  });

  it("keeps serving after the reader exited (no SIGPIPE death, no EPIPE crash), then ends on SIGTERM", async () => {
    const s = await startServer();
    closeReaders(s.child);
    // Requests that log (debug request lines, a 404, a refused login) into the dead pipe.
    for (let i = 0; i < 20; i++) {
      expect((await fetch(`${s.url}/api/no-such-route-${i}`)).status).toBe(404);
      const login = await fetch(`${s.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: `nobody${i}@example.org`, password: "wrong password 1" }),
      });
      expect(login.status).toBe(401);
    }
    // A SIGPIPE sent to it (as a shell's pipeline may) is ignored too: Node's default.
    s.child.kill("SIGPIPE");
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect(s.child.exitCode).toBeNull();
    const { outcome } = await terminate(s);
    expect(outcome).toEqual({ code: 0, signal: null });
  });

  it("ends on SIGTERM within SHUTDOWN_TIMEOUT_MS when the reader is alive but stopped reading", async () => {
    const s = await startServer();
    s.stopCollecting();
    s.child.stdout?.pause();
    s.child.stderr?.pause();
    // Fill the pipe: thousands of request lines nobody reads.
    const agent = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 400; i++) await (await fetch(`${s.url}/api/full-pipe-${w}-${i}`)).arrayBuffer();
    });
    await Promise.all(agent);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200); // never blocked by its log
    const { outcome } = await terminate(s);
    expect(outcome).toEqual({ code: 0, signal: null });
  });
});
