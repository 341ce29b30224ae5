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

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Parsed search parameters. `location` "all" or "" means no location filter (spec §3). */
export const SearchParamsSchema = z.object({
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
      .array(
        z.enum(PRACTICE_AREAS, { error: (i) => `practiceAreas: unknown practice area "${String(i.input)}"` }),
      )
      .max(PRACTICE_AREAS.length)
      .default([]),
  ),
  experience: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "experience must be a number" })
      .int({ error: "experience must be a whole number of years" })
      .min(0, { error: `experience must be between 0 and ${EXPERIENCE_MAX}` })
      .max(EXPERIENCE_MAX, { error: `experience must be between 0 and ${EXPERIENCE_MAX}` })
      .default(0),
  ),
  rating: z.preprocess(
    emptyToUndefined,
    z.coerce
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
    emptyToUndefined,
    z.coerce
      .number({ error: "page must be a number" })
      .int({ error: "page must be a whole number" })
      .min(1, { error: "page must be 1 or more" })
      .max(100_000, { error: "page is too large" })
      .default(1),
  ),
  pageSize: z.preprocess(
    emptyToUndefined,
    z.coerce
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
    emptyToUndefined,
    z.coerce
      .number({ error: "radiusKm must be a number" })
      .positive({ error: "radiusKm must be above 0" })
      .max(20_000, { error: "radiusKm must be at most 20000" })
      .optional(),
  ),
});

/** A validated search request. */
export type SearchParams = z.infer<typeof SearchParamsSchema>;

/** Turns URLSearchParams into a plain object for SearchParamsSchema (last value wins). */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

/**
 * Serialises a search back to URL parameters, omitting defaults, so links stay short and
 * canonical (used for Link headers, pagination links and the browse page URL).
 */
export function searchToQueryString(s: Partial<SearchParams>): string {
  const out = new URLSearchParams();
  if (s.query) out.set("query", s.query);
  if (s.location) out.set("location", s.location);
  if (s.practiceAreas && s.practiceAreas.length > 0) out.set("practiceAreas", s.practiceAreas.join(","));
  if (s.experience) out.set("experience", String(s.experience));
  if (s.rating) out.set("rating", String(s.rating));
  if (s.sort && s.sort !== "relevance") out.set("sort", s.sort);
  if (s.page && s.page > 1) out.set("page", String(s.page));
  if (s.pageSize && s.pageSize !== DEFAULT_PAGE_SIZE) out.set("pageSize", String(s.pageSize));
  if (s.near) out.set("near", `${s.near.lat},${s.near.lng}`);
  if (s.radiusKm) out.set("radiusKm", String(s.radiusKm));
  const q = out.toString();
  return q ? `?${q}` : "";
}
