/**
 * Issue 27 §2 "cookies and headers that do not decode are ignored, never a 500", on the API of the
 * real server (loopback, a real database; TRUST_PROXY on, so X-Forwarded-For is parsed too):
 * fast-check sends arbitrary Cookie headers (broken percent-encodings, invalid UTF-8 as %xx,
 * quotes, `=` runs, odd separators, very long values), Accept-Language garbage and hostile
 * X-Forwarded-For, Referer, Origin, User-Agent, Sec-Fetch-Site, X-Case-Token and X-Request-Id
 * values (tests/support/hostile-inputs.ts) to a set of API routes. Every answer is below 500; an
 * error is the one error body `{ message }` in the locale Accept-Language names (English when it
 * names none of ours), or Node's own 431 for a header block over its 16 KB limit. The pages get the same in tests/e2e/hostile-headers.spec.ts.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, negotiateLocale } from "../../lib/i18n/locales.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import {
  headerText,
  hostileAcceptLanguage,
  hostileCookieHeader,
  hostileHeaders,
  rawRequest,
} from "../../tests/support/hostile-inputs.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** API routes that read cookies or the headers above: a method, a path and a JSON body if any. */
const ROUTES: readonly { method: string; path: string; body?: unknown }[] = [
  { method: "GET", path: "/api/auth/me" },
  { method: "GET", path: "/api/lawyers/search?q=car%20accident" },
  { method: "GET", path: "/api/taxonomy" },
  { method: "GET", path: "/api/lawyers/999999" },
  { method: "GET", path: "/api/cases/0b3e8a4c-5d61-4f0e-9a7b-2c8d1e6f4a90" },
  { method: "GET", path: "/api/phone-country" },
  { method: "POST", path: "/api/analytics/events", body: { type: "contact", lawyerId: 1, channel: "call" } },
  { method: "POST", path: "/api/auth/logout" },
  {
    method: "POST",
    path: "/api/auth/login",
    body: { email: "nobody@example.com", password: "not the password 1" },
  },
];

describe("hostile cookies and headers on the API (issue 27 §2, fast-check)", () => {
  it("never answers 5xx, and errors come in the locale Accept-Language names", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        hostileCookieHeader,
        fc.option(hostileAcceptLanguage, { nil: undefined }),
        hostileHeaders,
        fc.option(headerText(80), { nil: undefined }),
        fc.option(headerText(80), { nil: undefined }),
        async (route, cookie, acceptLanguage, others, origin, caseToken) => {
          const headers: Record<string, string> = { ...others, Cookie: cookie };
          if (acceptLanguage !== undefined) headers["Accept-Language"] = acceptLanguage;
          if (origin !== undefined) headers.Origin = origin;
          if (caseToken !== undefined) headers["X-Case-Token"] = caseToken;
          if (route.body !== undefined) headers["Content-Type"] = "application/json";
          const answer = await rawRequest(server.baseUrl, route.path, {
            method: route.method,
            headers,
            body: route.body === undefined ? undefined : JSON.stringify(route.body),
          });
          const where = `${route.method} ${route.path} ${JSON.stringify(headers)} -> ${answer.status} ${answer.body.slice(0, 200)}`;
          expect(answer.status, where).toBeLessThan(500);
          // Node's HTTP parser answers a header block over 16 KB (431) or a malformed request
          // (400) itself, without a body, before the app sees it.
          if (answer.status >= 400 && answer.headers["content-type"] === undefined) {
            expect([400, 431], where).toContain(answer.status);
            return;
          }
          if (answer.status >= 400) {
            expect(typeof (JSON.parse(answer.body) as { message?: unknown }).message, where).toBe("string");
            expect(answer.headers["content-language"], where).toBe(
              negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE,
            );
          }
        },
      ),
      {
        numRuns: 800,
        examples: [
          [
            ROUTES[0] ?? { method: "GET", path: "/" },
            "lexatlas_locale=%E0%A4%A",
            undefined,
            {},
            undefined,
            undefined,
          ],
          [
            ROUTES[0] ?? { method: "GET", path: "/" },
            "__Host-lexatlas_session=%E0%A4%A; lexatlas_tz=%",
            "de",
            {},
            undefined,
            undefined,
          ],
        ],
      },
    );
  });
});
