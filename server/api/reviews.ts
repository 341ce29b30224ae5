/**
 * The review routes (issue 16 §1 "Engagement-verified reviews"; "Names the API uses"):
 * - POST /api/cases/{id}/review → 201 `{ review }`: the case's client (bearer/session or
 *   X-Case-Token); 400 bad body or a link, 403 the lawyer / not engaged / before engagement + 14
 *   days, 404 anyone else, 409 a review exists, 429
 * - PATCH /api/cases/{id}/review → 200 `{ review }`: the same client within REVIEW_EDIT_DAYS; 409 after
 * - GET /api/cases/{id}/review → 200 the case's review state for a party; 404 anyone else
 * - GET /api/lawyers/{id}/reviews?page=&pageSize=&sort= → 200 the published reviews, `X-Total-Count`
 * - POST /api/reviews/{id}/reply, /report → the listing's lawyer (signed in)
 * Every failure is the one error body `{ message, fieldErrors? }` (server/http.ts). Sources: FTC
 * 16 CFR 465, EU Omnibus 2019/2161, UK DMCC Act 2024.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { msg } from "../../lib/i18n/message.ts";
import { ReviewInputSchema, ReviewReplySchema, ReviewReportSchema } from "../../lib/review-input.ts";
import { REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE_MAX, REVIEW_SORTS, REVIEW_STATUSES } from "../../lib/reviews.ts";
import { NotFoundError } from "../errors.ts";
import { errorResponse, jsonBody } from "../http.ts";
import type { Services } from "../services.ts";
import { requestMeta, requireUser, signedIn } from "./auth-middleware.ts";
import {
  CASE_JSON_MAX_BYTES,
  caseParty,
  err,
  IdParams,
  notFound,
  security,
  tokenHeader,
  tooMany,
  viewerOf,
} from "./case-shared.ts";
import { jsonResponse, SIGNED_IN_SECURITY } from "./openapi.ts";

const Ratings = z.object({
  communication: z.number().int(),
  responsiveness: z.number().int(),
  outcome: z.number().int(),
});

/** A published review: the public contract of GET /api/lawyers/{id}/reviews (issue 16). */
export const PublicReviewSchema = z
  .object({
    id: z.string().uuid(),
    rating: z.number().int().openapi({ description: "Overall, 1 to 5" }),
    ratings: Ratings.openapi({ description: "The three aspects, 1 to 5 each" }),
    title: z.string(),
    text: z.string(),
    verifiedEngagement: z
      .object({
        engagedOn: z
          .string()
          .openapi({ description: "Month the lawyer marked the case engaged, YYYY-MM", example: "2026-03" }),
      })
      .openapi({ description: "Only a client of an engagement on LexAtlas can review (issue 16 §1)" }),
    reply: z
      .object({ text: z.string(), repliedAt: z.string() })
      .nullable()
      .openapi({ description: "The lawyer's one public reply" }),
    createdAt: z.string().openapi({ description: "ISO 8601" }),
    demo: z.boolean().openapi({ description: "A demo review of the fictional demo data (shown as such)" }),
  })
  .openapi("Review");

/** The client's own review: public fields plus its state and edit deadline. */
export const OwnReviewSchema = PublicReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES).openapi({
    description:
      "pending: held for moderation (someone's contact data, or signals that tie the client to the lawyer)",
  }),
  updatedAt: z.string(),
  editableUntil: z.string(),
  editable: z.boolean(),
}).openapi("OwnReview");

const EligibilitySchema = z
  .object({
    state: z.enum(["lawyer", "not_engaged", "too_early", "open", "reviewed"]),
    engagedAt: z.string().nullable(),
    opensAt: z.string().nullable().openapi({ description: "Engagement + 14 days (ISO 8601)" }),
    review: OwnReviewSchema.nullable(),
  })
  .openapi("ReviewEligibility");

const LawyerReviewSchema = PublicReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  reported: z.boolean(),
}).openapi("LawyerReview");

const reviewBody = jsonBody(ReviewInputSchema, { maxBytes: CASE_JSON_MAX_BYTES });
/** The request of both review writes (POST and PATCH /api/cases/{id}/review): the case, its link's token, the review. */
const writeRequest = { params: IdParams, headers: tokenHeader, body: reviewBody };
const writeResponses = {
  400: err("A rating outside 1–5, a title or text out of bounds, or a link in them"),
  403: err("The case's lawyer, a case not marked engaged, or before engagement + 14 days"),
  ...notFound,
  ...tooMany("Past 20 review writes per hour from this IP"),
};

const createReviewRoute = createRoute({
  method: "post",
  path: "/api/cases/{id}/review",
  operationId: "createCaseReview",
  summary: "Review the lawyer of an engaged case (its client)",
  description:
    "Only the case's client (signed in, or with the case link's X-Case-Token), from 14 days after the lawyer marked " +
    "the case engaged; one review per engagement. Published at once, or held `pending` for a moderator when it carries " +
    "someone's email address or phone number, or when signals tie the client to the lawyer (the same IP address or " +
    "browser as the lawyer's sign-ins within 30 days, an address at the firm's domain, an account created after the " +
    "case was accepted, many reviews of the lawyer from one network; /reviews-policy). Links, on any top-level " +
    "domain, are refused (400). The lawyer's rating and reviewCount count published reviews only.",
  security,
  request: writeRequest,
  responses: {
    201: jsonResponse(z.object({ review: OwnReviewSchema }), "The review (published or pending)"),
    ...writeResponses,
    409: err("A review of this engagement exists (edit it with PATCH)"),
  },
});

const updateReviewRoute = createRoute({
  method: "patch",
  path: "/api/cases/{id}/review",
  operationId: "updateCaseReview",
  summary: "Edit the review of a case (its client, within 30 days)",
  description: "The same rules as writing it; editable for 30 days after it was written.",
  security,
  request: writeRequest,
  responses: {
    200: jsonResponse(z.object({ review: OwnReviewSchema }), "The edited review"),
    ...writeResponses,
    409: err("Past the 30-day edit period, or a moderator rejected or removed it"),
  },
});

const getReviewRoute = createRoute({
  method: "get",
  path: "/api/cases/{id}/review",
  operationId: "getCaseReview",
  summary: "Whether and when a case can be reviewed, and its review",
  security,
  request: { params: IdParams, headers: tokenHeader },
  responses: { 200: jsonResponse(EligibilitySchema, "The case's review state"), ...notFound },
});

const badRequestResponse = errorResponse("A parameter is invalid; the message names it");

const LawyerIdParams = z.object({
  id: z
    .string()
    .regex(/^\d+$/, { error: msg("validation:zod.invalidType", { expected: "int" }) })
    .openapi({ param: { name: "id", in: "path" }, example: "42" }),
});

const ListQuery = z.object({
  page: z.coerce
    .number({ error: msg("validation:review.page") })
    .int(msg("validation:review.page"))
    .min(1, msg("validation:review.page"))
    .max(100_000, msg("validation:review.page"))
    .optional()
    .openapi({ param: { name: "page", in: "query" }, example: 1 }),
  pageSize: z.coerce
    .number({ error: msg("validation:review.pageSize", { max: REVIEW_PAGE_SIZE_MAX }) })
    .int(msg("validation:review.pageSize", { max: REVIEW_PAGE_SIZE_MAX }))
    .min(1, msg("validation:review.pageSize", { max: REVIEW_PAGE_SIZE_MAX }))
    .max(REVIEW_PAGE_SIZE_MAX, msg("validation:review.pageSize", { max: REVIEW_PAGE_SIZE_MAX }))
    .optional()
    .openapi({ param: { name: "pageSize", in: "query" }, example: REVIEW_PAGE_SIZE }),
  sort: z
    .enum(REVIEW_SORTS, { error: msg("validation:review.sort", { options: REVIEW_SORTS.join(", ") }) })
    .optional()
    .openapi({
      param: { name: "sort", in: "query" },
      description: "newest (default), rating_desc or rating_asc",
    }),
});

const listRoute = createRoute({
  method: "get",
  path: "/api/lawyers/{id}/reviews",
  operationId: "listLawyerReviews",
  summary: "A lawyer's published reviews",
  description:
    "Only published reviews of engagements on LexAtlas (issue 16 §1); each says when the engagement began. No reviewer " +
    "names are published. The lawyer's `rating` and `reviewCount` are the average and count of these. " +
    `Newest first by default; pageSize defaults to ${REVIEW_PAGE_SIZE}, at most ${REVIEW_PAGE_SIZE_MAX}. Total in X-Total-Count.`,
  request: { params: LawyerIdParams, query: ListQuery },
  responses: {
    200: {
      content: { "application/json": { schema: z.array(PublicReviewSchema) } },
      description: "One page of published reviews",
      headers: z.object({
        "X-Total-Count": z.string().openapi({ description: "Number of published reviews" }),
      }),
    },
    400: badRequestResponse,
    404: errorResponse("No lawyer with this id"),
    410: errorResponse("A moderator removed this listing"),
  },
});

const ReviewIdParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "0b7e…" }),
});
const replyRoute = createRoute({
  method: "post",
  path: "/api/reviews/{id}/reply",
  operationId: "replyToReview",
  summary: "Post the one public reply to a review (the listing's lawyer)",
  security: SIGNED_IN_SECURITY,
  middleware: [signedIn()] as const,
  request: { params: ReviewIdParams, body: jsonBody(ReviewReplySchema, { maxBytes: CASE_JSON_MAX_BYTES }) },
  responses: {
    200: jsonResponse(z.object({ review: LawyerReviewSchema }), "The review with the reply"),
    400: err("An empty or too long reply, a link, an email address or a phone number"),
    401: errorResponse("Not signed in"),
    404: err("No published review of the caller's listing with this id"),
    409: err("The review already has a reply"),
    ...tooMany("Past 20 review actions per hour"),
  },
});
const reportRoute = createRoute({
  method: "post",
  path: "/api/reviews/{id}/report",
  operationId: "reportReview",
  summary: "Report a review to the moderators (the listing's lawyer)",
  description:
    "The review stays published until a moderator decides: a report never hides a review by itself.",
  security: SIGNED_IN_SECURITY,
  middleware: [signedIn()] as const,
  request: { params: ReviewIdParams, body: jsonBody(ReviewReportSchema, { maxBytes: CASE_JSON_MAX_BYTES }) },
  responses: {
    201: jsonResponse(z.object({ reported: z.literal(true) }), "The report is in the moderators' queue"),
    400: err("No reason from the policy, or details out of bounds"),
    401: errorResponse("Not signed in"),
    404: err("No published review of the caller's listing with this id"),
    409: err("The caller has an open report of this review"),
    ...tooMany("Past 20 review actions per hour"),
  },
});

/** Registers the review routes on `app` (see the module comment for the statuses). */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerReviewRoutes(app: OpenAPIHono<any>, services: Services): void {
  const { reviews, cases, config } = services;
  const party = caseParty(cases);

  app.openapi({ ...createReviewRoute, middleware: [party] as const }, async (c) => {
    const meta = requestMeta(c, config);
    const review = await reviews.create(
      c.req.valid("param").id,
      viewerOf(c),
      c.req.valid("json"),
      meta.ip,
      meta.device,
    );
    c.header("Cache-Control", "no-store");
    return c.json({ review }, 201);
  });

  app.openapi({ ...updateReviewRoute, middleware: [party] as const }, async (c) => {
    const meta = requestMeta(c, config);
    const review = await reviews.update(
      c.req.valid("param").id,
      viewerOf(c),
      c.req.valid("json"),
      meta.ip,
      meta.device,
    );
    c.header("Cache-Control", "no-store");
    return c.json({ review }, 200);
  });

  app.openapi(getReviewRoute, async (c) => {
    const state = await reviews.eligibility(c.req.valid("param").id, viewerOf(c));
    if (!state) throw new NotFoundError(msg("errors:cases.notFound"));
    c.header("Cache-Control", "private, no-store");
    return c.json(state, 200);
  });

  app.openapi(listRoute, async (c) => {
    const page = await reviews.listingPage(c.req.valid("param").id, c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    c.header("Access-Control-Expose-Headers", "X-Total-Count");
    c.header("Cache-Control", "public, max-age=60");
    return c.json(page.items, 200);
  });

  app.openapi(replyRoute, async (c) => {
    const { user } = requireUser(c);
    const review = await reviews.reply(c.req.valid("param").id, user, c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    return c.json({ review }, 200);
  });

  app.openapi(reportRoute, async (c) => {
    const { user } = requireUser(c);
    await reviews.report(c.req.valid("param").id, user, c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    return c.json({ reported: true as const }, 201);
  });
}
