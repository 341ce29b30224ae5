/**
 * Graceful shutdown on SIGTERM/SIGINT (issue 18 §3 "graceful shutdown that drains in-flight
 * requests on SIGTERM"), in this order:
 *
 * 1. `/readyz` answers 503 `shutting_down` at once (server/ops/health.ts), and every response
 *    from now on carries `Connection: close` (server/ops/index.ts), so the load balancer takes the
 *    instance out of rotation and keep-alive clients move to another instance;
 * 2. for `drainMs` (SHUTDOWN_DRAIN_MS) the server still accepts and serves new connections: the
 *    balancer needs a few health-check intervals to notice, and a request it still sends in that
 *    time is served instead of refused;
 * 3. the server stops listening (new connections are refused) and idle keep-alive sockets are
 *    closed; requests in flight (a slow upload or download included) run to their end;
 * 4. when the last connection closed: the background timers stop, `close()` releases the rest
 *    (backup control socket, mailer, database) and the process exits 0;
 * 5. if all this takes longer than `timeoutMs` (SHUTDOWN_TIMEOUT_MS) since the signal, the
 *    remaining connections are cut and the process exits 1.
 *
 * A second signal while shutting down is ignored (the timeout still bounds the wait).
 */
import type { Server } from "node:http";
import type { Logger } from "../logger.ts";
import type { Readiness } from "./health.ts";

/** What createShutdown needs: the listening server, the serving state and the steps after it. */
export interface ShutdownOptions {
  /** The HTTP server @hono/node-server's `serve` answered. */
  server: Pick<Server, "close" | "closeIdleConnections" | "closeAllConnections">;
  readiness: Readiness;
  /** How long /readyz answers 503 before the server stops accepting connections (ms). */
  drainMs: number;
  /** Longest time from the signal to exit before the forced exit 1 (ms). */
  timeoutMs: number;
  logger: Pick<Logger, "info" | "error">;
  /** Stops the background timers (daily jobs, response sweep, key rotation). */
  stopTimers(): void;
  /** Releases what remains after the last request: backup control, mailer, database. */
  close(): Promise<void>;
  /** Ends the process (process.exit; tests pass a spy). */
  exit(code: number): void;
}

/** How often idle keep-alive sockets are closed while requests drain (ms). */
const IDLE_SWEEP_MS = 200;

/**
 * The shutdown of the module comment: answers `begin(signal)`, which runs it once (later calls
 * answer the same promise), resolving after `exit` was called.
 */
export function createShutdown(options: ShutdownOptions): { begin(signal: string): Promise<void> } {
  let running: Promise<void> | null = null;
  const { server, logger } = options;

  const run = async (signal: string): Promise<void> => {
    const started = performance.now();
    options.readiness.shutDown();
    logger.info({ signal, drainMs: options.drainMs }, "shutting down: /readyz answers 503, draining");
    let exited = false;
    const exit = (code: number) => {
      if (exited) return;
      exited = true;
      options.exit(code);
    };
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const force = setTimeout(() => {
      logger.error(
        { timeoutMs: options.timeoutMs },
        "shutdown timed out: cutting the remaining connections (SHUTDOWN_TIMEOUT_MS)",
      );
      server.closeAllConnections();
      exit(1);
      finish();
    }, options.timeoutMs);
    force.unref();

    if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
    if (exited) return finished;

    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    server.close(async () => {
      clearInterval(sweep);
      if (exited) return;
      try {
        options.stopTimers();
        await options.close();
        logger.info({ ms: Math.round(performance.now() - started) }, "closed cleanly");
        clearTimeout(force);
        exit(0);
      } catch (err) {
        logger.error({ err }, "shutdown failed while closing");
        clearTimeout(force);
        exit(1);
      }
      finish();
    });
    logger.info("stopped accepting connections; waiting for requests in flight");
    server.closeIdleConnections();
    return finished;
  };

  return {
    begin(signal) {
      running ??= run(signal);
      return running;
    },
  };
}
