/**
 * The default country of a national phone number in a JSON API body (issue 14 §2 "Phones:
 * libphonenumber-js with the country as default"; issue 28 §4 "A local number is read in the
 * lawyer's country"): the body's `phoneCountry`, else the region of the request's
 * `Accept-Language` ("de-DE" -> DE), else — for a body about one listing (a case, a message to a
 * lawyer) — the listing's own country, else none, and the body's schema then refuses a national
 * number with its field error (lib/phone.ts withPhoneCountry). Used by POST /api/contact (no
 * listing), POST /api/lawyers/{id}/messages and POST /api/cases, as the page actions read the same.
 */
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { isLawyerId } from "../../lib/ids.ts";
import { parseJsonInput } from "../../lib/input-boundary.ts";
import { isPhoneCountry } from "../../lib/phone.ts";
import { regionFromAcceptLanguage } from "../../lib/region.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";

/** What the OpenAPI descriptions of the routes without a listing say about phones (issue 14 §2). */
export const PHONE_COUNTRY_DESCRIPTION =
  "A phone may be written with any digits (Arabic-Indic, fullwidth, Devanagari…) and is stored in E.164. An " +
  "international number (+ or 00 and the country code) needs nothing else; a national one is read in " +
  "`phoneCountry` (ISO 3166-1 alpha-2), else in the region of `Accept-Language` (de-DE → DE), else it is " +
  "refused with a field error.";

/** The same for the routes about one listing (issue 28 §4: the listing's country comes last). */
export const LISTING_PHONE_COUNTRY_DESCRIPTION =
  "A phone may be written with any digits (Arabic-Indic, fullwidth, Devanagari…) and is stored in E.164. An " +
  "international number (+ or 00 and the country code) needs nothing else; a national one is read in " +
  "`phoneCountry` (ISO 3166-1 alpha-2), else in the region of `Accept-Language` (de-DE → DE), else in the " +
  "lawyer's own country (a local number sent to a Dubai lawyer is a UAE number), else it is refused with a " +
  "field error.";

/**
 * `fields` with `phoneCountry` set when it has none (absent, null or blank): to `region` (the
 * Accept-Language region) when it is a known country, else to `listingCountry` (issue 28 §4: the
 * lawyer's country) when known; else, and for anything but a plain object, unchanged (the schema
 * answers it).
 */
export function withDefaultPhoneCountry(
  fields: unknown,
  region: string | null,
  listingCountry: string | null = null,
): unknown {
  const fallback = isPhoneCountry(region) ? region : isPhoneCountry(listingCountry) ? listingCountry : null;
  if (!fallback) return fields;
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return fields;
  const given = (fields as { phoneCountry?: unknown }).phoneCountry;
  if (given !== undefined && given !== null && !(typeof given === "string" && given.trim() === ""))
    return fields;
  return { ...fields, phoneCountry: fallback };
}

/** Whether `fields` (a body) already names its `phoneCountry` (not absent, null or blank). */
function namesPhoneCountry(fields: unknown): boolean {
  if (typeof fields !== "object" || fields === null) return false;
  const given = (fields as { phoneCountry?: unknown }).phoneCountry;
  return given !== undefined && given !== null && !(typeof given === "string" && given.trim() === "");
}

/**
 * The ISO country code of listing `lawyerId` (a number, or its decimal string as a path or a form
 * sends it), or null for anything that names no listing. One indexed read.
 */
export async function listingCountryOf(db: Pick<Db, "select">, lawyerId: unknown): Promise<string | null> {
  const id =
    typeof lawyerId === "number"
      ? lawyerId
      : typeof lawyerId === "string" && /^[1-9]\d{0,9}$/.test(lawyerId.trim())
        ? Number(lawyerId.trim())
        : Number.NaN;
  if (!isLawyerId(id)) return null;
  const [row] = await db
    .select({ countryCode: lawyers.countryCode })
    .from(lawyers)
    .where(eq(lawyers.id, id))
    .limit(1);
  return row?.countryCode ?? null;
}

/**
 * The `phoneCountry` a body about a listing gets when it names none (issue 28 §4): the
 * Accept-Language region, else the country of the listing `lawyerId` names (read only then).
 * Null when neither is known.
 */
export async function defaultPhoneCountry(
  db: Pick<Db, "select">,
  acceptLanguage: string | null | undefined,
  lawyerId: unknown,
): Promise<string | null> {
  return regionFromAcceptLanguage(acceptLanguage) ?? (await listingCountryOf(db, lawyerId));
}

/**
 * Route middleware, before the body is validated: a JSON body without `phoneCountry` gets the
 * region of `Accept-Language`, else (with `listing`: the database and where the body's listing id
 * is) the listing's country, as its `phoneCountry` (withDefaultPhoneCountry). The body the
 * validator then reads is the one written back into Hono's request body cache (`c.req.bodyCache`,
 * which `c.req.json()` reads first); a body that is not JSON is left for the validator's 400.
 */
export function phoneCountryDefaults(listing?: {
  db: Pick<Db, "select">;
  lawyerIdOf: (c: Context, body: unknown) => unknown;
}): MiddlewareHandler {
  return async (c, next) => {
    const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") return next();
    const region = regionFromAcceptLanguage(c.req.header("Accept-Language"));
    if (!region && !listing) return next();
    const text = await c.req.text();
    let body: unknown;
    try {
      body = parseJsonInput(text);
    } catch {
      return next();
    }
    if (namesPhoneCountry(body)) return next();
    const country =
      region ?? (listing ? await listingCountryOf(listing.db, listing.lawyerIdOf(c, body)) : null);
    const filled = withDefaultPhoneCountry(body, country);
    if (filled !== body) {
      // Hono keeps the promise of each reading of the body in bodyCache (its type names the
      // resolved value); the validator's c.req.json() parses the cached text.
      const cache = {} as { text?: Promise<string> };
      cache.text = Promise.resolve(JSON.stringify(filled));
      c.req.bodyCache = cache as unknown as typeof c.req.bodyCache;
    }
    return next();
  };
}

/** phoneCountryDefaults for a body about no listing (POST /api/contact): the Accept-Language region only. */
export const phoneCountryFromAcceptLanguage: MiddlewareHandler = phoneCountryDefaults();
