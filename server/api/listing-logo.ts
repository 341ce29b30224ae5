/**
 * The listing's logo (issue 3 "Lawyer onboarding"): PUT /api/listing/logo, a multipart upload read
 * by the handler (the request body guard holds it to LOGO_BODY_LIMIT_BYTES, 413, and to
 * multipart/form-data, 415), and GET /media/logos/{lawyerId}, which serves the stored WebP.
 */

import type { OpenAPIHono } from "@hono/zod-openapi";
import { msg } from "../../lib/i18n/message.ts";
import { isLawyerId } from "../../lib/ids.ts";
import { LISTING_MESSAGES, LOGO_MAX_BYTES } from "../../lib/listing-owner.ts";
import { NotFoundError, PayloadTooLargeError, ValidationError } from "../errors.ts";
import { declareBody, errorResponse, multipartContent } from "../http.ts";
import type { ListingsService } from "../listings/index.ts";
import { requireUser } from "./auth-middleware.ts";
import { lawyerRoute, tooManyWrites, ViewSchema } from "./listing-shared.ts";
import { jsonResponse } from "./openapi.ts";

/**
 * Largest multipart body of PUT /api/listing/logo: the 2 MB file plus 16 KB for the multipart
 * boundaries and part headers. Beyond it the upload is refused with 413 as soon as the count
 * passes the limit (or at once from Content-Length), without reading the rest.
 */
export const LOGO_BODY_LIMIT_BYTES = LOGO_MAX_BYTES + 16 * 1024;

/** `Cache-Control` of a logo fetched with its current version (`?v=` equal to the stored etag). */
export const LOGO_IMMUTABLE = "public, max-age=31536000, immutable";

const logoRoute = lawyerRoute({
  method: "put",
  path: "/api/listing/logo",
  operationId: "uploadListingLogo",
  summary: "Upload my logo",
  description:
    "multipart/form-data with the image in field `logo`: a JPEG, PNG, WebP or GIF (checked by content, not " +
    "name) of at most 2 MB and 4096 × 4096 pixels. It is fitted into 256 × 256, re-encoded as WebP without " +
    "metadata, and served at /media/logos/{lawyerId}?v={version}, which becomes the listing's business_logo. " +
    "Counts toward the account's 30 listing writes per hour.",
  request: {
    body: declareBody(
      {
        // A plain OpenAPI schema, not zod: the handler reads the part itself.
        content: multipartContent({ logo: { type: "string", format: "binary", description: "The image" } }, [
          "logo",
        ]),
        required: true,
      },
      { maxBytes: LOGO_BODY_LIMIT_BYTES, tooLargeMessage: LISTING_MESSAGES.logoTooLarge },
    ),
  },
  responses: {
    200: jsonResponse(ViewSchema, "The linked view with the new logoUrl"),
    400: errorResponse("No file in field `logo`"),
    404: errorResponse("The account has no listing"),
    413: errorResponse("Larger than 2 MB"),
    415: errorResponse("Not multipart/form-data"),
    422: errorResponse("Not a JPEG, PNG, WebP or GIF image, or more than 4096 × 4096 pixels"),
    ...tooManyWrites,
  },
});

/**
 * Registers the logo routes (issue 3):
 * - PUT /api/listing/logo (multipart, field `logo`) → 200 the linked view; 400 no file, 401, 403,
 *   404, 413 over 2 MB (stops reading), 415 not multipart, 422 not an accepted image or over
 *   4096 × 4096 pixels, 429 past 'listing-write'.
 * - GET /media/logos/{lawyerId}[?v=etag] → the WebP with `Content-Type`, `ETag`,
 *   `X-Content-Type-Options: nosniff`; `Cache-Control: public, max-age=31536000, immutable` when
 *   `v` is the current version, else `no-cache` (revalidated with If-None-Match → 304); 404 when
 *   the listing has no uploaded logo.
 */
export function registerListingLogoRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  { listings }: { listings: ListingsService },
): void {
  app.openapi(logoRoute, async (c) => {
    const { user } = requireUser(c);
    let file: unknown;
    try {
      file = (await c.req.parseBody())?.logo;
    } catch {
      throw new ValidationError(LISTING_MESSAGES.logoMissing, "logo");
    }
    if (!(file instanceof File)) throw new ValidationError(LISTING_MESSAGES.logoMissing, "logo");
    if (file.size > LOGO_MAX_BYTES) throw new PayloadTooLargeError(LISTING_MESSAGES.logoTooLarge, "logo");
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await listings.setLogo(user, bytes), 200);
  });

  app.get("/media/logos/:lawyerId", async (c) => {
    const id = c.req.param("lawyerId");
    const canonical = /^[1-9]\d{0,9}$/.test(id) && isLawyerId(Number(id));
    const logo = canonical ? await listings.getLogo(Number(id)) : null;
    c.header("X-Content-Type-Options", "nosniff");
    if (!logo) throw new NotFoundError(msg("errors:listing.noLogo"));
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
