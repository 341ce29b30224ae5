/**
 * PUT /api/listing/fees (issue 19 §1 "Fees and first meeting"): the signed-in lawyer replaces the
 * fee terms of their own listing. One listings-service call (server/listings/fees.ts) checks the
 * shape and the rule of the listing's country (docs/fees-by-country.md) and saves; there is no
 * listing id in the path, so another lawyer can only ever change their own listing.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { FEE_FIELDS } from "../../lib/fees.ts";
import { errorResponse, jsonBody } from "../http.ts";
import type { ListingsService } from "../listings/index.ts";
import { requireUser } from "./auth-middleware.ts";
import { FeeTermsInputSchema } from "./fees-schema.ts";
import { LISTING_BODY_RULES, lawyerRoute, tooManyWrites, ViewSchema } from "./listing-shared.ts";
import { jsonResponse } from "./openapi.ts";

const updateFeesRoute = lawyerRoute({
  method: "put",
  path: "/api/listing/fees",
  operationId: "updateListingFees",
  summary: "Set my fees and first meeting",
  description:
    "Replaces the fee terms of the account's listing (the lawyer JSON's `fees`): a free first consultation " +
    "and its length, and the fee models offered. Only models the listing's country allows are accepted " +
    '(docs/fees-by-country.md): "no win, no fee" (contingency) is refused where a result-based fee is banned or ' +
    "only allowed in exceptions, and above the legal cap where there is one (e.g. 25% in England and Wales). " +
    `A refusal is a 400 whose \`fieldErrors\` are keyed by the form's fee fields: ${FEE_FIELDS.join(", ")}. ` +
    "Counts toward the account's 30 listing writes per hour.",
  request: { body: jsonBody(FeeTermsInputSchema, LISTING_BODY_RULES) },
  responses: {
    200: jsonResponse(ViewSchema, "The linked view with the saved fees"),
    400: errorResponse("Invalid or not allowed in the listing's country; `fieldErrors` names the fields"),
    404: errorResponse("The account has no listing"),
    413: errorResponse("Body larger than 64 KB"),
    ...tooManyWrites,
  },
});

/**
 * Registers PUT /api/listing/fees (FeeTermsInputSchema) → 200 the linked view; 400 `{ message,
 * fieldErrors }`; 401 signed out; 403 client account; 404 no listing; 413; 415; 429 past
 * 'listing-write'. `Cache-Control: no-store` comes from registerListingRoutes.
 */
export function registerListingFeeRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  deps: { listings: ListingsService },
) {
  app.openapi(updateFeesRoute, async (c) =>
    c.json(await deps.listings.updateFees(requireUser(c).user, c.req.valid("json")), 200),
  );
}
