/**
 * The running server's backup control socket (issue 17 §6). PGlite keeps the database inside the
 * server's process and the folder is locked (server/db/data-dir-lock.ts), so `npm run backup` in
 * another process cannot open it. Instead the server listens on a Unix domain socket
 * `DATA_DIR/run/control.sock` (never a network port; the folder is mode 0700 and the socket 0600,
 * so only the account that runs the server, or root, can connect) for one command:
 *
 *     → {"command":"backup","dir":"/absolute/path"}\n
 *     ← {"ok":true,"summary":{…}}\n   or   {"ok":false,"code":"…","message":"…"}\n
 *
 * The server then writes the backup itself (server/backup/create.ts) with its own database
 * handle and raw store. One backup at a time; a second request while one runs is refused.
 * The socket adds no power: whoever can connect can already read DATA_DIR. PostgreSQL servers do
 * not open it (the backup command connects to the database directly).
 */
import { chmod, mkdir, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { Logger } from "../logger.ts";
import type { BackupManifest } from "./format.ts";
import { type BackupSummary, summarize } from "./summary.ts";

/** Longest Unix socket path Linux and macOS accept (sun_path is 108 and 104 bytes). */
const MAX_SOCKET_PATH = 100;
/** A request is one short JSON line; anything longer is refused. */
const MAX_REQUEST_BYTES = 4096;

/** The control socket's path for DATA_DIR `dataDir`. */
export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), "run", "control.sock");
}

/** The answer the socket sends back. */
export type ControlAnswer =
  | { ok: true; summary: BackupSummary }
  | { ok: false; code: string; message: string };

/**
 * Listens on DATA_DIR's control socket and runs `backup(dir)` for each valid request. Answers a
 * handle to close it (removes the socket file), or null when the path is too long for a Unix
 * socket (logged; `npm run backup` then asks to stop the server). Call only while holding the
 * DATA_DIR lock: a socket file left by a crashed server is replaced.
 */
export async function startBackupControl(opts: {
  dataDir: string;
  logger: Logger;
  backup: (dir: string) => Promise<BackupManifest>;
}): Promise<{ close(): Promise<void> } | null> {
  const socketPath = controlSocketPath(opts.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    opts.logger.warn(
      { socketPath },
      "backup control socket path too long; npm run backup needs the server stopped",
    );
    return null;
  }
  const runDir = path.dirname(socketPath);
  await mkdir(runDir, { recursive: true, mode: 0o700 });
  await chmod(runDir, 0o700);
  await rm(socketPath, { force: true });
  let busy = false;
  const server = net.createServer((conn) => {
    let input = "";
    conn.setEncoding("utf8");
    const answer = (a: ControlAnswer) => conn.end(`${JSON.stringify(a)}\n`);
    conn.on("error", () => {});
    conn.on("data", async (chunk: string) => {
      input += chunk;
      if (input.length > MAX_REQUEST_BYTES)
        return answer({ ok: false, code: "bad-request", message: "request too long" });
      const end = input.indexOf("\n");
      if (end < 0) return;
      conn.removeAllListeners("data");
      let request: { command?: unknown; dir?: unknown };
      try {
        request = JSON.parse(input.slice(0, end));
      } catch {
        return answer({ ok: false, code: "bad-request", message: "not JSON" });
      }
      if (request.command !== "backup" || typeof request.dir !== "string" || !path.isAbsolute(request.dir))
        return answer({
          ok: false,
          code: "bad-request",
          message: 'expected {"command":"backup","dir":"/absolute/path"}',
        });
      if (busy) return answer({ ok: false, code: "busy", message: "a backup is already running" });
      busy = true;
      try {
        const summary = summarize(await opts.backup(request.dir), request.dir);
        opts.logger.info(
          {
            tables: summary.tables,
            rows: summary.rows,
            documents: summary.documents,
            skipped: summary.skipped,
          },
          "backup written",
        );
        answer({ ok: true, summary });
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        opts.logger.error({ err }, "backup failed");
        answer({
          ok: false,
          code: typeof code === "string" ? code : "failed",
          message: (err as Error).message,
        });
      } finally {
        busy = false;
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void rm(socketPath, { force: true });
      }),
  };
}

/** Thrown when no server answers on the control socket. */
export class ControlUnavailableError extends Error {}

/**
 * Asks the server holding `dataDir` to write a backup into `dir` (absolute) and waits for its
 * answer. Throws ControlUnavailableError when nothing listens on the socket.
 */
export function requestBackup(dataDir: string, dir: string): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(controlSocketPath(dataDir));
    let output = "";
    conn.setEncoding("utf8");
    conn.on("connect", () => conn.write(`${JSON.stringify({ command: "backup", dir })}\n`));
    conn.on("data", (chunk: string) => {
      output += chunk;
    });
    conn.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" || err.code === "ECONNREFUSED")
        reject(new ControlUnavailableError(`no server answers on ${controlSocketPath(dataDir)}`));
      else reject(err);
    });
    conn.on("end", () => {
      try {
        resolve(JSON.parse(output) as ControlAnswer);
      } catch {
        reject(new Error("the server's control socket gave no answer"));
      }
    });
  });
}
