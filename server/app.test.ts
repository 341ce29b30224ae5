/**
 * The HTTP contract every API route shares (docs/design.md §3): JSON `{ message }` errors with a
 * 4xx status, security headers, request ids, compression and the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../tests/support/db.ts";
import { startTestServer, type TestServer } from "../tests/support/server.ts";
import type { Database } from "./db/client.ts";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe(`HTTP contract (${TEST_ENGINE})`, () => {
  it("answers an unknown API route with 404 and a JSON message", async () => {
    const res = await fetch(`${server.baseUrl}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: "No API route for GET /api/no-such-thing" });
  });

  it("sets security headers and a request id", async () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const res = await fetch(`${server.baseUrl}/api/openapi.json`, { headers: { "x-request-id": id } });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-request-id")).toBe(id);
    // Issue 27 §2: a client's own text is not taken as the id (it is written to every log line).
    const other = await fetch(`${server.baseUrl}/api/openapi.json`, {
      headers: { "x-request-id": "abc-123" },
    });
    expect(other.headers.get("x-request-id")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it("describes the API in /api/openapi.json", async () => {
    const res = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/lawyers/search",
        "/api/lawyers/facets",
        "/api/lawyers/suggestions",
        "/api/lawyers/{id}",
      ]),
    );
  });

  it("compresses JSON when the client accepts gzip", async () => {
    const res = await fetch(`${server.baseUrl}/api/openapi.json`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });
});
