/**
 * One row of an import file (issue 2 §2; format in docs/import.md): the spec's lawyer fields
 * (spec §3 "Lawyer") with the database's lengths (server/db/schema.ts), validated with zod and
 * turned into an `INSERT INTO lawyers` row.
 */

import { z } from "zod";
import {
  PERSONALITY_TRAITS,
  PRACTICE_AREAS,
  TRAIT_DEFAULT,
  TRAIT_MAX,
  TRAIT_MIN,
  VERIFICATION_STATUSES,
} from "../../lib/constants.ts";
import { GRAMMATICAL_GENDERS } from "../../lib/grammatical-gender.ts";
import { dateTimeFormat } from "../../lib/i18n/intl-cache.ts";
import { MAX_LANGUAGES, parseLanguageList } from "../../lib/languages.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import { listingPhone } from "../../lib/listing-owner-schema.ts";
import { parseSpecialistTitles, SPECIALIST_TITLES_MAX } from "../../lib/specialist-titles.ts";
import { resolveCountry } from "./countries.ts";
import type { NewLawyer } from "./generate.ts";
import type { VerificationPlan } from "./verification-plan.ts";

const requiredText = (max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be text") })
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`);

const optionalText = (max: number) =>
  z.string({ error: "must be text" }).trim().max(max, `must be at most ${max} characters`).optional();

const optionalUrl = (max: number) =>
  optionalText(max).refine((v) => v === undefined || isHttpUrl(v), "must be an http:// or https:// URL");

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Numbers may arrive as text (CSV) or numbers (JSON). */
const numberFromText = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v), schema);

const number = () => z.number({ error: "must be a number" }).refine(Number.isFinite, "must be a number");

/** True for 0 given as a number or a text ("0", " 0.00 "), the one value a rating column may carry. */
function isZero(value: unknown): boolean {
  if (typeof value === "number") return value === 0;
  return typeof value === "string" && value.trim() !== "" && Number(value.trim()) === 0;
}

/**
 * `rating` and `reviewCount` (issue 16 §1: the lawyer JSON's `rating` and `reviewCount` are the
 * average and count of reviews PUBLISHED on LexAtlas after a verified engagement; spec deviation
 * 49): a file may no longer bring them from elsewhere (FTC 16 CFR 465, EU Omnibus Directive
 * 2019/2161: no review figures whose source the platform cannot vouch for). The columns stay
 * known so an older file gets this message rather than "unknown column"; empty or 0 is accepted
 * for compatibility, anything else rejects the row (and so the whole file).
 */
const notFromElsewhere = (what: string) =>
  z
    .unknown()
    .refine(isZero, `${what} come only from reviews verified on LexAtlas; leave it empty`)
    .optional();

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(", ")}` }).optional();

const practiceAreaByKey = new Map(PRACTICE_AREAS.map((a) => [a.toLowerCase(), a]));

/** Practice areas: a JSON array or a ";"-separated text; each one of the spec's list (any case). */
const practiceAreasField = z
  .union([z.string(), z.array(z.string())], { error: 'must be a list of practice areas separated by ";"' })
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : value.split(";")).map((p) => p.trim()).filter(Boolean);
    const out: string[] = [];
    for (const p of parts) {
      const known = practiceAreaByKey.get(p.toLowerCase());
      if (!known) {
        ctx.addIssue({
          code: "custom",
          message: `unknown practice area "${p}"; use one of: ${PRACTICE_AREAS.join(", ")}`,
        });
        return z.NEVER;
      }
      if (!out.includes(known)) out.push(known);
    }
    if (out.length === 0) {
      ctx.addIssue({ code: "custom", message: "needs at least one practice area" });
      return z.NEVER;
    }
    return out;
  });

/**
 * Languages spoken (issue 14 §4): a JSON array or a text separated by ";", "," or spaces, each an
 * ISO 639-1 code in any case ("de; EN"); duplicates dropped; at most MAX_LANGUAGES; may be empty.
 */
const languagesField = z
  .union([z.string(), z.array(z.string())], {
    error: 'must be a list of ISO 639-1 language codes separated by ";", such as "de; en"',
  })
  .transform((value, ctx) => {
    const { codes, unknown } = parseLanguageList(Array.isArray(value) ? value.join(";") : value);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `unknown language code${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")}; use ISO 639-1 codes such as "en", "de", "ar"`,
      });
      return z.NEVER;
    }
    if (codes.length > MAX_LANGUAGES) {
      ctx.addIssue({ code: "custom", message: `lists more than ${MAX_LANGUAGES} languages` });
      return z.NEVER;
    }
    return codes;
  });

/** Personality ratings: an object (or its JSON text) with any of the eight traits, each 1-10; missing ones are 5. */
const personalityTraitsField = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: "must be a JSON object of trait ratings" })
  .transform((value, ctx) => {
    let obj: unknown = value;
    if (typeof value === "string") {
      try {
        obj = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: 'must be a JSON object such as {"openness": 7}' });
        return z.NEVER;
      }
    }
    if (typeof obj !== "object" || obj === null || Array.isArray(obj)) {
      ctx.addIssue({ code: "custom", message: 'must be a JSON object such as {"openness": 7}' });
      return z.NEVER;
    }
    const traits: Record<string, number> = {};
    for (const t of PERSONALITY_TRAITS) traits[t] = TRAIT_DEFAULT;
    for (const [key, v] of Object.entries(obj)) {
      if (!(PERSONALITY_TRAITS as readonly string[]).includes(key)) {
        ctx.addIssue({
          code: "custom",
          message: `unknown trait "${key}"; use ${PERSONALITY_TRAITS.join(", ")}`,
        });
        return z.NEVER;
      }
      if (typeof v !== "number" || !Number.isInteger(v) || v < TRAIT_MIN || v > TRAIT_MAX) {
        ctx.addIssue({
          code: "custom",
          message: `${key} must be a whole number from ${TRAIT_MIN} to ${TRAIT_MAX}`,
        });
        return z.NEVER;
      }
      traits[key] = v;
    }
    return traits;
  });

/** The last year an imported title may carry (as admissionYear's bound: the file is not checked against a clock). */
const IMPORT_LAST_YEAR = 2100;

/**
 * Specialist titles (issue 28 §2; lib/specialist-titles.ts): a JSON array (or its JSON text in a
 * CSV cell) of at most five `{ "title", "issuer", "area", "since" }`, checked by the listing
 * form's own rule (parseSpecialistTitles); the first problem names the title and field.
 */
const specialistTitlesField = z
  .union([z.string(), z.array(z.unknown())], { error: "must be a JSON array of specialist titles" })
  .transform((value, ctx) => {
    let list: unknown = value;
    if (typeof value === "string") {
      if (value.trim() === "") return [];
      try {
        list = JSON.parse(value);
      } catch {
        ctx.addIssue({
          code: "custom",
          message:
            'must be a JSON array such as [{"title": "…", "issuer": "…", "area": "Car Accidents", "since": 2012}]',
        });
        return z.NEVER;
      }
    }
    const { titles, errors } = parseSpecialistTitles(list, IMPORT_LAST_YEAR);
    if (!titles) {
      const [key] = Object.keys(errors);
      const where = key?.match(/^specialistTitles\.(\d+)\.(\w+)$/);
      ctx.addIssue({
        code: "custom",
        message: where
          ? `title ${Number(where[1]) + 1}: ${where[2]} is missing or invalid (title and issuer: one line of at most 200 characters; area: one of the practice areas; since: a year from 1950; no title twice)`
          : `must be a JSON array of at most ${SPECIALIST_TITLES_MAX} titles, each with exactly title, issuer, area and since`,
      });
      return z.NEVER;
    }
    return titles;
  });

const booleanField = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const s = v.trim().toLowerCase();
    if (["true", "yes", "1"].includes(s)) return true;
    if (["false", "no", "0"].includes(s)) return false;
    return v;
  },
  z.boolean({ error: "must be true or false" }),
);

/**
 * The fields of one row, by canonical (camelCase) name. Keys are matched case-insensitively and
 * without punctuation, so `business_address` and `Business Address` mean `businessAddress`.
 */
const RowFields = z.object({
  name: requiredText(255),
  firm: optionalText(255),
  email: requiredText(255).pipe(z.email("must be an email address")),
  phone: optionalText(50),
  location: optionalText(255),
  city: requiredText(100),
  state: optionalText(100),
  country: requiredText(100),
  latitude: numberFromText(
    number().min(-90, "must be from -90 to 90").max(90, "must be from -90 to 90"),
  ).optional(),
  longitude: numberFromText(
    number().min(-180, "must be from -180 to 180").max(180, "must be from -180 to 180"),
  ).optional(),
  timeZone: optionalText(64).refine(
    (v) => v === undefined || isTimeZone(v),
    'must be an IANA time zone such as "America/Toronto"',
  ),
  experience: numberFromText(
    number()
      .int("must be a whole number of years")
      .min(0, "must be at least 0")
      .max(80, "must be at most 80"),
  ).optional(),
  rating: notFromElsewhere("ratings"),
  reviewCount: notFromElsewhere("review counts"),
  bio: optionalText(10_000),
  practiceAreas: practiceAreasField,
  languages: languagesField.optional(),
  imageUrl: optionalUrl(500),
  businessLogo: optionalUrl(500),
  businessAddress: optionalText(500),
  website: optionalUrl(500),
  googleReviewsUrl: optionalUrl(500),
  workingHours: optionalText(255),
  // Issue 28 §2: how texts speak about the lawyer (lib/grammatical-gender.ts); any letter case.
  grammaticalGender: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
    oneOf(GRAMMATICAL_GENDERS),
  ),
  verified: booleanField.optional(),
  verificationStatus: oneOf(VERIFICATION_STATUSES),
  // Issue 15 §2 "a listing needs at least one bar admission (jurisdiction, regulator, number) to
  // be published": the regulator and the licence or registration number are required; the
  // jurisdiction is the row's country and state unless the file names another.
  admissionRegulator: requiredText(255),
  admissionNumber: requiredText(100),
  admissionYear: numberFromText(
    number()
      .int("must be a whole year")
      .min(1900, "must be from 1900 to 2100")
      .max(2100, "must be from 1900 to 2100"),
  ).optional(),
  admissionCountry: optionalText(100),
  admissionRegion: optionalText(100),
  specialistTitles: specialistTitlesField.optional(),
  personalityTraits: personalityTraitsField.optional(),
  communicationStyle: oneOf(STYLES.communicationStyle),
  approachStyle: oneOf(STYLES.approachStyle),
  clientFocus: oneOf(STYLES.clientFocus),
  availabilityLevel: oneOf(STYLES.availabilityLevel),
  caseComplexityPreference: oneOf(STYLES.caseComplexityPreference),
});

/**
 * Validates one row whose keys are already canonical (see canonicalField) and returns the
 * database row: country resolved to its friendly name and ISO code, phone checked for that
 * country (digits of any script, national or international) and stored as E.164 (issue 14 §2;
 * lib/listing-owner-schema.ts listingPhone, the listing forms' rule), location built as
 * "City, State, Country", rating and review count 0 (a non-zero `rating` or `reviewCount` in
 * the file is an error: issue 16 §1, ratings come only from reviews verified on LexAtlas).
 */
export const ImportRowSchema = RowFields.superRefine(
  (row, ctx) => {
    // Runs even when single fields failed (so every problem of a row is reported at once);
    // each check only looks at fields that are valid on their own.
    const ok = (field: keyof typeof RowFields.shape) =>
      RowFields.shape[field].safeParse((row as Record<string, unknown>)[field]).success;
    const country = ok("country") ? resolveCountry(row.country) : undefined;
    if (country === null) {
      ctx.addIssue({
        code: "custom",
        path: ["country"],
        message: `unknown country "${row.country}"; use an English name or an ISO code such as "CA"`,
      });
    } else if (country && row.phone !== undefined && ok("phone")) {
      if (!listingPhone(row.phone, country.code)) {
        ctx.addIssue({
          code: "custom",
          path: ["phone"],
          message: `is not a valid phone number for ${country.name}`,
        });
      }
    }
    if (
      row.admissionCountry !== undefined &&
      ok("admissionCountry") &&
      !resolveCountry(row.admissionCountry)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["admissionCountry"],
        message: `unknown country "${row.admissionCountry}"; use an English name or an ISO code such as "US"`,
      });
    }
    if ((row.latitude === undefined) !== (row.longitude === undefined)) {
      const missing = row.latitude === undefined ? "latitude" : "longitude";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "is required when the other coordinate is given",
      });
    }
    if (
      row.verified !== undefined &&
      row.verificationStatus !== undefined &&
      ok("verified") &&
      ok("verificationStatus")
    ) {
      if (row.verified !== (row.verificationStatus === "verified")) {
        ctx.addIssue({
          code: "custom",
          path: ["verified"],
          message: `contradicts verificationStatus "${row.verificationStatus}"`,
        });
      }
    }
  },
  { when: () => true },
).transform((row): NewLawyer => {
  const country = resolveCountry(row.country) as { code: string; name: string };
  // Issue 15 §2 "Imports never set a check to verified by themselves": a file that says verified
  // or pending gives the listing a pending licence check (dataset import) for a moderator or the
  // register import to decide; anything else, or no column, leaves it unverified.
  const claimed = row.verificationStatus ?? (row.verified === true ? "verified" : "unverified");
  const admissionCountry = row.admissionCountry
    ? (resolveCountry(row.admissionCountry) as { code: string; name: string })
    : country;
  const verification: VerificationPlan = {
    admission: {
      countryCode: admissionCountry.code,
      region: row.admissionRegion ?? (admissionCountry.code === country.code ? (row.state ?? null) : null),
      regulator: row.admissionRegulator,
      licenceNumber: row.admissionNumber,
      yearAdmitted: row.admissionYear ?? null,
      status: "active",
    },
    checks:
      claimed === "unverified"
        ? []
        : [
            {
              kind: "licence",
              status: "pending",
              method: "dataset_import",
              source: `import (file said "${claimed}")`,
              sourceUrl: null,
              checkedDaysAgo: null,
              dueInDays: null,
              demo: false,
            },
          ],
  };
  return {
    name: row.name,
    firm: row.firm ?? "",
    email: row.email,
    phone: row.phone ? (listingPhone(row.phone, country.code) ?? "") : "",
    location: row.location || [row.city, row.state, country.name].filter(Boolean).join(", ").slice(0, 255),
    country: country.name,
    countryCode: country.code,
    state: row.state || null,
    city: row.city,
    latitude: row.latitude ?? null,
    longitude: row.longitude ?? null,
    timeZone: row.timeZone ?? null,
    experience: row.experience ?? 0,
    // Issue 16 §1: a new listing has no published review on LexAtlas, so 0 and 0 (importLawyers
    // then runs server/reviews/recompute.ts over the new ids, the one writer of this cache).
    rating: 0,
    reviewCount: 0,
    bio: row.bio ?? "",
    practiceAreas: row.practiceAreas,
    languages: row.languages ?? [],
    imageUrl: row.imageUrl ?? null,
    businessLogo: row.businessLogo ?? null,
    businessAddress: row.businessAddress ?? null,
    website: row.website ?? null,
    googleReviewsUrl: row.googleReviewsUrl ?? null,
    workingHours: row.workingHours ?? null,
    // Issue 28 §2: stated titles start unchecked (an import never verifies anything).
    specialistTitles: row.specialistTitles ?? [],
    grammaticalGender: row.grammaticalGender ?? null,
    verification,
    personalityTraits: row.personalityTraits ?? null,
    communicationStyle: row.communicationStyle ?? null,
    approachStyle: row.approachStyle ?? null,
    clientFocus: row.clientFocus ?? null,
    availabilityLevel: row.availabilityLevel ?? null,
    caseComplexityPreference: row.caseComplexityPreference ?? null,
  };
});

/** Canonical field names of an import row, in documentation order. */
export const IMPORT_FIELDS = Object.keys(RowFields.shape) as readonly string[];

/** Folds a column or key name for matching: "Business_Address" -> "businessaddress". */
export function foldFieldName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const FIELD_BY_FOLDED = new Map<string, string>(IMPORT_FIELDS.map((f) => [foldFieldName(f), f]));
// Short spellings people use in spreadsheets.
for (const [alias, field] of Object.entries({
  reviews: "reviewCount",
  lat: "latitude",
  lng: "longitude",
  lon: "longitude",
  timezone: "timeZone",
  gender: "grammaticalGender",
  province: "state",
  areas: "practiceAreas",
  practicearea: "practiceAreas",
  language: "languages",
  languagesspoken: "languages",
  address: "businessAddress",
  status: "verificationStatus",
  regulator: "admissionRegulator",
  licencenumber: "admissionNumber",
  licensenumber: "admissionNumber",
  barnumber: "admissionNumber",
  registrationnumber: "admissionNumber",
  yearadmitted: "admissionYear",
  specialisttitle: "specialistTitles",
  fachanwalt: "specialistTitles",
})) {
  FIELD_BY_FOLDED.set(alias, field);
}

/** The canonical field for a column or key name, or undefined when it is not an import field. */
export function canonicalField(name: string): string | undefined {
  return FIELD_BY_FOLDED.get(foldFieldName(name));
}

function isTimeZone(value: string): boolean {
  try {
    dateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
