/**
 * The two-stage intake's answers and the client's withdrawal (issue 17 §2 and §4; ABA Model Rule
 * 1.18 duties to prospective clients; GDPR Art. 9(2)(a) and Art. 17):
 * - POST /api/cases/{id}/accept `{ noConflict: true }`: the case's lawyer accepts a pending case for
 *   review after checking for conflicts; only then do the description and documents open to them.
 * - POST /api/cases/{id}/decline `{ reason? }`: the case's lawyer declines it; the client sees the
 *   reason and may send the case to another lawyer (POST /api/cases/{id}/resend).
 * - DELETE /api/cases/{id}: the case's client withdraws a case not accepted; it is deleted at once
 *   with its documents, messages and consents (server/cases/delete.ts).
 * Authorisation before the body is read: anyone who is not the case's lawyer (accept, decline) or
 * client (withdraw) gets 404 — the other party, a stranger and staff alike, as every case route.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { CaseAcceptSchema, CaseDeclineSchema, DECLINE_REASON_MAX } from "../../lib/cases.ts";
import { CASE_MESSAGES } from "../cases/index.ts";
import type { CaseRole, CasesService } from "../cases/service.ts";
import { NotFoundError } from "../errors.ts";
import { jsonBody } from "../http.ts";
import type { Services } from "../services.ts";
import { requestMeta } from "./auth-middleware.ts";
import {
  CASE_JSON_MAX_BYTES,
  DetailSchema,
  err,
  IdParams,
  security,
  tokenHeader,
  tooMany,
  viewerOf,
} from "./case-shared.ts";
import { jsonResponse } from "./openapi.ts";

/** Route middleware: the caller is the case's `role` party, checked before the body; else 404. */
function caseRole(cases: Pick<CasesService, "access">, role: CaseRole): MiddlewareHandler {
  return async (c, next) => {
    if ((await cases.access(c.req.param("id") ?? "", viewerOf(c))) !== role)
      throw new NotFoundError(CASE_MESSAGES.notFound);
    await next();
  };
}

const onlyLawyer = {
  404: err(
    "No such case, a malformed id, or the caller is not the case's lawyer (its client and staff included)",
  ),
};
const decided = {
  409: err("The case was already accepted or declined"),
  ...tooMany("Past 120 accepts and declines per hour by this account"),
};

const acceptRoute = createRoute({
  method: "post",
  path: "/api/cases/{id}/accept",
  operationId: "acceptCase",
  summary: "Accept a case for review after the conflict check (its lawyer)",
  description:
    "Issue 17 §2 (two-stage intake; ABA Model Rule 1.18): a new case shows its lawyer only the conflict-check " +
    "summary (client name, other party, incident place or the listing's country, incident date, case type, " +
    "priority). With `noConflict: true` the lawyer confirms the check found no conflict; the case becomes " +
    "`accepted` (`acceptedAt`), a timeline step is written, the client is emailed, and the description and the " +
    "documents open to the lawyer. The answer counts as the lawyer's first response (issue 16 §3).",
  security,
  request: { params: IdParams, body: jsonBody(CaseAcceptSchema, { maxBytes: CASE_JSON_MAX_BYTES }) },
  responses: {
    200: jsonResponse(z.object({ case: DetailSchema }), "The case, with its description and documents"),
    400: err("Without `noConflict: true` (field error on noConflict)"),
    ...onlyLawyer,
    ...decided,
  },
});

const declineRoute = createRoute({
  method: "post",
  path: "/api/cases/{id}/decline",
  operationId: "declineCase",
  summary: "Decline a case (its lawyer)",
  description:
    `Issue 17 §2: the lawyer declines a pending case, with an optional reason (at most ${DECLINE_REASON_MAX} ` +
    "characters) the client sees. The case becomes `declined` (`declinedAt`, `declineReason`), a timeline step " +
    "is written and the client is emailed the reason and how to send the case to another lawyer " +
    "(POST /api/cases/{id}/resend). The lawyer never sees the description or documents of a declined case. " +
    "The answer counts as the lawyer's first response (issue 16 §3).",
  security,
  request: { params: IdParams, body: jsonBody(CaseDeclineSchema, { maxBytes: CASE_JSON_MAX_BYTES }) },
  responses: {
    200: jsonResponse(z.object({ case: DetailSchema }), "The declined case (summary only)"),
    400: err("A reason over 1,000 characters"),
    ...onlyLawyer,
    ...decided,
  },
});

const withdrawRoute = createRoute({
  method: "delete",
  path: "/api/cases/{id}",
  operationId: "withdrawCase",
  summary: "Withdraw and delete a case not accepted (its client)",
  description:
    "Issue 17 §4 (GDPR Art. 17): the case's client (its account, or `X-Case-Token`) withdraws a case its lawyer " +
    "has not accepted (pending or declined); the case, its documents (files included), messages, timeline and " +
    "consents are deleted at once. Limited per IP (20 per hour).",
  security,
  request: { params: IdParams, headers: tokenHeader },
  responses: {
    204: { description: "Deleted" },
    404: err(
      "No such case, a malformed id, or the caller is not the case's client (its lawyer and staff included)",
    ),
    409: err("The lawyer accepted the case: it can no longer be withdrawn this way"),
    ...tooMany("Past 20 withdrawals per hour from this IP"),
  },
});

/**
 * Registers (issue 17 §2, §4):
 * - POST /api/cases/{id}/accept `{ noConflict: true }` → 200 `{ case }`; 400, 404, 409, 429
 * - POST /api/cases/{id}/decline `{ reason? }` → 200 `{ case }`; 400, 404, 409, 429
 * - DELETE /api/cases/{id} → 204; 404, 409, 429
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseDecisionRoutes(app: OpenAPIHono<any>, services: Services): void {
  const { cases, config } = services;
  app.openapi({ ...acceptRoute, middleware: [caseRole(cases, "lawyer")] as const }, async (c) => {
    const updated = await cases.accept(c.req.valid("param").id, viewerOf(c));
    c.header("Cache-Control", "private, no-store");
    return c.json({ case: updated }, 200);
  });
  app.openapi({ ...declineRoute, middleware: [caseRole(cases, "lawyer")] as const }, async (c) => {
    const updated = await cases.decline(c.req.valid("param").id, viewerOf(c), c.req.valid("json").reason);
    c.header("Cache-Control", "private, no-store");
    return c.json({ case: updated }, 200);
  });
  app.openapi(withdrawRoute, async (c) => {
    await cases.withdraw(c.req.valid("param").id, viewerOf(c), requestMeta(c, config).ip);
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  });
}
