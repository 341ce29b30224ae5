/**
 * The search request read from a URL: the browse page's URL and GET /api/lawyers/search, /facets
 * are validated by one zod schema (lib/search-schema.ts, spec §7, issue 2 §3, re-exported here).
 * The URL is the state of a search (docs/design.md §3), so both sides parse the same names.
 */
import { type SearchParams, SearchParamsSchema } from "./search-schema.ts";
import { DEFAULT_SEARCH } from "./search-state.ts";

export { type SearchParams, SearchParamsSchema };

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
