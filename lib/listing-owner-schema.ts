/**
 * Validators of the listing payloads (issue 3 "Lawyer onboarding"): create (POST /api/listing)
 * and update (PUT /api/listing), shared by the dashboard's action (app/routes/dashboard.listing.tsx)
 * and the API (server/api/listings.ts), so a rule and its message live in one place. Lengths are
 * the database's (server/db/schema.ts `lawyers`). Kept apart from lib/listing-owner.ts so the
 * browser bundle carries no validator (as lib/search-params.ts and lib/search-state.ts).
 *
 * Checks that need data (the country exists, the phone number is valid for the listing's
 * country when only the phone changes) are finished by the listings service with
 * `listingPhone`, which also gives the phone's stored form, E.164 (issue 14 §2).
 */

import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { PRACTICE_AREAS } from "./constants.ts";
import { firstFieldErrors } from "./field-errors.ts";
import { GRAMMATICAL_GENDERS } from "./grammatical-gender.ts";
import { msg } from "./i18n/message.ts";
import { MAX_LANGUAGES, parseLanguageList } from "./languages.ts";
import type { ListingField, ListingFieldErrors } from "./listing-owner.ts";
import { normalizeDigits } from "./phone.ts";
import { zodIssueMessage } from "./zod-issue-message.ts";

/** Messages next to the fields (the API answers the same text). */
export const LISTING_FIELD_MESSAGES = {
  name: msg("validation:listing.name"),
  phone: msg("validation:listing.phone"),
  /** `region` is the listing's ISO code: the reader's translation names it in their language. */
  phoneInvalid: (region: string) => msg("validation:listing.phoneInvalid", { region }),
  countryCode: msg("validation:listing.countryCode"),
  city: msg("validation:listing.city"),
  website: msg("validation:listing.website"),
  practiceAreas: msg("validation:listing.practiceAreas"),
  languages: (unknown: string) => msg("validation:listing.languages", { unknown }),
  languagesTooMany: msg("validation:listing.languagesTooMany", { max: MAX_LANGUAGES }),
  experience: msg("validation:listing.experience"),
  admissionRegulator: msg("validation:listing.admissionRegulator"),
  admissionNumber: msg("validation:listing.admissionNumber"),
  admissionYear: msg("validation:listing.admissionYear"),
  latitude: msg("validation:listing.latitude"),
  longitude: msg("validation:listing.longitude"),
  position: msg("validation:listing.position"),
  text: msg("validation:listing.text"),
  tooLong: (max: number) => msg("validation:atMost", { max }),
  /** `field` is the payload key, e.g. "name" (the catalog names it: "The name"). */
  controlCharacters: (field: string) => msg("validation:listing.controlCharacters", { field }),
} as const;

/**
 * True when `text` holds a control character a single-line field must not have: C0 (U+0000 to
 * U+001F: NUL, tab, line breaks …), DEL and C1 (U+007F to U+009F). PostgreSQL refuses NUL in text
 * (SQLSTATE 22021, which was a 500: security review of issue 3), and no name, phone or address
 * needs the others.
 */
export function hasControlCharacters(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/** As hasControlCharacters, but a tab and line breaks (\t \n \r) are fine (multi-line text: bio). */
export function hasControlCharactersInMultiline(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text);
}

/** Refuses control characters (a tab and line breaks too unless `multiline`) with the field's name. */
function noControlCharacters(field: string, multiline = false) {
  const found = multiline ? hasControlCharactersInMultiline : hasControlCharacters;
  return [
    (v: string | null) => v === null || !found(v),
    { error: LISTING_FIELD_MESSAGES.controlCharacters(field) },
  ] as const;
}

const requiredText = (field: string, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: LISTING_FIELD_MESSAGES.tooLong(max) })
    .refine(...noControlCharacters(field));

/** Optional text: "" (or null) means none and becomes null. `multiline` allows \t \n \r. */
const optionalText = (field: string, max: number, multiline = false) =>
  z
    .string({ error: LISTING_FIELD_MESSAGES.text })
    .trim()
    .max(max, { error: LISTING_FIELD_MESSAGES.tooLong(max) })
    .refine(...noControlCharacters(field, multiline))
    .nullable()
    .transform((v) => (v === "" || v === null ? null : v));

/**
 * True for an absolute http(s) URL whose host has a dot ("https://firm.example"). Other schemes
 * (javascript:, data:, ftp:) are refused.
 */
export function isWebsiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A website: "firm.example" gets "https://" in front; anything but http(s) is refused; "" is none. */
const website = z
  .string({ error: LISTING_FIELD_MESSAGES.website })
  .trim()
  .max(500, { error: LISTING_FIELD_MESSAGES.tooLong(500) })
  .refine(...noControlCharacters("website"))
  .nullable()
  .transform((v) => {
    if (v === null || v === "") return null;
    return /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  })
  .refine((v) => v === null || isWebsiteUrl(v), { error: LISTING_FIELD_MESSAGES.website });

/** One or more of the spec's practice areas (spec §3 "Options"), without repeats, in list order. */
const practiceAreas = z
  .array(z.enum(PRACTICE_AREAS, { error: LISTING_FIELD_MESSAGES.practiceAreas }), {
    error: LISTING_FIELD_MESSAGES.practiceAreas,
  })
  .min(1, { error: LISTING_FIELD_MESSAGES.practiceAreas })
  .transform((areas) => PRACTICE_AREAS.filter((a) => areas.includes(a)));

/**
 * Languages spoken (issue 14 §4): ISO 639-1 codes as an array or a text separated by commas or
 * spaces ("en, de"), any case, repeats dropped; at most MAX_LANGUAGES; may be empty.
 */
const languages = z
  .union([z.string(), z.array(z.string())], { error: LISTING_FIELD_MESSAGES.languages("") })
  .transform((value, ctx) => {
    const { codes, unknown } = parseLanguageList(Array.isArray(value) ? value.join(",") : value);
    if (unknown.length > 0) {
      ctx.addIssue({ code: "custom", message: LISTING_FIELD_MESSAGES.languages(`“${unknown[0]}”`) });
      return z.NEVER;
    }
    if (codes.length > MAX_LANGUAGES) {
      ctx.addIssue({ code: "custom", message: LISTING_FIELD_MESSAGES.languagesTooMany });
      return z.NEVER;
    }
    return codes;
  });

/** Whole years 0 to 80 (the database's CHECK); a form's text "12" is accepted. */
const experience = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: LISTING_FIELD_MESSAGES.experience })
    .int({ error: LISTING_FIELD_MESSAGES.experience })
    .min(0, { error: LISTING_FIELD_MESSAGES.experience })
    .max(80, { error: LISTING_FIELD_MESSAGES.experience }),
);

/** A year of admission, 1900 to 2100 (the database's CHECK); a form's text "2010" is accepted, "" is none. */
const admissionYear = z.preprocess(
  (v) =>
    v === "" || v === null ? undefined : typeof v === "string" && /^\s*\d{4}\s*$/.test(v) ? Number(v) : v,
  z
    .number({ error: LISTING_FIELD_MESSAGES.admissionYear })
    .int({ error: LISTING_FIELD_MESSAGES.admissionYear })
    .min(1900, { error: LISTING_FIELD_MESSAGES.admissionYear })
    .max(2100, { error: LISTING_FIELD_MESSAGES.admissionYear })
    .optional(),
);

/**
 * One coordinate of the office position (issue 19 §1) in degrees, `min` to `max`: a number, or a
 * form's text with a point or comma as decimal mark ("52.52", "52,52"); "" or null clears it.
 */
const degrees = (min: number, max: number, error: string) =>
  z.preprocess((v) => {
    if (v === "" || v === null) return null;
    if (typeof v === "string") {
      const t = v.trim().replace(",", ".");
      return /^[-+]?\d{1,3}(\.\d{1,10})?$/.test(t) ? Number(t) : v;
    }
    return v;
  }, z.number({ error }).min(min, { error }).max(max, { error }).nullable());

const countryCode = z
  .string({ error: LISTING_FIELD_MESSAGES.countryCode })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: LISTING_FIELD_MESSAGES.countryCode })
  .transform((v) => v.toUpperCase());

/**
 * A listing's phone as it is stored (issue 14 §2 "stored as E.164"): the E.164 form
 * ("+14165550100") of `phone` when it is a valid number of `country` (an ISO 3166-1 alpha-2
 * code; a number of another country with the same calling code counts, e.g. +1 for CA and US),
 * else null. `phone` may be national (read in `country`: "(416) 555-0100") or international
 * ("+1 416 555 0100"), in digits of any script (lib/phone.ts normalizeDigits). Never throws; an
 * unknown country gives null. Uses libphonenumber-js's full metadata, like the import
 * (server/seed/import-schema.ts). Pages show it per visitor (app/i18n/phone.server.ts).
 */
export function listingPhone(phone: string, country: string): string | null {
  if (!isSupportedCountry(country)) return null;
  const parsed = parsePhoneNumberFromString(normalizeDigits(phone), country);
  if (!parsed?.isValid()) return null;
  if (parsed.countryCallingCode !== getCountryCallingCode(country)) return null;
  return parsed.number;
}

/**
 * How the listing wants to be spoken about (issue 28 §2; lib/grammatical-gender.ts): "feminine",
 * "masculine" or "neutral"; "" or null clears it (neutral wording).
 */
const grammaticalGender = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .enum(GRAMMATICAL_GENDERS, {
      error: msg("validation:zod.oneOf", { options: GRAMMATICAL_GENDERS.join(", ") }),
    })
    .nullable(),
);

/**
 * POST /api/listing and the "Create your listing" form (issue 3): a new listing for a lawyer
 * account without one. The email is the account's and is not part of the payload; unknown keys
 * are refused. Required: name, phone, countryCode, city, practiceAreas, experience, and a bar
 * admission (admissionRegulator, admissionNumber; optional admissionRegion, admissionYear; issue
 * 15 §2 "Publication": no listing without one). The phone
 * must be valid for the country (checked here); the service also checks the country exists.
 */
export const ListingCreateSchema = z
  .object({
    name: requiredText("name", 255, LISTING_FIELD_MESSAGES.name),
    firm: optionalText("firm", 255).optional(),
    phone: requiredText("phone", 50, LISTING_FIELD_MESSAGES.phone),
    countryCode,
    city: requiredText("city", 100, LISTING_FIELD_MESSAGES.city),
    state: optionalText("state", 100).optional(),
    businessAddress: optionalText("businessAddress", 500).optional(),
    website: website.optional(),
    bio: optionalText("bio", 10_000, true).optional(),
    practiceAreas,
    languages: languages.optional(),
    experience,
    workingHours: optionalText("workingHours", 255).optional(),
    grammaticalGender: grammaticalGender.optional(),
    // Issue 15 §2 "Publication": a listing needs a bar admission (jurisdiction = the listing's
    // country and region, regulator, number) to be published; its licence check starts pending.
    admissionRegulator: requiredText("admissionRegulator", 255, LISTING_FIELD_MESSAGES.admissionRegulator),
    admissionNumber: requiredText("admissionNumber", 100, LISTING_FIELD_MESSAGES.admissionNumber),
    admissionRegion: optionalText("admissionRegion", 100).optional(),
    admissionYear,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (isSupportedCountry(v.countryCode) && !listingPhone(v.phone, v.countryCode)) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: LISTING_FIELD_MESSAGES.phoneInvalid(v.countryCode),
      });
    }
  });
/** Parsed create payload. */
export type ListingCreateInput = z.infer<typeof ListingCreateSchema>;

/**
 * PUT /api/listing and the edit form (issue 3): the business fields of spec §3 (name,
 * description = bio, phone, address, website) plus firm, working hours, practice areas, the
 * languages spoken (issue 14 §4) and the grammatical gender (issue 28 §2).
 * Every key is optional (only those given change), at least one is required, unknown keys are
 * refused. The phone is checked against the listing's country by the service.
 */
export const ListingUpdateSchema = z
  .object({
    name: requiredText("name", 255, LISTING_FIELD_MESSAGES.name).optional(),
    firm: optionalText("firm", 255).optional(),
    phone: requiredText("phone", 50, LISTING_FIELD_MESSAGES.phone).optional(),
    businessAddress: optionalText("businessAddress", 500).optional(),
    website: website.optional(),
    bio: optionalText("bio", 10_000, true).optional(),
    practiceAreas: practiceAreas.optional(),
    languages: languages.optional(),
    workingHours: optionalText("workingHours", 255).optional(),
    grammaticalGender: grammaticalGender.optional(),
    // Issue 19 §1: the office's own position, both or neither (null or "" clears both).
    latitude: degrees(-90, 90, LISTING_FIELD_MESSAGES.latitude).optional(),
    longitude: degrees(-180, 180, LISTING_FIELD_MESSAGES.longitude).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: msg("validation:listing.nothingToUpdate"),
  })
  .superRefine((v, ctx) => {
    if (v.latitude === undefined && v.longitude === undefined) return;
    if ((v.latitude ?? null) === null && (v.longitude ?? null) === null) return;
    for (const key of ["latitude", "longitude"] as const)
      if (v[key] === undefined || v[key] === null)
        ctx.addIssue({ code: "custom", path: [key], message: LISTING_FIELD_MESSAGES.position });
  });
/** Parsed update payload. */
export type ListingUpdateInput = z.infer<typeof ListingUpdateSchema>;

/** POST /api/listing/claim/confirm: the token from the emailed link. */
export const ClaimConfirmSchema = z
  .object({
    token: z
      .string({ error: msg("validation:listing.tokenRequired") })
      .trim()
      .min(1)
      .max(200),
  })
  .strict();

/** POST /api/listing/verify-email/confirm: the token from the emailed verification link. */
export const EmailVerifyConfirmSchema = ClaimConfirmSchema;

/**
 * The first error per field of a failed parse, keyed by form field; issues without a known
 * field (an unknown key, an empty update) come back under `form`.
 */
export function fieldErrorsOf(error: z.ZodError): { fields: ListingFieldErrors; form: string | null } {
  const fields: ListingFieldErrors = firstFieldErrors<ListingField>(error, LISTING_FIELDS);
  const known = new Set<string>(LISTING_FIELDS);
  let form: string | null = null;
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && known.has(key) && issue.code !== "unrecognized_keys") continue;
    if (issue.path.length === 0 && issue.code === "invalid_type") form ??= msg("errors:body.notObject");
    else
      form ??=
        issue.code === "unrecognized_keys"
          ? msg("validation:unknownField", { field: issue.keys.join(", ") })
          : zodIssueMessage(issue);
  }
  return { fields, form };
}

/** Every form field, in form order. */
export const LISTING_FIELDS: readonly ListingField[] = [
  "name",
  "firm",
  "phone",
  "countryCode",
  "city",
  "state",
  "businessAddress",
  "website",
  "bio",
  "practiceAreas",
  "languages",
  "experience",
  "workingHours",
  "grammaticalGender",
  "latitude",
  "longitude",
  "admissionRegulator",
  "admissionNumber",
  "admissionRegion",
  "admissionYear",
];
