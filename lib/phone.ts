/**
 * Phone numbers worldwide (issue 14 §2 "Phones: libphonenumber-js with the country as default, any
 * digits the user types, stored as E.164, displayed nationally or internationally as
 * appropriate"). Pure and browser-safe: the forms, the shared zod schemas (lib/cases.ts,
 * lib/contact.ts, lib/messages.ts, lib/account.ts) and the server use the same rules.
 */
import {
  type CountryCode,
  getCountries,
  getExampleNumber,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { z } from "zod";
import { isFictionalPhone } from "./fictional-phones.ts";
import { msg } from "./i18n/message.ts";

/** True for an ISO 3166-1 alpha-2 code libphonenumber-js knows ("DE", "JP"...). */
export function isPhoneCountry(code: unknown): code is CountryCode {
  return typeof code === "string" && PHONE_COUNTRIES.has(code);
}
const PHONE_COUNTRIES = new Set<string>(getCountries());

const DECIMAL_DIGIT = /\p{Nd}/u;

/** The value 0-9 of one Unicode decimal digit (any script), found from the start of its block. */
function digitValue(char: string): number {
  let cp = char.codePointAt(0) as number;
  const start = cp;
  // Unicode places each script's digits 0-9 on consecutive code points (runs of several scripts,
  // e.g. the mathematical digits, are whole blocks of ten): count back to the run's start.
  while (cp > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(cp - 1))) cp--;
  return (start - cp) % 10;
}

/**
 * `text` with every decimal digit of any script made ASCII (Arabic-Indic ٠-٩, Extended
 * Arabic-Indic ۰-۹, fullwidth ０-９, Devanagari ०-९, Bengali, Thai...), the fullwidth plus and
 * parentheses made ASCII, and invisible direction marks (which right-to-left keyboards insert)
 * removed. Other characters are kept. Example: "+٤٩ ٣٠ ١٢٣٤٥٦٧" -> "+49 30 1234567".
 */
export function normalizeDigits(text: string): string {
  return text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/＋/g, "+")
    .replace(/（/g, "(")
    .replace(/）/g, ")")
    .replace(/－/g, "-")
    .replace(/\p{Nd}/gu, (d) => String(digitValue(d)));
}

/**
 * The E.164 form ("+493012345678") of a number typed in any digits, or null when it is no valid
 * number. A number without "+" (or "00") is read in `defaultCountry` (the lawyer's country on the
 * case form, the visitor's region elsewhere: issue 14 §2); without a default it must be
 * international. Example: toE164("030 1234567", "DE") -> "+49301234567".
 */
export function toE164(input: string, defaultCountry?: string | null): string | null {
  let text = normalizeDigits(input).trim();
  if (text.startsWith("00")) text = `+${text.slice(2)}`;
  const country = isPhoneCountry(defaultCountry) ? defaultCountry : undefined;
  if (!text.startsWith("+") && !country) return null;
  const phone = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : {});
  return phone?.isValid() ? phone.number : null;
}

/**
 * A stored number (E.164) for display: national format ("030 1234567") when the viewer's
 * country is the number's, international ("+49 30 1234567") otherwise or when the viewer's
 * country is unknown. Text that is no valid number (older rows, fictional test numbers) is
 * returned as it is.
 */
export function formatPhone(stored: string, viewerCountry?: string | null): string {
  const phone = parsePhoneNumberFromString(normalizeDigits(stored));
  if (!phone?.isValid()) return stored;
  return viewerCountry && phone.country === viewerCountry.toUpperCase()
    ? phone.formatNational()
    : phone.formatInternational();
}

/**
 * What a phone input shows once the person leaves it: a number valid in `defaultCountry` (or
 * international) rewritten in international form ("٠٣٠ ١٢٣٤٥٦٧" in DE -> "+49 30 1234567"), so
 * the value sent no longer depends on the country; null (leave as typed) for empty or invalid text.
 */
export function phoneOnLeave(typed: string, defaultCountry?: string | null): string | null {
  const e164 = typed.trim() ? toE164(typed, defaultCountry) : null;
  return e164 ? formatPhone(e164, null) : null;
}

/** The `tel:` link of a stored number ("tel:+493012345678"), or null when it cannot be read. */
export function phoneHref(stored: string): string | null {
  const phone = parsePhoneNumberFromString(normalizeDigits(stored));
  return phone ? phone.getURI() : null;
}

/** A phone as a page shows it: the text for this viewer and the `tel:` link (E.164). */
export interface PhoneDisplay {
  /** National ("030 1234567") for a viewer in the number's country, else international. */
  text: string;
  /** "tel:+49301234567"; for text that is no number, "tel:" with its "+" and digits; null without digits. */
  href: string | null;
}

/**
 * A stored number (a listing's international form or E.164) as `viewerCountry` should read it
 * (issue 14 §2 "displayed nationally or internationally as appropriate"): the text by
 * `formatPhone` (national when the viewer's country is the number's, international otherwise),
 * the `tel:` link always E.164 whatever the text. The viewer's country is the region of their
 * `Accept-Language` (lib/region.ts), null when it names none. Run it in loaders: pages get
 * strings, so the browser needs no phone metadata to show a number. Example:
 * phoneDisplay("+49 30 1234567", "DE") -> { text: "030 1234567", href: "tel:+49301234567" }.
 */
export function phoneDisplay(stored: string, viewerCountry?: string | null): PhoneDisplay {
  const href = phoneHref(stored);
  if (href) return { text: formatPhone(stored, viewerCountry), href };
  const text = normalizeDigits(stored).trim();
  const digits = text.replace(/\D/g, "");
  return { text: stored, href: digits ? `tel:${text.startsWith("+") ? "+" : ""}${digits}` : null };
}

/**
 * A listing's phone as a page shows it (issue 28 §4: "Demo phone numbers are never someone's real
 * number"): phoneDisplay's text and `tel:` link, except for a fictional demo listing (`demo`) whose
 * number lies in no range reserved for fiction (lib/fictional-phones.ts): null, so the page shows
 * neither the number nor a link to call it (a made-up number may be a real person's). A real
 * listing's number is always shown. Example: listingPhoneDisplay({ phone: "+971527801680", demo:
 * true }, "AE") -> null; with demo false -> { text: "052 780 1680", href: "tel:+971527801680" }.
 */
export function listingPhoneDisplay(
  listing: { phone: string; demo: boolean },
  viewerCountry?: string | null,
): PhoneDisplay | null {
  if (listing.demo && !isFictionalPhone(listing.phone)) return null;
  return phoneDisplay(listing.phone, viewerCountry);
}

/**
 * An example number of `country` in international form ("+49 1512 3456789"), for a phone
 * input's placeholder; a generic "+" pattern when the country is unknown.
 */
export function examplePhone(country?: string | null): string {
  const example = isPhoneCountry(country) ? getExampleNumber(country, examples) : undefined;
  return example ? example.formatInternational() : "+…";
}

/** What a phone field accepts before the country is known: digits of any script, spaces, + ( ) . - /. */
const PHONE_CHARACTERS = /^\+?[0-9 ().\-/]{5,}$/;

/**
 * A phone field of a shared schema: trims, makes the digits ASCII (normalizeDigits) and checks
 * the characters (at least 5; digits, spaces, + ( ) . - /). Whether it is a real number, and
 * its E.164 form, is decided with the form's country by `withPhoneCountry`.
 */
export function phoneField(message: string, max = 50, tooLong = message) {
  return z
    .string({ error: message })
    .trim()
    .max(max, tooLong)
    .transform(normalizeDigits)
    .pipe(z.string().regex(PHONE_CHARACTERS, message));
}

/**
 * The optional `phoneCountry` of a form: the ISO code national numbers are read in ("" is none).
 * The JSON API fills it from `Accept-Language` when a body has none (server/api/phone-country.ts).
 */
export const phoneCountryField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || isPhoneCountry(v), { error: msg("validation:zod.unknownCountry") })
  .transform((v) => (v === "" ? undefined : v))
  .optional()
  .describe(
    "ISO 3166-1 alpha-2 country a national phone number is read in; default: the region of Accept-Language",
  );

/**
 * Adds to an object schema with a `phoneCountry` field the phone rule of issue 14 §2: each
 * named phone field that has a value must be a valid number (international, or national in
 * `phoneCountry`), else `message` on that field; valid ones are stored as E.164. Runs even
 * when other fields have errors, so the form shows every error at once.
 */
export function withPhoneCountry<T extends z.ZodObject>(schema: T, fields: Record<string, string>): T {
  type Out = Record<string, unknown>;
  return schema
    .superRefine(
      (value, ctx) => {
        const v = value as Out;
        for (const [field, message] of Object.entries(fields)) {
          const phone = v[field];
          if (typeof phone !== "string" || phone === "") continue;
          if (!toE164(phone, v.phoneCountry as string | undefined)) {
            ctx.addIssue({ code: "custom", path: [field], message, input: phone });
          }
        }
      },
      {
        // Field errors elsewhere would skip the rule; run it unless the phone fields themselves failed.
        when: (payload) =>
          typeof payload.value === "object" &&
          payload.value !== null &&
          !payload.issues.some((i) => {
            const key = String(i.path?.[0]);
            return Object.hasOwn(fields, key) || key === "phoneCountry";
          }),
      },
    )
    .overwrite((value) => {
      const v = { ...(value as Out) };
      for (const field of Object.keys(fields)) {
        const phone = v[field];
        if (typeof phone === "string" && phone !== "") {
          v[field] = toE164(phone, v.phoneCountry as string | undefined) ?? phone;
        }
      }
      return v as typeof value;
    }) as T;
}
