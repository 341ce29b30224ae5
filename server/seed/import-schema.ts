/**
 * One row of an import file (issue 2 §2; format in docs/import.md): the spec's lawyer fields
 * (spec §3 "Lawyer") with the database's lengths (server/db/schema.ts), validated with zod and
 * turned into an `INSERT INTO lawyers` row.
 */

import { z } from "zod";
import { VERIFICATION_STATUSES } from "../../lib/constants.ts";
import { GRAMMATICAL_GENDERS } from "../../lib/grammatical-gender.ts";
import { dateTimeFormat } from "../../lib/i18n/intl-cache.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import { listingPhone } from "../../lib/listing-owner-schema.ts";
import { resolveCountry } from "./countries.ts";
import type { NewLawyer } from "./generate.ts";
import {
  booleanField,
  languagesField,
  notFromElsewhere,
  number,
  numberFromText,
  oneOf,
  optionalText,
  optionalUrl,
  personalityTraitsField,
  practiceAreasField,
  requiredText,
  specialistTitlesField,
} from "./import-fields.ts";
import type { VerificationPlan } from "./verification-plan.ts";

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
