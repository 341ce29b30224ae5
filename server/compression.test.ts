/**
 * Response compression (server/app.ts `compression`): brotli when the client accepts it, gzip
 * otherwise, nothing for clients that accept neither.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../tests/support/db.ts";
import { startTestServer, type TestServer } from "../tests/support/server.ts";
import { acceptsBrotli } from "./app.ts";
import type { Database } from "./db/client.ts";

describe("acceptsBrotli", () => {
  it("accepts br with or without a positive weight, in any position and case", () => {
    expect(acceptsBrotli("br")).toBe(true);
    expect(acceptsBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsBrotli("gzip;q=1.0, BR;q=0.5")).toBe(true);
  });
  it("refuses a missing header, other encodings and br;q=0", () => {
    expect(acceptsBrotli(undefined)).toBe(false);
    expect(acceptsBrotli("gzip, deflate")).toBe(false);
    expect(acceptsBrotli("br;q=0, gzip")).toBe(false);
    expect(acceptsBrotli("brotli")).toBe(false);
  });
});

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

describe(`compression over HTTP (${TEST_ENGINE})`, () => {
  const url = () => `${server.baseUrl}/api/openapi.json`;

  it("sends brotli when the client accepts it, and the body decodes to the same JSON", async () => {
    const br = await fetch(url(), { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    const gzip = await fetch(url(), { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await br.json()).toEqual(await gzip.json());
  });

  it("falls back to gzip for br;q=0 and sends identity when nothing is accepted", async () => {
    const refused = await fetch(url(), { headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers.get("content-encoding")).toBe("gzip");
    const plain = await fetch(url(), { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(((await plain.json()) as { openapi: string }).openapi).toBe("3.1.0");
  });
});
