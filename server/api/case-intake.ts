/**
 * POST /api/cases (spec §7; issue 4 "Case submission"): a case with its documents, as
 * multipart/form-data read as it streams in (server/cases/intake.ts: each document's size and
 * type are checked while it is read), or as JSON without documents, declared and validated with
 * CaseSubmissionSchema (lib/cases.ts). Both are held to the same schema; failures are DomainErrors,
 * answered as `{ message, fieldErrors? }` (server/http.ts).
 */

import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { CASE_DOCUMENT_MAX_BYTES, CASE_DOCUMENT_MAX_COUNT, CaseSubmissionSchema } from "../../lib/cases.ts";
import { CASE_PRIORITIES } from "../../lib/constants.ts";
import {
  ACCEPTED_TYPES_TEXT,
  CASE_BODY_MAX_BYTES,
  CASE_UPLOAD_MESSAGES,
  discardStaged,
  readCaseForm,
} from "../cases/intake.ts";
import type { StagedDocument } from "../cases/service.ts";
import type { Db } from "../db/client.ts";
import { declareBody, multipartContent, validatedJson, validationErrorOf } from "../http.ts";
import { apiLocale } from "../i18n.ts";
import type { Services } from "../services.ts";
import { optionalUser, requestMeta } from "./auth-middleware.ts";
import { CASE_JSON_MAX_BYTES, err, SummarySchema, tooMany } from "./case-shared.ts";
import { jsonResponse, SIGNED_IN_SECURITY } from "./openapi.ts";
import {
  defaultPhoneCountry,
  LISTING_PHONE_COUNTRY_DESCRIPTION,
  phoneCountryDefaults,
  withDefaultPhoneCountry,
} from "./phone-country.ts";

/** Message of the 415 for a body that is neither multipart/form-data nor JSON. */
export const CASE_UNSUPPORTED_TYPE =
  "Send the case as multipart/form-data (with documents) or as application/json.";

/**
 * The body rules of POST /api/cases: the whole multipart body (documents included) up to
 * CASE_BODY_MAX_BYTES, counted by the intake as it streams; a JSON body (no documents) up to
 * CASE_JSON_MAX_BYTES, counted by the request body guard.
 */
const BODY_RULES = {
  maxBytes: CASE_BODY_MAX_BYTES,
  tooLargeMessage: CASE_UPLOAD_MESSAGES.bodyTooLarge,
  unsupportedMessage: CASE_UNSUPPORTED_TYPE,
  streamed: true,
  jsonMaxBytes: CASE_JSON_MAX_BYTES,
} as const;

const payloadProperties = {
  caseTitle: { type: "string", maxLength: 255 },
  caseType: { $ref: "#/components/schemas/CaseType" },
  description: { type: "string", maxLength: 10_000 },
  priority: { type: "string", enum: [...CASE_PRIORITIES], default: "medium" },
  dateNeeded: { type: "string", maxLength: 50 },
  clientName: { type: "string", maxLength: 255 },
  clientEmail: { type: "string", format: "email", maxLength: 255 },
  clientPhone: { type: "string", maxLength: 50 },
  phoneCountry: {
    type: "string",
    pattern: "^[A-Za-z]{2}$",
    description:
      "ISO 3166-1 alpha-2 country a national clientPhone is read in (default: the Accept-Language region)",
  },
  preferredCommunication: { type: "string", default: "email" },
  budget: { type: "string" },
  lawyerId: { type: "integer" },
  otherParty: {
    type: "string",
    maxLength: 255,
    description: "The other party, a person or a company (conflict check, issue 17 §2)",
  },
  incidentDate: {
    type: "string",
    format: "date",
    description: "When the incident happened (YYYY-MM-DD, from 1900-01-01, not in the future)",
  },
  incidentPlace: { type: "string", maxLength: 255, description: "Where the incident happened" },
  healthDataConsent: {
    type: "boolean",
    description:
      "Must be true (issue 17 §1, GDPR Art. 9(2)(a)): explicit consent that LexAtlas processes the health " +
      "information of the case to send it to the lawyer; a form checkbox may send `true` or `on`",
  },
};
const required = [
  "caseTitle",
  "caseType",
  "description",
  "clientName",
  "clientEmail",
  "clientPhone",
  "lawyerId",
  "healthDataConsent",
];

/**
 * POST /api/cases; its middleware reads the listing's country from `db` for a national phone sent
 * without `phoneCountry` or an Accept-Language region (issue 28 §4).
 */
const submitRouteWith = (db: Pick<Db, "select">) =>
  createRoute({
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
      "Limited per IP (10 per hour). Issue 17: `healthDataConsent: true` is required (400 with a field error " +
      "without it) and stored as a consent of the case; the optional `otherParty`, `incidentDate` and " +
      "`incidentPlace` are the conflict-check facts the lawyer sees first — the lawyer's email and the case's " +
      "first view carry only that summary, never the description or the documents (two-stage intake). " +
      LISTING_PHONE_COUNTRY_DESCRIPTION,
    security: [{}, ...SIGNED_IN_SECURITY],
    middleware: [
      phoneCountryDefaults({
        db,
        lawyerIdOf: (_c, body) => (body as { lawyerId?: unknown } | null)?.lawyerId,
      }),
    ] as const,
    request: {
      body: declareBody(
        {
          content: {
            ...multipartContent(
              {
                ...payloadProperties,
                documents: { type: "array", items: { type: "string", format: "binary" }, maxItems: 10 },
              },
              required,
            ),
            // Declared with zod: a JSON submission is validated by @hono/zod-openapi with it.
            "application/json": { schema: CaseSubmissionSchema },
          },
          // Not `required` for the validator's sake: with it, a multipart body would be checked as
          // JSON. The request body guard still refuses a body of another type (415).
          required: false,
        },
        BODY_RULES,
      ),
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
      400: err(
        "A missing, too long or invalid field (`fieldErrors` by field; `healthDataConsent` without consent, `incidentDate` in the future), or a body that cannot be read",
      ),
      403: err("A lawyer account submitting to its own listing"),
      404: err("No listing with this lawyerId"),
      413: err("A document over 10 MB (reading stops there), more than 10 documents, or a body over ~101 MB"),
      415: err("Neither multipart/form-data nor application/json"),
      422: err("A document whose content is not PDF, DOC, DOCX, JPEG or PNG, or that is empty"),
      ...tooMany("Past 10 case submissions per hour from this IP"),
    },
  });

/**
 * Registers POST /api/cases on `app` (issue 4): 201 `{ case, caseUrl }`; 400 `{ message,
 * fieldErrors }`, 403 a lawyer's own listing, 404 unknown listing, 413 (a document over 10 MB,
 * too many documents, a body over the limit; reading stops there), 415 neither multipart nor
 * JSON, 422 a document of another type or empty, 429 past 'case-ip' with Retry-After.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseIntakeRoutes(app: OpenAPIHono<any>, services: Services): void {
  const { cases, config } = services;
  app.openapi(submitRouteWith(services.db), async (c) => {
    const contentType = c.req.header("Content-Type") ?? "";
    const multipart = /^multipart\/form-data\s*;/i.test(contentType);
    const meta = requestMeta(c, config);
    await cases.limitSubmission(meta.ip);
    const submitter = optionalUser(c)?.user ?? null;
    // Issue 27 §2: the submission's signal for the review checks (IP and browser, hashed).
    const recordSubmission = (caseId: string) =>
      services.reviewSignals.record({ kind: "case_submitted", userId: submitter?.id ?? null, caseId }, meta);
    if (!multipart) {
      // A JSON body was validated by the route's declaration; a request without a body is checked here.
      let payload: z.output<typeof CaseSubmissionSchema>;
      if (contentType) payload = validatedJson(c, CaseSubmissionSchema);
      else {
        const parsed = CaseSubmissionSchema.safeParse({});
        if (!parsed.success) throw validationErrorOf(parsed.error.issues);
        payload = parsed.data;
      }
      const result = await cases.submit(payload, [], submitter, apiLocale(c.req.header("Accept-Language")));
      await recordSubmission(result.case.id);
      c.header("Cache-Control", "no-store");
      return c.json(result, 201);
    }
    const incoming = (c.env as { incoming?: Readable } | undefined)?.incoming;
    const source =
      incoming ??
      (c.req.raw.body
        ? Readable.fromWeb(c.req.raw.body as NodeReadableStream<Uint8Array>)
        : Readable.from([]));
    const form = await readCaseForm(source, contentType, await cases.documentTempDir());
    // Issue 28 §4: a national phone is read in phoneCountry, else the Accept-Language region, else
    // the lawyer's country.
    const country = await defaultPhoneCountry(
      services.db,
      c.req.header("Accept-Language"),
      form.fields.lawyerId,
    );
    const parsed = CaseSubmissionSchema.safeParse(withDefaultPhoneCountry(form.fields, country));
    if (!parsed.success) {
      await discardStaged(form.documents);
      throw validationErrorOf(parsed.error.issues);
    }
    const staged: StagedDocument[] = form.documents;
    const result = await cases.submit(
      parsed.data,
      staged,
      submitter,
      apiLocale(c.req.header("Accept-Language")),
    );
    await recordSubmission(result.case.id);
    c.header("Cache-Control", "no-store");
    return c.json(result, 201);
  });
}
