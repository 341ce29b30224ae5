/**
 * Pure helpers of the browse page's filter state (spec §4 "Filter panel", "Search list"; §9
 * "Search and filters", "Listing"). Shared by the page loaders and the browser; no I/O.
 */
import { MAX_RESULT_WINDOW } from "./constants.ts";
import { languageName } from "./languages.ts";
import { DEFAULT_SEARCH, type SearchParams, searchToQueryString } from "./search-state.ts";

/** One slot of the pagination window: a page number or an ellipsis standing for hidden pages. */
export type PageSlot = number | "ellipsis";

/**
 * The pages the pagination shows (spec §9 "Listing"): the first and the last page plus a window
 * of `siblings` pages on either side of the current one, with an ellipsis for each gap. A gap of
 * exactly one page shows that page instead of an ellipsis (an ellipsis always hides two or more).
 * @param current 1-based current page; clamped into 1..totalPages
 * @param totalPages number of pages (0 or less gives an empty list)
 * @param siblings pages either side of the current one (default 2)
 * @returns ascending page numbers with "ellipsis" markers, e.g. [1, "ellipsis", 8, 9, 10, 11, 12, "ellipsis", 40]
 */
export function paginationWindow(current: number, totalPages: number, siblings = 2): PageSlot[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const start = Math.max(1, page - siblings);
  const end = Math.min(totalPages, page + siblings);
  const pages = new Set<number>([1, totalPages]);
  for (let p = start; p <= end; p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageSlot[] = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev === 2) out.push(prev + 1);
    else if (p - prev > 2) out.push("ellipsis");
    out.push(p);
    prev = p;
  }
  return out;
}

/** The filter state of spec §3 ("Filter state") under the URL names of lib/search-params.ts. */
export interface FilterState {
  query?: string;
  location?: string;
  practiceAreas?: readonly string[];
  /** ISO 639-1 codes (issue 14 §4). */
  languages?: readonly string[];
  /** Verified only (issue 15 §2). */
  verified?: boolean;
  /** Usually responds within 24 h (issue 16 §3). */
  respondsWithin24h?: boolean;
  /** Free first consultation (issue 19 §1). */
  freeConsultation?: boolean;
  /** A fee model offered, e.g. "contingency" ("No win, no fee"; issue 19 §1). */
  feeModel?: string;
  experience?: number;
  rating?: number;
}

/**
 * Active-filter count (spec §9 "Search and filters"): one for a location other than all, one per
 * selected practice area, one per selected language (issue 14 §4), one for Verified only (issue 15 §2), one for "responds within 24 h" (issue 16 §3), one each for a free consultation and a fee model (issue 19 §1), one for experience above 0, one for rating above 0 and one for a
 * non-empty search text (whitespace-only counts as empty).
 */
export function activeFilterCount(f: FilterState): number {
  let n = 0;
  if (f.location && f.location !== "all") n += 1;
  n += f.practiceAreas?.length ?? 0;
  n += f.languages?.length ?? 0;
  if (f.verified) n += 1;
  if (f.respondsWithin24h) n += 1;
  if (f.freeConsultation) n += 1;
  if (f.feeModel) n += 1;
  if ((f.experience ?? 0) > 0) n += 1;
  if ((f.rating ?? 0) > 0) n += 1;
  if (f.query && f.query.trim() !== "") n += 1;
  return n;
}

/**
 * A new search from `base` with `changes` applied. Changing a filter, the search or the page size
 * resets to page 1 (spec §4 "Search list"); only a change that names `page` keeps a page.
 */
export function withChanges(base: SearchParams, changes: Partial<SearchParams>): SearchParams {
  return { ...base, page: 1, ...changes };
}

/** A link target: `path` plus the canonical query string of `params`. */
export function searchHref(path: string, params: Partial<SearchParams>): string {
  return `${path}${searchToQueryString(params)}`;
}

/** A removable filter chip (spec §2 "Browse/search page", §4 "A chip's x clears only that filter"). */
export interface FilterChip {
  /** Stable key, e.g. "location" or "practiceArea:Dog Bites". */
  key: string;
  /** Visible text, e.g. "Dog Bites" or "10+ years". */
  label: string;
  /** The search without this filter (page reset to 1). */
  without: SearchParams;
}

/**
 * The chips of the active filters, in panel order: search text, location, each practice area,
 * each language (named in `locale` by Intl.DisplayNames, issue 14 §4), Verified only (issue 15 §2),
 * responds within 24 h, free consultation and the fee model (issue 19 §1), experience, rating, and
 * the "near" point of Use My Location (issue 2 §4). `locationLabel` turns a location value
 * (e.g. "CA") into its display name.
 */
export function filterChips(
  p: SearchParams,
  locationLabel: (value: string) => string = (v) => v,
  locale = "en",
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (p.query)
    chips.push({ key: "query", label: `“${p.query}”`, without: withChanges(p, { query: undefined }) });
  if (p.location)
    chips.push({
      key: "location",
      label: locationLabel(p.location),
      without: withChanges(p, { location: undefined }),
    });
  for (const area of p.practiceAreas)
    chips.push({
      key: `practiceArea:${area}`,
      label: area,
      without: withChanges(p, { practiceAreas: p.practiceAreas.filter((a) => a !== area) }),
    });
  for (const code of p.languages ?? [])
    chips.push({
      key: `language:${code}`,
      label: languageName(code, locale),
      without: withChanges(p, { languages: p.languages.filter((l) => l !== code) }),
    });
  if (p.verified)
    chips.push({ key: "verified", label: "Verified only", without: withChanges(p, { verified: false }) });
  if (p.respondsWithin24h)
    chips.push({
      key: "respondsWithin24h",
      label: "Responds within 24 h",
      without: withChanges(p, { respondsWithin24h: false }),
    });
  if (p.freeConsultation)
    chips.push({
      key: "freeConsultation",
      label: "Free consultation",
      without: withChanges(p, { freeConsultation: false }),
    });
  if (p.feeModel)
    chips.push({
      key: `feeModel:${p.feeModel}`,
      label: p.feeModel === "contingency" ? "No win, no fee" : p.feeModel,
      without: withChanges(p, { feeModel: undefined }),
    });
  if (p.experience > 0)
    chips.push({
      key: "experience",
      label: experienceLabel(p.experience),
      without: withChanges(p, { experience: 0 }),
    });
  if (p.rating > 0)
    chips.push({ key: "rating", label: ratingLabel(p.rating), without: withChanges(p, { rating: 0 }) });
  if (p.near)
    chips.push({
      key: "near",
      label: "Near your location",
      without: withChanges(p, { near: undefined, radiusKm: undefined }),
    });
  return chips;
}

/**
 * The search with every filter cleared (spec §4 "Clear All"); sort, page size, the near-me point
 * and the chosen country first (`preferCountry`, issue 28 §1: a preference, not a filter) are kept.
 */
export function clearFilters(p: SearchParams): SearchParams {
  return {
    ...DEFAULT_SEARCH,
    sort: p.sort,
    pageSize: p.pageSize,
    near: p.near,
    radiusKm: p.radiusKm,
    preferCountry: p.preferCountry,
  };
}

/**
 * Slider value text for minimum experience (spec §5 "shown as 'N+ years'"): "0+ years" at 0,
 * "10+ years" at 10. Chips use it too, but filterChips only adds an experience chip above 0.
 */
export function experienceLabel(years: number): string {
  return `${years}+ years`;
}

/** Slider value text for minimum rating (spec §5): "Any rating" at 0, else "N+ stars". */
export function ratingLabel(stars: number): string {
  return stars > 0 ? `${stars}+ stars` : "Any rating";
}

/**
 * Number of pages for `total` results at `pageSize` per page (at least 0), capped at the result
 * window (MAX_RESULT_WINDOW, issue 18 §1).
 */
export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.min(Math.ceil(total / pageSize), Math.max(1, Math.floor(MAX_RESULT_WINDOW / pageSize)));
}

/**
 * True when some matches lie beyond the result window (MAX_RESULT_WINDOW, issue 18 §1): the
 * pages stop there and the page tells the visitor to narrow the search.
 */
export function beyondResultWindow(total: number, pageSize: number): boolean {
  return pageSize > 0 && Math.ceil(total / pageSize) > pageCount(total, pageSize);
}

/**
 * The sentence that tells a visitor how their search text was read (issue 2 §3: typos are
 * tolerated, so say what was searched), or null when it was searched as typed.
 * - Text without a letter or digit (only emoji or punctuation) cannot narrow the list:
 *   '“😀” has no letters or numbers to search for, so every matching lawyer is shown.'
 * - Corrected words and places: 'Showing results for “personal injury in Toronto” (you typed
 *   “personel injurry in Torronto”).'
 * @param query the search text as typed
 * @param corrections typed word or place (any case and accents; a place may be several words)
 *   -> what it was read as
 */
export function searchTextNotice(
  query: string | undefined,
  corrections: Record<string, string>,
): string | null {
  const text = query?.trim();
  if (!text) return null;
  if (!/[\p{L}\p{N}]/u.test(text))
    return `“${text}” has no letters or numbers to search for, so every matching lawyer is shown.`;
  const key = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  // Words and the spaces between them; a correction's key may span several words ("New Yrok").
  const parts = text.split(/(\s+)/);
  const words = parts.filter((_, i) => i % 2 === 0);
  const fixes = Object.entries(corrections)
    .map(([typed, fixed]) => ({ typed: key(typed).split(/\s+/).filter(Boolean), fixed }))
    .filter((f) => f.typed.length > 0)
    .sort((a, b) => b.typed.length - a.typed.length);
  let changed = false;
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    const fix = fixes.find((f) =>
      f.typed.every((t, k) => words[i + k] !== undefined && key(words[i + k] ?? "") === t),
    );
    if (fix && key(fix.fixed) !== fix.typed.join(" ")) {
      changed = true;
      out.push(fix.fixed);
      i += fix.typed.length;
    } else {
      out.push(words[i] ?? "");
      i++;
    }
  }
  const read = out.join(" ");
  return changed ? `Showing results for “${read}” (you typed “${text}”).` : null;
}
