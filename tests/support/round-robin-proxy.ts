/**
 * A tiny round-robin HTTP proxy on loopback (issue 18 §2: "two instances … behind a round-robin
 * proxy"): each request goes to the next upstream in turn, with its method, path, headers and
 * body as received, over keep-alive connections; the answer is streamed back as is. It adds no
 * X-Forwarded-For (the tests set it, and the instances run with TRUST_PROXY=true, as behind a
 * real proxy that sets it). Used by the two-instance test and `npm run bench:cluster`.
 */
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/** A running proxy; see startRoundRobinProxy. */
export interface RoundRobinProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  /** How many requests each upstream received, in the order given. */
  counts: number[];
  close(): Promise<void>;
}

/**
 * Starts the proxy on 127.0.0.1 (a free port) in front of `upstreams` (base URLs such as
 * http://127.0.0.1:3001). An upstream that cannot be reached answers 502.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error("startRoundRobinProxy: no upstream");
  const targets = upstreams.map((u) => new URL(u));
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const counts = targets.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const i = next;
    next = (next + 1) % targets.length;
    counts[i] = (counts[i] ?? 0) + 1;
    const target = targets[i] as URL;
    // A keep-alive socket the upstream closed just as it was reused fails at once; a GET or HEAD
    // (no body sent) is then tried once more on a fresh socket, as proxies do.
    const send = (retry: boolean) => {
      const upstream = request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => {
        if (retry && !res.headersSent) return send(false);
        if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
        res.end("upstream unreachable");
      });
      if (req.method === "GET" || req.method === "HEAD") upstream.end();
      else req.pipe(upstream);
    };
    send(req.method === "GET" || req.method === "HEAD");
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
