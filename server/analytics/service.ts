/**
 * Contract of lawyer analytics (spec §3 "BusinessAnalytics", "Analytics response", §7
 * GET /api/analytics; issue 6 "Analytics for lawyers"): recording views, clicks and contact
 * clicks per listing per UTC day, and the premium summary. Implemented in
 * server/analytics/index.ts; docs/ARCHITECTURE.md "Analytics" explains the rules.
 */
import type { PublicUser } from "../../lib/account.ts";
import type { ResponseStats, ResponseTrendWeek } from "../../lib/response-times.ts";

/** How many days the summary, its daily series and its funnel cover (today included). */
export const ANALYTICS_DAYS = 30;

/** Where a contact click happened (issue 6: Call Now, email, website, Send Message, Submit Case). */
export const CONTACT_CHANNELS = ["call", "email", "website", "message", "case"] as const;
/** One of CONTACT_CHANNELS. */
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Which result list a profile was opened from (`?src=` on the profile link). */
export const CLICK_SOURCES = ["search", "match"] as const;
/** One of CLICK_SOURCES. */
export type ClickSource = (typeof CLICK_SOURCES)[number];

/**
 * Who caused an event, as the request shows it. Only a keyed hash of these (with the day) is
 * stored, never the IP or the user agent themselves.
 */
export interface VisitorFacts {
  /** Client IP (an IPv6 address counts by its /64 prefix). */
  ip: string;
  /** User-Agent header; missing or empty counts as a bot. */
  userAgent: string | null | undefined;
}

/**
 * What one recording did: counted; `duplicate` (this visitor was already counted for this
 * listing, kind and day); `bot` (user agent of a crawler or tool); `unknown` (no such listing);
 * `owner` (the listing's own account looking at it); `error` (logged, nothing written).
 */
export type RecordOutcome = "counted" | "duplicate" | "capped" | "bot" | "unknown" | "owner" | "error";

/** One UTC day of a listing's figures. */
export interface AnalyticsDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  views: number;
  clicks: number;
  contactClicks: number;
  /** Issue 19 §5: times the listing was shown on a search results page. */
  impressions: number;
}

/**
 * A listing's analytics over the last ANALYTICS_DAYS UTC days (today included): the spec's
 * three figures, the daily series (oldest first, every day present, zeros where nothing
 * happened), the path from views to contact clicks to cases received, and the listing's real
 * average rating (replaces the spec's hard-coded 4.8; docs/spec-deviations.md).
 */
export interface AnalyticsSummary {
  lawyerId: number;
  /** Profile views by people over the period (one per visitor per day). */
  totalViews: number;
  /** Profiles opened from a search or match result over the period (one per visitor per day). */
  totalClicks: number;
  /** Issue 19 §5: times the listing was shown on a search results page to a person, over the period. */
  totalImpressions: number;
  /**
   * Issue 19 §5: totalClicks / totalImpressions × 100 (clicks on a search result ÷ times the
   * listing was shown in results), rounded to one decimal; 0 when it was never shown.
   */
  clickThroughRate: number;
  /** ANALYTICS_DAYS entries, oldest first. */
  daily: AnalyticsDay[];
  funnel: {
    views: number;
    /** Visitors who used Call Now, email, website, Send Message or Submit Case (one per visitor per day). */
    contactClicks: number;
    /** Cases submitted to the listing over the period (`cases` table). */
    casesReceived: number;
  };
  /** The listing's rating (0 to 5) and review count, as the profile shows them. */
  rating: { average: number; reviewCount: number };
  /** First and last day of the period (YYYY-MM-DD, UTC). */
  from: string;
  to: string;
  /**
   * Issue 16 §3 "response-time trend": the listing's public response figures (last 90 days) and
   * the weekly trend of the last 12 weeks (server/responses/trend.ts).
   */
  response: { current: ResponseStats; weeks: ResponseTrendWeek[] };
  /** Issue 16 §3 "review figures": the listing's published verified reviews (server/analytics/reviews.ts). */
  reviews: ReviewFigures;
}

/**
 * A listing's review figures for its premium analytics (issue 16 §1/§3), all over its PUBLISHED
 * engagement-verified reviews (the ones the profile shows).
 */
export interface ReviewFigures {
  /** Number of published reviews (equals the listing's reviewCount). */
  published: number;
  /** Average overall rating, 1 to 5 with two decimals (equals the listing's rating); null without reviews. */
  average: number | null;
  /** Average of each aspect rating, two decimals; null without reviews. */
  aspects: { communication: number | null; responsiveness: number | null; outcome: number | null };
  /** Published reviews per overall rating, stars 1 to 5 in that order (five entries, zeros included). */
  distribution: { stars: number; count: number }[];
  /** The length of the two periods below, in days (lib/reviews.ts REVIEW_ANALYTICS_PERIOD_DAYS). */
  periodDays: number;
  /** Published reviews written in the last `periodDays` days. */
  lastPeriod: number;
  /** Published reviews written in the `periodDays` days before those. */
  previousPeriod: number;
  /** Published reviews without the lawyer's public reply yet (one reply per review). */
  awaitingReply: number;
}

/** What the Analytics tab shows: the summary of the account's listing. */
export type AnalyticsView = AnalyticsSummary;

/** Lawyer analytics as loaders and API handlers use them. */
export interface AnalyticsService {
  /**
   * Counts a profile view of `lawyerId` by `visitor` (bots, the listing's own account
   * `viewerUserId` and repeat visits of the same day are not counted), and a click too when the
   * profile was opened from a result list (`source`). Never rejects: errors are logged and
   * answered as "error". Loaders call it without awaiting (the page never waits for it).
   */
  recordView(
    lawyerId: number,
    visitor: VisitorFacts,
    options?: { source?: ClickSource | null; viewerUserId?: string | null },
  ): Promise<{ view: RecordOutcome; click: RecordOutcome | null }>;
  /**
   * Counts a contact click (Call Now, email, website, Send Message, Submit Case) on `lawyerId`
   * by `visitor`: at most one per visitor per listing per day, bots and unknown listings not
   * counted. Never rejects (errors logged, "error"). Other services may call it, e.g. when a
   * message or case is sent from a profile without JavaScript.
   */
  recordContactClick(
    lawyerId: number,
    visitor: VisitorFacts,
    channel: ContactChannel,
  ): Promise<RecordOutcome>;
  /**
   * Issue 19 §5: counts one impression for each listing of `lawyerIds` shown on a search results
   * page, in ONE statement (rows upserted in id order, so concurrent pages of several instances
   * never deadlock; the counters live in PostgreSQL, issue 18's multi-instance rule). Bot user
   * agents (isBot) count nothing. Never rejects; search loaders call it without awaiting.
   * Answers "counted", "bot", "none" (no valid id) or "error".
   */
  recordImpressions(
    lawyerIds: readonly number[],
    userAgent: string | null | undefined,
  ): Promise<"counted" | "bot" | "none" | "error">;
  /** True when `userAgent` looks like a crawler, preview fetcher, monitor or HTTP tool (or is empty). */
  isBot(userAgent: string | null | undefined): boolean;
  /** The summary of `lawyerId` for the period ending `today` (default: the current UTC day). */
  summary(lawyerId: number, today?: Date): Promise<AnalyticsSummary>;
  /**
   * The Analytics tab of `user`: the summary of its linked listing, or null when it has none
   * (a client account, or a lawyer who has not claimed or created a listing). The caller checks
   * premium (the dashboard loader and GET /api/analytics do).
   */
  dashboardView(user: PublicUser): Promise<AnalyticsView | null>;
  /** Resolves once every recording started so far has finished (tests, benchmarks, shutdown). */
  settled(): Promise<void>;
}
