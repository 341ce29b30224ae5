/**
 * The search request's schema: one zod schema for the URL of the browse page and for
 * GET /api/lawyers/search, /facets (spec §7, issue 2 §3), and the type it validates to. Its own
 * module so that lib/search-state.ts (the browser side) can name the type without importing the
 * URL reader lib/search-params.ts that uses its defaults (issue 30: no import circles).
 */
import countries from "i18n-iso-countries";
import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  EXPERIENCE_MAX,
  MAX_QUERY_LENGTH,
  MAX_RESULT_WINDOW,
  PAGE_SIZES,
  PRACTICE_AREAS,
  RATING_MAX,
  SORT_VALUES,
} from "./constants.ts";
import { FEE_KINDS } from "./fees.ts";
import { msg } from "./i18n/message.ts";
import { isLanguageCode, MAX_LANGUAGES } from "./languages.ts";
import { PREFER_NONE } from "./preferred-country.ts";

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * Numbers are plain decimals ("10", "4.5", "-1"): an empty value is absent, any other string
 * ("0x10", "1e1", "Infinity", "ten") stays a string and fails the number check, so it is
 * reported as not a number rather than read the way JavaScript's Number() would.
 */
const decimal = (v: unknown) => {
  const e = emptyToUndefined(v);
  if (typeof e !== "string") return e;
  const t = e.trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : e;
};

/**
 * Parsed search parameters. `location` "all" or "" means no location filter (spec §3). Numbers
 * are plain decimals only ("0x10" and "1e1" are errors); `radiusKm` needs `near`. Messages are
 * `validation:zod.*` catalog references (issue 14 §1): the API answers them after the parameter's
 * name in the language of Accept-Language ("radiusKm: A radius needs near …").
 */
export const SearchParamsSchema = z
  .object({
    query: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .max(MAX_QUERY_LENGTH, { error: msg("validation:zod.tooLong", { max: MAX_QUERY_LENGTH }) })
        .optional(),
    ),
    location: z.preprocess(
      (v) => (v === "all" ? undefined : emptyToUndefined(v)),
      z
        .string()
        .trim()
        .max(100, { error: msg("validation:zod.tooLong", { max: 100 }) })
        .optional(),
    ),
    practiceAreas: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z
        .array(
          z.enum(PRACTICE_AREAS, {
            error: (i) => msg("validation:zod.unknownPracticeArea", { value: String(i.input).slice(0, 100) }),
          }),
        )
        .max(PRACTICE_AREAS.length)
        .default([]),
    ),
    /** ISO 639-1 codes; a lawyer matches if they speak ANY of them (issue 14 §4). */
    languages: z.preprocess(
      (v) =>
        typeof v === "string"
          ? [
              ...new Set(
                v
                  .split(",")
                  .map((s) => s.trim().toLowerCase())
                  .filter(Boolean),
              ),
            ]
          : v,
      z
        .array(
          z.string().refine(isLanguageCode, {
            error: (i) => msg("validation:zod.unknownLanguage", { value: String(i.input).slice(0, 100) }),
          }),
        )
        .max(MAX_LANGUAGES, { error: msg("validation:zod.tooManyItems", { max: MAX_LANGUAGES }) })
        .default([]),
    ),
    /**
     * Only listings whose licence check is verified and not past due (issue 15 §2 "Verified
     * only"; `verified=true` in the API). "true"/"1"/"on" (a checkbox) and "false"/"0".
     */
    verified: z.preprocess(
      (v) => {
        const e = emptyToUndefined(v);
        if (typeof e !== "string") return e;
        const t = e.trim().toLowerCase();
        return t === "true" || t === "1" || t === "on" ? true : t === "false" || t === "0" ? false : e;
      },
      z.boolean({ error: "verified must be true or false" }).default(false),
    ),
    /**
     * Only listings that usually respond within 24 h (issue 16 §3): median first response at most
     * RESPONSE_DEADLINE_HOURS from at least RESPONSE_MIN_SAMPLE cases (`respondsWithin24h=true`).
     */
    respondsWithin24h: z.preprocess(
      (v) => {
        const e = emptyToUndefined(v);
        if (typeof e !== "string") return e;
        const t = e.trim().toLowerCase();
        return t === "true" || t === "1" || t === "on" ? true : t === "false" || t === "0" ? false : e;
      },
      z.boolean({ error: "respondsWithin24h must be true or false" }).default(false),
    ),
    /** Only listings with a free first consultation (issue 19 §1, `freeConsultation=true`). */
    freeConsultation: z.preprocess(
      (v) => {
        const e = emptyToUndefined(v);
        if (typeof e !== "string") return e;
        const t = e.trim().toLowerCase();
        return t === "true" || t === "1" || t === "on" ? true : t === "false" || t === "0" ? false : e;
      },
      z.boolean({ error: "freeConsultation must be true or false" }).default(false),
    ),
    /**
     * Only listings offering this fee model (issue 19 §1): `feeModel=contingency` is the panel's
     * "No win, no fee"; also hourly, fixed, legalAid (lib/fees.ts FEE_KINDS).
     */
    feeModel: z.preprocess(
      emptyToUndefined,
      z.enum(FEE_KINDS, { error: msg("validation:zod.oneOf", { options: FEE_KINDS.join(", ") }) }).optional(),
    ),
    experience: z.preprocess(
      decimal,
      z
        .number({ error: msg("validation:zod.invalidType", { expected: "number" }) })
        .int({ error: msg("validation:zod.wholeNumberRange", { min: 0, max: EXPERIENCE_MAX }) })
        .min(0, { error: msg("validation:zod.wholeNumberRange", { min: 0, max: EXPERIENCE_MAX }) })
        .max(EXPERIENCE_MAX, {
          error: msg("validation:zod.wholeNumberRange", { min: 0, max: EXPERIENCE_MAX }),
        })
        .default(0),
    ),
    rating: z.preprocess(
      decimal,
      z
        .number({ error: msg("validation:zod.invalidType", { expected: "number" }) })
        .min(0, { error: msg("validation:zod.numberRange", { min: 0, max: RATING_MAX }) })
        .max(RATING_MAX, { error: msg("validation:zod.numberRange", { min: 0, max: RATING_MAX }) })
        .default(0),
    ),
    sort: z.preprocess(
      emptyToUndefined,
      z
        .enum(SORT_VALUES, { error: msg("validation:zod.oneOf", { options: SORT_VALUES.join(", ") }) })
        .default("relevance"),
    ),
    page: z.preprocess(
      decimal,
      z
        .number({ error: msg("validation:zod.invalidType", { expected: "number" }) })
        .int({ error: msg("validation:zod.invalidType", { expected: "int" }) })
        .min(1, { error: msg("validation:zod.numberMin", { min: 1 }) })
        .max(100_000, { error: msg("validation:zod.numberMax", { max: 100_000 }) })
        .default(1),
    ),
    pageSize: z.preprocess(
      decimal,
      z
        .number({ error: msg("validation:zod.invalidType", { expected: "number" }) })
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
          error: msg("validation:zod.oneOf", { options: PAGE_SIZES.join(", ") }),
        })
        .default(DEFAULT_PAGE_SIZE),
    ),
    /** "LAT,LNG" in degrees; sorts by and shows distance. */
    near: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\s*-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, {
          error: msg("validation:zod.near"),
        })
        .transform((s, ctx) => {
          const [lat, lng] = s.split(",").map(Number) as [number, number];
          if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
            ctx.addIssue({
              code: "custom",
              message: msg("validation:zod.nearRange"),
            });
            return z.NEVER;
          }
          return { lat, lng };
        })
        .optional(),
    ),
    /**
     * Issue 28 §1: the country whose lawyers come first when the search names no place (ISO
     * 3166-1 alpha-2, any case, kept in capitals), or "none" (any case) to turn that off ("Search
     * all countries"). Absent: the visitor's country from Accept-Language, the page's locale or
     * "Use my location" (lib/preferred-country.ts).
     */
    preferCountry: z.preprocess(
      (v) => {
        const e = emptyToUndefined(v);
        if (typeof e !== "string") return e;
        const t = e.trim();
        return t.toLowerCase() === PREFER_NONE ? PREFER_NONE : t.toUpperCase();
      },
      z
        .string()
        .refine((v) => v === PREFER_NONE || (/^[A-Z]{2}$/.test(v) && countries.isValid(v)), {
          error: (i) => msg("validation:zod.preferCountry", { value: String(i.input).slice(0, 20) }),
        })
        .optional(),
    ),
    /** Only lawyers within this many kilometres of `near`. */
    radiusKm: z.preprocess(
      decimal,
      z
        .number({ error: msg("validation:zod.invalidType", { expected: "number" }) })
        .positive({ error: msg("validation:zod.numberAbove", { min: 0 }) })
        .max(20_000, { error: msg("validation:zod.numberMax", { max: 20_000 }) })
        .optional(),
    ),
  })
  // A radius is around a point: radiusKm alone is an error naming radiusKm, not ignored.
  .refine((p) => p.radiusKm === undefined || p.near !== undefined, {
    path: ["radiusKm"],
    error: msg("validation:zod.radiusNeedsNear"),
  })
  // Issue 18 §1: deep pages must not walk an OFFSET; paging stops at the result window.
  .refine((p) => p.page * p.pageSize <= MAX_RESULT_WINDOW, {
    path: ["page"],
    error: msg("validation:zod.pageWindow", { max: MAX_RESULT_WINDOW }),
  });

/** A validated search request. */
export type SearchParams = z.infer<typeof SearchParamsSchema>;
