/**
 * The default country of a national phone number in a JSON API body (issue 14 §2 "Phones:
 * libphonenumber-js with the country as default"): the body's `phoneCountry`, else the region of
 * the request's `Accept-Language` ("de-DE" -> DE), else none, and the body's schema then refuses a
 * national number with its field error (lib/phone.ts withPhoneCountry). Used by POST /api/contact,
 * POST /api/lawyers/{id}/messages and POST /api/cases, as the page actions read the same header.
 */
import type { MiddlewareHandler } from "hono";
import { parseJsonInput } from "../../lib/input-boundary.ts";
import { isPhoneCountry } from "../../lib/phone.ts";
import { regionFromAcceptLanguage } from "../../lib/region.ts";

/** What the OpenAPI descriptions of these routes say about phones (issue 14 §2). */
export const PHONE_COUNTRY_DESCRIPTION =
  "A phone may be written with any digits (Arabic-Indic, fullwidth, Devanagari…) and is stored in E.164. An " +
  "international number (+ or 00 and the country code) needs nothing else; a national one is read in " +
  "`phoneCountry` (ISO 3166-1 alpha-2), else in the region of `Accept-Language` (de-DE → DE), else it is " +
  "refused with a field error.";

/**
 * `fields` with `phoneCountry` set to `region` when it has none (absent, null or blank), else as
 * it is; anything but a plain object is returned unchanged (the schema answers it).
 */
export function withDefaultPhoneCountry(fields: unknown, region: string | null): unknown {
  if (!region || !isPhoneCountry(region)) return fields;
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return fields;
  const given = (fields as { phoneCountry?: unknown }).phoneCountry;
  if (given !== undefined && given !== null && !(typeof given === "string" && given.trim() === ""))
    return fields;
  return { ...fields, phoneCountry: region };
}

/**
 * Route middleware, before the body is validated: a JSON body without `phoneCountry` gets the
 * region of `Accept-Language` as its `phoneCountry` (withDefaultPhoneCountry). The body the
 * validator then reads is the one written back into Hono's request body cache (`c.req.bodyCache`,
 * which `c.req.json()` reads first); a body that is not JSON is left for the validator's 400.
 */
export const phoneCountryFromAcceptLanguage: MiddlewareHandler = async (c, next) => {
  const region = regionFromAcceptLanguage(c.req.header("Accept-Language"));
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (region && type === "application/json") {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = parseJsonInput(text);
    } catch {
      return next();
    }
    const filled = withDefaultPhoneCountry(body, region);
    if (filled !== body) {
      // Hono keeps the promise of each reading of the body in bodyCache (its type names the
      // resolved value); the validator's c.req.json() parses the cached text.
      const cache = {} as { text?: Promise<string> };
      cache.text = Promise.resolve(JSON.stringify(filled));
      c.req.bodyCache = cache as unknown as typeof c.req.bodyCache;
    }
  }
  return next();
};
