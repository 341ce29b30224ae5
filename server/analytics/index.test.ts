/**
 * Recording rules of lawyer analytics (issue 6 "Analytics for lawyers"): a view is a person's
 * page view, once per visitor per listing per UTC day; bots and the listing's own account are
 * not counted; clicks and contact clicks; no raw IP stored; the summary. Real database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL), the service with a controlled clock.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestListing } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { analyticsVisitors, businessAnalytics, users } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createServices, type Services } from "../services.ts";
import { clickThroughRate, createAnalyticsService, isBotUserAgent } from "./index.ts";
import type { AnalyticsService } from "./service.ts";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("isBotUserAgent", () => {
  it("lets browsers through and stops crawlers, previews, monitors, headless browsers and tools", () => {
    for (const ua of [
      CHROME,
      SAFARI_IPHONE,
      "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
    ])
      expect(isBotUserAgent(ua), ua).toBe(false);
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "WhatsApp/2.23.20.0",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "python-requests/2.32.3",
      "Go-http-client/1.1",
      "node-fetch",
      "UptimeRobot/2.0",
      "",
      "   ",
      null,
      undefined,
    ])
      expect(isBotUserAgent(ua), String(ua)).toBe(true);
  });
});

describe("clickThroughRate", () => {
  it("is clicks / impressions in percent with one decimal, 0 without impressions (issue 19 §5)", () => {
    expect(clickThroughRate(7, 33)).toBe(21.2);
    expect(clickThroughRate(1, 3)).toBe(33.3);
    expect(clickThroughRate(2, 3)).toBe(66.7);
    expect(clickThroughRate(5, 5)).toBe(100);
    expect(clickThroughRate(0, 10)).toBe(0);
    expect(clickThroughRate(0, 0)).toBe(0);
    expect(clickThroughRate(3, 0)).toBe(0);
  });
});

describe(`analytics recording (${TEST_ENGINE})`, () => {
  let database: Database;
  let services: Services;
  let clock = new Date("2026-03-10T12:00:00Z");
  let analytics: AnalyticsService;

  beforeAll(async () => {
    database = await openTestDatabase();
    services = createServices({
      clock: systemClock,
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent" }),
      logger: createLogger("silent"),
    });
    analytics = createAnalyticsService({ ...services, clock: { now: () => clock } });
  });
  afterAll(async () => {
    await services?.mailer.close();
    await database?.close();
  });

  async function counters(lawyerId: number) {
    const rows = await database.db
      .select({
        date: businessAnalytics.date,
        views: businessAnalytics.views,
        clicks: businessAnalytics.clicks,
        contactClicks: businessAnalytics.contactClicks,
      })
      .from(businessAnalytics)
      .where(eq(businessAnalytics.lawyerId, lawyerId))
      .orderBy(businessAnalytics.date);
    return rows;
  }

  it("counts one view per visitor per listing per day, and again the next day", async () => {
    clock = new Date("2026-03-10T08:00:00Z");
    const lawyerId = await insertTestListing(database, "views@example.org");
    const ann = { ip: "203.0.113.5", userAgent: CHROME };
    const bob = { ip: "203.0.113.6", userAgent: CHROME };
    expect(await analytics.recordView(lawyerId, ann)).toEqual({ view: "counted", click: null });
    expect(await analytics.recordView(lawyerId, ann)).toEqual({ view: "duplicate", click: null });
    clock = new Date("2026-03-10T23:59:00Z");
    expect((await analytics.recordView(lawyerId, ann)).view).toBe("duplicate");
    expect((await analytics.recordView(lawyerId, bob)).view).toBe("counted");
    // The same IP with another browser is another visitor; an IPv6 client counts by its /64.
    expect((await analytics.recordView(lawyerId, { ...ann, userAgent: SAFARI_IPHONE })).view).toBe("counted");
    expect((await analytics.recordView(lawyerId, { ip: "2001:db8:1:2::10", userAgent: CHROME })).view).toBe(
      "counted",
    );
    expect(
      (await analytics.recordView(lawyerId, { ip: "2001:db8:1:2:ffff::1", userAgent: CHROME })).view,
    ).toBe("duplicate");
    clock = new Date("2026-03-11T00:00:01Z");
    expect((await analytics.recordView(lawyerId, ann)).view).toBe("counted");
    expect(await counters(lawyerId)).toEqual([
      { date: "2026-03-10", views: 4, clicks: 0, contactClicks: 0 },
      { date: "2026-03-11", views: 1, clicks: 0, contactClicks: 0 },
    ]);
  });

  it("counts a visitor once a day across processes and restarts: the day's key lives in the database", async () => {
    clock = new Date("2026-03-15T09:00:00Z");
    const lawyerId = await insertTestListing(database, "instances@example.org");
    const other = createAnalyticsService({ ...services, clock: { now: () => clock } });
    const restarted = createAnalyticsService({ ...services, clock: { now: () => clock } });
    const carol = { ip: "198.51.100.20", userAgent: CHROME };
    const [a, b] = await Promise.all([
      analytics.recordView(lawyerId, carol),
      other.recordView(lawyerId, carol),
    ]);
    expect([a.view, b.view].sort()).toEqual(["counted", "duplicate"]);
    expect((await restarted.recordView(lawyerId, carol)).view).toBe("duplicate");
    expect(await counters(lawyerId)).toEqual([{ date: "2026-03-15", views: 1, clicks: 0, contactClicks: 0 }]);
    const keys = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM analytics_keys WHERE date = '2026-03-15'`,
    );
    expect(keys.rows[0]?.n).toBe(1);
  });

  it("counts at most 10 new visitors a day per listing from one network, however many user agents it sends", async () => {
    clock = new Date("2026-03-16T09:00:00Z");
    const lawyerId = await insertTestListing(database, "rotating@example.org");
    const outcomes: string[] = [];
    for (let i = 0; i < 30; i += 1)
      outcomes.push(
        (await analytics.recordView(lawyerId, { ip: "192.0.2.77", userAgent: `${CHROME} r${i}` })).view,
      );
    expect(outcomes.filter((o) => o === "counted")).toHaveLength(10);
    expect(outcomes.slice(10).every((o) => o === "capped")).toBe(true);
    // A returning visitor is still a duplicate, not capped; another network still counts.
    expect((await analytics.recordView(lawyerId, { ip: "192.0.2.77", userAgent: `${CHROME} r0` })).view).toBe(
      "duplicate",
    );
    expect((await analytics.recordView(lawyerId, { ip: "192.0.2.78", userAgent: CHROME })).view).toBe(
      "counted",
    );
    expect(await counters(lawyerId)).toEqual([
      { date: "2026-03-16", views: 11, clicks: 0, contactClicks: 0 },
    ]);
  });

  it("does not count bots, and stores no raw IP or user agent", async () => {
    clock = new Date("2026-03-12T10:00:00Z");
    const lawyerId = await insertTestListing(database, "bots@example.org");
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect(
      await analytics.recordView(lawyerId, { ip: "203.0.113.7", userAgent: googlebot }, { source: "search" }),
    ).toEqual({
      view: "bot",
      click: "bot",
    });
    expect(await analytics.recordContactClick(lawyerId, { ip: "203.0.113.7", userAgent: "" }, "call")).toBe(
      "bot",
    );
    expect(await counters(lawyerId)).toEqual([]);
    await analytics.recordView(lawyerId, { ip: "203.0.113.8", userAgent: CHROME });
    const visitors = await database.db
      .select()
      .from(analyticsVisitors)
      .where(eq(analyticsVisitors.lawyerId, lawyerId));
    expect(visitors).toHaveLength(1);
    expect(visitors[0]?.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(visitors)).not.toContain("203.0.113.8");
  });

  it("counts a result click with its view, once per visitor per day, and contact clicks", async () => {
    clock = new Date("2026-03-13T10:00:00Z");
    const lawyerId = await insertTestListing(database, "clicks@example.org");
    const ann = { ip: "203.0.113.9", userAgent: CHROME };
    expect(await analytics.recordView(lawyerId, ann, { source: "search" })).toEqual({
      view: "counted",
      click: "counted",
    });
    // Reloading the profile (still ?src=search) counts neither again.
    expect(await analytics.recordView(lawyerId, ann, { source: "search" })).toEqual({
      view: "duplicate",
      click: "duplicate",
    });
    expect(
      await analytics.recordView(lawyerId, { ip: "203.0.113.10", userAgent: CHROME }, { source: "match" }),
    ).toEqual({
      view: "counted",
      click: "counted",
    });
    expect(await analytics.recordView(lawyerId, { ip: "203.0.113.11", userAgent: CHROME })).toEqual({
      view: "counted",
      click: null,
    });
    expect(await analytics.recordContactClick(lawyerId, ann, "call")).toBe("counted");
    expect(await analytics.recordContactClick(lawyerId, ann, "email")).toBe("duplicate");
    expect(
      await analytics.recordContactClick(lawyerId, { ip: "203.0.113.11", userAgent: CHROME }, "case"),
    ).toBe("counted");
    expect(await counters(lawyerId)).toEqual([{ date: "2026-03-13", views: 3, clicks: 2, contactClicks: 2 }]);
    const summary = await analytics.summary(lawyerId);
    // Issue 19 §5: never shown in results (no impressions) -> 0, not clicks ÷ views.
    expect(summary).toMatchObject({
      totalViews: 3,
      totalClicks: 2,
      totalImpressions: 0,
      clickThroughRate: 0,
      funnel: { views: 3, contactClicks: 2, casesReceived: 0 },
      from: "2026-02-12",
      to: "2026-03-13",
    });
    expect(summary.daily).toHaveLength(30);
    expect(summary.daily.at(-1)).toEqual({
      date: "2026-03-13",
      views: 3,
      clicks: 2,
      contactClicks: 2,
      impressions: 0,
    });
  });

  it("counts impressions per results page in one statement, bots not, and CTR = clicks ÷ impressions (issue 19 §5)", async () => {
    clock = new Date("2026-03-15T10:00:00Z");
    const a = await insertTestListing(database, "impressions-a@example.org");
    const b = await insertTestListing(database, "impressions-b@example.org");
    // Five results pages show both listings (repeated ids on a page count once), one shows b only.
    for (let i = 0; i < 5; i++) expect(await analytics.recordImpressions([b, a, a], CHROME)).toBe("counted");
    expect(await analytics.recordImpressions([b], SAFARI_IPHONE)).toBe("counted");
    // Crawlers and empty user agents count nothing; an empty page or unknown ids nothing either.
    expect(await analytics.recordImpressions([a, b], "Mozilla/5.0 (compatible; Googlebot/2.1)")).toBe("bot");
    expect(await analytics.recordImpressions([a, b], "")).toBe("bot");
    expect(await analytics.recordImpressions([], CHROME)).toBe("none");
    expect(await analytics.recordImpressions([-1, 0], CHROME)).toBe("none");
    // The next UTC day starts a new row.
    clock = new Date("2026-03-16T00:00:05Z");
    expect(await analytics.recordImpressions([a], CHROME)).toBe("counted");
    const rows = await database.db
      .select({
        lawyerId: businessAnalytics.lawyerId,
        date: businessAnalytics.date,
        n: businessAnalytics.impressions,
      })
      .from(businessAnalytics)
      .where(sql`${businessAnalytics.lawyerId} IN (${a}, ${b})`)
      .orderBy(businessAnalytics.lawyerId, businessAnalytics.date);
    expect(rows).toEqual([
      { lawyerId: a, date: "2026-03-15", n: 5 },
      { lawyerId: a, date: "2026-03-16", n: 1 },
      { lawyerId: b, date: "2026-03-15", n: 6 },
    ]);
    // Two people open a from the results, one opens it directly: 2 clicks on 6 impressions.
    await analytics.recordView(a, { ip: "203.0.113.40", userAgent: CHROME }, { source: "search" });
    await analytics.recordView(a, { ip: "203.0.113.41", userAgent: CHROME }, { source: "search" });
    await analytics.recordView(a, { ip: "203.0.113.42", userAgent: CHROME });
    const summary = await analytics.summary(a);
    expect(summary).toMatchObject({
      totalViews: 3,
      totalClicks: 2,
      totalImpressions: 6,
      clickThroughRate: 33.3,
    });
    expect(summary.daily.at(-1)).toMatchObject({ date: "2026-03-16", impressions: 1, clicks: 2 });
  });

  it("never slows a search: recording impressions of a 50-result page is one statement", async () => {
    clock = new Date("2026-03-17T10:00:00Z");
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(await insertTestListing(database, `impressions-page-${i}@example.org`));
    const statements: string[] = [];
    const counting = createAnalyticsService({
      ...services,
      db: new Proxy(database.db, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (key !== "execute" || typeof value !== "function") return value;
          return (query: unknown) => {
            statements.push("execute");
            return value.call(target, query);
          };
        },
      }),
      clock: { now: () => clock },
    });
    expect(
      await counting.recordImpressions(
        [...ids, ...Array.from({ length: 47 }, () => ids[0] as number)],
        CHROME,
      ),
    ).toBe("counted");
    expect(statements).toHaveLength(1);
  });

  it("does not count the listing's own account, nor unknown listings", async () => {
    clock = new Date("2026-03-14T10:00:00Z");
    const lawyerId = await insertTestListing(database, "owner@example.org");
    await services.accounts.signUp(
      {
        email: "owner.account@example.org",
        password: "correct horse 42",
        firstName: "O",
        lastName: "Wner",
        role: "lawyer",
      },
      { ip: "203.0.113.12", origin: "http://localhost" },
    );
    await database.db.update(users).set({ lawyerId }).where(eq(users.email, "owner.account@example.org"));
    const [owner] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.lawyerId, lawyerId));
    const visitor = { ip: "203.0.113.12", userAgent: CHROME };
    expect((await analytics.recordView(lawyerId, visitor, { viewerUserId: owner?.id })).view).toBe("owner");
    expect((await analytics.recordView(2_000_000_001, visitor)).view).toBe("unknown");
    expect(await analytics.recordContactClick(2_000_000_001, visitor, "call")).toBe("unknown");
    expect(await counters(lawyerId)).toEqual([]);
    // Another visitor is counted, and the row names the listing's account (spec §3 userId).
    expect((await analytics.recordView(lawyerId, { ...visitor, ip: "203.0.113.13" })).view).toBe("counted");
    const [row] = await database.db
      .select()
      .from(businessAnalytics)
      .where(eq(businessAnalytics.lawyerId, lawyerId));
    expect(row?.userId).toBe(owner?.id);
  });

  it("forgets visitor hashes older than yesterday", async () => {
    const lawyerId = await insertTestListing(database, "prune@example.org");
    clock = new Date("2026-04-01T10:00:00Z");
    const fresh = createAnalyticsService({ ...services, clock: { now: () => clock } });
    await fresh.recordView(lawyerId, { ip: "203.0.113.20", userAgent: CHROME });
    clock = new Date("2026-04-03T10:00:00Z");
    const later = createAnalyticsService({ ...services, clock: { now: () => clock } });
    await later.recordView(lawyerId, { ip: "203.0.113.21", userAgent: CHROME });
    const old = await database.db
      .select()
      .from(analyticsVisitors)
      .where(eq(analyticsVisitors.date, "2026-04-01"));
    expect(old).toEqual([]);
    expect(await counters(lawyerId)).toEqual([
      { date: "2026-04-01", views: 1, clicks: 0, contactClicks: 0 },
      { date: "2026-04-03", views: 1, clicks: 0, contactClicks: 0 },
    ]);
  });

  it("never rejects: a database failure is answered as error", async () => {
    const broken = createAnalyticsService({
      ...services,
      db: {
        execute: () => Promise.reject(new Error("connection lost")),
      } as unknown as Services["db"],
    });
    expect(
      await broken.recordView(1, { ip: "203.0.113.30", userAgent: CHROME }, { source: "search" }),
    ).toEqual({
      view: "error",
      click: "error",
    });
    expect(await broken.recordContactClick(1, { ip: "203.0.113.30", userAgent: CHROME }, "call")).toBe(
      "error",
    );
  });
});
