/**
 * What the /api/cases routers share (issue 4): the case schemas of the OpenAPI document, the
 * documented error answers, the path and header declarations, and who is asking. The routers:
 * server/api/cases.ts (list, read, and registerCaseRoutes), case-intake.ts (submitting a case),
 * case-thread.ts (status changes and messages), case-documents.ts (downloads).
 */
import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { CASE_STATUSES } from "../../lib/constants.ts";
import { CASE_MESSAGES } from "../cases/index.ts";
import type { CasesService, CaseViewer } from "../cases/service.ts";
import { NotFoundError } from "../errors.ts";
import { errorResponse, rateLimitedResponse } from "../http.ts";
import { optionalUser } from "./auth-middleware.ts";
import { SIGNED_IN_SECURITY } from "./openapi.ts";

/** The request header that carries a case's private tracking token (the visitor's access to the API). */
export const CASE_TOKEN_HEADER = "X-Case-Token";
/** Largest JSON body of a cases request: 64 KB (the 10,000-character description fits). */
export const CASE_JSON_MAX_BYTES = 64 * 1024;

/** A document of a case. */
export const DocumentSchema = z
  .object({
    id: z.string().uuid(),
    fileName: z.string(),
    fileType: z.string().openapi({ description: "Type found in the content: pdf, doc, docx, jpg or png" }),
    fileSize: z.number().int().openapi({ description: "Bytes" }),
  })
  .openapi("CaseDocument");

/** A case as its submission answers it. */
export const SummarySchema = z
  .object({
    id: z.string().uuid(),
    lawyerId: z.number().int(),
    lawyerName: z.string(),
    caseTitle: z.string(),
    caseType: z.string(),
    priority: z.string(),
    status: z.enum(CASE_STATUSES),
    createdAt: z.string().openapi({ description: "ISO 8601" }),
    documents: z.array(DocumentSchema),
    lawyerManaged: z.boolean().openapi({
      description:
        "Issue 28 §4: a lawyer account with a confirmed email manages the listing. When false nobody can answer yet: " +
        "the listing's published address is told that a case is waiting and how to claim the listing, without the " +
        "client's name, title or facts; the case waits, its description and documents held encrypted, until the " +
        "lawyer claims the listing and accepts it, and the client may send it to another lawyer at once " +
        "(POST /api/cases/{id}/resend)",
    }),
  })
  .openapi("CaseSummary");

/** A message of a case thread. */
export const MessageSchema = z
  .object({
    id: z.string().uuid(),
    authorRole: z.enum(["client", "lawyer"]),
    body: z.string(),
    createdAt: z.string(),
  })
  .openapi("CaseMessage");

/** A consent given for a case (issue 17 §1). */
export const ConsentSchema = z
  .object({
    purpose: z.string().openapi({ description: "What the consent is for: health_data" }),
    textVersion: z.string().openapi({ description: "Version of the consent text agreed to" }),
    locale: z.string().openapi({ description: "Language the text was shown in" }),
    givenAt: z.string().openapi({ description: "ISO 8601" }),
  })
  .openapi("CaseConsent");

/** The description of a field the case's lawyer gets as null before acceptance (issue 17 §2, issue 27 §2). */
const SEALED = "Null for the case's lawyer until they accept the case for review (issue 17 §2)";

/**
 * A case as its two parties see it. Issue 17 §2 (two-stage intake; ABA Model Rule 1.18), issue 27
 * §2: before the lawyer accepts the case, the lawyer gets only the conflict-check summary; every
 * other field (description, documents, budget, date needed, contact details) is null.
 */
export const DetailSchema = SummarySchema.extend({
  documents: z.array(DocumentSchema).nullable().openapi({
    description:
      "The documents; null for the case's lawyer until they accept the case for review (issue 17 §2)",
  }),
  lawyerFirm: z.string(),
  lawyerCountryCode: z.string().openapi({
    description:
      "The listing's country (ISO 3166-1 alpha-2): the jurisdiction when no incidentPlace is given",
  }),
  description: z.string().nullable().openapi({
    description:
      "The description; null for the case's lawyer until they accept the case for review (issue 17 §2)",
  }),
  otherParty: z.string().nullable().openapi({ description: "The other party (conflict check, issue 17 §2)" }),
  incidentDate: z.string().nullable().openapi({ description: "YYYY-MM-DD" }),
  incidentPlace: z.string().nullable(),
  acceptedAt: z
    .string()
    .nullable()
    .openapi({ description: "When the lawyer accepted the case for review (ISO 8601)" }),
  declinedAt: z.string().nullable().openapi({ description: "When the lawyer declined the case (ISO 8601)" }),
  declineReason: z.string().nullable().openapi({ description: "The lawyer's reason, shown to the client" }),
  summaryOnly: z.boolean().openapi({
    description:
      "True while the caller is the lawyer and the case is not accepted: only the conflict-check summary",
  }),
  consents: z.array(ConsentSchema),
  dateNeeded: z.string().nullable().openapi({ description: SEALED }),
  clientName: z.string(),
  clientEmail: z.string().nullable().openapi({ description: SEALED }),
  clientPhone: z.string().nullable().openapi({ description: SEALED }),
  preferredCommunication: z.string().nullable().openapi({ description: SEALED }),
  budget: z.string().nullable().openapi({ description: SEALED }),
  updatedAt: z.string(),
  timeline: z.array(z.object({ status: z.enum(CASE_STATUSES), createdAt: z.string() })),
  messages: z.array(MessageSchema),
  engagedAt: z.string().nullable().openapi({
    description:
      "When the lawyer first marked the case engaged (ISO 8601); starts the review window (issue 16 §1)",
  }),
  viewerRole: z.enum(["client", "lawyer"]),
}).openapi("CaseDetail");

/** A case in a dashboard list. */
export const ListItemSchema = z
  .object({
    id: z.string().uuid(),
    caseTitle: z.string(),
    caseType: z.string(),
    status: z.enum(CASE_STATUSES),
    priority: z.string(),
    lawyerName: z.string(),
    clientName: z.string(),
    createdAt: z.string(),
  })
  .openapi("CaseListItem");

/** An error answer (the one error body) described as `description`. */
export const err = (description: string) => errorResponse(description);
/** A 429 answer with Retry-After, described as `description`. */
export const tooMany = (description: string) => ({ 429: rateLimitedResponse(description) });
/** A case's parties: signed in, or the tracking token header. */
export const security: Record<string, string[]>[] = [...SIGNED_IN_SECURITY, { caseToken: [] }];
/** The path's case id. */
export const IdParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "0b7e…" }),
});
/** 404 of every case route. */
export const notFound = {
  404: err("No such case, a malformed id, or the caller is not one of its two parties"),
};
/** The optional tracking token header. */
export const tokenHeader = z.object({
  "x-case-token": z
    .string()
    .optional()
    .openapi({ description: "The case's private tracking token (the client without an account)" }),
});

/** The caller of a case route: the signed-in user (or null) and the `X-Case-Token` header (or null). */
export function viewerOf(c: Context): CaseViewer {
  return {
    user: optionalUser(c)?.user ?? null,
    trackingToken: c.req.header(CASE_TOKEN_HEADER) ?? null,
  };
}

/**
 * Route middleware: the caller is one of the case's two parties, checked before the body is
 * validated (so a stranger learns nothing from a 400); NotFoundError 404 otherwise.
 */
export function caseParty(cases: Pick<CasesService, "access">): MiddlewareHandler {
  return async (c, next) => {
    if (!(await cases.access(c.req.param("id") ?? "", viewerOf(c))))
      throw new NotFoundError(CASE_MESSAGES.notFound);
    await next();
  };
}
