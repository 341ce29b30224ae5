/**
 * The filter panel's local, editable state (spec §4 "Filter panel", §9 debounced apply): read
 * from the URL's search, compared by a stable key (so the panel follows the URL unless it is what
 * the panel just applied), and turned back into the changes for lib/filters.ts withChanges.
 */
import type { SearchParams } from "../../../lib/search-state.ts";

/** Local, editable filter state of the panel. */
export interface PanelState {
  query: string;
  location: string;
  practiceAreas: string[];
  languages: string[];
  verified: boolean;
  /** Issue 16 §3: usually responds within 24 h. */
  respondsWithin24h: boolean;
  /** Issue 19 §1: free first consultation. */
  freeConsultation: boolean;
  /** Issue 19 §1: the fee model filter ("contingency" is "No win, no fee"), "" for none. */
  feeModel: string;
  experience: number;
  rating: number;
  /** Issue 19 §2: radius around `near` in km, "" = any distance (only shown with `near`). */
  radiusKm: string;
}

/** The panel's state for the search `p` (from the URL). */
export function fromParams(p: SearchParams): PanelState {
  return {
    query: p.query ?? "",
    location: p.location ?? "",
    practiceAreas: [...p.practiceAreas],
    languages: [...(p.languages ?? [])],
    verified: p.verified ?? false,
    respondsWithin24h: p.respondsWithin24h ?? false,
    freeConsultation: p.freeConsultation ?? false,
    feeModel: p.feeModel ?? "",
    experience: p.experience,
    rating: p.rating,
    radiusKm: p.radiusKm ? String(p.radiusKm) : "",
  };
}

/** A key equal for two states that search the same (trimmed query, list order ignored). */
export function stateKey(s: PanelState): string {
  return JSON.stringify([
    s.query.trim(),
    s.location,
    [...s.practiceAreas].sort(),
    [...s.languages].sort(),
    s.verified,
    s.respondsWithin24h,
    s.freeConsultation,
    s.feeModel,
    s.experience,
    s.rating,
    s.radiusKm,
  ]);
}

/**
 * The search changes of the state `s` for withChanges (lib/filters.ts): empty texts become
 * undefined; the radius counts only with a `near` point in `params` (issue 19 §2).
 */
export function changesOf(s: PanelState, params: SearchParams): Partial<SearchParams> {
  return {
    query: s.query.trim() || undefined,
    location: s.location || undefined,
    practiceAreas: s.practiceAreas as SearchParams["practiceAreas"],
    languages: s.languages as SearchParams["languages"],
    verified: s.verified,
    respondsWithin24h: s.respondsWithin24h,
    freeConsultation: s.freeConsultation,
    feeModel: (s.feeModel || undefined) as SearchParams["feeModel"],
    experience: s.experience,
    rating: s.rating,
    radiusKm: params.near && s.radiusKm ? Number(s.radiusKm) : undefined,
  };
}
