/**
 * POST /api/cases/{id}/resend (issue 16 §3: "at 24 h without answer the client is ... offered to
 * send the same case (with its documents, with consent) to another lawyer of their choice in one
 * click"). The rules are the re-send service's (server/responses/resend.ts): the case's client
 * only (its account, or `X-Case-Token`); 403 for its lawyer; 404 for anyone else and unknown ids
 * (checked before the body, so a stranger learns nothing from a 400); 400 without `consent: true`;
 * 409 before 24 h, once the lawyer answered, for the same lawyer or one that already has a copy;
 * 429 past the case submissions' per-IP limit.
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
  consent: z.boolean().optional().openapi({
    description:
      "Must be true: the client agrees that LexAtlas sends the case, their contact details and their documents to this lawyer",
    example: true,
  }),
});

const resendRoute = createRoute({
  method: "post",
  path: "/api/cases/{id}/resend",
  operationId: "resendCase",
  summary: "Send an unanswered case to another lawyer (its client)",
  description:
    `Once ${RESPONSE_DEADLINE_HOURS} hours have passed without a message or status change from the lawyer, the ` +
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
    400: err("No consent, or a malformed body"),
    403: err("The case's lawyer (only its client re-sends it)"),
    ...notFound,
    409: err(
      `Before ${RESPONSE_DEADLINE_HOURS} hours, after the lawyer answered, the same lawyer, or a lawyer that already has a copy`,
    ),
    ...tooMany("Past 10 cases per hour from this IP"),
  },
});

/** Registers POST /api/cases/{id}/resend → 201 `{ caseId, lawyerId, lawyerName, caseUrl }`; 400, 403, 404, 409, 429. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseResendRoutes(app: OpenAPIHono<any>, services: Services): void {
  app.openapi({ ...resendRoute, middleware: [caseParty(services.cases)] as const }, async (c) => {
    const body = c.req.valid("json");
    const r = await services.responses.resend(
      c.req.valid("param").id,
      viewerOf(c),
      { lawyerId: body.lawyerId, consent: body.consent === true },
      requestMeta(c, services.config).ip,
    );
    c.header("Cache-Control", "no-store");
    return c.json(
      { caseId: r.caseId, lawyerId: r.lawyerId, lawyerName: r.lawyerName, caseUrl: r.caseUrl },
      201,
    );
  });
}
