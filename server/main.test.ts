/**
 * Process-level behaviour of server/main.ts (issue 2 §1): a bad configuration value stops
 * start-up naming the variable; the PGlite data folder is locked against a second process;
 * SIGTERM closes the server and the database cleanly.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import * as net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = path.join(import.meta.dirname, "main.ts");

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(predicate: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), "lexatlas-main-"));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("server process", () => {
  it("refuses a bad configuration value and names the variable", async () => {
    const r = run({ PORT: "not-a-port", DATA_DIR: tempDir() });
    expect(await r.exited).toBe(78);
    expect(r.output()).toMatch(/PORT/);
  });

  it("explains a port that is already taken, and releases the database", async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const port = String((blocker.address() as net.AddressInfo).port);
    try {
      const dataDir = tempDir();
      const r = run({ PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_LAWYERS: "0" });
      expect(await r.exited).toBe(78);
      expect(r.output()).toMatch(new RegExp(`port ${port} is already in use`));
      expect(r.output()).not.toMatch(/\n\s+at /); // no stack trace
      // The lock was released: another process can open the folder.
      const again = run({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_LAWYERS: "0" });
      await waitFor(() => again.output().includes("LexAtlas is running at"), 60_000);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    } finally {
      blocker.close();
    }
  });

  it("locks the data folder against a second process and shuts down cleanly on SIGTERM", async () => {
    const dataDir = tempDir();
    const first = run({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_LAWYERS: "0" });
    await waitFor(() => first.output().includes("LexAtlas is running at"), 60_000);

    // An idle keep-alive connection outlives Node's default (5 s and a 1 s buffer): a request sent on it after 7 s
    // is answered, not reset (the server closing it at that moment was an ECONNRESET in a journey).
    const port = Number(/running at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.output())?.[1]);
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => {
      received += d;
    });
    const ask = () =>
      socket.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    ask();
    await waitFor(() => received.includes("HTTP/1.1 200"), 10_000);
    received = "";
    await new Promise((r) => setTimeout(r, 7_000));
    expect(socket.destroyed || socket.readyState !== "open").toBe(false);
    ask();
    await waitFor(() => received.includes("HTTP/1.1 200"), 10_000);
    socket.destroy();

    const second = run({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_LAWYERS: "0" });
    expect(await second.exited).toBe(75);
    expect(second.output()).toMatch(/in use by another LexAtlas process/);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    // The lock is released: a new process can open the same folder.
    const third = run({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_LAWYERS: "0" });
    await waitFor(() => third.output().includes("LexAtlas is running at"), 60_000);
    third.child.kill("SIGINT");
    expect(await third.exited).toBe(0);
  });
});
