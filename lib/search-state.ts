/**
 * The search state without its validator: the defaults and the URL serialiser, for code that runs
 * in the browser (the zod schema in lib/search-schema.ts stays on the server, so the client
 * bundle carries no validator). Both sides use the same names (docs/design.md §3).
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SORT_VALUES, type SortOption } from "./constants.ts";
import type { SearchParams } from "./search-schema.ts";

export type { SearchParams };

/** The defaults of every search parameter: what an empty URL means (equals SearchParamsSchema.parse({})). */
export const DEFAULT_SEARCH: SearchParams = {
  practiceAreas: [],
  languages: [],
  verified: false,
  respondsWithin24h: false,
  freeConsultation: false,
  experience: 0,
  rating: 0,
  sort: "relevance",
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/**
 * Serialises a search back to URL parameters, omitting defaults, so links stay short and
 * canonical (used for Link headers, pagination links and the browse page URL).
 */
export function searchToQueryString(s: Partial<SearchParams>): string {
  const out = new URLSearchParams();
  if (s.query) out.set("query", s.query);
  if (s.location) out.set("location", s.location);
  if (s.practiceAreas && s.practiceAreas.length > 0) out.set("practiceAreas", s.practiceAreas.join(","));
  if (s.languages && s.languages.length > 0) out.set("languages", s.languages.join(","));
  if (s.verified) out.set("verified", "true");
  if (s.respondsWithin24h) out.set("respondsWithin24h", "true");
  if (s.freeConsultation) out.set("freeConsultation", "true");
  if (s.feeModel) out.set("feeModel", s.feeModel);
  if (s.experience) out.set("experience", String(s.experience));
  if (s.rating) out.set("rating", String(s.rating));
  if (s.sort && s.sort !== "relevance") out.set("sort", s.sort);
  if (s.page && s.page > 1) out.set("page", String(s.page));
  if (s.pageSize && s.pageSize !== DEFAULT_PAGE_SIZE) out.set("pageSize", String(s.pageSize));
  if (s.near) out.set("near", `${s.near.lat},${s.near.lng}`);
  if (s.radiusKm) out.set("radiusKm", String(s.radiusKm));
  // Issue 28 §1: the chosen country first, or "none" (Search all countries).
  if (s.preferCountry) out.set("preferCountry", s.preferCountry);
  const q = out.toString();
  return q ? `?${q}` : "";
}

/**
 * The sort and page size a URL asks for, without validating the rest (used to show a pending
 * navigation's choice in the selects while its results load). Unknown values keep `base`'s.
 */
export function pendingListing(search: string, base: SearchParams): SearchParams {
  const url = new URLSearchParams(search);
  const sort = url.get("sort") ?? "relevance";
  const pageSize = Number(url.get("pageSize") ?? DEFAULT_PAGE_SIZE);
  return {
    ...base,
    sort: (SORT_VALUES as readonly string[]).includes(sort) ? (sort as SortOption) : base.sort,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : base.pageSize,
  };
}
