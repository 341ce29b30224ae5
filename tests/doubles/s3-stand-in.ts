/**
 * A tiny in-process S3 stand-in for tests (issue 4: the S3 store is tested against a real HTTP
 * server, not a mock of the SDK): path-style PUT, GET and DELETE of objects `/<bucket>/<key>`,
 * kept in memory. Answers 404 with the S3 `NoSuchKey` XML error for a missing object. It does not
 * check signatures; it records each request's method, path and Authorization header.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A running stand-in; see startS3StandIn. */
export interface S3StandIn {
  /** http://127.0.0.1:PORT, for S3_ENDPOINT. */
  endpoint: string;
  /** Stored objects by "bucket/key": bytes and content type. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request seen: method, path, whether it was signed (AWS4-HMAC-SHA256). */
  requests: { method: string; path: string; signed: boolean }[];
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startS3StandIn(): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: S3StandIn["requests"] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const key = decodeURIComponent(url.pathname.slice(1));
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      signed: (req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256"),
    });
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "PUT") {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers["content-type"] ?? "application/octet-stream",
        });
        res.writeHead(200, { ETag: '"stand-in"' }).end();
      } else if (req.method === "GET") {
        const object = objects.get(key);
        if (!object) {
          res
            .writeHead(404, { "Content-Type": "application/xml" })
            .end(`<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>`);
          return;
        }
        res
          .writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.byteLength })
          .end(object.body);
      } else if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
