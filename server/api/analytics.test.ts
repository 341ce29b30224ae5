/**
 * GET /api/analytics and POST /api/analytics/events (spec §7; issue 6 "Analytics for lawyers",
 * "Tests"): who may read the summary, its figures and daily series, and what the beacon counts,
 * against the real server and a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_ANALYTICS_PERIOD_DAYS } from "../../lib/reviews.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { englishTable } from "../../tests/support/english.ts";
import { insertTestReview, type TestReview } from "../../tests/support/review-fixtures.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { analyticsVisitors, businessAnalytics, cases, users } from "../db/schema.ts";
import { ANALYTICS_MESSAGES as ANALYTICS_MESSAGES_REFERENCE } from "./analytics.ts";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const ANALYTICS_MESSAGES = englishTable(ANALYTICS_MESSAGES_REFERENCE);

const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe(`analytics API (${TEST_ENGINE})`, () => {
  let database: Database;
  let server: TestServer;
  const api = testApi(() => server, { emailPrefix: "analytics", signUpDefaults: { role: "lawyer" } });

  beforeAll(async () => {
    database = await openTestDatabase();
    // TRUST_PROXY: each test call comes from its own X-Forwarded-For address (tests/support/api.ts).
    server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** A lawyer account linked to a fresh listing, premium unless `tier` says otherwise. */
  async function lawyerWithListing(tier: "free" | "premium" = "premium") {
    const account = await api.signUp();
    const lawyerId = await insertTestListing(database, `listing.${account.user.id}@example.org`, {
      rating: 4.37,
      reviewCount: 41,
    });
    await database.db
      .update(users)
      .set({
        lawyerId,
        subscriptionTier: tier,
        subscriptionStatus: tier === "premium" ? "active" : "inactive",
      })
      .where(eq(users.id, account.user.id));
    return { ...account, lawyerId };
  }

  /** The stored counters of `lawyerId`, summed over all days. */
  async function stored(lawyerId: number) {
    const rows = await database.db
      .select()
      .from(businessAnalytics)
      .where(eq(businessAnalytics.lawyerId, lawyerId));
    return rows.reduce(
      (s, r) => ({
        views: s.views + r.views,
        clicks: s.clicks + r.clicks,
        contactClicks: s.contactClicks + r.contactClicks,
      }),
      { views: 0, clicks: 0, contactClicks: 0 },
    );
  }

  /** Polls until `check` passes (the beacon counts after answering). */
  async function eventually(check: () => Promise<void>) {
    let last: unknown;
    for (let i = 0; i < 50; i++) {
      try {
        await check();
        return;
      } catch (err) {
        last = err;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    throw last;
  }

  describe("GET /api/analytics", () => {
    it("answers 401 signed out", async () => {
      const r = await api.call("GET", "/api/analytics");
      expect(r.status).toBe(401);
      expect(r.body.message).toMatch(/sign in/i);
    });

    it("answers 403 for a free lawyer with a listing, checked on the server", async () => {
      const { token } = await lawyerWithListing("free");
      const r = await api.call("GET", "/api/analytics", { token });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ message: ANALYTICS_MESSAGES.premiumOnly });
    });

    it("answers 404 for a premium account without a listing (lawyer or client)", async () => {
      for (const role of ["lawyer", "user"] as const) {
        const { token, user } = await api.signUp({ role });
        await database.db.update(users).set({ subscriptionTier: "premium" }).where(eq(users.id, user.id));
        const r = await api.call("GET", "/api/analytics", { token });
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ message: ANALYTICS_MESSAGES.noListing });
      }
    });

    it("answers the figures, the 30-day daily series, the funnel and the real rating", async () => {
      const { token, lawyerId, user } = await lawyerWithListing();
      const today = new Date().toISOString().slice(0, 10);
      const day = (ago: number) => {
        const d = new Date(`${today}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() - ago);
        return d.toISOString().slice(0, 10);
      };
      await database.db.insert(businessAnalytics).values([
        { lawyerId, userId: user.id, date: day(0), views: 10, clicks: 3, contactClicks: 2, impressions: 40 },
        { lawyerId, userId: user.id, date: day(5), views: 20, clicks: 4, contactClicks: 1, impressions: 60 },
        { lawyerId, userId: user.id, date: day(29), views: 3, clicks: 0, contactClicks: 0 },
        // Outside the 30 days: not counted.
        {
          lawyerId,
          userId: user.id,
          date: day(30),
          views: 1000,
          clicks: 1000,
          contactClicks: 1000,
          impressions: 1000,
        },
      ]);
      const caseRow = {
        lawyerId,
        caseTitle: "Rear-ended at a light",
        caseType: "Car Accidents",
        description: "A test case.",
        clientName: "Pat Doe",
        clientEmail: "pat@example.org",
        clientPhone: "+1 416 555 0199",
      };
      await database.db
        .insert(cases)
        .values([caseRow, caseRow, { ...caseRow, createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) }]);
      const r = await api.call("GET", "/api/analytics", { token });
      expect(r.status).toBe(200);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
      expect(r.body).toMatchObject({
        lawyerId,
        totalViews: 33,
        totalClicks: 7,
        totalImpressions: 100,
        // Issue 19 §5: clicks on a search result ÷ times shown in results (7 / 100), not ÷ views.
        clickThroughRate: 7,
        funnel: { views: 33, contactClicks: 3, casesReceived: 2 },
        rating: { average: 4.37, reviewCount: 41 },
        from: day(29),
        to: today,
      });
      expect(r.body.daily).toHaveLength(30);
      expect(r.body.daily[0]).toEqual({
        date: day(29),
        views: 3,
        clicks: 0,
        contactClicks: 0,
        impressions: 0,
      });
      expect(r.body.daily[24]).toEqual({
        date: day(5),
        views: 20,
        clicks: 4,
        contactClicks: 1,
        impressions: 60,
      });
      expect(r.body.daily[29]).toEqual({
        date: today,
        views: 10,
        clicks: 3,
        contactClicks: 2,
        impressions: 40,
      });
      expect(r.body.daily[1]).toEqual({
        date: day(28),
        views: 0,
        clicks: 0,
        contactClicks: 0,
        impressions: 0,
      });
    });

    it("answers the review figures of the caller's own listing from its PUBLISHED reviews only (issue 16 §3)", async () => {
      const { token, lawyerId } = await lawyerWithListing();
      const other = await lawyerWithListing();
      const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
      const reviews: [number, TestReview][] = [
        // Last 90 days: three published (one replied), plus ones that must not count.
        [lawyerId, { rating: 5, communication: 5, responsiveness: 4, outcome: 5, createdAt: ago(3) }],
        [
          lawyerId,
          {
            rating: 4,
            communication: 3,
            responsiveness: 4,
            outcome: 4,
            createdAt: ago(40),
            reply: "Thank you.",
          },
        ],
        [lawyerId, { rating: 1, communication: 2, responsiveness: 1, outcome: 1, createdAt: ago(89) }],
        [lawyerId, { rating: 5, status: "pending", createdAt: ago(2) }],
        [lawyerId, { rating: 1, status: "rejected", createdAt: ago(5) }],
        [lawyerId, { rating: 2, status: "removed", createdAt: ago(6) }],
        // The 90 days before: one; older than 180 days: counted in the totals only.
        [
          lawyerId,
          {
            rating: 4,
            communication: 4,
            responsiveness: 3,
            outcome: 4,
            createdAt: ago(120),
            reply: "Thanks.",
          },
        ],
        [lawyerId, { rating: 5, communication: 5, responsiveness: 5, outcome: 5, createdAt: ago(400) }],
        // Another listing's review.
        [other.lawyerId, { rating: 2, createdAt: ago(1) }],
      ];
      for (const [id, review] of reviews) await insertTestReview(database.db, id, review);
      const r = await api.call("GET", "/api/analytics", { token });
      expect(r.status).toBe(200);
      expect(r.body.reviews).toEqual({
        published: 5,
        average: 3.8, // (5 + 4 + 1 + 4 + 5) / 5
        aspects: { communication: 3.8, responsiveness: 3.4, outcome: 3.8 },
        distribution: [
          { stars: 1, count: 1 },
          { stars: 2, count: 0 },
          { stars: 3, count: 0 },
          { stars: 4, count: 2 },
          { stars: 5, count: 2 },
        ],
        periodDays: REVIEW_ANALYTICS_PERIOD_DAYS,
        lastPeriod: 3,
        previousPeriod: 1,
        awaitingReply: 3,
      });
      // The other lawyer sees its own one review, nothing of the first listing.
      const theirs = await api.call("GET", "/api/analytics", { token: other.token });
      expect(theirs.body.reviews).toMatchObject({
        published: 1,
        average: 2,
        lastPeriod: 1,
        awaitingReply: 1,
      });
      // A free lawyer's listing with reviews still gets 403 (the premium gate is unchanged).
      const free = await lawyerWithListing("free");
      await insertTestReview(database.db, free.lawyerId, { rating: 5 });
      expect((await api.call("GET", "/api/analytics", { token: free.token })).status).toBe(403);
    });

    it("answers empty review figures (nulls, five zero stars) for a listing without published reviews", async () => {
      const { token, lawyerId } = await lawyerWithListing();
      await insertTestReview(database.db, lawyerId, { rating: 5, status: "pending" });
      const r = await api.call("GET", "/api/analytics", { token });
      expect(r.body.reviews).toEqual({
        published: 0,
        average: null,
        aspects: { communication: null, responsiveness: null, outcome: null },
        distribution: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: 0 })),
        periodDays: REVIEW_ANALYTICS_PERIOD_DAYS,
        lastPeriod: 0,
        previousPeriod: 0,
        awaitingReply: 0,
      });
    });

    it("answers zeros and a 0 click-through rate for a listing with no data yet", async () => {
      const { token } = await lawyerWithListing();
      const r = await api.call("GET", "/api/analytics", { token });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ totalViews: 0, totalClicks: 0, clickThroughRate: 0 });
      expect(r.body.daily.every((d: { views: number }) => d.views === 0)).toBe(true);
    });
  });

  describe("POST /api/analytics/events", () => {
    const contact = (lawyerId: number, opts: { ua?: string; ip?: string; channel?: string } = {}) =>
      api.call("POST", "/api/analytics/events", {
        body: { type: "contact", lawyerId, channel: opts.channel ?? "call" },
        ip: opts.ip,
        headers: { "User-Agent": opts.ua ?? BROWSER_UA },
      });

    it("counts a contact click once per visitor per day, answering 204 each time", async () => {
      const lawyerId = await insertTestListing(database, "beacon@example.org");
      for (const channel of ["call", "email", "website"]) {
        expect((await contact(lawyerId, { ip: "198.51.100.7", channel })).status).toBe(204);
      }
      expect((await contact(lawyerId, { ip: "198.51.100.8", channel: "message" })).status).toBe(204);
      await eventually(async () => expect((await stored(lawyerId)).contactClicks).toBe(2));
      // Nothing else arrives later, and no view or click was counted.
      await new Promise((r) => setTimeout(r, 100));
      expect(await stored(lawyerId)).toEqual({ views: 0, clicks: 0, contactClicks: 2 });
    });

    it("does not count bots or an empty user agent, and writes nothing for them", async () => {
      const lawyerId = await insertTestListing(database, "beacon.bot@example.org");
      expect((await contact(lawyerId, { ua: GOOGLEBOT_UA })).status).toBe(204);
      expect((await contact(lawyerId, { ua: "curl/8.5.0" })).status).toBe(204);
      expect((await contact(lawyerId, { ua: "" })).status).toBe(204);
      await new Promise((r) => setTimeout(r, 150));
      expect(await stored(lawyerId)).toEqual({ views: 0, clicks: 0, contactClicks: 0 });
      const visitors = await database.db
        .select()
        .from(analyticsVisitors)
        .where(eq(analyticsVisitors.lawyerId, lawyerId));
      expect(visitors).toEqual([]);
    });

    it("answers 204 for an unknown listing without writing, and 400 for a bad event", async () => {
      expect((await contact(2_000_000_000)).status).toBe(204);
      await new Promise((r) => setTimeout(r, 100));
      const rows = await database.db
        .select()
        .from(businessAnalytics)
        .where(eq(businessAnalytics.lawyerId, 2_000_000_000));
      expect(rows).toEqual([]);
      for (const body of [
        { type: "view", lawyerId: 1, channel: "call" },
        { type: "contact", lawyerId: "1", channel: "call" },
        { type: "contact", lawyerId: 1, channel: "fax" },
        { type: "contact", lawyerId: -1, channel: "call" },
      ]) {
        const r = await api.call("POST", "/api/analytics/events", { body });
        expect(r.status).toBe(400);
        expect(typeof r.body.message).toBe("string");
      }
      const big = await api.call("POST", "/api/analytics/events", {
        raw: JSON.stringify({ type: "contact", lawyerId: 1, channel: "call", pad: "x".repeat(2000) }),
      });
      expect(big.status).toBe(413);
    });

    it("limits beacons per client IP: 429 with Retry-After past 120 an hour", async () => {
      const lawyerId = await insertTestListing(database, "beacon.limit@example.org");
      const ip = "198.51.100.99";
      for (let i = 0; i < 120; i++) expect((await contact(lawyerId, { ip })).status).toBe(204);
      const r = await contact(lawyerId, { ip });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(r.body).toEqual({ message: ANALYTICS_MESSAGES.tooMany });
    });
  });
});
