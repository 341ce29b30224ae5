/**
 * Lawyer analytics (spec §3 "BusinessAnalytics", §7 GET /api/analytics; issue 6 "Analytics for
 * lawyers"): recording views, clicks and contact clicks per listing per UTC day in
 * `business_analytics`, and the premium summary. The rules (docs/ARCHITECTURE.md "Analytics"):
 *
 * - A view is a profile page seen by a person: user agents of crawlers, preview fetchers,
 *   monitors and HTTP tools (the `isbot` list) and empty ones are not counted, nor the listing's own
 *   account, and each visitor counts once per listing per day.
 * - A visitor is a keyed hash (HMAC-SHA256) of the event kind, the UTC day, the client IP (an
 *   IPv6 address by its /64) and the user agent, kept in `analytics_visitors` only for today and
 *   yesterday. Neither the IP nor the user agent is stored.
 * - A click is a profile opened from a search or match result (`?src=search|match`), a contact
 *   click any of Call Now, email, website, Send Message, Submit Case; each at most once per
 *   visitor per listing per day, so the funnel views → contact clicks counts people.
 * - An impression (issue 19 §5) is a listing shown on a search results page to a person (bot user
 *   agents left out), one upsert statement per page, not per visitor: the click-through rate is
 *   clicks on a search result ÷ impressions, never ÷ profile views.
 * - Recording never fails the caller: errors are logged and answered as "error".
 */

import { createHmac, randomBytes } from "node:crypto";
import { and, between, eq, gte, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { isLawyerId } from "../../lib/ids.ts";
import { isPremium } from "../../lib/subscription.ts";
import { businessAnalytics, cases, lawyers } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { RateLimitedError } from "../errors.ts";
import { responseStatsOf } from "../responses/stats.ts";
import { responseTrend } from "../responses/trend.ts";
import { ipv6Prefix64 } from "../security/rate-limit.ts";
import { reviewFigures } from "./reviews.ts";
import {
  ANALYTICS_DAYS,
  type AnalyticsDay,
  type AnalyticsService,
  type AnalyticsSummary,
  type RecordOutcome,
  type VisitorFacts,
} from "./service.ts";

/**
 * True when `userAgent` is missing, empty, or a crawler, link-preview fetcher, monitor, headless
 * browser or HTTP library by the `isbot` package's maintained list (issue 6: "bots excluded").
 */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? "").trim();
  return ua.length === 0 || isbot(ua);
}

/** The UTC day of `d` as YYYY-MM-DD. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** `day` (YYYY-MM-DD) moved by `delta` days. */
function addDays(day: string, delta: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return utcDay(d);
}

/**
 * clicks / impressions × 100 with one decimal (12.3 for 12.34 %); 0 when there are no
 * impressions (issue 19 §5: the denominator is times shown in results, not profile views).
 */
export function clickThroughRate(clicks: number, impressions: number): number {
  if (impressions <= 0) return 0;
  return Math.round((clicks / impressions) * 1000) / 10;
}

/** The counter column of each event kind. */
const COLUMN = { view: "views", click: "clicks", contact: "contact_clicks" } as const;
type Kind = keyof typeof COLUMN;

/** How often (at most) a process deletes visitor hashes older than yesterday. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Options of createAnalyticsService (tests). */
export interface AnalyticsOptions {
  /** A fixed HMAC key of visitor hashes; default the day's key in `analytics_keys`. */
  secret?: Buffer;
}

/**
 * Creates the process's analytics service over `deps.db`. The visitor-hash key is one random key
 * per UTC day, kept in `analytics_keys` so every instance and a restarted process hash a visitor
 * alike, and deleted with the hashes after a day (docs/security.md "Analytics"). Days, the
 * retention of keys and hashes, and the summary's "today" follow `deps.clock` (server/clock.ts).
 */
export function createAnalyticsService(deps: DomainDeps, options: AnalyticsOptions = {}): AnalyticsService {
  const { db, logger, clock } = deps;
  const now = () => clock.now();
  const dayKeys = new Map<string, Promise<Buffer>>();
  const pending = new Set<Promise<unknown>>();
  let lastPrune = 0;

  /** Runs `work`, remembered until it settles (see settled()). */
  function track<T>(work: Promise<T>): Promise<T> {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => {});
    return work;
  }

  /**
   * The HMAC key of `day`: options.secret, else the day's row in `analytics_keys`, created by the
   * first instance that needs it (INSERT … ON CONFLICT DO NOTHING, then read), cached per process.
   */
  function keyOf(day: string): Promise<Buffer> {
    if (options.secret) return Promise.resolve(options.secret);
    let key = dayKeys.get(day);
    if (!key) {
      key = (async () => {
        const candidate = randomBytes(32).toString("hex");
        const { rows } = await db.execute<{ key: string }>(sql`
          WITH created AS (
            INSERT INTO analytics_keys (date, key) VALUES (${day}, ${candidate})
            ON CONFLICT (date) DO NOTHING RETURNING key
          )
          SELECT key FROM created UNION ALL SELECT key FROM analytics_keys WHERE date = ${day} LIMIT 1`);
        // Another instance may have created the key while this statement ran: its row is not in
        // this statement's snapshot, so read it again in a new one.
        let hex = rows[0]?.key;
        if (!hex) {
          const again = await db.execute<{ key: string }>(
            sql`SELECT key FROM analytics_keys WHERE date = ${day}`,
          );
          hex = again.rows[0]?.key;
        }
        if (!hex) throw new Error("analytics key missing");
        return Buffer.from(hex, "hex");
      })();
      key.catch(() => dayKeys.delete(day));
      for (const known of dayKeys.keys()) if (known < day) dayKeys.delete(known);
      dayKeys.set(day, key);
    }
    return key;
  }

  /** The visitor's hash for one kind, listing and day (hex, 64 characters). */
  async function visitorHash(
    kind: Kind,
    lawyerId: number,
    day: string,
    visitor: VisitorFacts,
  ): Promise<string> {
    return createHmac("sha256", await keyOf(day))
      .update(`${kind}\n${lawyerId}\n${day}\n${ipv6Prefix64(visitor.ip)}\n${visitor.userAgent ?? ""}`)
      .digest("hex");
  }

  /**
   * One statement: remembers the visitor's hash for (listing, day) and, only when it is new,
   * adds 1 to the day's counter of `kind` (ON CONFLICT DO UPDATE); writes nothing for an
   * unknown listing or the listing's own account.
   */
  async function count(
    kind: Kind,
    lawyerId: number,
    visitor: VisitorFacts,
    viewerUserId: string | null = null,
  ): Promise<RecordOutcome> {
    const day = utcDay(now());
    const hash = await visitorHash(kind, lawyerId, day, visitor);
    // One network counts at most VISITORS_PER_IP new visitors of a kind per listing per day:
    // rotating user agents from one address must not inflate a listing's figures (security
    // review). Only a new visitor uses up the allowance; a returning one is a duplicate anyway.
    const { rows: known } = await db.execute(
      sql`SELECT 1 FROM analytics_visitors WHERE lawyer_id = ${lawyerId} AND date = ${day} AND visitor_hash = ${hash}`,
    );
    if (known.length > 0) return "duplicate";
    try {
      await deps.rateLimits.consume(
        "analytics-visitors-ip",
        `${kind}:${lawyerId}:${day}:${ipv6Prefix64(visitor.ip)}`,
      );
    } catch (err) {
      if (err instanceof RateLimitedError) return "capped";
      throw err;
    }
    const column = sql.raw(COLUMN[kind]);
    const { rows } = await db.execute<{ known: boolean; owner: boolean; counted: boolean }>(sql`
      WITH owner AS (
        SELECT 1 FROM users WHERE id = ${viewerUserId}::uuid AND lawyer_id = ${lawyerId}
      ), listing AS (
        SELECT id FROM lawyers WHERE id = ${lawyerId} AND NOT EXISTS (SELECT 1 FROM owner)
      ), seen AS (
        INSERT INTO analytics_visitors (lawyer_id, date, visitor_hash)
        SELECT id, ${day}, ${hash} FROM listing
        ON CONFLICT DO NOTHING
        RETURNING lawyer_id
      ), counted AS (
        INSERT INTO business_analytics (lawyer_id, user_id, date, ${column})
        SELECT s.lawyer_id, (SELECT u.id FROM users u WHERE u.lawyer_id = s.lawyer_id LIMIT 1), ${day}, 1
        FROM seen s
        ON CONFLICT (lawyer_id, date) DO UPDATE SET ${column} = business_analytics.${column} + 1
        RETURNING 1
      )
      SELECT EXISTS (SELECT 1 FROM listing) AS known,
             EXISTS (SELECT 1 FROM owner) AS owner,
             EXISTS (SELECT 1 FROM counted) AS counted`);
    const row = rows[0];
    if (!row) return "error";
    if (row.owner) return "owner";
    if (!row.known) return "unknown";
    return row.counted ? "counted" : "duplicate";
  }

  /** Deletes visitor hashes older than yesterday, at most once an hour per process. */
  async function pruneVisitors(): Promise<void> {
    const at = now().getTime();
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    const keepFrom = addDays(utcDay(now()), -1);
    await db.execute(sql`DELETE FROM analytics_visitors WHERE date < ${keepFrom}`);
    await db.execute(sql`DELETE FROM analytics_keys WHERE date < ${keepFrom}`);
  }

  /** `count`, never rejecting: errors are logged. */
  async function safeCount(
    kind: Kind,
    lawyerId: number,
    visitor: VisitorFacts,
    viewerUserId?: string | null,
  ): Promise<RecordOutcome> {
    try {
      const outcome = await count(kind, lawyerId, visitor, viewerUserId);
      await pruneVisitors();
      return outcome;
    } catch (err) {
      logger.error({ err, kind, lawyerId }, "analytics: recording failed");
      return "error";
    }
  }

  const validId = isLawyerId;

  async function summary(lawyerId: number, today: Date = now()): Promise<AnalyticsSummary> {
    const to = utcDay(today);
    const from = addDays(to, -(ANALYTICS_DAYS - 1));
    const [rows, caseRows, listingRows] = await Promise.all([
      db
        .select({
          date: businessAnalytics.date,
          views: businessAnalytics.views,
          clicks: businessAnalytics.clicks,
          contactClicks: businessAnalytics.contactClicks,
          impressions: businessAnalytics.impressions,
        })
        .from(businessAnalytics)
        .where(and(eq(businessAnalytics.lawyerId, lawyerId), between(businessAnalytics.date, from, to))),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(cases)
        .where(and(eq(cases.lawyerId, lawyerId), gte(cases.createdAt, new Date(`${from}T00:00:00Z`)))),
      db
        .select({
          rating: lawyers.rating,
          reviewCount: lawyers.reviewCount,
          medianFirstResponseHours: lawyers.medianFirstResponseHours,
          answeredWithin24hShare: lawyers.answeredWithin24hShare,
          responseSampleSize: lawyers.responseSampleSize,
        })
        .from(lawyers)
        .where(eq(lawyers.id, lawyerId))
        .limit(1),
    ]);
    const byDay = new Map(rows.map((r) => [r.date, r]));
    const daily: AnalyticsDay[] = [];
    for (let i = 0; i < ANALYTICS_DAYS; i++) {
      const date = addDays(from, i);
      const r = byDay.get(date);
      daily.push({
        date,
        views: r?.views ?? 0,
        clicks: r?.clicks ?? 0,
        contactClicks: r?.contactClicks ?? 0,
        impressions: r?.impressions ?? 0,
      });
    }
    const totalViews = daily.reduce((s, d) => s + d.views, 0);
    const totalClicks = daily.reduce((s, d) => s + d.clicks, 0);
    const contactClicks = daily.reduce((s, d) => s + d.contactClicks, 0);
    const totalImpressions = daily.reduce((s, d) => s + d.impressions, 0);
    const listing = listingRows[0];
    return {
      lawyerId,
      totalViews,
      totalClicks,
      totalImpressions,
      clickThroughRate: clickThroughRate(totalClicks, totalImpressions),
      daily,
      funnel: { views: totalViews, contactClicks, casesReceived: caseRows[0]?.n ?? 0 },
      rating: { average: Number(listing?.rating ?? 0), reviewCount: listing?.reviewCount ?? 0 },
      from,
      to,
      // Issue 16 §3: the response-time trend (server/responses/trend.ts).
      response: {
        current: responseStatsOf(listing ?? {}),
        weeks: await responseTrend(db, { now: () => today }, lawyerId),
      },
      // Issue 16 §3: the review figures (published verified reviews only).
      reviews: await reviewFigures(db, lawyerId, today),
    };
  }

  return {
    isBot: isBotUserAgent,
    recordView(lawyerId, visitor, opts = {}) {
      return track(
        (async () => {
          if (!validId(lawyerId)) return { view: "unknown" as const, click: null };
          if (isBotUserAgent(visitor.userAgent))
            return { view: "bot" as const, click: opts.source ? ("bot" as const) : null };
          const view = await safeCount("view", lawyerId, visitor, opts.viewerUserId);
          const click =
            opts.source && (view === "counted" || view === "duplicate")
              ? await safeCount("click", lawyerId, visitor)
              : opts.source
                ? view
                : null;
          return { view, click };
        })(),
      );
    },
    recordContactClick(lawyerId, visitor, channel) {
      void channel;
      return track(
        (async () => {
          if (!validId(lawyerId)) return "unknown" as const;
          if (isBotUserAgent(visitor.userAgent)) return "bot" as const;
          return safeCount("contact", lawyerId, visitor);
        })(),
      );
    },
    recordImpressions(lawyerIds, userAgent) {
      return track(
        (async () => {
          const ids = [...new Set(lawyerIds.filter(validId))].sort((a, b) => a - b);
          if (ids.length === 0) return "none" as const;
          if (isBotUserAgent(userAgent)) return "bot" as const;
          try {
            const day = utcDay(now());
            const list = sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            );
            await db.execute(sql`
              INSERT INTO business_analytics (lawyer_id, user_id, date, impressions)
              SELECT l.id, (SELECT u.id FROM users u WHERE u.lawyer_id = l.id LIMIT 1), ${day}, 1
              FROM lawyers l WHERE l.id IN (${list})
              ORDER BY l.id
              ON CONFLICT (lawyer_id, date) DO UPDATE SET impressions = business_analytics.impressions + 1`);
            return "counted" as const;
          } catch (err) {
            logger.error({ err, count: ids.length }, "analytics: recording impressions failed");
            return "error" as const;
          }
        })(),
      );
    },
    summary,
    async dashboardView(user) {
      if (!isPremium(user.subscriptionTier) || user.lawyerId === null) return null;
      return summary(user.lawyerId);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
