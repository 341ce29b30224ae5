/**
 * POST /api/cases/{id}/resend (issue 16 §3: "at 24 h without answer the client is ... offered to
 * send the same case (with its documents, with consent) to another lawyer of their choice in one
 * click"). The rules are the re-send service's (server/responses/resend.ts): the case's client
 * only (its account, or `X-Case-Token`); 403 for its lawyer; 404 for anyone else and unknown ids
 * (checked before the body, so a stranger learns nothing from a 400); 400 without
 * `healthDataConsent: true` (issue 17 §1, GDPR Art. 9(2)(a)); 409 once accepted, before 24 h
 * for a case neither accepted nor declined (a declined case may go at once, issue 17 §2), for
 * the same lawyer or one that already has a copy; 429 past the case submissions' per-IP limit.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { RESPONSE_DEADLINE_HOURS } from "../../lib/response-times.ts";
import { jsonBody } from "../http.ts";
import type { Services } from "../services.ts";
import { requestMeta } from "./auth-middleware.ts";
import {
  CASE_JSON_MAX_BYTES,
  caseParty,
  err,
  IdParams,
  notFound,
  security,
  tooMany,
  viewerOf,
} from "./case-shared.ts";
import { jsonResponse } from "./openapi.ts";

/** The request body: the chosen listing and the client's explicit consent. */
export const ResendBodySchema = z.object({
  lawyerId: z
    .number()
    .int()
    .positive()
    .openapi({ description: "The listing to send the case to", example: 42 }),
  healthDataConsent: z
    .boolean()
    .optional()
    .openapi({
      description:
        "Must be true (issue 17 §1, GDPR Art. 9(2)(a)): the client explicitly agrees that LexAtlas processes the " +
        "health information of the case to send it, with their contact details and documents, to this lawyer. " +
        "Stored as a consent of the new case.",
      example: true,
    }),
  consent: z.boolean().optional().openapi({
    description: "Deprecated and ignored (issue 16 §3's consent); send healthDataConsent",
    deprecated: true,
  }),
});

const resendRoute = createRoute({
  method: "post",
  path: "/api/cases/{id}/resend",
  operationId: "resendCase",
  summary: "Send a declined or unanswered case to another lawyer (its client)",
  description:
    "Once the lawyer declined the case, or " +
    `${RESPONSE_DEADLINE_HOURS} hours have passed without the lawyer accepting or declining it (issue 17 §2), the ` +
    "case's client may send the same case, with copies of its documents, to another listing of their choice. " +
    "The new case is linked to the original, the new lawyer is emailed as for a new case and the client gets the " +
    "new case's link (caseUrl; with its tracking token unless the client is signed in to the case's account). " +
    "Limited per IP together with case submissions (10 per hour).",
  security,
  request: { params: IdParams, body: jsonBody(ResendBodySchema, { maxBytes: CASE_JSON_MAX_BYTES }) },
  responses: {
    201: jsonResponse(
      z.object({
        caseId: z.string().uuid(),
        lawyerId: z.number().int(),
        lawyerName: z.string(),
        caseUrl: z
          .string()
          .openapi({ description: "/cases/{id}, or /cases/{id}?token=… for a tracking-link client" }),
      }),
      "The new case",
    ),
    400: err("No `healthDataConsent: true` (field error on healthDataConsent), or a malformed body"),
    403: err("The case's lawyer (only its client re-sends it)"),
    ...notFound,
    409: err(
      `Accepted by its lawyer, before ${RESPONSE_DEADLINE_HOURS} hours for a case neither accepted nor declined, the same lawyer, or a lawyer that already has a copy`,
    ),
    ...tooMany("Past 10 cases per hour from this IP"),
  },
});

/** Registers POST /api/cases/{id}/resend → 201 `{ caseId, lawyerId, lawyerName, caseUrl }`; 400, 403, 404, 409, 429. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseResendRoutes(app: OpenAPIHono<any>, services: Services): void {
  app.openapi({ ...resendRoute, middleware: [caseParty(services.cases)] as const }, async (c) => {
    const body = c.req.valid("json");
    const meta = requestMeta(c, services.config);
    const viewer = viewerOf(c);
    const r = await services.responses.resend(
      c.req.valid("param").id,
      viewer,
      { lawyerId: body.lawyerId, healthDataConsent: body.healthDataConsent === true },
      meta.ip,
    );
    // Issue 27 §2: the new case's signal for the review checks, as for a first submission.
    await services.reviewSignals.record(
      { kind: "case_submitted", userId: viewer.user?.id ?? null, caseId: r.caseId },
      meta,
    );
    c.header("Cache-Control", "no-store");
    return c.json(
      { caseId: r.caseId, lawyerId: r.lawyerId, lawyerName: r.lawyerName, caseUrl: r.caseUrl },
      201,
    );
  });
}
