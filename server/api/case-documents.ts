/**
 * Case document downloads for the case's two parties (issue 4 "Safety"): GET
 * /api/cases/{id}/documents/{docId} (the API's credentials) and GET /cases/{id}/documents/{docId}
 * (the case page's links: the session cookie or the case's tracking cookie). The file is sent as
 * an attachment with its stored type, never rendered by the site.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { msg } from "../../lib/i18n/message.ts";
import type { CaseViewer } from "../cases/service.ts";
import type { Services } from "../services.ts";
import { fullSession } from "./auth-middleware.ts";
import { err, IdParams, notFound, security, tokenHeader, viewerOf } from "./case-shared.ts";
import { downloadResponse } from "./download-response.ts";

/** The 404 message of an unknown, malformed or forbidden document id. */
const DOCUMENT_NOT_FOUND = msg("errors:cases.documentNotFound");

const downloadRoute = createRoute({
  method: "get",
  path: "/api/cases/{id}/documents/{docId}",
  operationId: "downloadCaseDocument",
  summary: "Download a case document (its two parties)",
  description:
    "The file as an attachment with its stored media type, `X-Content-Type-Options: nosniff` and " +
    "`Cache-Control: private, no-store`. Streamed through the server after authorisation (no presigned " +
    "or public link); every download is recorded and listed to the client (issue 17 §3).",
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
    422: err(
      "The stored file could not be decrypted and authenticated (altered or damaged; issue 17 §3): `{ message }`",
    ),
  },
});

/**
 * Registers the download routes on `app`: the file as an attachment (download-response.ts
 * downloadResponse); 404 for anyone but the case's two parties, a malformed or unknown id.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerCaseDocumentRoutes(app: OpenAPIHono<any>, services: Services): void {
  const { cases } = services;
  app.openapi(downloadRoute, async (c) => {
    const { id, docId } = c.req.valid("param");
    return downloadResponse(c, await cases.download(id, docId, viewerOf(c)), DOCUMENT_NOT_FOUND);
  });

  // The case page's download links (/cases/{id}/documents/{docId}): the same file for the
  // session cookie or the case's tracking cookie. The /api routes never read that cookie (they
  // take the X-Case-Token header), so a cross-site request cannot use it there.
  app.get("/cases/:id/documents/:docId", async (c) => {
    const id = c.req.param("id");
    const viewer: CaseViewer = {
      // Issue 27 §2: a session that must change its password opens no document.
      user:
        fullSession(await services.accounts.userFromRequest(c.req.raw), c.req.method, c.req.path)?.user ??
        null,
      trackingToken: cases.trackingTokenFromRequest(c.req.raw, id),
    };
    return downloadResponse(c, await cases.download(id, c.req.param("docId"), viewer), DOCUMENT_NOT_FOUND);
  });
}
