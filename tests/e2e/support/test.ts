/**
 * The journeys' `test`: Playwright's, with each test arriving from its own client address, as
 * real visitors do. The journey server trusts the proxy header (playwright.config.ts sets
 * TRUST_PROXY=true), and every request of a test's fixtures (page, context, request) carries
 * `X-Forwarded-For: 2001:db8:<n>::1`, a documentation address (RFC 3849) in a /64 of its own,
 * since per-IP limits count IPv6 clients by their /64 (server/security/rate-limit.ts).
 *
 * Why: the per-IP limits of the product (30 sign-ins per 15 minutes, 10 cases per hour; issue 3,
 * issue 4) apply to the whole run when every journey comes from 127.0.0.1, so adding journeys
 * would start failing unrelated ones with 429. A journey that tests a limit still sees one
 * address for all its own requests. Contexts a test makes itself with `browser.newContext()`
 * share 127.0.0.1 unless given `visitorHeaders(testInfo)`.
 */
import { createHash } from "node:crypto";
import { test as base, type TestInfo } from "@playwright/test";

export * from "@playwright/test";

/** The client address of one test: `2001:db8:<16 bits from the test's id>:<retry>::1`. */
export function visitorAddress(testInfo: Pick<TestInfo, "testId" | "retry">): string {
  const n = createHash("sha256").update(testInfo.testId).digest().readUInt16BE(0);
  return `2001:db8:${n.toString(16)}:${testInfo.retry.toString(16)}::1`;
}

/** The headers that make a request come from the test's own client address. */
export function visitorHeaders(testInfo: Pick<TestInfo, "testId" | "retry">): Record<string, string> {
  return { "X-Forwarded-For": visitorAddress(testInfo) };
}

/** Playwright's test, with `extraHTTPHeaders` carrying the test's own client address. */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, ...visitorHeaders(testInfo) });
  },
});
