/**
 * The search request: one zod schema for the URL of the browse page and for
 * GET /api/lawyers/search, /facets (spec §7, issue 2 §3). The URL is the state of a search
 * (DESIGN.md §3), so both sides parse the same names.
 */
import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  EXPERIENCE_MAX,
  MAX_QUERY_LENGTH,
  PAGE_SIZES,
  PRACTICE_AREAS,
  RATING_MAX,
  SORT_VALUES,
} from "./constants.ts";
import { isLanguageCode, MAX_LANGUAGES } from "./languages.ts";
import { DEFAULT_SEARCH } from "./search-state.ts";

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
 * are plain decimals only ("0x10" and "1e1" are errors); `radiusKm` needs `near`.
 */
export const SearchParamsSchema = z
  .object({
    query: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .max(MAX_QUERY_LENGTH, { error: `query must be at most ${MAX_QUERY_LENGTH} characters` })
        .optional(),
    ),
    location: z.preprocess(
      (v) => (v === "all" ? undefined : emptyToUndefined(v)),
      z.string().trim().max(100, { error: "location must be at most 100 characters" }).optional(),
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
        .array(z.enum(PRACTICE_AREAS, { error: (i) => `unknown practice area "${String(i.input)}"` }))
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
          z.string().refine(isLanguageCode, { error: (i) => `unknown language code "${String(i.input)}"` }),
        )
        .max(MAX_LANGUAGES, { error: `at most ${MAX_LANGUAGES} languages` })
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
    experience: z.preprocess(
      decimal,
      z
        .number({ error: "experience must be a number" })
        .int({ error: "experience must be a whole number of years" })
        .min(0, { error: `experience must be between 0 and ${EXPERIENCE_MAX}` })
        .max(EXPERIENCE_MAX, { error: `experience must be between 0 and ${EXPERIENCE_MAX}` })
        .default(0),
    ),
    rating: z.preprocess(
      decimal,
      z
        .number({ error: "rating must be a number" })
        .min(0, { error: `rating must be between 0 and ${RATING_MAX}` })
        .max(RATING_MAX, { error: `rating must be between 0 and ${RATING_MAX}` })
        .default(0),
    ),
    sort: z.preprocess(
      emptyToUndefined,
      z.enum(SORT_VALUES, { error: `sort must be one of ${SORT_VALUES.join(", ")}` }).default("relevance"),
    ),
    page: z.preprocess(
      decimal,
      z
        .number({ error: "page must be a number" })
        .int({ error: "page must be a whole number" })
        .min(1, { error: "page must be 1 or more" })
        .max(100_000, { error: "page is too large" })
        .default(1),
    ),
    pageSize: z.preprocess(
      decimal,
      z
        .number({ error: "pageSize must be a number" })
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
          error: `pageSize must be one of ${PAGE_SIZES.join(", ")}`,
        })
        .default(DEFAULT_PAGE_SIZE),
    ),
    /** "LAT,LNG" in degrees; sorts by and shows distance. */
    near: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\s*-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, {
          error: "near must be LAT,LNG in degrees",
        })
        .transform((s, ctx) => {
          const [lat, lng] = s.split(",").map(Number) as [number, number];
          if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
            ctx.addIssue({
              code: "custom",
              message: "near must be LAT,LNG with latitude -90..90 and longitude -180..180",
            });
            return z.NEVER;
          }
          return { lat, lng };
        })
        .optional(),
    ),
    /** Only lawyers within this many kilometres of `near`. */
    radiusKm: z.preprocess(
      decimal,
      z
        .number({ error: "radiusKm must be a number" })
        .positive({ error: "radiusKm must be above 0" })
        .max(20_000, { error: "radiusKm must be at most 20000" })
        .optional(),
    ),
  })
  // A radius is around a point: radiusKm alone is an error naming radiusKm, not ignored.
  .refine((p) => p.radiusKm === undefined || p.near !== undefined, {
    path: ["radiusKm"],
    error: "radiusKm needs near",
  });

/** A validated search request. */
export type SearchParams = z.infer<typeof SearchParamsSchema>;

/** Turns URLSearchParams into a plain object for SearchParamsSchema (last value wins). */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

/**
 * Reads the browse page's URL into validated search parameters. Repeated `practiceAreas` keys
 * (what a no-JavaScript checkbox form submits) are joined with the comma-joined form. A parameter
 * with a bad value is dropped (its default applies) and its name reported in `invalid`, so a
 * hand-edited URL still shows results instead of an error page.
 * @returns params (always valid) and the names of dropped parameters
 */
export function parseSearchUrl(url: URLSearchParams): { params: SearchParams; invalid: string[] } {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(SearchParamsSchema.shape)) {
    const values = url.getAll(key);
    if (values.length === 0) continue;
    raw[key] =
      key === "practiceAreas" || key === "languages" ? values.join(",") : (values[values.length - 1] ?? "");
  }
  const invalid: string[] = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    const parsed = SearchParamsSchema.safeParse(raw);
    if (parsed.success) return { params: parsed.data, invalid };
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")));
    for (const key of bad) {
      if (key in raw) {
        delete raw[key];
        invalid.push(key);
      }
    }
    if (![...bad].some((k) => k !== "")) break;
  }
  return { params: DEFAULT_SEARCH, invalid: [...invalid, "*"] };
}
/** Re-exported for server code;
 browser code imports it from lib/search-state.ts (no zod). */
export { DEFAULT_SEARCH, searchToQueryString } from "./search-state.ts";
