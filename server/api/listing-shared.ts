/**
 * What the /api/listing routers share (issue 3 "Lawyer onboarding"): the owner view's schema,
 * the documented error answers, the lawyer-only guard and the declaration of a route behind it
 * (lawyerRoute), and `no-store`. The routers:
 * server/api/listings.ts (the listing itself), listing-claims.ts (claim and email verification
 * links), listing-logo.ts (the logo upload and GET /media/logos/{lawyerId}).
 */

import { type RouteConfig, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { VERIFICATION_STATUSES } from "../../lib/constants.ts";
import { GRAMMATICAL_GENDERS } from "../../lib/grammatical-gender.ts";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import { ForbiddenError } from "../errors.ts";
import { errorResponse, rateLimitedResponse } from "../http.ts";
import { requireUser } from "./auth-middleware.ts";
import { FeeTermsSchema } from "./fees-schema.ts";
import { signedInRoute } from "./openapi.ts";
import { SpecialistTitlesSchema } from "./specialist-titles-schema.ts";
import { practiceAreaList } from "./taxonomy.ts";

/** Largest JSON body of an /api/listing request: 64 KB (a 10,000-character bio fits). */
export const LISTING_BODY_LIMIT_BYTES = 64 * 1024;

/** Message of the 413 for a JSON body over LISTING_BODY_LIMIT_BYTES. */
export const LISTING_BODY_TOO_LARGE = "The request body is too large (at most 64 KB).";

/** The body rules of the JSON /api/listing routes (server/http.ts jsonBody). */
export const LISTING_BODY_RULES = {
  maxBytes: LISTING_BODY_LIMIT_BYTES,
  tooLargeMessage: LISTING_BODY_TOO_LARGE,
} as const;

/** A lawyer account's own listing as the dashboard shows it. */
export const OwnedListingSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    firm: z.string(),
    email: z.string(),
    phone: z.string().openapi({
      description: "E.164 (issue 14 §2); pages show it national or international per visitor",
      example: "+14165550100",
    }),
    location: z.string(),
    country: z.string(),
    countryCode: z.string(),
    state: z.string().nullable(),
    city: z.string(),
    bio: z.string(),
    practiceAreas: practiceAreaList(),
    businessAddress: z.string().nullable(),
    website: z.string().nullable(),
    workingHours: z.string().nullable(),
    grammaticalGender: z.enum(GRAMMATICAL_GENDERS).nullable().openapi({
      description:
        'Issue 28 §2: "feminine", "masculine" or "neutral": how messages about the lawyer agree in languages that mark it ("avocate", "Anwältin", Arabic verbs); null (or "" in a PUT) for neutral wording',
    }),
    latitude: z
      .number()
      .nullable()
      .openapi({ description: "The office position (issue 19 §1), degrees; PUT both or neither" }),
    longitude: z.number().nullable(),
    experience: z.number().int(),
    rating: z.number(),
    reviewCount: z.number().int(),
    verified: z.boolean(),
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    logoUrl: z.string().nullable(),
    profilePath: z.string().openapi({ example: "/lawyer/12" }),
    fees: FeeTermsSchema,
    specialistTitles: SpecialistTitlesSchema,
  })
  .openapi("OwnedListing");

/** The owner view (GET /api/listing and every write's answer): client, linked, claimable or create. */
export const ViewSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("client") }),
    z.object({
      kind: z.literal("linked"),
      listing: OwnedListingSchema,
      geocoding: z
        .enum(["found", "notFound"])
        .optional()
        .openapi({
          description:
            "After PUT with a new businessAddress while a geocoder is configured (GEOCODER_URL): `found` when " +
            "the office position was taken from the address, `notFound` when it kept its previous position " +
            "(set latitude/longitude yourself). Typed coordinates always win and skip geocoding.",
        }),
    }),
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

/** 401 of every /api/listing route. */
export const signedOut = { 401: errorResponse("Not signed in, or the session expired or was revoked") };
/** 429 of the listing writes (create, edit, logo). */
export const tooManyWrites = {
  429: rateLimitedResponse(
    "Past the 30 listing writes per hour of the account; retry after Retry-After seconds",
  ),
};
/** 429 of the emailed links (claim, email verification). */
export const tooManyLinks = {
  429: rateLimitedResponse("Too many links requested; retry after Retry-After seconds"),
};
/** 403 of a client account. */
export const clientAccount = {
  403: errorResponse("A client account: listings are for lawyer accounts"),
};

/**
 * Route middleware: a signed-in lawyer account, before the body is validated. UnauthorizedError
 * 401 when signed out, ForbiddenError 403 `LISTING_MESSAGES.clientOnly` for a client account
 * (issue 3: listings are for lawyer accounts).
 */
export const lawyerOnly: MiddlewareHandler = async (c, next) => {
  const { user } = requireUser(c);
  if (user.role !== "lawyer") throw new ForbiddenError(LISTING_MESSAGES.clientOnly);
  await next();
};

/** Sets `Cache-Control: no-store` on every /api/listing answer (personal data). */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
};

/**
 * Declares an /api/listing route of a signed-in lawyer account (openapi.ts signedInRoute with
 * lawyerOnly as the guard) and documents the guard's answers with it: 401 signedOut and 403
 * clientAccount. A 401 or 403 in `config.responses` replaces the default one (e.g. a 403 that
 * also covers an unverified email).
 */
export function lawyerRoute<R extends Omit<RouteConfig, "middleware" | "security">>(config: R) {
  return signedInRoute(lawyerOnly, {
    ...config,
    responses: { ...signedOut, ...clientAccount, ...config.responses },
  });
}
