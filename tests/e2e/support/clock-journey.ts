/**
 * The journeys' side of the clock server (tests/e2e/support/clock-server.ts, issue 16 §1/§3):
 * starts it as a child process, sends it commands through stdin (`advance`, `sweep`, `lawyer`,
 * `staff`, `now`) and reads the emails of its outbox. Used by tests/e2e/response-times.spec.ts and
 * tests/e2e/reviews.spec.ts.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface, type Interface } from "node:readline";

const root = path.resolve(import.meta.dirname, "../../..");

/** A running clock server: its address, DATA_DIR and listings; `command` and `stop`. */
export interface ClockServer {
  baseUrl: string;
  dataDir: string;
  listings: { id: number; name: string; email: string }[];
  /** Sends one command and answers its reply line. */
  command(line: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the clock server (with this process's environment, so TEST_DATABASE_URL selects
 * PostgreSQL) and waits for its first line. Rejects when it stays silent for 60 s.
 */
export async function startClockServer(): Promise<ClockServer> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["tests/e2e/support/clock-server.ts"],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "silent" },
    },
  );
  const lines: Interface = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  const queued: string[] = [];
  lines.on("line", (l) => {
    const next = waiting.shift();
    if (next) next(l);
    else queued.push(l);
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const queuedLine = queued.shift();
      if (queuedLine !== undefined) return resolve(queuedLine);
      const timer = setTimeout(() => reject(new Error(`clock server silent: ${stderr}`)), 60_000);
      waiting.push((l) => {
        clearTimeout(timer);
        resolve(l);
      });
    });
  const info = JSON.parse(await nextLine()) as Omit<ClockServer, "command" | "stop">;
  return {
    ...info,
    async command(line) {
      child.stdin.write(`${line}\n`);
      return nextLine();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.on("exit", () => resolve());
        child.stdin.end();
      }),
  };
}

/** The outbox messages of `dataDir` to `to`, decoded from quoted-printable, oldest first. */
export function mailTo(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((raw) => (/^To:[^\r\n]*/im.exec(raw)?.[0] ?? "").toLowerCase().includes(to.toLowerCase()))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
    );
}
