/**
 * PUT /api/listing/specialist-titles (issue 28 §2): the signed-in lawyer replaces the specialist
 * titles of their own listing. One listings-service call (server/listings/specialist-titles.ts)
 * checks the shape and saves with the checks that follow (a title no longer stated loses its
 * check); there is no listing id in the path, so a lawyer can only ever change their own listing.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { SPECIALIST_TITLES_MAX } from "../../lib/specialist-titles.ts";
import { errorResponse, jsonBody } from "../http.ts";
import type { ListingsService } from "../listings/index.ts";
import { requireUser } from "./auth-middleware.ts";
import { LISTING_BODY_RULES, lawyerRoute, tooManyWrites, ViewSchema } from "./listing-shared.ts";
import { jsonResponse } from "./openapi.ts";
import { SpecialistTitlesInputSchema } from "./specialist-titles-schema.ts";

const updateRoute = lawyerRoute({
  method: "put",
  path: "/api/listing/specialist-titles",
  operationId: "updateListingSpecialistTitles",
  summary: "Set my specialist titles",
  description:
    `Replaces the specialist titles of the account's listing (the lawyer JSON's \`specialistTitles\`), at most ${SPECIALIST_TITLES_MAX}: ` +
    "each as conferred in its original language (`title`), the body that conferred it (`issuer`), a practice area " +
    "(`area`) and the year (`since`, not in the future). A title no longer stated loses its verification check; a new " +
    "one shows as not checked until the lawyer asks for it to be verified. A refusal is a 400 whose `fieldErrors` are " +
    "keyed `specialistTitles.<index>.<field>`. Counts toward the account's 30 listing writes per hour.",
  request: { body: jsonBody(SpecialistTitlesInputSchema, LISTING_BODY_RULES) },
  responses: {
    200: jsonResponse(ViewSchema, "The linked view with the saved titles"),
    400: errorResponse("Invalid titles; `fieldErrors` names the fields"),
    404: errorResponse("The account has no listing"),
    413: errorResponse("Body larger than 64 KB"),
    ...tooManyWrites,
  },
});

/**
 * Registers PUT /api/listing/specialist-titles (SpecialistTitlesInputSchema) → 200 the linked
 * view; 400 `{ message, fieldErrors }`; 401 signed out; 403 client account; 404 no listing; 413;
 * 415; 429 past 'listing-write'. `Cache-Control: no-store` comes from registerListingRoutes.
 */
export function registerListingSpecialistTitleRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  deps: { listings: ListingsService },
) {
  app.openapi(updateRoute, async (c) =>
    c.json(await deps.listings.updateSpecialistTitles(requireUser(c).user, c.req.valid("json")), 200),
  );
}
