/**
 * The fuzzer's own parts (issue 27 "a fuzzer in `npm test`") can fail: the rules flag a 5xx, a
 * 4xx that is not the one error shape and a page with a stack trace; the write counter sees an
 * INSERT, an UPDATE and a DELETE on any table and forgets a rolled-back one; the wire client
 * keeps duplicated headers and bytes that are not UTF-8; the page table reads every route of
 * app/routes.ts with the intents its actions know; the OpenAPI walk finds every operation.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import type { Database } from "../../server/db/client.ts";
import { openTestDatabase, TEST_ENGINE } from "../support/db.ts";
import { operationsOf } from "./api.ts";
import { damageJson, multipart } from "./bodies.ts";
import { brokenRule, ErrorShape } from "./check.ts";
import { installWriteCounter, readWrites, unexpectedWrites, WRITES_ALLOWED_ON_REFUSAL } from "./harness.ts";
import { pageRoutes } from "./pages.ts";
import { HOSTILE_KEYS, withKey } from "./values.ts";
import { decodeResponse, encodeRequest, pct, type WireResponse } from "./wire.ts";

const answer = (status: number, body: string, headers: Record<string, string> = {}): WireResponse => ({
  status,
  headers: new Map(Object.entries({ "x-request-id": "r", ...headers })),
  body: Buffer.from(body),
  text: body,
});
const api = { method: "POST", target: "/api/contact", headers: [] };
const page = { method: "GET", target: "/about", headers: [] };

describe("the rules", () => {
  it("flag a 5xx, an API 4xx that is not exactly the one error body, and a page with a stack trace", () => {
    expect(brokenRule(api, answer(500, '{"message":"x"}', { "content-type": "application/json" }))).toMatch(
      /500/,
    );
    expect(
      brokenRule(api, answer(400, '{"message":"x","stack":"at"}', { "content-type": "application/json" })),
    ).toMatch(/error shape/);
    expect(brokenRule(api, answer(404, "<html>", { "content-type": "text/html" }))).toMatch(/not JSON/);
    expect(
      brokenRule(page, answer(404, "<pre>Error: x\n    at loader (/app/routes/x.tsx:1:2)</pre>")),
    ).toMatch(/stack/);
    expect(
      brokenRule(
        api,
        answer(400, '{"message":"Bad","fieldErrors":{"a":["b"]}}', { "content-type": "application/json" }),
      ),
    ).toBeNull();
    expect(brokenRule(page, answer(404, "<html><body>Not found</body></html>"))).toBeNull();
    expect(ErrorShape.safeParse({ message: "" }).success).toBe(false);
  });

  it("sets aside only the tables allowed to change on a refusal", () => {
    const before = new Map([["users", 3]]);
    const after = new Map([
      ["users", 4],
      ["rate_limits", 9],
    ]);
    expect(unexpectedWrites(before, after)).toEqual({ users: 1 });
    expect(Object.keys(WRITES_ALLOWED_ON_REFUSAL)).toContain("rate_limits");
  });
});

describe(`the write counter (${TEST_ENGINE})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await installWriteCounter(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("counts every row an INSERT, UPDATE or DELETE touches, and nothing of a rolled-back transaction", async () => {
    const db = database.db;
    await db.execute(
      sql.raw("INSERT INTO analytics_keys (date, key) VALUES ('2026-01-01', 'k1'), ('2026-01-02', 'k2')"),
    );
    await db.execute(sql.raw("UPDATE analytics_keys SET key = 'k3' WHERE date = '2026-01-01'"));
    await db.execute(sql.raw("DELETE FROM analytics_keys WHERE date = '2026-01-02'"));
    expect((await readWrites(database)).get("analytics_keys")).toBe(4);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw("INSERT INTO analytics_keys (date, key) VALUES ('2026-01-03', 'k4')"));
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect((await readWrites(database)).get("analytics_keys")).toBe(4);
  });
});

describe("the wire", () => {
  it("sends duplicated headers, latin1 bytes and a chunked body as written, and reads chunked answers", () => {
    const bytes = encodeRequest(
      {
        method: "POST",
        target: "/x",
        headers: [
          ["Cookie", "a=1"],
          ["Cookie", "\u00ff=\u00e9"],
        ],
        body: Buffer.from([0xff, 0xfe]),
        chunked: true,
      },
      "h",
    );
    const text = bytes.toString("latin1");
    expect(text).toContain("Cookie: a=1\r\nCookie: \u00ff=\u00e9\r\n");
    expect(bytes.includes(Buffer.from([0x32, 0x0d, 0x0a, 0xff, 0xfe, 0x0d, 0x0a, 0x30]))).toBe(true);
    const back = decodeResponse(
      Buffer.from(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nA: 1\r\nA: 2\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n",
      ),
    );
    expect([back.status, back.text, back.headers.get("a")]).toEqual([200, "abcde", "1, 2"]);
  });

  it("percent-encodes any text, lone surrogates included, without throwing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (s) => /^[A-Za-z0-9\-._~%]*$/.test(pct(s))),
      { numRuns: 50 },
    );
  });

  it("damages bodies as named: 10,000 levels of arrays, a key given as an own __proto__", () => {
    expect(damageJson("{}", "deep-array").length).toBe(20_000);
    expect(JSON.stringify(withKey({ a: 1 }, "__proto__", { admin: true }))).toBe(
      '{"a":1,"__proto__":{"admin":true}}',
    );
    expect(HOSTILE_KEYS).toContain("constructor");
    const body = multipart([{ name: "a", value: "1" }], "b", "no-end").toString();
    expect(body).not.toContain("--b--");
  });
});

describe("the tables the fuzzer walks", () => {
  it("has every page of app/routes.ts, with the intents of the case page's action", () => {
    const pages = pageRoutes();
    expect(pages.length).toBe(routes.length);
    const caseRoute = pages.find((p) => p.pattern === "cases/:id");
    expect(caseRoute?.hasAction).toBe(true);
    expect(caseRoute?.intents).toEqual(expect.arrayContaining(["status", "message", "review", "resend"]));
    expect(pages.filter((p) => p.hasAction).length).toBeGreaterThan(20);
  });

  it("walks every path and method of an OpenAPI document, resolving parameter references", () => {
    const { operations } = operationsOf({
      paths: {
        "/api/a/{id}": {
          get: {
            parameters: [{ $ref: "#/components/parameters/P" }, { name: "id", in: "path", required: true }],
          },
          post: { requestBody: { content: { "application/json": { schema: { type: "object" } } } } },
        },
      },
      components: { parameters: { P: { name: "Accept-Language", in: "header" } } },
    });
    expect(operations.map((o) => o.name)).toEqual(["GET /api/a/{id}", "POST /api/a/{id}"]);
    expect(operations[0]?.params.map((p) => p.name)).toEqual(["Accept-Language", "id"]);
    expect(Object.keys(operations[1]?.bodies ?? {})).toEqual(["application/json"]);
  });
});
