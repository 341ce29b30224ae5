/**
 * Raw HTTP helpers for the graceful-shutdown tests (issue 18 §3): a request whose body is sent in
 * two parts at times the test chooses (a slow upload in flight), and a probe that tells whether
 * the port still accepts TCP connections.
 */
import http from "node:http";
import net from "node:net";

/** A request in flight: `finish()` sends the rest of the body; `response` settles when it is answered. */
export interface SlowRequest {
  finish(): void;
  response: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

/**
 * Starts `method path` on `baseUrl` with a body of `body` (its full Content-Length declared)
 * and sends only its first half; the rest goes with `finish()`. Uses its own connection (no
 * keep-alive agent), so it is the connection a shutdown must wait for.
 */
export function startSlowRequest(
  baseUrl: string,
  path: string,
  body: Buffer,
  headers: Record<string, string> = {},
): SlowRequest {
  const url = new URL(path, baseUrl);
  const half = Math.floor(body.length / 2);
  const request = http.request(url, {
    method: "POST",
    agent: false,
    headers: { "Content-Length": String(body.length), ...headers },
  });
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      request.on("error", reject);
      request.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", reject);
      });
    },
  );
  request.flushHeaders();
  request.write(body.subarray(0, half));
  return {
    finish() {
      request.end(body.subarray(half));
    },
    response,
  };
}

/** Whether a TCP connection to `baseUrl`'s host and port is accepted ("accepted") or refused. */
export function connectOutcome(baseUrl: string): Promise<"accepted" | "refused"> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ECONNREFUSED") resolve("refused");
      else reject(err);
    });
  });
}
