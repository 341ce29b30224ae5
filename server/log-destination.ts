/**
 * Where log lines go (issue 27 §3 "Logging never blocks or keeps the process alive"): a thin
 * layer over a Node stream (process.stdout by default) that DROPS output instead of waiting for
 * it, in every case where waiting could hang the process.
 *
 * Why not pino's default destination (sonic-boom 4): when stdout is a pipe whose reader has
 * exited, a write fails with EPIPE; sonic-boom's `flushSync`, which pino runs on `process.exit`
 * for whatever is still buffered, retries every failed write that is not EAGAIN every 100 ms
 * FOREVER (its catch sleeps and loops without a limit; sonic-boom/index.js `flushSync`), on the
 * main thread, so a server asked to stop with SIGTERM closed its port and then never exited
 * (issue 27: 15 of 15 servers under `npm start` with a dead log reader, until SIGKILL). Its
 * asynchronous writes also go through libuv's thread pool, and a write to a stuck blocking pipe
 * there holds `process.exit` too.
 *
 * This destination writes through the stream itself: for a pipe, process.stdout writes without
 * blocking (libuv keeps the rest until the pipe takes it); a file or terminal writes at once.
 * - Any write error (EPIPE, EBADF, EIO, ENOSPC…), reported as the stream's 'error' event or
 *   thrown, marks the destination broken: every later line is dropped, nothing is retried, and
 *   the error never becomes an uncaught exception.
 * - A reader that stops reading: once `maxBacklogBytes` wait in memory, new lines are dropped
 *   (counted in `dropped`) until the reader catches up; the process never waits for it.
 * - Nothing here holds the event loop: no timer, no flush on exit. Lines still waiting when the
 *   process exits are lost, which is what a dead or stuck reader gets anyway.
 *
 * SIGPIPE: Node ignores it from start-up (a write to a closed pipe fails with EPIPE instead of
 * killing the process), which is what the rules above rely on.
 */
import type { Writable } from "node:stream";

/** What a destination needs of its stream (process.stdout, process.stderr, a test's Writable). */
export type LogStream = Pick<Writable, "write" | "on"> & {
  readonly writableLength?: number;
  readonly destroyed?: boolean;
  readonly writableEnded?: boolean;
};

/** A pino destination (pino calls `write` with one JSON line) with what it dropped. */
export interface LogDestination {
  write(line: string): void;
  /** Lines dropped so far (broken destination or backlog full). */
  readonly dropped: number;
  /** True once a write failed: nothing is written any more. */
  readonly broken: boolean;
}

/** The default limit of bytes waiting for a slow reader before lines are dropped (1 MiB). */
export const MAX_LOG_BACKLOG_BYTES = 1024 * 1024;

/**
 * A destination over `stream` with the rules of the module comment.
 * @param options.maxBacklogBytes bytes that may wait in memory for a slow reader (default 1 MiB)
 */
export function createLogDestination(
  stream: LogStream,
  options: { maxBacklogBytes?: number } = {},
): LogDestination {
  const max = options.maxBacklogBytes ?? MAX_LOG_BACKLOG_BYTES;
  let broken = false;
  let dropped = 0;
  // Kept for the stream's life: an EPIPE reported after the write returned is not an exception.
  stream.on("error", () => {
    broken = true;
  });
  return {
    write(line) {
      if (broken || stream.destroyed || stream.writableEnded) {
        broken = true;
        dropped++;
        return;
      }
      if ((stream.writableLength ?? 0) + Buffer.byteLength(line) > max) {
        dropped++;
        return;
      }
      try {
        stream.write(line);
      } catch {
        broken = true;
        dropped++;
      }
    },
    get dropped() {
      return dropped;
    },
    get broken() {
      return broken;
    },
  };
}

let guarded = false;

/**
 * Keeps a write error on process.stdout or process.stderr (EPIPE once their reader exited) from
 * becoming an uncaught exception that ends the process in the middle of a request or of its
 * shutdown: `console.log` and `console.error` then write nothing, as the logger does (issue 27
 * §3). Idempotent; called by server/main.ts before anything is written.
 */
export function guardStdio(): void {
  if (guarded) return;
  guarded = true;
  process.stdout.on("error", () => {});
  process.stderr.on("error", () => {});
}
