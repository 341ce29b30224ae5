/**
 * /api/cases routes (spec §7 "POST /api/cases"; issue 4 "Case submission", "Tracking and
 * messages", "Safety"): submit a case with documents, list my cases, read one case, change its
 * status, its message thread, and document downloads. Declared with @hono/zod-openapi so
 * /api/openapi.json describes them; handlers are thin: parse, call one cases-service function
 * (server/cases/), shape the answer.
 *
 * Who may do what (server/cases/index.ts): a case's two parties are its client (the signed-in
 * account that submitted it, or whoever sends its private tracking token in the `X-Case-Token`
 * header) and its lawyer (the account linked to the listing it was sent to). Anyone else, and any
 * malformed or unknown id, gets 404. Errors answer JSON `{ message, field? }`.
 */
import { Readable } from "node:stream";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  CASE_DOCUMENT_MAX_BYTES,
  CASE_DOCUMENT_MAX_COUNT,
  CaseMessageSchema,
  CaseStatusChangeSchema,
  CaseSubmissionSchema,
} from "../../lib/cases.ts";
import { CASE_PRIORITIES, CASE_STATUSES, CASE_TYPES } from "../../lib/constants.ts";
import { CASE_MESSAGES, CaseError } from "../cases/index.ts";
import {
  ACCEPTED_TYPES_TEXT,
  CASE_BODY_MAX_BYTES,
  CASE_UPLOAD_MESSAGES,
  discardStaged,
  readCaseForm,
} from "../cases/intake.ts";
import type { CaseDownload, CaseViewer, StagedDocument } from "../cases/service.ts";
import { stripControls } from "../cases/text.ts";
import type { Services } from "../services.ts";
import { optionalUser, requestMeta, requireUser } from "./auth-middleware.ts";
import { documentedJsonBody, jsonResponse, SIGNED_IN_SECURITY } from "./openapi.ts";

/** The request header that carries a case's private tracking token (the visitor's access to the API). */
export const CASE_TOKEN_HEADER = "X-Case-Token";
/** Largest JSON body of a cases request: 64 KB (the 10,000-character description fits). */
export const CASE_JSON_MAX_BYTES = 64 * 1024;
/** Message of the 415 for a body that is neither multipart/form-data nor JSON. */
export const CASE_UNSUPPORTED_TYPE =
  "Send the case as multipart/form-data (with documents) or as application/json.";
/** Message of the 400 for a JSON body that does not parse. */
export const CASE_BAD_JSON = "The request body is not valid JSON.";

const ErrorSchema = z
  .object({
    message: z.string(),
    field: z.string().optional().openapi({ description: "The payload key of the first problem" }),
  })
  .openapi("CaseError");

const DocumentSchema = z
  .object({
    id: z.string().uuid(),
    fileName: z.string(),
    fileType: z.string().openapi({ description: "Type found in the content: pdf, doc, docx, jpg or png" }),
    fileSize: z.number().int().openapi({ description: "Bytes" }),
  })
  .openapi("CaseDocument");

const SummarySchema = z
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
  })
  .openapi("CaseSummary");

const MessageSchema = z
  .object({
    id: z.string().uuid(),
    authorRole: z.enum(["client", "lawyer"]),
    body: z.string(),
    createdAt: z.string(),
  })
  .openapi("CaseMessage");

const DetailSchema = SummarySchema.extend({
  lawyerFirm: z.string(),
  description: z.string(),
  dateNeeded: z.string().nullable(),
  clientName: z.string(),
  clientEmail: z.string(),
  clientPhone: z.string(),
  preferredCommunication: z.string(),
  budget: z.string().nullable(),
  updatedAt: z.string(),
  timeline: z.array(z.object({ status: z.enum(CASE_STATUSES), createdAt: z.string() })),
  messages: z.array(MessageSchema),
  viewerRole: z.enum(["client", "lawyer"]),
}).openapi("CaseDetail");

const ListItemSchema = z
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

const err = (description: string) => jsonResponse(ErrorSchema, description);
const tooMany = (description: string) => ({
  429: {
    ...err(description),
    headers: z.object({ "Retry-After": z.string().openapi({ description: "Seconds" }) }),
  },
});
const security: Record<string, string[]>[] = [...SIGNED_IN_SECURITY, { caseToken: [] }];
const IdParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "0b7e…" }),
});
const notFound = { 404: err("No such case, a malformed id, or the caller is not one of its two parties") };
const tokenHeader = z.object({
  "x-case-token": z
    .string()
    .optional()
    .openapi({ description: "The case's private tracking token (the client without an account)" }),
});

const payloadProperties = {
  caseTitle: { type: "string", maxLength: 255 },
  caseType: { type: "string", enum: [...CASE_TYPES] },
  description: { type: "string", maxLength: 10_000 },
  priority: { type: "string", enum: [...CASE_PRIORITIES], default: "medium" },
  dateNeeded: { type: "string", maxLength: 50 },
  clientName: { type: "string", maxLength: 255 },
  clientEmail: { type: "string", format: "email", maxLength: 255 },
  clientPhone: { type: "string", maxLength: 50 },
  preferredCommunication: { type: "string", default: "email" },
  budget: { type: "string" },
  lawyerId: { type: "integer" },
};
const required = [
  "caseTitle",
  "caseType",
  "description",
  "clientName",
  "clientEmail",
  "clientPhone",
  "lawyerId",
];

const submitRoute = createRoute({
  method: "post",
  path: "/api/cases",
  operationId: "submitCase",
  summary: "Submit a case to a lawyer",
  description:
    `The case payload of spec §3, as multipart/form-data with 0–${CASE_DOCUMENT_MAX_COUNT} files in parts named ` +
    `\`documents\` (${ACCEPTED_TYPES_TEXT}, at most ${CASE_DOCUMENT_MAX_BYTES / 1024 / 1024} MB each; the type is read ` +
    "from the content), or as application/json without documents. Visitors may submit; a signed-in client finds " +
    "the case in the dashboard (`caseUrl`), a visitor gets a private tracking link by email (`caseUrl` null). A " +
    "lawyer account submits like a visitor, never to its own listing (403). The listing's email gets a notice. " +
    "Limited per IP (10 per hour).",
  security: [{}, ...SIGNED_IN_SECURITY],
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              ...payloadProperties,
              documents: { type: "array", items: { type: "string", format: "binary" }, maxItems: 10 },
            },
            required,
          } as Record<string, unknown>,
        },
        "application/json": {
          schema: { type: "object", properties: payloadProperties, required } as Record<string, unknown>,
        },
      },
      required: true,
    },
  },
  responses: {
    201: jsonResponse(
      z.object({
        case: SummarySchema,
        caseUrl: z
          .string()
          .nullable()
          .openapi({ description: "/cases/{id} for a signed-in client, else null" }),
      }),
      "The stored case",
    ),
    400: err("A missing, too long or invalid field (`field` names it), or a body that cannot be read"),
    403: err("A lawyer account submitting to its own listing"),
    404: err("No listing with this lawyerId"),
    413: err("A document over 10 MB (reading stops there), more than 10 documents, or a body over ~101 MB"),
    415: err("Neither multipart/form-data nor application/json"),
    422: err("A document whose content is not PDF, DOC, DOCX, JPEG or PNG, or that is empty"),
    ...tooMany("Past 10 case submissions per hour from this IP"),
  },
});

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
  security,
  request: { params: IdParams, headers: tokenHeader },
  responses: { 200: jsonResponse(z.object({ case: DetailSchema }), "The case"), ...notFound },
});

/**
 * A JSON body documented with the JSON Schema of a shared zod schema. Documented only: the handler
 * validates it itself, after checking that the caller is a party (so `field` is answered too).
 */
const statusBody = documentedJsonBody(CaseStatusChangeSchema);
const statusResponses = {
  200: jsonResponse(z.object({ case: DetailSchema }), "The case with its new status and timeline"),
  400: err("Not one of pending, reviewing, accepted, declined, closed"),
  403: err("The case's client (only its lawyer changes the status)"),
  ...notFound,
};
const statusDescription =
  "The case's lawyer moves the status along pending, reviewing, accepted or declined, and closed; each change " +
  "adds a timeline step and emails the client. Setting the current status again changes nothing.";
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
    body: documentedJsonBody(CaseMessageSchema),
  },
  responses: {
    201: jsonResponse(z.object({ message: MessageSchema }), "The new message"),
    400: err("An empty or too long message"),
    ...notFound,
    ...tooMany("Past 20 messages per hour from this IP"),
  },
});

const downloadRoute = createRoute({
  method: "get",
  path: "/api/cases/{id}/documents/{docId}",
  operationId: "downloadCaseDocument",
  summary: "Download a case document (its two parties)",
  description:
    "The file as an attachment with its stored media type, `X-Content-Type-Options: nosniff` and " +
    "`Cache-Control: private, no-store`.",
  security,
  request: {
    params: IdParams.extend({ docId: z.string().openapi({ param: { name: "docId", in: "path" } }) }),
    headers: tokenHeader,
  },
  responses: {
    200: {
      description: "The document's bytes",
      content: { "application/octet-stream": { schema: z.any() } },
    },
    ...notFound,
  },
});

/**
 * `Content-Disposition: attachment` for `fileName`: an ASCII fallback (non-ASCII, quotes,
 * backslashes and control characters become `_`) and the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = stripControls(fileName).replace(/[^\x20-\x7e]|["\\]/g, "_") || "document";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The answer for a document download: the bytes as an attachment (attachmentDisposition) with the
 * stored media type, `nosniff`, `Cache-Control: private, no-store` and a sandboxing CSP; 404
 * `{ message }` when `file` is null.
 */
function downloadResponse(file: CaseDownload | null): Response {
  if (!file) {
    return Response.json(
      { message: "Document not found." },
      { status: 404, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    status: 200,
    headers: {
      "Content-Type": file.mediaType,
      "Content-Length": String(file.size),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** The caller of a case route: the signed-in user (or null) and the `X-Case-Token` header (or null). */
function viewerOf(c: Context): CaseViewer {
  return {
    user: optionalUser(c)?.user ?? null,
    trackingToken: c.req.header(CASE_TOKEN_HEADER) ?? null,
  };
}

/** 413 `{ message, field }` that closes the connection (the unread rest of the body must not be taken for a next request). */
function refuseEarly(c: Context, error: CaseError): Response {
  if (error.status === 413) c.header("Connection", "close");
  return c.json({ message: error.message, ...(error.field ? { field: error.field } : {}) }, error.status);
}

/** Reads a JSON body of at most CASE_JSON_MAX_BYTES; 413 past it, 400 when it does not parse. */
async function readJson(c: Context): Promise<unknown> {
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > CASE_JSON_MAX_BYTES)
    throw new CaseError(413, "The request body is too large (at most 64 KB).");
  const text = await c.req.text();
  if (Buffer.byteLength(text) > CASE_JSON_MAX_BYTES)
    throw new CaseError(413, "The request body is too large (at most 64 KB).");
  try {
    return JSON.parse(text);
  } catch {
    throw new CaseError(400, CASE_BAD_JSON);
  }
}

/**
 * Registers the /api/cases routes on `app` (issue 4):
 * - POST /api/cases → 201 `{ case, caseUrl }`; 400, 403, 404, 413, 415, 422, 429
 * - GET /api/cases → 200 `{ cases }`; 401
 * - GET /api/cases/{id} → 200 `{ case }`; 404
 * - POST or PATCH /api/cases/{id}/status `{ status }` → 200 `{ case }`; 400, 403, 404
 * - GET /api/cases/{id}/messages → 200 `{ messages }`; POST `{ body }` → 201 `{ message }`; 400, 404, 429
 * - GET /api/cases/{id}/documents/{docId} → the file as an attachment; 404
 * - GET /cases/{id}/documents/{docId} (the case page's links) → the same for the session cookie or the tracking cookie
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseRoutes(app: OpenAPIHono<any>, services: Services): void {
  const { cases, config } = services;

  app.openapi(submitRoute, async (c) => {
    const contentType = c.req.header("Content-Type") ?? "";
    const multipart = /^multipart\/form-data\s*;/i.test(contentType);
    const isJson = /^application\/json\s*(;|$)/i.test(contentType);
    if (!multipart && !isJson) throw new CaseError(415, CASE_UNSUPPORTED_TYPE);
    const meta = requestMeta(c, config);
    await cases.limitSubmission(meta.ip);
    const submitter = optionalUser(c)?.user ?? null;

    let fields: Record<string, unknown>;
    let staged: StagedDocument[] = [];
    if (multipart) {
      const declared = Number(c.req.header("Content-Length") ?? "0");
      if (declared > CASE_BODY_MAX_BYTES)
        return refuseEarly(c, new CaseError(413, CASE_UPLOAD_MESSAGES.bodyTooLarge, "documents")) as never;
      const incoming = (c.env as { incoming?: Readable } | undefined)?.incoming;
      const source =
        incoming ??
        (c.req.raw.body
          ? Readable.fromWeb(c.req.raw.body as import("node:stream/web").ReadableStream<Uint8Array>)
          : Readable.from([]));
      const tempDir = await cases.documentTempDir();
      try {
        const form = await readCaseForm(source, contentType, tempDir);
        fields = form.fields;
        staged = form.documents;
      } catch (error) {
        if (error instanceof CaseError) return refuseEarly(c, error) as never;
        throw error;
      }
    } else {
      const body = await readJson(c);
      if (typeof body !== "object" || body === null || Array.isArray(body))
        throw new CaseError(400, CASE_BAD_JSON);
      fields = body as Record<string, unknown>;
    }

    const parsed = CaseSubmissionSchema.safeParse(fields);
    if (!parsed.success) {
      await discardStaged(staged);
      const issue = parsed.error.issues[0];
      const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
      throw new CaseError(400, issue?.message ?? "Invalid case.", field);
    }
    const result = await cases.submit(parsed.data, staged, submitter);
    c.header("Cache-Control", "no-store");
    return c.json(result, 201);
  });

  app.openapi(listRoute, async (c) => {
    const { user } = requireUser(c);
    c.header("Cache-Control", "private, no-store");
    return c.json({ cases: await cases.list(user) }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const found = await cases.get(c.req.param("id"), viewerOf(c));
    if (!found) throw new CaseError(404, CASE_MESSAGES.notFound);
    c.header("Cache-Control", "private, no-store");
    return c.json({ case: found }, 200);
  });

  const changeStatus = async (c: Context) => {
    const viewer = viewerOf(c);
    // Existence is checked before the body, so a stranger learns nothing from a 400.
    if (!(await cases.access(c.req.param("id") ?? "", viewer)))
      throw new CaseError(404, CASE_MESSAGES.notFound);
    const parsed = CaseStatusChangeSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new CaseError(400, `Choose one of: ${CASE_STATUSES.join(", ")}.`, "status");
    const updated = await cases.changeStatus(c.req.param("id") ?? "", viewer, parsed.data.status);
    c.header("Cache-Control", "private, no-store");
    return c.json({ case: updated }, 200);
  };
  app.openapi(statusPostRoute, changeStatus as never);
  app.openapi(statusPatchRoute, changeStatus as never);

  app.openapi(messagesGetRoute, async (c) => {
    const found = await cases.get(c.req.param("id"), viewerOf(c));
    if (!found) throw new CaseError(404, CASE_MESSAGES.notFound);
    c.header("Cache-Control", "private, no-store");
    return c.json({ messages: found.messages }, 200);
  });

  app.openapi(messagesPostRoute, async (c) => {
    const viewer = viewerOf(c);
    const id = c.req.param("id");
    if (!(await cases.access(id, viewer))) throw new CaseError(404, CASE_MESSAGES.notFound);
    const body = await readJson(c);
    const text = typeof body === "object" && body !== null ? (body as { body?: unknown }).body : undefined;
    if (typeof text !== "string") throw new CaseError(400, "Write a message.", "body");
    const message = await cases.addMessage(id, viewer, text, requestMeta(c, config).ip);
    c.header("Cache-Control", "no-store");
    return c.json({ message }, 201);
  });

  app.openapi(downloadRoute, async (c) => {
    const file = await cases.download(c.req.param("id"), c.req.param("docId"), viewerOf(c));
    return downloadResponse(file) as never;
  });

  // The case page's download links (/cases/{id}/documents/{docId}): the same file for the
  // session cookie or the case's tracking cookie, which is scoped to Path=/cases and so never
  // reaches /api.
  app.get("/cases/:id/documents/:docId", async (c) => {
    const id = c.req.param("id");
    const viewer: CaseViewer = {
      user: (await services.accounts.userFromRequest(c.req.raw))?.user ?? null,
      trackingToken: cases.trackingTokenFromRequest(c.req.raw, id),
    };
    return downloadResponse(await cases.download(id, c.req.param("docId"), viewer));
  });
}
