/**
 * A case's thread for its two parties (issue 4 "Tracking and messages"): the lawyer's status
 * changes (POST or PATCH /api/cases/{id}/status) and the messages (GET and POST
 * /api/cases/{id}/messages). The caller is checked to be a party (caseParty, 404) before the
 * declared body is validated; failures are DomainErrors, answered as `{ message, fieldErrors? }`.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { CaseMessageSchema, CaseStatusChangeSchema } from "../../lib/cases.ts";
import { CASE_MESSAGES } from "../cases/index.ts";
import { NotFoundError } from "../errors.ts";
import { jsonBody } from "../http.ts";
import type { Services } from "../services.ts";
import { requestMeta } from "./auth-middleware.ts";
import {
  CASE_JSON_MAX_BYTES,
  caseParty,
  DetailSchema,
  err,
  IdParams,
  MessageSchema,
  notFound,
  security,
  tokenHeader,
  tooMany,
  viewerOf,
} from "./case-shared.ts";
import { jsonResponse } from "./openapi.ts";

/** The status change, declared (and so validated) with the shared schema of lib/cases.ts. */
const statusBody = jsonBody(CaseStatusChangeSchema, { maxBytes: CASE_JSON_MAX_BYTES });
const statusResponses = {
  200: jsonResponse(z.object({ case: DetailSchema }), "The case with its new status and timeline"),
  400: err("Not one of pending, reviewing, accepted, engaged, declined, closed"),
  403: err("The case's client (only its lawyer changes the status)"),
  409: err(
    "A move the case state machine refuses (issue 27 §2): a pending case (issue 17 §2: accept or decline it " +
      "first), a declined case (final), a change back to pending, or an engaged case to anything but closed",
  ),
  ...notFound,
};
const statusDescription =
  "The case's lawyer moves the status as the case state machine allows (issue 27 §2): once the case was accepted " +
  "for review, accepted and reviewing go to each other, engaged, declined or closed; engaged only closes; closed " +
  "reopens as engaged. Each change adds a timeline step and emails the client. Setting the current status again " +
  "changes nothing. The first `engaged` records the engagement date (`engagedAt`), kept when the case closes: its " +
  "client may review the lawyer 14 days later (issue 16 §1). The first close of an engaged case also emails the " +
  "client an invitation to review. Issue 17 §2: a pending case answers 409 — it leaves pending only through " +
  "POST /api/cases/{id}/accept or /decline (the conflict check first) —, a declined case is final (409), and no " +
  "case goes back to pending. Two changes racing for the same case cannot both win: the loser answers 409.";
const statusPostRoute = createRoute({
  method: "post",
  path: "/api/cases/{id}/status",
  operationId: "updateCaseStatus",
  summary: "Change a case's status (its lawyer)",
  description: statusDescription,
  security,
  request: { params: IdParams, body: statusBody },
  responses: statusResponses,
});
const statusPatchRoute = createRoute({ ...statusPostRoute, method: "patch", operationId: "patchCaseStatus" });

const messagesGetRoute = createRoute({
  method: "get",
  path: "/api/cases/{id}/messages",
  operationId: "listCaseMessages",
  summary: "A case's message thread",
  security,
  request: { params: IdParams, headers: tokenHeader },
  responses: {
    200: jsonResponse(z.object({ messages: z.array(MessageSchema) }), "Oldest first"),
    ...notFound,
  },
});

const messagesPostRoute = createRoute({
  method: "post",
  path: "/api/cases/{id}/messages",
  operationId: "postCaseMessage",
  summary: "Write in a case's thread (either party)",
  description: "Emails the other party. Limited per IP (20 per hour, shared with profile messages).",
  security,
  request: {
    params: IdParams,
    body: jsonBody(CaseMessageSchema, { maxBytes: CASE_JSON_MAX_BYTES }),
  },
  responses: {
    201: jsonResponse(z.object({ message: MessageSchema }), "The new message"),
    400: err("An empty or too long message"),
    ...notFound,
    ...tooMany("Past 20 messages per hour from this IP"),
  },
});

/**
 * Registers the thread routes on `app` (issue 4):
 * - POST or PATCH /api/cases/{id}/status `{ status }` → 200 `{ case }`; 400, 403 the client, 404, 409 (the state machine refuses)
 * - GET /api/cases/{id}/messages → 200 `{ messages }`; 404
 * - POST /api/cases/{id}/messages `{ body }` → 201 `{ message }`; 400, 404, 429
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseThreadRoutes(app: OpenAPIHono<any>, services: Services): void {
  const { cases, config } = services;
  const party = caseParty(cases);
  for (const route of [statusPostRoute, statusPatchRoute]) {
    app.openapi({ ...route, middleware: [party] as const }, async (c) => {
      const updated = await cases.changeStatus(
        c.req.valid("param").id,
        viewerOf(c),
        c.req.valid("json").status,
      );
      c.header("Cache-Control", "private, no-store");
      return c.json({ case: updated }, 200);
    });
  }

  app.openapi(messagesGetRoute, async (c) => {
    const found = await cases.get(c.req.valid("param").id, viewerOf(c));
    if (!found) throw new NotFoundError(CASE_MESSAGES.notFound);
    c.header("Cache-Control", "private, no-store");
    return c.json({ messages: found.messages }, 200);
  });

  app.openapi({ ...messagesPostRoute, middleware: [party] as const }, async (c) => {
    const { id } = c.req.valid("param");
    const message = await cases.addMessage(
      id,
      viewerOf(c),
      c.req.valid("json").body,
      requestMeta(c, config).ip,
    );
    c.header("Cache-Control", "no-store");
    return c.json({ message }, 201);
  });
}
