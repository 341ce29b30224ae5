/**
 * Issue 27 §2 "413 with the error body for oversized uploads, never a closed connection", with a
 * real client on loopback that sends its whole body before it reads (tests/support/raw-upload.ts,
 * as browsers and most HTTP libraries do): 3 MB and 30 MB, with and without `Expect: 100-continue`,
 * declared and chunked, to the logo upload, the case intake, an upload refused for its sender (401)
 * and a page form (server/security/page-forms.ts). Every one must receive its answer with the one
 * error body, never EPIPE or ECONNRESET (the finding: a 3 MB logo got a closed connection). Runs the
 * real app (server/app.ts) on PGlite or PostgreSQL (TEST_DATABASE_URL).
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTING_MESSAGES as LISTING_MESSAGES_REFERENCE } from "../../lib/listing-owner.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english, englishTable } from "../../tests/support/english.ts";
import { rawUpload } from "../../tests/support/raw-upload.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { PAGE_FORM_RULES } from "../app.ts";
import { CASE_UPLOAD_MESSAGES } from "../cases/intake.ts";
import type { Database } from "../db/client.ts";
import { lingeringClose } from "./lingering-close.ts";
import { formTooLargeMessage, PAGE_FORM_LIMIT_BYTES, pageFormGuard } from "./page-forms.ts";
import { createRateLimits, RATE_LIMITS } from "./rate-limit.ts";

const LISTING_MESSAGES = englishTable(LISTING_MESSAGES_REFERENCE);
const MB = 1024 * 1024;

let database: Database;
let server: TestServer;
const api = testApi(() => server, { signUpDefaults: { role: "lawyer" } });

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A multipart body's first and last bytes around one file part `name` in field `field`. */
function multipart(field: string, name: string, type: string, fields: Record<string, string> = {}) {
  const boundary = "----lexatlas-linger";
  const text = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("");
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    prefix: Buffer.from(
      `${text}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    suffix: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

const SIZES = [3 * MB, 30 * MB];
const CONTINUE = [false, true];

describe(`early answers reach a client that sends its whole body first (${TEST_ENGINE})`, () => {
  /** A lawyer's logo upload of `megabytes` MB as one multipart file, declared or chunked. */
  async function logoUpload(megabytes: number, opts: { expectContinue?: boolean; chunked?: boolean }) {
    const lawyer = await api.signUp();
    await insertTestListing(database, lawyer.email);
    const part = multipart("logo", "big.png", "image/png");
    return rawUpload({
      url: `${server.baseUrl}/api/listing/logo`,
      method: "PUT",
      headers: {
        Authorization: `Bearer ${lawyer.token}`,
        "Content-Type": part.contentType,
        "X-Forwarded-For": api.freshIp(),
      },
      bytes: megabytes * MB,
      prefix: part.prefix,
      suffix: part.suffix,
      ...opts,
    });
  }

  it.each(SIZES.flatMap((bytes) => CONTINUE.map((expectContinue) => [bytes / MB, expectContinue] as const)))(
    "PUT /api/listing/logo with %i MB (Expect: 100-continue %s): 413 with the error body",
    async (megabytes, expectContinue) => {
      const answer = await logoUpload(megabytes, { expectContinue });
      expect(answer.error).toBeNull();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: LISTING_MESSAGES.logoTooLarge });
    },
  );

  it.each(SIZES.map((bytes) => bytes / MB))(
    "a chunked logo of %i MB (no declared length) is counted, refused with 413 and still answered",
    async (megabytes) => {
      const answer = await logoUpload(megabytes, { chunked: true });
      expect(answer.error).toBeNull();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: LISTING_MESSAGES.logoTooLarge });
    },
  );

  it.each(CONTINUE)(
    "POST /api/cases with a 30 MB document (Expect: 100-continue %s): 413 naming the file",
    async (expectContinue) => {
      const lawyer = await api.signUp();
      const lawyerId = await insertTestListing(database, lawyer.email);
      const part = multipart("documents", "scan.pdf", "application/pdf", {
        lawyerId: String(lawyerId),
        name: "Ann Lee",
        email: "ann@example.org",
        description: "I was hurt when a car hit my bicycle at a crossing; I have the hospital's report.",
        caseType: "Car Accident",
        healthDataConsent: "true",
      });
      const answer = await rawUpload({
        url: `${server.baseUrl}/api/cases`,
        method: "POST",
        headers: { "Content-Type": part.contentType, "X-Forwarded-For": api.freshIp() },
        bytes: 30 * MB,
        prefix: part.prefix,
        suffix: part.suffix,
        expectContinue,
      });
      expect(answer.error).toBeNull();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toBe(english(CASE_UPLOAD_MESSAGES.tooLarge("scan.pdf")));
    },
  );

  it("an upload refused before its body is read for another reason (429 past 'case-ip') is answered too", async () => {
    const lawyer = await api.signUp();
    const lawyerId = await insertTestListing(database, lawyer.email);
    const ip = api.freshIp();
    // The server's limits live in the database: spend this IP's submissions there.
    const limits = createRateLimits(database.db);
    for (let i = 0; i < RATE_LIMITS["case-ip"].points; i += 1) await limits.consume("case-ip", ip);
    const part = multipart("documents", "scan.pdf", "application/pdf", { lawyerId: String(lawyerId) });
    const answer = await rawUpload({
      url: `${server.baseUrl}/api/cases`,
      method: "POST",
      headers: { "Content-Type": part.contentType, "X-Forwarded-For": ip },
      bytes: 30 * MB,
      prefix: part.prefix,
      suffix: part.suffix,
    });
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(429);
    expect(Object.keys(JSON.parse(answer.body))).toEqual(["message"]);
  });
});

describe("page forms and the bounds of lingering", () => {
  /** A page-like app: the lingering close and the page-form guard in front of an action that reads the form. */
  async function pageApp(limits?: Parameters<typeof lingeringClose>[0]) {
    const app = new Hono();
    app.use("*", lingeringClose(limits));
    app.use("*", pageFormGuard(PAGE_FORM_RULES));
    app.post("*", async (c) => c.json({ fields: Object.keys(await c.req.parseBody()) }));
    return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
      const running = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () => new Promise<void>((done) => running.close(() => done())),
        }),
      );
    });
  }

  it.each(SIZES.flatMap((bytes) => CONTINUE.map((expectContinue) => [bytes / MB, expectContinue] as const)))(
    "a %i MB post to /login (Expect: 100-continue %s) answers 413 with the error body",
    async (megabytes, expectContinue) => {
      const page = await pageApp();
      try {
        const answer = await rawUpload({
          url: `${page.url}/login`,
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          bytes: megabytes * MB,
          prefix: Buffer.from("email=a%40b.org&password="),
          expectContinue,
        });
        expect(answer.error).toBeNull();
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toEqual({
          message: english(formTooLargeMessage(PAGE_FORM_LIMIT_BYTES)),
        });
      } finally {
        await page.close();
      }
    },
  );

  it.each(["/dashboard/listing", "/de/dashboard/verification"])(
    "a 3 MB multipart post to %s reaches its action, which bounds it itself and answers the form with the error",
    async (path) => {
      const page = await pageApp();
      try {
        const part = multipart(path.endsWith("listing") ? "logo" : "documents", "big.png", "image/png");
        const answer = await rawUpload({
          url: `${page.url}${path}`,
          method: "POST",
          headers: { "Content-Type": part.contentType },
          bytes: 3 * MB,
          prefix: part.prefix,
          suffix: part.suffix,
        });
        expect(answer.error).toBeNull();
        expect(answer.status).toBe(200);
      } finally {
        await page.close();
      }
    },
  );

  it("stops reading past the byte bound: the rest of a flood is refused by closing the connection", async () => {
    const page = await pageApp({ maxBytes: 1 * MB, maxMs: 60_000, idleMs: 10_000 });
    try {
      // Past the byte bound the server stops reading and closes: the client's writes then fail.
      const flood = await rawUpload({
        url: `${page.url}/login`,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        bytes: 64 * MB,
      });
      expect(flood.error === null ? flood.status : flood.error).toMatch(/^(413|EPIPE|ECONNRESET)$/);
      expect(flood.sent).toBeLessThan(64 * MB);
    } finally {
      await page.close();
    }
  });
});
