/**
 * /api/personality routes (spec §7; issue 5 "API"), declared with @hono/zod-openapi so that
 * /api/openapi.json describes them. Handlers are thin: the body is validated with the shared
 * AssessmentSchema (lib/personality.ts), one matching-domain function does the work
 * (server/matching/), and the model is documented in docs/matching.md.
 */

import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { msg } from "../../lib/i18n/message.ts";
import { withOpenNow } from "../../lib/opening-hours.ts";
import { AssessmentSchema, isSessionId } from "../../lib/personality.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { declareBody, errorResponse } from "../http.ts";
import { linkAssessment } from "../rights/collect.ts";
import { countryName } from "../seed/countries.ts";
import type { Services } from "../services.ts";
import { optionalUser } from "./auth-middleware.ts";
import { LawyerSchema } from "./lawyers.schemas.ts";
import { jsonResponse } from "./openapi.ts";

/** Largest accepted assessment body: 4 KB (a full assessment is about 400 bytes). */
export const ASSESSMENT_BODY_LIMIT_BYTES = 4 * 1024;

const score = (what: string) =>
  z.number().openapi({ description: `${what}, 0 to 10 with one decimal (docs/matching.md)` });

const MatchResultSchema = z
  .object({
    lawyer: LawyerSchema,
    lawyerId: z.number().int(),
    overallScore: score("Weighted combination of the six sub-scores"),
    personalityScore: score("Similarity of the eight trait ratings"),
    communicationScore: score("Communication preference against the lawyer's style"),
    approachScore: score("Approach preference against the lawyer's style"),
    focusScore: score("Priority focus against the lawyer's client focus"),
    availabilityScore: score("Timeline against the lawyer's availability"),
    experienceScore: score("Years of practice, rating and case-complexity fit"),
    explanation: z.string().openapi({ description: "The two or three strongest reasons, in plain language" }),
    explanationRefs: z.array(z.string()).openapi({
      description:
        "The same reasons as message references (namespace:key?arguments) of the site's catalogs, for a client that shows them in another language",
    }),
  })
  .openapi("MatchResult");

const InsightsSchema = z
  .object({
    insights: z.array(z.string()),
    insightRefs: z.array(z.string()).openapi({
      description:
        "The same sentences as message references (namespace:key?arguments) of the site's catalogs",
    }),
  })
  .openapi("Insights");

/** The path's session id, checked by its declaration (lib/personality.ts SESSION_ID_PATTERN): 400 when malformed. */
const sessionParam = z.object({
  sessionId: z
    .string()
    .refine(isSessionId, {
      message:
        "must be a timestamp, a hyphen and lowercase letters or digits (e.g. 1767225600000-k3j9x0q2ab)",
    })
    .openapi({ param: { name: "sessionId", in: "path" }, example: "1767225600000-k3j9x0q2ab" }),
});

const sessionErrors = {
  400: errorResponse("The session id is malformed"),
  404: errorResponse("No assessment with this session id"),
};

const assessmentRoute = createRoute({
  method: "post",
  path: "/api/personality/assessment",
  operationId: "submitAssessment",
  summary: "Submit a personality assessment",
  description:
    "Validates every field against the spec's options and ranges (spec §5) and stores the answers under the " +
    "session id. A session id is written once: repeating the same answers answers 200 (a retried submit), " +
    "different answers for a stored session id answer 409 and change nothing. Errors name the field: " +
    "`Invalid personalityTraits.openness: must be a whole number from 1 to 10`.",
  request: {
    body: declareBody(
      {
        content: { "application/json": { schema: AssessmentSchema } },
        required: true,
        description:
          "personalityTraits may be sent as JSON text (as the spec's form does) or as the object; country is an " +
          'optional ISO 3166-1 alpha-2 code ("" or null means anywhere); language an optional ISO 639-1 code of ' +
          "the client's preferred language (lawyers who speak it rank first); place the client's town or city as typed and " +
          'near their position ("LAT,LNG" or {lat,lng}), both optional: without near the position is found from place, and ' +
          'offices nearby rank higher (docs/matching.md "Distance"). Content-Type must be application/json.',
      },
      { maxBytes: ASSESSMENT_BODY_LIMIT_BYTES },
    ),
  },
  responses: {
    201: jsonResponse(z.object({ sessionId: z.string() }).openapi("AssessmentCreated"), "Stored"),
    200: jsonResponse(
      z.object({ sessionId: z.string() }),
      "The same answers were already stored for this session",
    ),
    400: errorResponse("Invalid body; the message names the field"),
    409: errorResponse("This session id already holds different answers"),
    413: errorResponse(`Body larger than ${ASSESSMENT_BODY_LIMIT_BYTES / 1024} KB`),
    415: errorResponse("A body that is not JSON"),
  },
});

const matchesRoute = createRoute({
  method: "get",
  path: "/api/personality/matches/{sessionId}",
  operationId: "getMatches",
  summary: "Ranked matches of an assessment",
  description:
    "At most 10 verified lawyers whose practice areas cover the case type (in the chosen country when given), " +
    "best first: those who speak the preferred language (when given) first, then overall score, then rating, review count and id. Each has six sub-scores and an explanation " +
    "(docs/matching.md). An empty array when no lawyer qualifies.",
  request: { params: sessionParam },
  responses: {
    200: jsonResponse(z.array(MatchResultSchema), "The ranked matches"),
    ...sessionErrors,
  },
});

const insightsRoute = createRoute({
  method: "get",
  path: "/api/personality/insights/{sessionId}",
  operationId: "getMatchInsights",
  summary: "Insights from an assessment's answers",
  description:
    "A few sentences derived from the client's own answers: what kind of lawyer suits them and why.",
  request: { params: sessionParam },
  responses: {
    200: jsonResponse(InsightsSchema, "The insights"),
    ...sessionErrors,
  },
});

/** What the /api/personality routes use of the services: matching, the primary (account link) and the clock. */
export type PersonalityRouteServices = Pick<Services, "db" | "clock" | "matching">;

/**
 * Registers the /api/personality routes (spec §7, issue 5) on the app:
 * - POST /api/personality/assessment → 201 `{ sessionId }`; 200 for a repeat with identical answers;
 *   400 naming the field (unknown option, trait outside 1..10, missing field, malformed JSON, unknown
 *   country code); 409 for a stored session id with different answers; 413 above 4 KB.
 * - GET /api/personality/matches/{sessionId} → 200 MatchResult[]; 400 malformed id; 404 unknown session.
 * - GET /api/personality/insights/{sessionId} → 200 `{ insights }`; 400; 404.
 * Answers are `Cache-Control: no-store` (they describe one person's answers); matches carry a
 * `Server-Timing: matches;dur=<ms>` header (the benchmark reads it).
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerPersonalityRoutes(app: OpenAPIHono<any>, services: PersonalityRouteServices) {
  // Issue 18 §3: assessments are written and read on the primary; ranking reads the replica (the
  // matching service does both). Issue 30 "one door": the routes reach matching through it; it
  // also times getMatches (server/ops/metrics.ts). Only the account link (issue 17 §4) is a write
  // of the data-rights module on the primary.
  const { db, matching } = services;
  app.use("/api/personality/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  app.openapi(assessmentRoute, async (c) => {
    const assessment = c.req.valid("json");
    if (assessment.country && !countryName(assessment.country))
      throw new ValidationError(
        msg("errors:personality.badCountry", { country: assessment.country }),
        "country",
      );
    const outcome = await matching.saveAssessment(assessment);
    if (outcome === "conflict") throw new ConflictError(msg("errors:personality.conflict"));
    // Issue 17 §4: a signed-in client's assessment belongs to the account (export, erasure).
    const signedInUser = optionalUser(c)?.user;
    if (outcome === "created" && signedInUser)
      await linkAssessment(db, assessment.sessionId, signedInUser.id);
    return c.json({ sessionId: assessment.sessionId }, outcome === "created" ? 201 : 200);
  });

  app.openapi(matchesRoute, async (c) => {
    const { sessionId } = c.req.valid("param");
    const started = performance.now();
    const matches = await matching.getMatches(sessionId);
    if (!matches) throw new NotFoundError(msg("errors:personality.noAssessment", { sessionId }));
    c.header("Server-Timing", `matches;dur=${(performance.now() - started).toFixed(2)}`);
    // Issue 19 §1: each lawyer's `openNow` at the time of this request.
    const now = services.clock.now();
    return c.json(
      matches.map((m) => ({ ...m, lawyer: withOpenNow(m.lawyer, now) })),
      200,
    );
  });

  app.openapi(insightsRoute, async (c) => {
    const { sessionId } = c.req.valid("param");
    const insights = await matching.getInsights(sessionId);
    if (!insights) throw new NotFoundError(msg("errors:personality.noAssessment", { sessionId }));
    return c.json(insights, 200);
  });
}
