/**
 * The profile loader counts views and result clicks (issue 6 "Analytics for lawyers"), called as
 * React Router calls it, with the real services over a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a person's view once a day, a click when the Referer is a result list of
 * this site, nothing for bots and prefetches, and the page never waits for the recording.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { businessAnalytics } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import { clickSourceOf, isPrefetchRequest } from "../features/analytics/analytics-beacon.ts";
import { loader as browseLoader } from "./browse-lawyers.tsx";
import { loader } from "./lawyer.tsx";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const ORIGIN = "http://localhost:5173";

let database: Database;
let services: Services;

beforeAll(async () => {
  database = await openTestDatabase();
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
  });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
});

/** Calls the profile loader for `lawyerId` from `ip` with `headers`, as server/app.ts would. */
async function visit(lawyerId: number, ip: string, headers: Record<string, string>, path = "") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, ip);
  const request = new Request(`${ORIGIN}/lawyer/${lawyerId}${path}`, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
  return loader({ params: { id: String(lawyerId) }, request, context } as any);
}

async function counters(lawyerId: number) {
  const rows = await database.db
    .select()
    .from(businessAnalytics)
    .where(eq(businessAnalytics.lawyerId, lawyerId));
  return rows.map((r) => ({ views: r.views, clicks: r.clicks, contactClicks: r.contactClicks }));
}

describe(`profile loader analytics (${TEST_ENGINE})`, () => {
  it("counts a view once per visitor per day, and a click when opened from search or matches", async () => {
    const lawyerId = await insertTestListing(database, "profile.views@example.org");
    const fromSearch = { "User-Agent": CHROME, Referer: `${ORIGIN}/browse-lawyers?query=car` };
    const result = await visit(lawyerId, "203.0.113.40", fromSearch);
    expect(result.lawyer.id).toBe(lawyerId);
    await visit(lawyerId, "203.0.113.40", fromSearch); // a reload: not counted again
    await visit(lawyerId, "203.0.113.41", {
      "User-Agent": CHROME,
      Referer: `${ORIGIN}/personality-matches/abc`,
    });
    await visit(lawyerId, "203.0.113.42", { "User-Agent": CHROME }); // a bookmark: a view, no click
    await visit(lawyerId, "203.0.113.43", { "User-Agent": CHROME, Referer: "https://elsewhere.example/" });
    await services.analytics.settled();
    expect(await counters(lawyerId)).toEqual([{ views: 4, clicks: 2, contactClicks: 0 }]);
  });

  it("counts neither bots nor prefetches", async () => {
    const lawyerId = await insertTestListing(database, "profile.bots@example.org");
    await visit(lawyerId, "203.0.113.50", { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0)" });
    await visit(lawyerId, "203.0.113.51", { "User-Agent": CHROME, "Sec-Purpose": "prefetch" });
    await visit(lawyerId, "203.0.113.52", { "User-Agent": CHROME, Purpose: "prefetch" }, ".data");
    await services.analytics.settled();
    expect(await counters(lawyerId)).toEqual([]);
  });

  it("answers the page before the recording finishes, and still answers when recording fails", async () => {
    const lawyerId = await insertTestListing(database, "profile.slow@example.org");
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const original = services.analytics.recordView;
    services.analytics.recordView = async (...args) => {
      await gate;
      return original(...args);
    };
    try {
      const result = await visit(lawyerId, "203.0.113.60", { "User-Agent": CHROME });
      expect(result.lawyer.id).toBe(lawyerId);
      expect(await counters(lawyerId)).toEqual([]);
      release();
      await services.analytics.settled();
      await new Promise((r) => setTimeout(r, 50));
      await services.analytics.settled();
      expect(await counters(lawyerId)).toEqual([{ views: 1, clicks: 0, contactClicks: 0 }]);
    } finally {
      services.analytics.recordView = original;
    }
  });
});

describe("clickSourceOf and isPrefetchRequest", () => {
  const req = (headers: Record<string, string>) => new Request(`${ORIGIN}/lawyer/1`, { headers });
  it("reads the result list from a same-origin Referer only", () => {
    expect(clickSourceOf(req({ Referer: `${ORIGIN}/` }))).toBe("search");
    expect(clickSourceOf(req({ Referer: `${ORIGIN}/?query=toronto` }))).toBe("search");
    expect(clickSourceOf(req({ Referer: `${ORIGIN}/browse-lawyers?page=2` }))).toBe("search");
    expect(clickSourceOf(req({ Referer: `${ORIGIN}/personality-matches/s1` }))).toBe("match");
    expect(clickSourceOf(req({ Referer: `${ORIGIN}/lawyer/2` }))).toBeNull();
    expect(clickSourceOf(req({ Referer: "https://evil.example/browse-lawyers" }))).toBeNull();
    expect(clickSourceOf(req({ Referer: "not a url" }))).toBeNull();
    expect(clickSourceOf(req({}))).toBeNull();
  });
  it("issue 28 §2: counts the same result lists in every locale", () => {
    for (const prefix of ["/de", "/pt-br", "/ar", "/ja"]) {
      expect(clickSourceOf(req({ Referer: `${ORIGIN}${prefix}` })), prefix).toBe("search");
      expect(clickSourceOf(req({ Referer: `${ORIGIN}${prefix}?query=x` })), prefix).toBe("search");
      expect(clickSourceOf(req({ Referer: `${ORIGIN}${prefix}/browse-lawyers?page=2` })), prefix).toBe(
        "search",
      );
      expect(clickSourceOf(req({ Referer: `${ORIGIN}${prefix}/personality-matches/s1` })), prefix).toBe(
        "match",
      );
      expect(clickSourceOf(req({ Referer: `${ORIGIN}${prefix}/lawyer/2` })), prefix).toBeNull();
    }
  });
  it("recognises the prefetch headers of Chromium, Safari and Firefox", () => {
    expect(isPrefetchRequest(req({ "Sec-Purpose": "prefetch" }))).toBe(true);
    expect(isPrefetchRequest(req({ "Sec-Purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetchRequest(req({ Purpose: "prefetch" }))).toBe(true);
    expect(isPrefetchRequest(req({ "X-Moz": "prefetch" }))).toBe(true);
    expect(isPrefetchRequest(req({ "User-Agent": CHROME }))).toBe(false);
  });
});

/** Calls the browse page's loader for `search` with `headers`, as server/app.ts would. */
async function browse(search: string, headers: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, "203.0.113.70");
  const request = new Request(`${ORIGIN}/browse-lawyers${search}`, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
  return browseLoader({ params: {}, request, context } as any);
}

async function impressionsOf(lawyerId: number) {
  const rows = await database.db
    .select({ n: businessAnalytics.impressions })
    .from(businessAnalytics)
    .where(eq(businessAnalytics.lawyerId, lawyerId));
  return rows.reduce((s, r) => s + r.n, 0);
}

describe(`search page impressions (issue 19 §5, ${TEST_ENGINE})`, () => {
  it("counts an impression for each listing a results page shows to a person; bots and prefetches count none", async () => {
    const lawyerId = await insertTestListing(database, "impressions.page@example.org");
    const page = await browse("", { "User-Agent": CHROME });
    const shown = page.lawyers.map((l: { id: number }) => l.id);
    expect(shown).toContain(lawyerId);
    await browse("", { "User-Agent": CHROME });
    await browse("", {
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await browse("", { "User-Agent": CHROME, "Sec-Purpose": "prefetch" });
    await services.analytics.settled();
    expect(await impressionsOf(lawyerId)).toBe(2);
  });
});
