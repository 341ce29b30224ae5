/**
 * Data rights over the API (issue 17 §4): the export (GDPR Art. 15 access, Art. 20 portability;
 * answered at once or within minutes, well inside Art. 12(3)'s one month) and the account's
 * erasure with its grace period (Art. 17).
 *
 * - `GET /api/account/export`: a signed-in account's export; with `?caseId=` and `X-Case-Token`,
 *   the export of that one case for a visitor with its link. 200 `application/zip`, or 202
 *   `{ status: "building", statusUrl }` for a large export built in the background.
 * - `GET /api/account/export/{id}`: a background export: 202 while building, 200 the zip, 410 when
 *   the build failed, 404 for anyone else's, unknown or expired.
 * - `DELETE /api/account` `{ password }`: 202 `{ requestedAt, deletionDate }`. Re-authentication
 *   is the current password in the body (a stolen session alone cannot delete an account; the
 *   page form asks for it too). Staff accounts: 403.
 * - `GET /api/account/deletion`: the pending deletion (404 none); `DELETE /api/account/deletion`
 *   cancels it (204; 404 none).
 *
 * The case page's own export links (`/cases/{id}/export`, `/cases/{id}/export/{exportId}`) read the
 * case's tracking cookie, like its document downloads (server/api/case-documents.ts): /api routes
 * never read that cookie, so a cross-site request cannot use it there.
 */
import { Readable } from "node:stream";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isLocale, type Locale } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import type { CasesService } from "../cases/service.ts";
import { GoneError, NotFoundError, UnauthorizedError } from "../errors.ts";
import { jsonBody } from "../http.ts";
import {
  DATA_RIGHTS_MESSAGES,
  type ExportStart,
  type ExportState,
  type ExportSubject,
} from "../rights/index.ts";
import type { Services } from "../services.ts";
import { optionalUser, requireUser, signedIn } from "./auth-middleware.ts";
import { CASE_TOKEN_HEADER, err, tooMany } from "./case-shared.ts";
import { SIGNED_IN_SECURITY, signedInRoute } from "./openapi.ts";

const BuildingSchema = z
  .object({
    status: z.enum(["building"]),
    statusUrl: z.string().openapi({ description: "GET it for the status, then the zip (same credentials)" }),
  })
  .openapi("DataExportBuilding");

const zipContent = {
  "application/zip": {
    schema: z.any().openapi({
      type: "string",
      format: "binary",
      description: "data.json (schema: docs/data-export.md) and documents/<case id>/<file name>",
    }),
  },
};

const exportSecurity: Record<string, string[]>[] = [...SIGNED_IN_SECURITY, { caseToken: [] }];

const exportRoute = createRoute({
  method: "get",
  path: "/api/account/export",
  operationId: "exportAccountData",
  summary: "Download all your data (GDPR Art. 15 and 20)",
  description:
    "A signed-in client's or lawyer's data, or with `caseId` and `X-Case-Token` the data of that one case. " +
    "Small exports stream at once as a zip; over 20 documents or 50 MB the zip is built in the background " +
    "(202), the person is emailed when it is ready, and it stays available for 7 days. 5 exports an hour.",
  security: exportSecurity,
  request: {
    query: z.object({
      caseId: z
        .string()
        .optional()
        .openapi({ description: "The case of the X-Case-Token (case-link visitors)" }),
    }),
    headers: z.object({
      "x-case-token": z.string().optional().openapi({ description: "The case's tracking or access token" }),
    }),
  },
  responses: {
    200: { description: "The zip", content: zipContent },
    202: {
      description: "Built in the background",
      content: { "application/json": { schema: BuildingSchema } },
    },
    401: err("Neither signed in nor a case token"),
    404: err("Unknown case, malformed id or a token of another case"),
    ...tooMany("More than 5 exports within an hour"),
  },
});

const exportStatusRoute = createRoute({
  method: "get",
  path: "/api/account/export/{id}",
  operationId: "getDataExport",
  summary: "A background data export: its status, then its zip",
  description: "With the credentials that started it (the account, or `caseId` and `X-Case-Token`).",
  security: exportSecurity,
  request: {
    params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) }),
    query: z.object({ caseId: z.string().optional() }),
    headers: z.object({ "x-case-token": z.string().optional() }),
  },
  responses: {
    200: { description: "The zip (ready)", content: zipContent },
    202: { description: "Still building", content: { "application/json": { schema: BuildingSchema } } },
    401: err("Neither signed in nor a case token"),
    404: err("Unknown, expired, or another person's export"),
    410: err("The build failed; start a new export"),
  },
});

const PendingSchema = z
  .object({
    requestedAt: z.string().openapi({ description: "ISO 8601" }),
    deletionDate: z.string().openapi({ description: "ISO 8601: when the daily job deletes the account" }),
  })
  .openapi("AccountDeletion");

const deleteRoute = signedInRoute(signedIn(), {
  method: "delete",
  path: "/api/account",
  operationId: "deleteAccount",
  summary: "Delete your account after a 7-day grace period (GDPR Art. 17)",
  description:
    "Re-authentication: the current password in the body. Schedules the deletion 7 days ahead, emails a " +
    "confirmation, and can be cancelled until then (DELETE /api/account/deletion). What is deleted and what " +
    "is kept: docs/data-rights.md. Staff accounts cannot delete themselves this way (403).",
  request: { body: jsonBody(z.object({ password: z.string().min(1).max(200) })) },
  responses: {
    202: { description: "Scheduled", content: { "application/json": { schema: PendingSchema } } },
    401: err("Not signed in"),
    403: err("A staff account"),
    ...tooMany("More than 10 deletion requests or cancellations within an hour"),
  },
});

const pendingRoute = signedInRoute(signedIn(), {
  method: "get",
  path: "/api/account/deletion",
  operationId: "getAccountDeletion",
  summary: "Your account's pending deletion",
  responses: {
    200: { description: "Pending", content: { "application/json": { schema: PendingSchema } } },
    401: err("Not signed in"),
    404: err("No deletion is pending"),
  },
});

const cancelRoute = signedInRoute(signedIn(), {
  method: "delete",
  path: "/api/account/deletion",
  operationId: "cancelAccountDeletion",
  summary: "Cancel your account's pending deletion",
  responses: {
    204: { description: "Cancelled" },
    401: err("Not signed in"),
    404: err("No deletion is pending"),
    ...tooMany("More than 10 deletion requests or cancellations within an hour"),
  },
});

/** The zip as an attachment, private and never cached. */
export function zipResponse(body: Readable, fileName: string, size?: number): Response {
  const headers: Record<string, string> = {
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  };
  if (size !== undefined) headers["Content-Length"] = String(size);
  return new Response(Readable.toWeb(body) as ReadableStream, { status: 200, headers });
}

/** The answer of a started export: the zip, or 202 with the status URL (`statusPath` maps the id). */
export function exportStartResponse(
  c: Context,
  start: ExportStart,
  statusPath = (id: string) => `/api/account/export/${id}`,
) {
  if (start.kind === "zip") return zipResponse(start.body, start.fileName);
  c.header("Cache-Control", "private, no-store");
  return c.json({ status: "building" as const, statusUrl: statusPath(start.id) }, 202);
}

/** The answer of a background export's state (see exportStatusRoute). */
export function exportStateResponse(c: Context, state: ExportState, statusUrl: string) {
  if (state.kind === "zip") return zipResponse(state.body, state.fileName, state.size);
  if (state.status === "failed") throw new GoneError(msg("errors:dataRights.exportFailed"));
  c.header("Cache-Control", "private, no-store");
  return c.json({ status: "building" as const, statusUrl }, 202);
}

/**
 * The export's subject for a request: a case with `caseId` and a valid token of that case (404
 * otherwise, even when signed in: the caller asked for that case), else the signed-in account
 * (401 without one).
 */
async function subjectOf(
  cases: Pick<CasesService, "checkTrackingToken">,
  caseId: string | undefined,
  token: string | null,
  signedInUserId: string | null,
): Promise<ExportSubject> {
  if (caseId !== undefined || token) {
    if (!caseId || !token || !(await cases.checkTrackingToken(caseId, token)))
      throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
    return { kind: "case", caseId };
  }
  if (!signedInUserId) throw new UnauthorizedError(msg("errors:auth.signedOut"));
  return { kind: "user", userId: signedInUserId };
}

/** The locale of the ready email: the request's Accept-Language when supported (the account's own wins later). */
function requestLocale(c: Context): Locale {
  const tag = (c.req.header("Accept-Language") ?? "").split(",")[0]?.split(";")[0]?.trim() ?? "";
  return isLocale(tag) ? tag : "en";
}

/** subjectOf for an API request: its `X-Case-Token` header and its signed-in account, if any. */
function apiSubjectOf(
  cases: Services["cases"],
  c: Context,
  caseId: string | undefined,
): Promise<ExportSubject> {
  return subjectOf(cases, caseId, c.req.header(CASE_TOKEN_HEADER) ?? null, optionalUser(c)?.user.id ?? null);
}

/** Registers the data-rights routes (see the module's comment) on `app`. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerAccountRightsRoutes(app: OpenAPIHono<any>, services: Services): void {
  const { rights, cases } = services;

  app.openapi(exportRoute, async (c) => {
    const { caseId } = c.req.valid("query");
    const subject = await apiSubjectOf(cases, c, caseId);
    const start = await rights.startExport(subject, requestLocale(c));
    return exportStartResponse(c, start, (id) =>
      subject.kind === "case"
        ? `/api/account/export/${id}?caseId=${subject.caseId}`
        : `/api/account/export/${id}`,
    ) as never;
  });

  app.openapi(exportStatusRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { caseId } = c.req.valid("query");
    const subject = await apiSubjectOf(cases, c, caseId);
    const url = new URL(c.req.url);
    return exportStateResponse(
      c,
      await rights.exportState(id, subject),
      `${url.pathname}${url.search}`,
    ) as never;
  });

  app.openapi(deleteRoute, async (c) => {
    const { user } = requireUser(c);
    const { password } = c.req.valid("json");
    return c.json(await rights.requestErasure(user, password), 202);
  });

  app.openapi(pendingRoute, async (c) => {
    const pending = await rights.pendingErasure(requireUser(c).user.id);
    if (!pending) throw new NotFoundError(DATA_RIGHTS_MESSAGES.noPendingDeletion);
    return c.json(pending, 200);
  });

  app.openapi(cancelRoute, async (c) => {
    await rights.cancelErasure(requireUser(c).user);
    return c.body(null, 204);
  });

  // The case page's links: the case's tracking cookie (or the signed-in party's session).
  app.get("/cases/:id/export", async (c) => {
    const id = c.req.param("id");
    const token = cases.trackingTokenFromRequest(c.req.raw, id);
    if (!token) throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
    const subject = await subjectOf(cases, id, token, null);
    return exportStartResponse(
      c,
      await rights.startExport(subject, requestLocale(c)),
      (exportId) => `/cases/${id}/export/${exportId}`,
    );
  });
  app.get("/cases/:id/export/:exportId", async (c) => {
    const id = c.req.param("id");
    const token = cases.trackingTokenFromRequest(c.req.raw, id);
    if (!token) throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
    const subject = await subjectOf(cases, id, token, null);
    return exportStateResponse(
      c,
      await rights.exportState(c.req.param("exportId"), subject),
      new URL(c.req.url).pathname,
    );
  });
}
