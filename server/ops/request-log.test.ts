/**
 * Issue 27 §2 "Every 5xx logs its cause": the real API on a loopback port with a real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL) and the real logger writing into memory. A
 * fault (a service whose database call fails with a value a person typed) makes a route answer
 * 500: the log holds ONE error line for it, with the request id of the answer's X-Request-Id, the
 * route pattern, the cause (type, SQLSTATE, frames) and none of the values.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { captureLog } from "../../tests/support/log-capture.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { requestIdOf } from "../app.ts";
import type { Database } from "../db/client.ts";
import { requestLogContext } from "../logger.ts";
import { logRequest } from "./request-log.ts";

let database: Database;
let server: TestServer;
const log = captureLog("debug");
/** What the faulty service sends to the database (a value a person typed). */
const MARKER = `MARKER-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, {
    logger: log.logger,
    adjustServices(services) {
      // The fault: the contact form's store fails inside the database with the typed subject.
      services.contact = {
        ...services.contact,
        async submit(input) {
          await services.db.execute(sql`SELECT ${(input as { subject: string }).subject}::int`);
          throw new Error("unreachable");
        },
      };
    },
  });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** The log lines of the request with `requestId`. */
const linesOf = (requestId: string) => log.lines().filter((l) => l.requestId === requestId);

describe(`the request log (issue 27 §2, ${TEST_ENGINE})`, () => {
  it("a 5xx of an API route writes one error line with the request id, route pattern and cause, and no value", async () => {
    const res = await fetch(`${server.baseUrl}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Lee Visitor",
        email: "lee.visitor@example.org",
        subject: MARKER,
        category: "Lawyer Verification",
        message: `Please call me about ${MARKER}`,
      }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: expect.any(String) });
    const requestId = res.headers.get("X-Request-Id") ?? "";
    const lines = linesOf(requestId);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 50,
      msg: "request failed",
      method: "POST",
      route: "/api/contact",
      status: 500,
      err: { type: "DrizzleQueryError", message: "Failed query: SELECT $1::int", cause: { code: "22P02" } },
    });
    expect(line?.err.stack).toMatch(/^\s+at /);
    expect(log.text()).not.toContain(MARKER);
  });

  it("a request that went well writes one debug line with the route pattern, never the path or query", async () => {
    const res = await fetch(`${server.baseUrl}/api/lawyers/${MARKER}?q=${MARKER}`, {
      headers: { "X-Request-Id": MARKER, "User-Agent": MARKER },
    });
    expect(res.status).toBe(400); // not a listing id
    const requestId = res.headers.get("X-Request-Id") ?? "";
    expect(requestId).not.toBe(MARKER); // a client's own text is not taken as the id
    expect(linesOf(requestId)).toEqual([
      expect.objectContaining({
        level: 20,
        msg: "request",
        method: "GET",
        route: "/api/lawyers/:id",
        status: 400,
      }),
    ]);
    expect(log.text()).not.toContain(MARKER);
  });

  it("keeps a load balancer's request id (a UUID or hex digits), and nothing else", () => {
    expect(requestIdOf("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(requestIdOf("4bf92f3577b34da6a3ce929d0e0e4736")).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    for (const given of [undefined, "", "abc", "MARKER-1234567890abcdef", "a@b.example", "x".repeat(65)])
      expect(requestIdOf(given)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lines logged during a request carry its id, and an error logged at error level becomes its cause", () => {
    const { logger, lines } = captureLog("info");
    const request = { requestId: "req-7", causes: [] as unknown[] };
    const err = new Error("the store failed");
    requestLogContext.run(request, () => {
      logger.info("working");
      logger.error({ err, requestId: "its-own" }, "contact form failed");
    });
    logger.info("after");
    expect(request.causes).toEqual([err]);
    expect(lines().map((l) => l.requestId)).toEqual(["req-7", "its-own", undefined]);
  });

  it("a 5xx nobody reported still writes an error line that says so", () => {
    const { logger, lines } = captureLog("info");
    logRequest(logger, { requestId: "r1", method: "GET", route: "/cases/:id", status: 503, ms: 1.25 }, []);
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: "request failed",
        route: "/cases/:id",
        cause: "none reported",
      }),
    ]);
  });
});
