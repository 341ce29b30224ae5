/**
 * The one API pipeline (issue 13 §3), checked over the whole route table as the served OpenAPI
 * document lists it, so a new route is covered without touching this file:
 * - every 4xx answer of every operation is the one `ErrorResponse` schema, and no other error
 *   schema is left among the components;
 * - every route that takes a body answers 415 with the error body to a body of another type
 *   (text/plain), and 413 with the error body to one over its limit (a declared length over
 *   every limit, refused before the body is read), signed in or not.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";

interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

let database: Database;
let server: TestServer;
let doc: Document;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Document;
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const METHODS = ["get", "put", "post", "patch", "delete"];

/** Every operation of the document: method, path (with `{param}` filled in) and the operation. */
function operations(): { method: string; path: string; op: Operation }[] {
  const out: { method: string; path: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (METHODS.includes(method))
        out.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "1"), op });
    }
  }
  return out;
}

/** Checks an answer's body is the one error body: `{ message, fieldErrors? }`. */
function expectErrorBody(body: unknown, where: string): void {
  expect(typeof (body as { message?: unknown }).message, where).toBe("string");
  for (const key of Object.keys(body as object)) expect(["message", "fieldErrors"], where).toContain(key);
}

/** A request that declares `length` bytes of JSON and sends one; answers status, headers and body. */
function declaredLength(method: string, path: string, length: number) {
  return new Promise<{ status: number; connection: string | undefined; body: unknown }>((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const req = request(
      url,
      { method, headers: { "Content-Type": "application/json", "Content-Length": String(length) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: JSON.parse(text),
          });
        });
      },
    );
    req.on("error", reject);
    req.write("{");
  });
}

describe("the one API pipeline (issue 13 §3)", () => {
  it("documents every 4xx of every operation with the one ErrorResponse schema", () => {
    const found: string[] = [];
    let checked = 0;
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^4\d\d$/.test(status)) continue;
        checked += 1;
        const ref = response.content?.["application/json"]?.schema?.$ref;
        if (ref !== "#/components/schemas/ErrorResponse") found.push(`${method} ${path} ${status}: ${ref}`);
      }
    }
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(50);
    const errorSchemas = Object.keys(doc.components.schemas).filter((name) => /error/i.test(name));
    expect(errorSchemas).toEqual(["ErrorResponse"]);
  });

  it("answers 415 with the error body to a body of another type on every route that takes one", async () => {
    const withBody = operations().filter(({ op }) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(15);
    for (const { method, path, op } of withBody) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { "Content-Type": "text/plain" },
        body: "hello",
      });
      const where = `${method} ${path} (${op.operationId})`;
      expect(res.status, where).toBe(415);
      expectErrorBody(await res.json(), where);
      expect(op.responses["415"], `${where} documents its 415`).toBeDefined();
    }
  });

  it("answers 413 with the error body to a body over the limit on every route that takes one, before reading it", async () => {
    for (const { method, path, op } of operations().filter(({ op }) => op.requestBody)) {
      const where = `${method} ${path} (${op.operationId})`;
      const r = await declaredLength(method, path, 200 * 1024 * 1024);
      expect(r.status, where).toBe(413);
      expect(r.connection, where).toBe("close");
      expectErrorBody(r.body, where);
      expect(op.responses["413"], `${where} documents its 413`).toBeDefined();
    }
  });

  it("answers a failed validation with 400, a readable message and the messages per field", async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "nope", password: "x", firstName: "", lastName: "B" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(body.message).toBe(body.fieldErrors[Object.keys(body.fieldErrors)[0] ?? ""]?.[0]);
    expect(Object.keys(body.fieldErrors)).toEqual(expect.arrayContaining(["email", "password", "firstName"]));
  });
});
