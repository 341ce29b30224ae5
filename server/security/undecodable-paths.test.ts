/**
 * Issue 27 §2 ("logs carry no personal data or query parameters", the log-injection class): a page
 * path that does not percent-decode ("/en/%E0%A4%A", "/%ZZ") is answered 404 as a page that does
 * not exist, without React Router writing the raw path (control characters included) to stderr.
 * Generated paths (fast-check): a marker and control characters around a broken escape, under every
 * locale prefix; nothing of them may reach console output, and no answer is a 5xx.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCALES, localizePath } from "../../lib/i18n/locales.ts";
import { pathDecodes } from "../../lib/input-boundary.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { inMemoryPageBuild } from "../../tests/support/page-build.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { pageBuild: await inMemoryPageBuild() });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe("pathDecodes", () => {
  it("is false exactly when a segment does not percent-decode", () => {
    expect(pathDecodes("/en/browse-lawyers")).toBe(true);
    expect(pathDecodes("/de/lawyer/%C3%A4")).toBe(true);
    expect(pathDecodes("/en/%E0%A4%A")).toBe(false);
    expect(pathDecodes("/%ZZ")).toBe(false);
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(pathDecodes(`/${encodeURIComponent(text)}`)).toBe(true);
      }),
    );
  });
});

describe(`undecodable page paths (${TEST_ENGINE})`, () => {
  it("answer 404 and write nothing of the path to the console", async () => {
    const written: string[] = [];
    const spies = (["warn", "error", "log", "info"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        written.push(args.map(String).join(" "));
      }),
    );
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...LOCALES),
          fc.constantFrom("%E0%A4%A", "%", "%ZZ", "%C3", "%E2%82"),
          fc.constantFrom("%00", "%0D%0A", "%1B[31m", ""),
          async (locale, broken, control) => {
            const marker = `marker${Math.random().toString(36).slice(2, 10)}`;
            // "/ar/x" for Arabic, "/x" for English: the locale's own prefix before the broken path.
            const path = localizePath(`/${marker}`, locale);
            const res = await fetch(`${server.baseUrl}${path}${control}${broken}`, {
              headers: { Accept: "text/html" },
              redirect: "manual",
            });
            await res.arrayBuffer();
            expect(res.status).toBeLessThan(500);
            if (res.status !== 404) expect(res.headers.get("Location") ?? "").not.toContain(marker);
            expect(written.join("\n")).not.toContain(marker);
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
