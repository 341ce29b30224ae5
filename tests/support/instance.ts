/**
 * Runs the real server process (`node server/main.ts`, the same entry as `npm start`) with a given
 * environment, for the two-instance test and `npm run bench:cluster` (issue 18 §2). Each instance
 * is a separate operating-system process with its own pool, caches, timers and listening
 * connection; it serves the pages too when `npm run build` has run, else the API only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A running instance: its base URL, its log lines (JSON, as printed) and stop(). */
export interface Instance {
  url: string;
  /** Every stdout/stderr line so far. */
  lines: string[];
  process: ChildProcess;
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

/**
 * Spawns the server with `env` on top of PATH/HOME (PORT 0 and HOST 127.0.0.1 unless given) and
 * waits until it prints "LexAtlas is running at URL". Rejects with its output when it exits first
 * or does not start within `timeoutMs` (default 60 s).
 */
export async function startInstance(env: Record<string, string>, timeoutMs = 60_000): Promise<Instance> {
  const child = spawn(process.execPath, [path.join(ROOT, "server/main.ts")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) lines.push(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`instance did not start in ${timeoutMs} ms:\n${lines.join("\n")}`));
    }, timeoutMs);
    const check = () => {
      for (const line of lines) {
        const m = /LexAtlas is running at (\S+)/.exec(line);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
          return;
        }
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}) before serving:\n${lines.join("\n")}`));
    });
  });
  return {
    url,
    lines,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/**
 * Waits until the instance has printed a line matching `pattern` (e.g. /place names ready/, the
 * end of its start-up work); rejects after `timeoutMs` (default 60 s).
 */
export async function waitForLine(instance: Instance, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const line = instance.lines.find((l) => pattern.test(l));
    if (line) return line;
    if (performance.now() > until)
      throw new Error(`no line matching ${pattern}:\n${instance.lines.join("\n")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
