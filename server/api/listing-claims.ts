/**
 * The emailed links of /api/listing (issue 3 "Lawyer onboarding"): the claim link that proves the
 * listing's email and links the account to it, and the link that verifies the account's email
 * before it creates a listing. Bodies are declared with zod (server/http.ts jsonBody), which
 * validates them; failures are DomainErrors answered as `{ message, fieldErrors? }`.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { ClaimConfirmSchema, EmailVerifyConfirmSchema } from "../../lib/listing-owner-schema.ts";
import type { Config } from "../config.ts";
import { errorResponse, jsonBody } from "../http.ts";
import type { ListingsService } from "../listings/index.ts";
import { requestMeta, requireUser } from "./auth-middleware.ts";
import { LISTING_BODY_RULES, lawyerRoute, tooManyLinks, ViewSchema } from "./listing-shared.ts";
import { jsonResponse } from "./openapi.ts";

const claimRoute = lawyerRoute({
  method: "post",
  path: "/api/listing/claim",
  operationId: "requestListingClaim",
  summary: "Email a link that proves the listing's email",
  description:
    "Sends a single-use link (valid 24 hours) to /claim-listing?token=… to the account's email, which is the " +
    "claimable listing's. Limited per IP (5 per hour).",
  responses: {
    200: jsonResponse(ViewSchema, "The claimable view with claimSentAt"),
    404: errorResponse("No unlinked listing uses the account's email"),
    409: errorResponse("The account is already linked to a listing"),
    ...tooManyLinks,
  },
});

const confirmRoute = lawyerRoute({
  method: "post",
  path: "/api/listing/claim/confirm",
  operationId: "confirmListingClaim",
  summary: "Confirm a claim with the emailed token",
  description:
    "Links the signed-in account to the listing of the token, which must have been sent to this same account, " +
    "be unused and unexpired; marks the account verified.",
  request: { body: jsonBody(ClaimConfirmSchema, LISTING_BODY_RULES) },
  responses: {
    200: jsonResponse(ViewSchema, "The linked view"),
    400: errorResponse("Unknown, used or expired token, or a token of another account"),
    409: errorResponse("The account or the listing is already linked"),
  },
});

const verifyEmailRoute = lawyerRoute({
  method: "post",
  path: "/api/listing/verify-email",
  operationId: "requestListingEmailVerification",
  summary: "Email a link that verifies the account's email",
  description:
    "Creating a listing needs a verified email, since the listing shows it. Sends a single-use link (valid " +
    "24 hours) to /claim-listing?verify=… to the account's email. Shares the claim links' limit per IP (5 per " +
    "hour).",
  responses: {
    200: jsonResponse(ViewSchema, "The owner view (`create` with verificationSentAt)"),
    409: errorResponse("The account is already linked, or its email is already verified"),
    ...tooManyLinks,
  },
});

const verifyConfirmRoute = lawyerRoute({
  method: "post",
  path: "/api/listing/verify-email/confirm",
  operationId: "confirmListingEmailVerification",
  summary: "Verify the account's email with the emailed token",
  description:
    "Marks the signed-in account's email verified with a token sent to this same account and address, unused " +
    "and unexpired.",
  request: { body: jsonBody(EmailVerifyConfirmSchema, LISTING_BODY_RULES) },
  responses: {
    200: jsonResponse(ViewSchema, "The owner view (`create` with emailVerified true)"),
    400: errorResponse("Unknown, used or expired token, or a token of another account or address"),
  },
});

/**
 * Registers the claim and email verification routes (issue 3):
 * - POST /api/listing/claim → 200 the claimable view (email sent); 401, 403, 404 nothing to claim,
 *   409 already linked, 429 past the 'claim-ip' limit.
 * - POST /api/listing/claim/confirm `{ token }` → 200 the linked view; 400 bad token (unknown,
 *   used, expired, another account's), 401, 403, 409 already linked.
 * - POST /api/listing/verify-email → 200 the owner view (email sent); 401, 403, 409 already
 *   linked or already verified, 429 past the 'claim-ip' limit.
 * - POST /api/listing/verify-email/confirm `{ token }` → 200 the owner view; 400 bad token, 401,
 *   403.
 */
export function registerListingClaimRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  {
    listings,
    config,
  }: { listings: ListingsService; config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "PORT" | "HOST"> },
): void {
  app.openapi(claimRoute, async (c) =>
    c.json(await listings.requestClaim(requireUser(c).user, requestMeta(c, config)), 200),
  );

  app.openapi(confirmRoute, async (c) =>
    c.json(await listings.confirmClaim(requireUser(c).user, c.req.valid("json").token), 200),
  );

  app.openapi(verifyEmailRoute, async (c) =>
    c.json(await listings.requestEmailVerification(requireUser(c).user, requestMeta(c, config)), 200),
  );

  app.openapi(verifyConfirmRoute, async (c) =>
    c.json(await listings.confirmEmailVerification(requireUser(c).user, c.req.valid("json").token), 200),
  );
}
