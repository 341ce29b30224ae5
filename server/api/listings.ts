/**
 * /api/listing routes (issue 3 "Lawyer onboarding"): a lawyer account's own listing — what the
 * dashboard shows, the emailed claim link and its confirmation, the emailed link that verifies
 * the account's email before it creates a listing, creating a new listing, editing the business
 * fields and uploading a logo — and GET /media/logos/{lawyerId}, which serves the
 * uploaded logos. Declared with @hono/zod-openapi so /api/openapi.json describes them. Handlers
 * are thin: the body is validated with the shared schemas of lib/listing-owner-schema.ts, one
 * listings-service call does the work (server/listings/), and expected failures answer JSON
 * `{ message, field?, errors? }` (errors: the message per form field) with 400, 401, 403, 404,
 * 409, 413, 422 or 429 (with Retry-After).
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PRACTICE_AREAS, VERIFICATION_STATUSES } from "../../lib/constants.ts";
import { LISTING_MESSAGES, LOGO_MAX_BYTES } from "../../lib/listing-owner.ts";
import {
  ClaimConfirmSchema,
  EmailVerifyConfirmSchema,
  fieldErrorsOf,
  ListingCreateSchema,
  ListingUpdateSchema,
} from "../../lib/listing-owner-schema.ts";
import type { Config } from "../config.ts";
import { ListingError, type ListingsService } from "../listings/index.ts";
import { requestMeta, requireUser } from "./auth-middleware.ts";
import { documentedJsonBody, jsonResponse, SIGNED_IN_SECURITY } from "./openapi.ts";

/** Largest JSON body of an /api/listing request: 64 KB (a 10,000-character bio fits). */
export const LISTING_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Largest multipart body of PUT /api/listing/logo: the 2 MB file plus 16 KB for the multipart
 * boundaries and part headers. Beyond it the upload is refused with 413 as soon as the count
 * passes the limit (or at once from Content-Length), without reading the rest.
 */
export const LOGO_BODY_LIMIT_BYTES = LOGO_MAX_BYTES + 16 * 1024;

/** Message of the 413 for a JSON body over LISTING_BODY_LIMIT_BYTES. */
export const LISTING_BODY_TOO_LARGE = "The request body is too large (at most 64 KB).";

/** `Cache-Control` of a logo fetched with its current version (`?v=` equal to the stored etag). */
export const LOGO_IMMUTABLE = "public, max-age=31536000, immutable";

const ErrorSchema = z
  .object({
    message: z.string(),
    field: z.string().optional().openapi({ description: "The form field of the first problem" }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: "The message per form field (invalid input)" }),
  })
  .openapi("ListingError");

const OwnedListingSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    firm: z.string(),
    email: z.string(),
    phone: z.string().openapi({ example: "+1 416 555 0100" }),
    location: z.string(),
    country: z.string(),
    countryCode: z.string(),
    state: z.string().nullable(),
    city: z.string(),
    bio: z.string(),
    practiceAreas: z.array(z.string()),
    businessAddress: z.string().nullable(),
    website: z.string().nullable(),
    workingHours: z.string().nullable(),
    experience: z.number().int(),
    rating: z.number(),
    reviewCount: z.number().int(),
    verified: z.boolean(),
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    logoUrl: z.string().nullable(),
    profilePath: z.string().openapi({ example: "/lawyer/12" }),
  })
  .openapi("OwnedListing");

const ViewSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("client") }),
    z.object({ kind: z.literal("linked"), listing: OwnedListingSchema }),
    z.object({
      kind: z.literal("claimable"),
      email: z.string(),
      candidate: z.object({
        id: z.number().int(),
        name: z.string(),
        firm: z.string(),
        city: z.string(),
        country: z.string(),
        location: z.string(),
      }),
      claimSentAt: z
        .string()
        .nullable()
        .openapi({ description: "When a working link was last sent (ISO 8601)" }),
    }),
    z.object({
      kind: z.literal("create"),
      email: z.string(),
      countries: z.array(z.object({ code: z.string(), name: z.string() })),
      emailVerified: z.boolean().openapi({
        description: "Whether the account's email is verified; creating a listing needs it",
      }),
      verificationSentAt: z
        .string()
        .nullable()
        .openapi({ description: "When a working verification link was last sent (ISO 8601)" }),
    }),
  ])
  .openapi("ListingOwnerView");

const signedOut = { 401: jsonResponse(ErrorSchema, "Not signed in, or the session expired or was revoked") };
/** A 429 answer with its Retry-After header (seconds), described as `description`. */
const tooMany = (description: string) => ({
  429: {
    ...jsonResponse(ErrorSchema, description),
    headers: z.object({ "Retry-After": z.string().openapi({ description: "Seconds" }) }),
  },
});
const tooManyWrites = tooMany(
  "Past the 30 listing writes per hour of the account; retry after Retry-After seconds",
);
const tooManyLinks = tooMany("Too many links requested; retry after Retry-After seconds");
const clientAccount = {
  403: jsonResponse(ErrorSchema, "A client account: listings are for lawyer accounts"),
};

/**
 * Route middleware: a signed-in lawyer account, before the body is read. 401 when signed out
 * (AccountError, answered by the app's error handler), 403 `LISTING_MESSAGES.clientOnly` for a
 * client account (issue 3: listings are for lawyer accounts).
 */
const lawyerOnly: MiddlewareHandler = async (c, next) => {
  const { user } = requireUser(c);
  if (user.role !== "lawyer") throw new ListingError(403, LISTING_MESSAGES.clientOnly);
  await next();
};

/**
 * A 413 `{ message }` for a body refused before it was read to the end. `Connection: close`:
 * the unread rest of the body must not be taken for the next request on a kept-alive connection,
 * so the server closes it and clients open a new one instead of reusing it.
 */
function tooLarge(c: Context, message: string): Response {
  c.header("Connection", "close");
  return c.json({ message }, 413);
}

/** 413 `{ message }` for a JSON body over LISTING_BODY_LIMIT_BYTES. */
const jsonLimit = bodyLimit({
  maxSize: LISTING_BODY_LIMIT_BYTES,
  onError: (c) => tooLarge(c, LISTING_BODY_TOO_LARGE),
});

/** 413 `{ message: logoTooLarge }` for an upload over LOGO_BODY_LIMIT_BYTES; stops reading there. */
const logoLimit = bodyLimit({
  maxSize: LOGO_BODY_LIMIT_BYTES,
  onError: (c) => tooLarge(c, LISTING_MESSAGES.logoTooLarge),
});

/** Sets `Cache-Control: no-store` on every /api/listing answer (personal data). */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
};

const viewRoute = createRoute({
  method: "get",
  path: "/api/listing",
  operationId: "getOwnListing",
  summary: "My listing (lawyer accounts)",
  description:
    "What the dashboard's 'My listing' shows: `linked` with the account's listing; `claimable` with the " +
    "unlinked listing whose email is the account's, and when a verification link was last sent; or `create` " +
    "with the country options for a new listing.",
  middleware: [lawyerOnly] as const,
  security: SIGNED_IN_SECURITY,
  responses: { 200: jsonResponse(ViewSchema, "The owner view"), ...signedOut, ...clientAccount },
});

const claimRoute = createRoute({
  method: "post",
  path: "/api/listing/claim",
  operationId: "requestListingClaim",
  summary: "Email a link that proves the listing's email",
  description:
    "Sends a single-use link (valid 24 hours) to /claim-listing?token=… to the account's email, which is the " +
    "claimable listing's. Limited per IP (5 per hour).",
  middleware: [lawyerOnly] as const,
  security: SIGNED_IN_SECURITY,
  responses: {
    200: jsonResponse(ViewSchema, "The claimable view with claimSentAt"),
    ...signedOut,
    ...clientAccount,
    404: jsonResponse(ErrorSchema, "No unlinked listing uses the account's email"),
    409: jsonResponse(ErrorSchema, "The account is already linked to a listing"),
    ...tooManyLinks,
  },
});

const confirmRoute = createRoute({
  method: "post",
  path: "/api/listing/claim/confirm",
  operationId: "confirmListingClaim",
  summary: "Confirm a claim with the emailed token",
  description:
    "Links the signed-in account to the listing of the token, which must have been sent to this same account, " +
    "be unused and unexpired; marks the account verified.",
  middleware: [lawyerOnly, jsonLimit] as const,
  security: SIGNED_IN_SECURITY,
  request: { body: documentedJsonBody(ClaimConfirmSchema) },
  responses: {
    200: jsonResponse(ViewSchema, "The linked view"),
    400: jsonResponse(ErrorSchema, "Unknown, used or expired token, or a token of another account"),
    ...signedOut,
    ...clientAccount,
    409: jsonResponse(ErrorSchema, "The account or the listing is already linked"),
  },
});

const verifyEmailRoute = createRoute({
  method: "post",
  path: "/api/listing/verify-email",
  operationId: "requestListingEmailVerification",
  summary: "Email a link that verifies the account's email",
  description:
    "Creating a listing needs a verified email, since the listing shows it. Sends a single-use link (valid " +
    "24 hours) to /claim-listing?verify=… to the account's email. Shares the claim links' limit per IP (5 per " +
    "hour).",
  middleware: [lawyerOnly] as const,
  security: SIGNED_IN_SECURITY,
  responses: {
    200: jsonResponse(ViewSchema, "The owner view (`create` with verificationSentAt)"),
    ...signedOut,
    ...clientAccount,
    409: jsonResponse(ErrorSchema, "The account is already linked, or its email is already verified"),
    ...tooManyLinks,
  },
});

const verifyConfirmRoute = createRoute({
  method: "post",
  path: "/api/listing/verify-email/confirm",
  operationId: "confirmListingEmailVerification",
  summary: "Verify the account's email with the emailed token",
  description:
    "Marks the signed-in account's email verified with a token sent to this same account and address, unused " +
    "and unexpired.",
  middleware: [lawyerOnly, jsonLimit] as const,
  security: SIGNED_IN_SECURITY,
  request: { body: documentedJsonBody(EmailVerifyConfirmSchema) },
  responses: {
    200: jsonResponse(ViewSchema, "The owner view (`create` with emailVerified true)"),
    400: jsonResponse(
      ErrorSchema,
      "Unknown, used or expired token, or a token of another account or address",
    ),
    ...signedOut,
    ...clientAccount,
  },
});

const createListingRoute = createRoute({
  method: "post",
  path: "/api/listing",
  operationId: "createListing",
  summary: "Create my listing",
  description:
    "A new listing for a lawyer account without one whose email is verified (POST /api/listing/verify-email): " +
    "email = the account's; shows as pending verification (no Verified badge), rating 0, 0 reviews. The phone " +
    "must be valid for the country and is stored in international format. Practice areas: at least one of " +
    `${PRACTICE_AREAS.join(", ")}. Counts toward the account's 30 listing writes per hour.`,
  middleware: [lawyerOnly, jsonLimit] as const,
  security: SIGNED_IN_SECURITY,
  request: { body: documentedJsonBody(ListingCreateSchema) },
  responses: {
    201: jsonResponse(ViewSchema, "The linked view of the new listing"),
    400: jsonResponse(ErrorSchema, "Invalid fields; `errors` holds the message per field"),
    ...signedOut,
    403: jsonResponse(ErrorSchema, "A client account, or the account's email is not verified yet"),
    409: jsonResponse(ErrorSchema, "Already linked, or a listing with the account's email exists (claim it)"),
    413: jsonResponse(ErrorSchema, "Body larger than 64 KB"),
    ...tooManyWrites,
  },
});

const updateListingRoute = createRoute({
  method: "put",
  path: "/api/listing",
  operationId: "updateListing",
  summary: "Edit my listing",
  description:
    "Changes the given fields of the account's listing (name, firm, bio, phone, businessAddress, website, " +
    "workingHours, practiceAreas; an empty string clears an optional one) and mirrors them into the account's " +
    "business fields. The public profile, the lawyer API and search show the change at once. Counts toward " +
    "the account's 30 listing writes per hour.",
  middleware: [lawyerOnly, jsonLimit] as const,
  security: SIGNED_IN_SECURITY,
  request: { body: documentedJsonBody(ListingUpdateSchema) },
  responses: {
    200: jsonResponse(ViewSchema, "The linked view"),
    400: jsonResponse(ErrorSchema, "Invalid fields; `errors` holds the message per field"),
    ...signedOut,
    ...clientAccount,
    404: jsonResponse(ErrorSchema, "The account has no listing"),
    413: jsonResponse(ErrorSchema, "Body larger than 64 KB"),
    ...tooManyWrites,
  },
});

const logoRoute = createRoute({
  method: "put",
  path: "/api/listing/logo",
  operationId: "uploadListingLogo",
  summary: "Upload my logo",
  description:
    "multipart/form-data with the image in field `logo`: a JPEG, PNG, WebP or GIF (checked by content, not " +
    "name) of at most 2 MB and 4096 × 4096 pixels. It is fitted into 256 × 256, re-encoded as WebP without " +
    "metadata, and served at /media/logos/{lawyerId}?v={version}, which becomes the listing's business_logo. " +
    "Counts toward the account's 30 listing writes per hour.",
  middleware: [lawyerOnly, logoLimit] as const,
  security: SIGNED_IN_SECURITY,
  request: {
    body: {
      content: {
        "multipart/form-data": {
          // A plain OpenAPI schema, not zod: the handler reads the part itself, so any other
          // content type gets the 400 below rather than the validator's 415.
          schema: {
            type: "object",
            properties: { logo: { type: "string", format: "binary", description: "The image" } },
            required: ["logo"],
          },
        },
      },
      required: true,
    },
  },
  responses: {
    200: jsonResponse(ViewSchema, "The linked view with the new logoUrl"),
    400: jsonResponse(ErrorSchema, "No file in field `logo`"),
    ...signedOut,
    ...clientAccount,
    404: jsonResponse(ErrorSchema, "The account has no listing"),
    413: jsonResponse(ErrorSchema, "Larger than 2 MB"),
    422: jsonResponse(ErrorSchema, "Not a JPEG, PNG, WebP or GIF image, or more than 4096 × 4096 pixels"),
    ...tooManyWrites,
  },
});

/** Message of a 400 for a body that is not JSON. */
export const NOT_JSON_MESSAGE = "The request body must be JSON (Content-Type: application/json).";

/**
 * The JSON body of a request.
 * @throws ListingError 400 NOT_JSON_MESSAGE for another content type or a body that does not parse
 */
async function readJson(c: Context): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header("Content-Type") ?? "")) {
    throw new ListingError(400, NOT_JSON_MESSAGE);
  }
  try {
    return await c.req.json();
  } catch {
    throw new ListingError(400, NOT_JSON_MESSAGE);
  }
}

/** JSON answer of a ListingError: `{ message, field?, errors? }`, Retry-After on 429. */
function listingErrorResponse(c: Context, err: ListingError): Response {
  if (err.status === 429 && err.retryAfterSeconds !== undefined)
    c.header("Retry-After", String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
  return c.json(
    {
      message: err.message,
      ...(err.field ? { field: err.field } : {}),
      ...(err.fields && Object.keys(err.fields).length > 0 ? { errors: err.fields } : {}),
    },
    err.status,
  );
}

/**
 * Runs a handler's work; a ListingError becomes its JSON answer (typed as the route's answer,
 * since the error statuses are declared on each route), anything else goes to the app's handler.
 */
async function answer<T>(c: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ListingError) return listingErrorResponse(c, err) as never;
    throw err;
  }
}

/**
 * Registers the /api/listing routes and GET /media/logos/{lawyerId} on the app (issue 3):
 * - GET /api/listing → 200 the owner view; 401; 403 client account.
 * - POST /api/listing/claim → 200 the claimable view (email sent); 401, 403, 404 nothing to claim,
 *   409 already linked, 429 past the 'claim-ip' limit.
 * - POST /api/listing/claim/confirm `{ token }` → 200 the linked view; 400 bad token (unknown,
 *   used, expired, another account's), 401, 403, 409 already linked.
 * - POST /api/listing/verify-email → 200 the owner view (email sent); 401, 403, 409 already
 *   linked or already verified, 429 past the 'claim-ip' limit.
 * - POST /api/listing/verify-email/confirm `{ token }` → 200 the owner view; 400 bad token, 401,
 *   403.
 * - POST /api/listing (ListingCreateSchema) → 201 the linked view; 400 `{ errors }`, 401, 403
 *   client account or email not verified, 409 already linked or email listed, 413 over 64 KB,
 *   429 past 'listing-write'.
 * - PUT /api/listing (ListingUpdateSchema) → 200 the linked view; 400 `{ errors }`, 401, 403,
 *   404 no listing, 413, 429 past 'listing-write'.
 * - PUT /api/listing/logo (multipart, field `logo`) → 200 the linked view; 400 no file, 401, 403,
 *   404, 413 over 2 MB (stops reading), 422 not an accepted image or over 4096 × 4096 pixels,
 *   429 past 'listing-write'.
 * - GET /media/logos/{lawyerId}[?v=etag] → the WebP with `Content-Type`, `ETag`,
 *   `X-Content-Type-Options: nosniff`; `Cache-Control: public, max-age=31536000, immutable` when
 *   `v` is the current version, else `no-cache` (revalidated with If-None-Match → 304); 404 when
 *   the listing has no uploaded logo.
 * Every /api/listing answer is `Cache-Control: no-store`. Requires `authenticate` on /api/*
 * (server/app.ts) and AccountError handling in the app's error handler (401).
 */
export function registerListingRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  {
    listings,
    config,
  }: { listings: ListingsService; config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "PORT" | "HOST"> },
) {
  app.use("/api/listing", noStore);
  app.use("/api/listing/*", noStore);

  app.openapi(viewRoute, (c) =>
    answer(c, async () => c.json(await listings.ownerView(requireUser(c).user), 200)),
  );

  app.openapi(claimRoute, (c) =>
    answer(c, async () =>
      c.json(await listings.requestClaim(requireUser(c).user, requestMeta(c, config)), 200),
    ),
  );

  app.openapi(confirmRoute, (c) =>
    answer(c, async () => {
      const { user } = requireUser(c);
      const parsed = ClaimConfirmSchema.safeParse(await readJson(c));
      if (!parsed.success) {
        const { form } = fieldErrorsOf(parsed.error);
        throw new ListingError(400, form ?? LISTING_MESSAGES.claimNoToken);
      }
      return c.json(await listings.confirmClaim(user, parsed.data.token), 200);
    }),
  );

  app.openapi(verifyEmailRoute, (c) =>
    answer(c, async () =>
      c.json(await listings.requestEmailVerification(requireUser(c).user, requestMeta(c, config)), 200),
    ),
  );

  app.openapi(verifyConfirmRoute, (c) =>
    answer(c, async () => {
      const { user } = requireUser(c);
      const parsed = EmailVerifyConfirmSchema.safeParse(await readJson(c));
      if (!parsed.success) {
        const { form } = fieldErrorsOf(parsed.error);
        throw new ListingError(400, form ?? LISTING_MESSAGES.claimNoToken);
      }
      return c.json(await listings.confirmEmailVerification(user, parsed.data.token), 200);
    }),
  );

  app.openapi(createListingRoute, (c) =>
    answer(c, async () => {
      const { user } = requireUser(c);
      return c.json(await listings.createListing(user, await readJson(c)), 201);
    }),
  );

  app.openapi(updateListingRoute, (c) =>
    answer(c, async () => {
      const { user } = requireUser(c);
      return c.json(await listings.updateListing(user, await readJson(c)), 200);
    }),
  );

  app.openapi(logoRoute, (c) =>
    answer(c, async () => {
      const { user } = requireUser(c);
      let file: unknown;
      try {
        file = (await c.req.parseBody())?.logo;
      } catch {
        throw new ListingError(400, LISTING_MESSAGES.logoMissing);
      }
      if (!(file instanceof File)) throw new ListingError(400, LISTING_MESSAGES.logoMissing);
      if (file.size > LOGO_MAX_BYTES) throw new ListingError(413, LISTING_MESSAGES.logoTooLarge);
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await listings.setLogo(user, bytes), 200);
    }),
  );

  app.get("/media/logos/:lawyerId", async (c) => {
    const id = c.req.param("lawyerId");
    const canonical = /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647;
    const logo = canonical ? await listings.getLogo(Number(id)) : null;
    c.header("X-Content-Type-Options", "nosniff");
    if (!logo) return c.json({ message: "No logo for this listing" }, 404);
    const etag = `"${logo.etag}"`;
    c.header("ETag", etag);
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    c.header("Cache-Control", c.req.query("v") === logo.etag ? LOGO_IMMUTABLE : "no-cache");
    const inm = c.req.header("If-None-Match");
    if (inm?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return c.body(null, 304);
    c.header("Content-Type", logo.contentType);
    c.header("Content-Length", String(logo.byteSize));
    return c.body(new Uint8Array(logo.content), 200);
  });
}
