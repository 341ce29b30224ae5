/**
 * The fuzzer's HTTP/1.1 client (issue 27 "a fuzzer in `npm test`"): it writes the request's bytes
 * itself over a TCP socket, so a request may carry what fetch refuses to send — duplicated
 * headers, bytes that are not UTF-8 in a header or the body, a `Content-Type` that lies, a
 * malformed `Transfer-Encoding: chunked` body — and reads the answer back (chunked and
 * gzip/deflate/brotli bodies decoded). One connection per request (`Connection: close`).
 */
import net from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/**
 * Percent-encodes `text` as UTF-8 (RFC 3986 unreserved characters kept): unlike
 * encodeURIComponent it never throws, a lone surrogate going out as U+FFFD's bytes.
 */
export function pct(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** One request as it goes on the wire; `headers` in order, duplicates allowed. */
export interface WireRequest {
  method: string;
  /** The request target: path and query, sent as is (not encoded here). */
  target: string;
  headers: [string, string][];
  /** The body; latin1 strings are their bytes, Buffers as they are. */
  body?: Buffer;
  /** Write the body chunked (Transfer-Encoding: chunked) instead of with Content-Length. */
  chunked?: boolean;
}

/** The answer: status, headers (lower-case names, repeated ones joined by ", ") and the decoded body. */
export interface WireResponse {
  status: number;
  headers: Map<string, string>;
  body: Buffer;
  text: string;
}

/** The bytes of `request` for host `host` (Host first unless the request names its own). */
export function encodeRequest(request: WireRequest, host: string): Buffer {
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  const names = new Set(request.headers.map(([k]) => k.toLowerCase()));
  if (!names.has("host")) lines.push(`Host: ${host}`);
  for (const [k, v] of request.headers) lines.push(`${k}: ${v}`);
  lines.push("Connection: close");
  const body = request.body ?? Buffer.alloc(0);
  if (request.chunked) {
    lines.push("Transfer-Encoding: chunked");
    const chunks = body.length
      ? [Buffer.from(`${body.length.toString(16)}\r\n`, "latin1"), body, Buffer.from("\r\n")]
      : [];
    return Buffer.concat([
      Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"),
      ...chunks,
      Buffer.from("0\r\n\r\n"),
    ]);
  }
  if (!names.has("content-length") && (body.length > 0 || !["GET", "HEAD"].includes(request.method)))
    lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body]);
}

/** Decodes a chunked body; answers what could be read when it is cut short. */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf("\r\n", at, "latin1");
    if (eol < 0) break;
    const size = Number.parseInt(raw.subarray(at, eol).toString("latin1").split(";")[0] ?? "", 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses a whole HTTP/1.1 answer as read until the server closed the connection. */
export function decodeResponse(raw: Buffer): WireResponse {
  const end = raw.indexOf("\r\n\r\n", 0, "latin1");
  const head = raw.subarray(0, end < 0 ? raw.length : end).toString("latin1");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = new Map<string, string>();
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  let body = end < 0 ? Buffer.alloc(0) : raw.subarray(end + 4);
  if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) body = dechunk(body);
  const encoding = (headers.get("content-encoding") ?? "").toLowerCase();
  if (encoding === "br") body = brotliDecompressSync(body);
  else if (encoding === "gzip") body = gunzipSync(body);
  else if (encoding === "deflate") body = inflateSync(body);
  return { status, headers, body, text: body.toString("utf8") };
}

/**
 * Sends `request` to 127.0.0.1:`port` and answers the server's response. Rejects when the
 * connection fails or nothing complete arrives within `timeoutMs` (default 30 s): a server that
 * hangs on a request is a finding too.
 */
export function send(port: number, request: WireRequest, timeoutMs = 30_000): Promise<WireResponse> {
  const bytes = encodeRequest(request, `127.0.0.1:${port}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (chunk) => received.push(chunk));
    // The server may answer (413, 400) and close before it read the whole body: not an error.
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE" || err.code === "ECONNRESET") return;
      clearTimeout(timer);
      reject(err);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const raw = Buffer.concat(received);
      if (raw.length === 0) reject(new Error("the server closed the connection without an answer"));
      else {
        try {
          resolve(decodeResponse(raw));
        } catch (err) {
          reject(err);
        }
      }
    });
    socket.write(bytes);
  });
}
