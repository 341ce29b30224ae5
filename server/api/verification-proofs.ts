/**
 * GET /verification/proofs/{id}: a verification request's proof file (issue 15 §2 "upload proof
 * (kept private, like case documents)"), for the links of the lawyer's /dashboard/verification
 * and the moderator's /admin/verification/{id}. The session cookie decides: signed out 401; a
 * client 403; the listing's owner and staff who passed the second factor get the file as an
 * attachment (download-response.ts, the case documents' headers: nosniff, private no-store,
 * sandbox CSP); anyone else, an unknown or malformed id 404 (another lawyer learns nothing about
 * the id: IDOR).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { msg } from "../../lib/i18n/message.ts";
import { ForbiddenError, UnauthorizedError } from "../errors.ts";
import { domainErrorResponse } from "../http.ts";
import type { Services } from "../services.ts";
import { fullSession } from "./auth-middleware.ts";
import { downloadResponse } from "./download-response.ts";

/** Registers GET /verification/proofs/:id on `app` (see the module comment). */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerVerificationProofRoutes(app: OpenAPIHono<any>, services: Services): void {
  app.get("/verification/proofs/:id", async (c) => {
    c.header("Cache-Control", "private, no-store");
    // Issue 27 §2: a session that must change its password opens no proof.
    const auth = await services.accounts.userFromRequest(c.req.raw);
    const user = fullSession(auth, c.req.method, c.req.path)?.user ?? null;
    if (!user) return domainErrorResponse(c, new UnauthorizedError(msg("errors:auth.signedOut")));
    if (user.role === "user") return domainErrorResponse(c, new ForbiddenError(msg("errors:auth.forbidden")));
    const file = await services.verification.download(user, c.req.param("id"));
    return downloadResponse(c, file, msg("errors:verification.proofNotFound"));
  });
}
