/**
 * Answers that come before the request body is read reach the client (issue 27 §2 "413 with the
 * error body for oversized uploads, never a closed connection").
 *
 * The server refuses some requests before reading their body: a declared length over the route's
 * limit (413, server/http.ts requestBodyGuard and server/security/page-forms.ts), a body counted
 * past its limit while it streams (413), a file over its limit in a multipart upload (413,
 * server/cases/intake.ts), a signed-out or rate-limited upload (401, 429). Node then ends the
 * connection as soon as the answer is written (at once with `Connection: close`, which a 413
 * carries, or after @hono/node-server's 500 ms drain), while the client is still sending: the
 * kernel answers the rest of the upload with a reset, and a client that sends its whole body before
 * it reads (most HTTP libraries, browsers posting a form) gets EPIPE or ECONNRESET instead of the
 * answer. A 3 MB logo upload failed this way (the attacker's finding); a 30 MB one fails on loopback.
 *
 * The fix is the "lingering close" of HTTP/1.1 servers (RFC 9112 §9.6; Apache's lingering close,
 * nginx's `lingering_close`): after such an answer the server keeps reading the rest of the body and
 * throws it away, up to LINGER_MAX_BYTES and LINGER_MAX_MS (and no more than LINGER_IDLE_MS without
 * a byte), and only then closes the connection (or keeps it, when the answer did not ask to close
 * and the body was read to its end). Beyond those bounds the connection is cut, as before.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { MiddlewareHandler } from "hono";

/** The most of an unread body read and thrown away after an early answer: 128 MB (the case intake's ~101 MB fits). */
export const LINGER_MAX_BYTES = 128 * 1024 * 1024;
/** The longest a connection lingers after an early answer: 60 s (a 30 MB upload at 5 Mbit/s takes 48 s). */
export const LINGER_MAX_MS = 60_000;
/** The longest a lingering connection may send nothing before it is cut: 10 s. */
export const LINGER_IDLE_MS = 10_000;

/** Bounds of one lingering close (tests shorten them). */
export interface LingerLimits {
  maxBytes: number;
  maxMs: number;
  idleMs: number;
}

const DEFAULT_LIMITS: LingerLimits = {
  maxBytes: LINGER_MAX_BYTES,
  maxMs: LINGER_MAX_MS,
  idleMs: LINGER_IDLE_MS,
};

/** The Node request and response of a request served by @hono/node-server (undefined elsewhere, e.g. app.request in tests). */
function nodeBindings(env: unknown): { incoming: IncomingMessage; outgoing: ServerResponse } | undefined {
  const bindings = env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  if (!bindings?.incoming?.socket || !bindings.outgoing) return undefined;
  return { incoming: bindings.incoming, outgoing: bindings.outgoing };
}

/**
 * Reads what is left of `incoming`'s body and drops it, within `limits`, while the connection's
 * close is held back: Node's and @hono/node-server's `socket.destroySoon()` (a `Connection: close`
 * answer, the adapter's own drain) wait until the body is read, then close as they would have.
 * Past a bound the socket is destroyed at once. Any reader that gave up on
 * the body (a body-limit counter, a multipart parser) is detached first, so nothing buffers it.
 */
export function lingerOn(incoming: IncomingMessage, limits: LingerLimits = DEFAULT_LIMITS): void {
  const socket = incoming.socket as Socket & { destroySoon?: () => void };
  if (incoming.complete || socket.destroyed) return;
  let closeAsked = false;
  let finished = false;
  const originalDestroySoon = socket.destroySoon;
  // Not even the sending side is ended yet: a client that stops sending when it sees the
  // server's FIN (Node's own sockets do, without allowHalfOpen) would stall or fail mid-body.
  socket.destroySoon = () => {
    closeAsked = true;
  };
  let read = 0;
  const finish = (cut: boolean) => {
    if (finished) return;
    finished = true;
    clearTimeout(total);
    clearTimeout(idle);
    incoming.off("data", onData);
    socket.destroySoon = originalDestroySoon;
    if (cut) socket.destroy();
    else if (closeAsked) socket.destroySoon?.();
  };
  const total = setTimeout(() => finish(true), limits.maxMs);
  let idle = setTimeout(() => finish(true), limits.idleMs);
  const onData = (chunk: Buffer) => {
    read += chunk.byteLength;
    if (read > limits.maxBytes) return finish(true);
    clearTimeout(idle);
    idle = setTimeout(() => finish(true), limits.idleMs);
  };
  total.unref();
  incoming.removeAllListeners("data");
  incoming.on("data", onData);
  incoming.once("end", () => finish(false));
  incoming.once("close", () => finish(!incoming.complete));
  incoming.resume();
}

/**
 * Middleware for every route (mounted first by server/app.ts): when a request with a body is
 * answered before its body was read to the end, the connection lingers (lingerOn) so the client
 * still receives the answer, e.g. 413 `{ message }`, instead of a reset connection. Requests served
 * without Node's bindings (tests calling `app.request`) pass untouched.
 */
export function lingeringClose(limits: LingerLimits = DEFAULT_LIMITS): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const node = nodeBindings(c.env);
    if (!node || node.incoming.complete) return;
    // Held from now on: the answer is written after the middleware returns, and Node may close
    // the connection right after writing it.
    lingerOn(node.incoming, limits);
  };
}
