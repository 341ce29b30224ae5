/**
 * /api/analytics routes (spec §7 GET /api/analytics; issue 6 "Analytics for lawyers"): the
 * premium summary of the caller's listing, and the beacon that counts contact clicks. Profile
 * views and result clicks are counted by the profile page's loader (app/routes/lawyer.tsx), so
 * they need no JavaScript.
 */

import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { msg } from "../../lib/i18n/message.ts";
import { MAX_INTEGER_ID } from "../../lib/ids.ts";
import { REVIEW_ANALYTICS_PERIOD_DAYS } from "../../lib/reviews.ts";
import { isPremium } from "../../lib/subscription.ts";
import { ANALYTICS_DAYS, CONTACT_CHANNELS } from "../analytics/service.ts";
import { ForbiddenError, NotFoundError, RateLimitedError } from "../errors.ts";
import { errorResponse, jsonBody, rateLimitedResponse } from "../http.ts";
import { clientIp } from "../security/rate-limit.ts";
import type { Services } from "../services.ts";
import { requireUser, socketAddress } from "./auth-middleware.ts";
import { jsonResponse, SIGNED_IN_SECURITY } from "./openapi.ts";

/** Messages of the analytics API's refusals. */
export const ANALYTICS_MESSAGES = {
  premiumOnly: msg("errors:analytics.premiumOnly"),
  noListing: msg("errors:analytics.noListing"),
  tooMany: msg("errors:analytics.tooMany"),
} as const;

/** Largest body of an analytics event: 1 KB (an event is about 60 bytes). */
export const EVENT_BODY_LIMIT_BYTES = 1024;

const DaySchema = z.object({
  date: z.string().openapi({ example: "2026-05-01", description: "UTC day (YYYY-MM-DD)" }),
  views: z.number().int(),
  clicks: z.number().int(),
  contactClicks: z.number().int(),
  impressions: z
    .number()
    .int()
    .openapi({ description: "Times shown on a search results page (issue 19 §5)" }),
});

const SummarySchema = z
  .object({
    lawyerId: z.number().int(),
    totalViews: z
      .number()
      .int()
      .openapi({
        description: `Profile views by people over the last ${ANALYTICS_DAYS} days (bots excluded, one per visitor per day)`,
      }),
    totalClicks: z.number().int().openapi({
      description:
        "Profiles opened from a search or match result over the same days (one per visitor per day)",
    }),
    totalImpressions: z.number().int().openapi({
      description:
        "Times the listing was shown on a search results page to a person over the same days (bots excluded)",
    }),
    clickThroughRate: z.number().openapi({
      example: 12.5,
      description:
        "totalClicks / totalImpressions × 100 (clicks on a search result ÷ times shown in results), rounded to one decimal; 0 when never shown",
    }),
    daily: z
      .array(DaySchema)
      .openapi({ description: `${ANALYTICS_DAYS} UTC days, oldest first, zeros included` }),
    funnel: z.object({
      views: z.number().int(),
      contactClicks: z.number().int().openapi({
        description: "Visitors who used Call Now, email, website, Send Message or Submit Case",
      }),
      casesReceived: z.number().int().openapi({ description: "Cases submitted to the listing" }),
    }),
    rating: z.object({
      average: z.number().openapi({ description: "The listing's rating, 0 to 5" }),
      reviewCount: z.number().int(),
    }),
    from: z.string().openapi({ description: "First day of the period (UTC)" }),
    to: z.string().openapi({ description: "Last day of the period: today (UTC)" }),
    response: z
      .object({
        current: z.object({
          medianFirstResponseHours: z.number().nullable(),
          answeredWithin24hShare: z.number().nullable(),
          sampleSize: z.number().int(),
        }),
        weeks: z.array(
          z.object({
            weekStart: z.string().openapi({ description: "Monday of the week (UTC)" }),
            count: z.number().int(),
            medianHours: z.number().nullable(),
            within24hShare: z.number().nullable(),
          }),
        ),
      })
      .openapi({
        description:
          "Issue 16 §3: the listing's response figures (last 90 days, as on the profile) and the weekly trend of the last 12 weeks by week of arrival",
      }),
    reviews: z
      .object({
        published: z
          .number()
          .int()
          .openapi({ description: "Published verified reviews (the listing's reviewCount)" }),
        average: z
          .number()
          .nullable()
          .openapi({ description: "Average overall rating, 1-5, two decimals; null without reviews" }),
        aspects: z.object({
          communication: z.number().nullable(),
          responsiveness: z.number().nullable(),
          outcome: z.number().nullable(),
        }),
        distribution: z
          .array(z.object({ stars: z.number().int().min(1).max(5), count: z.number().int() }))
          .openapi({ description: "Published reviews per overall rating, 1 to 5 stars in order" }),
        periodDays: z.number().int().openapi({ example: REVIEW_ANALYTICS_PERIOD_DAYS }),
        lastPeriod: z
          .number()
          .int()
          .openapi({ description: "Published reviews written in the last periodDays days" }),
        previousPeriod: z
          .number()
          .int()
          .openapi({ description: "Published reviews written in the periodDays days before those" }),
        awaitingReply: z
          .number()
          .int()
          .openapi({ description: "Published reviews without the lawyer's reply" }),
      })
      .openapi({
        description:
          "Issue 16 §3: the listing's review figures, over its PUBLISHED engagement-verified reviews only (pending, rejected and removed ones never count)",
      }),
  })
  .openapi("AnalyticsSummary");

const EventSchema = z
  .object({
    type: z.literal("contact"),
    lawyerId: z.number().int().min(1).max(MAX_INTEGER_ID),
    channel: z.enum(CONTACT_CHANNELS),
  })
  .openapi("AnalyticsEvent");

const summaryRoute = createRoute({
  method: "get",
  path: "/api/analytics",
  operationId: "getAnalytics",
  tags: ["analytics"],
  summary: "Analytics of the caller's listing (premium lawyers; spec §7)",
  description:
    `The spec's totalViews, totalClicks and clickThroughRate over the last ${ANALYTICS_DAYS} UTC days, the ` +
    "daily series, the funnel views → contact clicks → cases received, the listing's rating, the response-time " +
    "trend and the review figures (published verified reviews: count, averages, stars, last 90 days vs the 90 " +
    "before, awaiting a reply; issue 16 §3).",
  security: SIGNED_IN_SECURITY,
  responses: {
    200: jsonResponse(SummarySchema, "The summary"),
    401: errorResponse("Not signed in"),
    403: errorResponse("The account is not premium"),
    404: errorResponse("A premium account without a listing"),
  },
});

const eventRoute = createRoute({
  method: "post",
  path: "/api/analytics/events",
  operationId: "recordAnalyticsEvent",
  tags: ["analytics"],
  summary: "Count a contact click on a listing (beacon)",
  description:
    "Sent by the profile and match pages with navigator.sendBeacon when Call Now, email, website, Send " +
    "Message or Submit Case is used. Answers 204 at once and counts afterwards; bots and unknown listings " +
    "are answered 204 and not counted. Limited per client IP (120 per hour).",
  request: {
    body: jsonBody(EventSchema, {
      maxBytes: EVENT_BODY_LIMIT_BYTES,
      tooLargeMessage: "The event is too large (at most 1 KB).",
    }),
  },
  responses: {
    204: { description: "Accepted (counted unless a bot, a repeat of the day or an unknown listing)" },
    400: errorResponse("Not an event"),
    413: errorResponse("Body over 1 KB"),
    415: errorResponse("Not JSON"),
    429: rateLimitedResponse("Past 120 events per hour from this IP"),
  },
});

/**
 * Registers GET /api/analytics (401 signed out, 403 not premium — checked on the server from
 * the stored tier —, 404 premium without a listing, 200 AnalyticsSummary; `Cache-Control:
 * private, no-store`) and POST /api/analytics/events (204; 400 bad event, 413 over 1 KB, 429
 * with Retry-After past the `analytics-ip` limit).
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerAnalyticsRoutes(app: OpenAPIHono<any>, services: Services): void {
  app.openapi(summaryRoute, async (c) => {
    const { user } = requireUser(c);
    c.header("Cache-Control", "private, no-store");
    if (!isPremium(user.subscriptionTier)) throw new ForbiddenError(ANALYTICS_MESSAGES.premiumOnly);
    const view = await services.analytics.dashboardView(user);
    if (!view) throw new NotFoundError(ANALYTICS_MESSAGES.noListing);
    return c.json(view, 200);
  });

  app.openapi(eventRoute, async (c) => {
    const event = c.req.valid("json");
    const userAgent = c.req.header("User-Agent");
    if (services.analytics.isBot(userAgent)) return c.body(null, 204);
    const ip = clientIp(c.req.raw, socketAddress(c), services.config.TRUST_PROXY);
    try {
      await services.rateLimits.consume("analytics-ip", ip);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      throw new RateLimitedError(ANALYTICS_MESSAGES.tooMany, err.retryAfterSeconds);
    }
    // Counted after the answer: the beacon never waits for the database.
    void services.analytics.recordContactClick(event.lawyerId, { ip, userAgent }, event.channel);
    return c.body(null, 204);
  });
}
