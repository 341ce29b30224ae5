/**
 * /api/cases routes (spec §7 "POST /api/cases"; issue 4 "Case submission", "Tracking and
 * messages", "Safety"): submit a case with documents (case-intake.ts), list my cases, read one
 * case (here), change its status and its message thread (case-thread.ts), and document downloads
 * (case-documents.ts). Declared with @hono/zod-openapi so /api/openapi.json describes them, and
 * the declared bodies and paths are what validates them; handlers are thin: call one
 * cases-service function (server/cases/), shape the answer.
 *
 * Who may do what (server/cases/index.ts): a case's two parties are its client (the signed-in
 * account that submitted it, or whoever sends its private tracking token in the `X-Case-Token`
 * header) and its lawyer (the account linked to the listing it was sent to). Anyone else, and any
 * malformed or unknown id, gets 404. Errors are DomainErrors, answered as
 * `{ message, fieldErrors? }` (server/http.ts).
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { CASE_MESSAGES } from "../cases/index.ts";
import { NotFoundError } from "../errors.ts";
import type { Services } from "../services.ts";
import { requireUser } from "./auth-middleware.ts";
import { registerCaseDecisionRoutes } from "./case-decisions.ts";
import { registerCaseDocumentRoutes } from "./case-documents.ts";
import { registerCaseIntakeRoutes } from "./case-intake.ts";
import { registerCaseResendRoutes } from "./case-resend.ts";
import {
  DetailSchema,
  err,
  IdParams,
  ListItemSchema,
  notFound,
  security,
  tokenHeader,
  viewerOf,
} from "./case-shared.ts";
import { registerCaseThreadRoutes } from "./case-thread.ts";
import { jsonResponse, SIGNED_IN_SECURITY } from "./openapi.ts";
import { registerVerificationProofRoutes } from "./verification-proofs.ts";

export { CASE_UNSUPPORTED_TYPE } from "./case-intake.ts";
export { CASE_JSON_MAX_BYTES, CASE_TOKEN_HEADER } from "./case-shared.ts";
export { attachmentDisposition } from "./download-response.ts";

const listRoute = createRoute({
  method: "get",
  path: "/api/cases",
  operationId: "listCases",
  summary: "My cases",
  description:
    "A client's own cases, or for a lawyer account the cases sent to its linked listing; newest first (at most 500).",
  security: SIGNED_IN_SECURITY,
  responses: {
    200: jsonResponse(z.object({ cases: z.array(ListItemSchema) }), "The cases"),
    401: err("Not signed in"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/api/cases/{id}",
  operationId: "getCase",
  summary: "One case, for its two parties",
  description:
    "Issue 17 §2 (two-stage intake), issue 27 §2: until the case's lawyer accepts it for review (POST " +
    "/api/cases/{id}/accept; `acceptedAt`, whatever the status), the lawyer gets the conflict-check summary only: " +
    "`description`, `documents`, `budget`, `dateNeeded`, `clientEmail`, `clientPhone` and `preferredCommunication` " +
    "are null and `summaryOnly` is true; the messages are shown to both " +
    "parties at every stage (they are what the two write to each other, not the case file). The client always " +
    "gets the whole case, with its consents.",
  security,
  request: { params: IdParams, headers: tokenHeader },
  responses: { 200: jsonResponse(z.object({ case: DetailSchema }), "The case"), ...notFound },
});

/**
 * Registers the /api/cases routes on `app` (issue 4):
 * - POST /api/cases → 201 `{ case, caseUrl }`; 400, 403, 404, 413, 415, 422, 429 (case-intake.ts)
 * - GET /api/cases → 200 `{ cases }`; 401
 * - GET /api/cases/{id} → 200 `{ case }`; 404
 * - POST or PATCH /api/cases/{id}/status `{ status }` → 200 `{ case }`; 400, 403, 404, 409 (case-thread.ts; issue 27 §2 state machine)
 * - GET /api/cases/{id}/messages → 200 `{ messages }`; POST `{ body }` → 201 `{ message }`; 400, 404, 429
 * - POST /api/cases/{id}/accept `{ noConflict: true }`, POST /api/cases/{id}/decline `{ reason? }` →
 *   200 `{ case }`; DELETE /api/cases/{id} → 204 (case-decisions.ts, issue 17 §2/§4)
 * - POST /api/cases/{id}/resend `{ lawyerId, healthDataConsent }` → 201; 400, 403, 404, 409, 429 (case-resend.ts, issue 16 §3, issue 17 §2)
 * - GET /api/cases/{id}/documents/{docId} → the file as an attachment; 404 (case-documents.ts)
 * - GET /cases/{id}/documents/{docId} (the case page's links) → the same for the session cookie or the tracking cookie
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseRoutes(app: OpenAPIHono<any>, services: Services): void {
  const { cases } = services;
  registerCaseIntakeRoutes(app, services);

  app.openapi(listRoute, async (c) => {
    const { user } = requireUser(c);
    c.header("Cache-Control", "private, no-store");
    return c.json({ cases: await cases.list(user) }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const found = await cases.get(c.req.valid("param").id, viewerOf(c));
    if (!found) throw new NotFoundError(CASE_MESSAGES.notFound);
    c.header("Cache-Control", "private, no-store");
    return c.json({ case: found }, 200);
  });

  registerCaseThreadRoutes(app, services);
  // Issue 17 §2 and §4: accept or decline (the lawyer), withdraw (the client).
  registerCaseDecisionRoutes(app, services);
  // Issue 16 §3: an unanswered case to another lawyer (server/responses/resend.ts).
  registerCaseResendRoutes(app, services);
  registerCaseDocumentRoutes(app, services);
  // Issue 15 §2: verification proofs share the case documents' private download rules.
  registerVerificationProofRoutes(app, services);
}
