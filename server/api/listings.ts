/**
 * /api/listing routes (issue 3 "Lawyer onboarding"): a lawyer account's own listing — what the
 * dashboard shows, creating a new listing and editing the business fields. The emailed claim and
 * verification links are in listing-claims.ts, the logo in listing-logo.ts; registerListingRoutes
 * registers all three. Declared with @hono/zod-openapi so /api/openapi.json describes them, and
 * the declared bodies (lib/listing-owner-schema.ts) are what validates them. Handlers are thin:
 * one listings-service call does the work (server/listings/), and expected failures are
 * DomainErrors, answered as `{ message, fieldErrors? }` (server/http.ts) with 400, 401, 403, 404,
 * 409, 413, 415, 422 or 429 (with Retry-After).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import { ListingCreateSchema, ListingUpdateSchema } from "../../lib/listing-owner-schema.ts";
import type { Config } from "../config.ts";
import { errorResponse, jsonBody } from "../http.ts";
import type { ListingsService } from "../listings/index.ts";
import { requireUser } from "./auth-middleware.ts";
import { registerListingClaimRoutes } from "./listing-claims.ts";
import { registerListingFeeRoutes } from "./listing-fees.ts";
import { registerListingLogoRoutes } from "./listing-logo.ts";
import { LISTING_BODY_RULES, lawyerRoute, noStore, tooManyWrites, ViewSchema } from "./listing-shared.ts";
import { registerListingSpecialistTitleRoutes } from "./listing-specialist-titles.ts";
import { jsonResponse } from "./openapi.ts";

export { LOGO_BODY_LIMIT_BYTES, LOGO_IMMUTABLE } from "./listing-logo.ts";
export { LISTING_BODY_LIMIT_BYTES, LISTING_BODY_TOO_LARGE } from "./listing-shared.ts";

const viewRoute = lawyerRoute({
  method: "get",
  path: "/api/listing",
  operationId: "getOwnListing",
  summary: "My listing (lawyer accounts)",
  description:
    "What the dashboard's 'My listing' shows: `linked` with the account's listing; `claimable` with the " +
    "unlinked listing whose email is the account's, and when a verification link was last sent; or `create` " +
    "with the country options for a new listing.",
  responses: { 200: jsonResponse(ViewSchema, "The owner view") },
});

const createListingRoute = lawyerRoute({
  method: "post",
  path: "/api/listing",
  operationId: "createListing",
  summary: "Create my listing",
  description:
    "A new listing for a lawyer account without one whose email is verified (POST /api/listing/verify-email): " +
    "email = the account's; shows as pending verification (no Verified badge), rating 0, 0 reviews. The phone " +
    "may be national (read in the listing's country) or international, in digits of any script; it must be " +
    'valid for the country and is stored and answered as E.164 ("+14165550100"). Practice areas: at least one of ' +
    `${PRACTICE_AREAS.join(", ")}. Counts toward the account's 30 listing writes per hour.`,
  request: { body: jsonBody(ListingCreateSchema, LISTING_BODY_RULES) },
  responses: {
    201: jsonResponse(ViewSchema, "The linked view of the new listing"),
    400: errorResponse("Invalid fields; `fieldErrors` holds the messages per field"),
    403: errorResponse("A client account, or the account's email is not verified yet"),
    409: errorResponse("Already linked, or a listing with the account's email exists (claim it)"),
    413: errorResponse("Body larger than 64 KB"),
    ...tooManyWrites,
  },
});

const updateListingRoute = lawyerRoute({
  method: "put",
  path: "/api/listing",
  operationId: "updateListing",
  summary: "Edit my listing",
  description:
    "Changes the given fields of the account's listing (name, firm, bio, phone, businessAddress, website, " +
    "workingHours, practiceAreas, grammaticalGender (issue 28 §2: feminine, masculine or neutral); an empty string clears an optional one; a phone must be valid for the " +
    "listing's country and is stored as E.164) and mirrors them into the account's " +
    "business fields. The public profile, the lawyer API and search show the change at once. Counts toward " +
    "the account's 30 listing writes per hour.",
  request: { body: jsonBody(ListingUpdateSchema, LISTING_BODY_RULES) },
  responses: {
    200: jsonResponse(ViewSchema, "The linked view"),
    400: errorResponse("Invalid fields; `fieldErrors` holds the messages per field"),
    404: errorResponse("The account has no listing"),
    413: errorResponse("Body larger than 64 KB"),
    ...tooManyWrites,
  },
});

/**
 * Registers the /api/listing routes and GET /media/logos/{lawyerId} on the app (issue 3):
 * - GET /api/listing → 200 the owner view; 401; 403 client account.
 * - POST /api/listing (ListingCreateSchema) → 201 the linked view; 400 `{ fieldErrors }`, 401, 403
 *   client account or email not verified, 409 already linked or email listed, 413 over 64 KB,
 *   415 not JSON, 429 past 'listing-write'.
 * - PUT /api/listing (ListingUpdateSchema) → 200 the linked view; 400 `{ fieldErrors }`, 401, 403,
 *   404 no listing, 413, 415, 429 past 'listing-write'.
 * - the claim and verification links (registerListingClaimRoutes), the logo
 *   (registerListingLogoRoutes), PUT /api/listing/fees (registerListingFeeRoutes, issue 19 §1) and
 *   PUT /api/listing/specialist-titles (registerListingSpecialistTitleRoutes, issue 28 §2).
 * Every /api/listing answer is `Cache-Control: no-store`. Requires `authenticate` on /api/* and
 * the app's error handler (server/app.ts).
 */
export function registerListingRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  deps: { listings: ListingsService; config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "PORT" | "HOST"> },
) {
  const { listings } = deps;
  app.use("/api/listing", noStore);
  app.use("/api/listing/*", noStore);

  app.openapi(viewRoute, async (c) => c.json(await listings.ownerView(requireUser(c).user), 200));

  app.openapi(createListingRoute, async (c) =>
    c.json(await listings.createListing(requireUser(c).user, c.req.valid("json")), 201),
  );

  app.openapi(updateListingRoute, async (c) =>
    c.json(await listings.updateListing(requireUser(c).user, c.req.valid("json")), 200),
  );

  registerListingClaimRoutes(app, deps);
  registerListingLogoRoutes(app, deps);
  registerListingFeeRoutes(app, deps);
  registerListingSpecialistTitleRoutes(app, deps);
}
