/** The WHERE conditions shared by the search and the facet counts (docs/search.md). */
import { type SQL, sql } from "drizzle-orm";
import type { FeeKind } from "../../lib/fees.ts";
import { RESPONSE_DEADLINE_HOURS, RESPONSE_MIN_SAMPLE } from "../../lib/response-times.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import { lawyers } from "../db/schema.ts";
import { placesCondition } from "./location.ts";
import { filterQuery, type Understanding } from "./understanding.ts";

/** Which facet's own selection to leave out (standard facet counting). */
export type FacetOmit =
  | "location"
  | "practiceAreas"
  | "languages"
  | "verified"
  | "respondsWithin24h"
  | "freeConsultation"
  | "feeModel"
  | null;

/** The earth point of the `near` parameter (a cube on the earthdistance model, metres). */
export function nearPoint(near: { lat: number; lng: number }): SQL {
  return sql`f_earth(${near.lat}::float8, ${near.lng}::float8)`;
}

/** The earth point of a lawyer (indexed by lawyers_earth_idx). */
export const lawyerPoint = sql`f_earth(${lawyers.latitude}, ${lawyers.longitude})`;

/** Great-circle distance in kilometres between the lawyer and `near` (earthdistance). */
export function distanceKm(near: { lat: number; lng: number }): SQL<number> {
  return sql<number>`(public.sec_to_gc(public.cube_distance(${lawyerPoint}, ${nearPoint(near)})) / 1000.0)`;
}

/**
 * Builds the conditions of a request: free text, the query's location part, the `location`
 * filter, practice areas (ANY of the selected), languages (ANY of the selected, issue 14 §4), verified only (the `verified` cache of
 * the licence checks, issue 15 §2), free consultation and fee model (issue 19 §1), minimum experience and rating, and the radius; always
 * "not hidden" (issue 15 §3: a listing a moderator hid leaves search).
 * `omit` leaves out one facet's own selection.
 */
export function searchConditions(params: SearchParams, u: Understanding, omit: FacetOmit = null): SQL[] {
  // A listing a moderator hid (issue 15 §3) is in no search, facet count or total.
  const out: SQL[] = [sql`NOT ${lawyers.hidden}`];
  const text = filterQuery(u);
  if (text) out.push(sql`${lawyers.searchVector} @@ ${text}`);
  if (u.queryPlaces) out.push(placesCondition(u.queryPlaces));
  if (u.filterPlaces && omit !== "location") out.push(placesCondition(u.filterPlaces));
  if (params.practiceAreas.length > 0 && omit !== "practiceAreas") {
    const list = sql.join(
      params.practiceAreas.map((a) => sql`${a}::text`),
      sql`, `,
    );
    out.push(sql`${lawyers.practiceAreas} && ARRAY[${list}]`);
  }
  if (params.languages.length > 0 && omit !== "languages") {
    const list = sql.join(
      params.languages.map((l) => sql`${l}::text`),
      sql`, `,
    );
    out.push(sql`${lawyers.languages} && ARRAY[${list}]`);
  }
  if (params.verified && omit !== "verified") out.push(sql`${lawyers.verified}`);
  // Issue 16 §3 "responds within 24 h": the cached median is null below the minimum sample, so
  // one indexed comparison says both "at least 5 cases" and "median <= 24 h".
  if (params.respondsWithin24h && omit !== "respondsWithin24h") out.push(respondsWithin24hCondition);
  // Issue 19 §1 fees: a free first consultation; a fee model offered (jsonb containment, GIN).
  if (params.freeConsultation && omit !== "freeConsultation") out.push(sql`${lawyers.freeConsultation}`);
  if (params.feeModel && omit !== "feeModel") out.push(feeModelCondition(params.feeModel));
  if (params.experience > 0) out.push(sql`${lawyers.experience} >= ${params.experience}`);
  if (params.rating > 0) out.push(sql`${lawyers.rating} >= ${params.rating}`);
  if (params.near && params.radiusKm) {
    const metres = params.radiusKm * 1000;
    out.push(
      sql`public.earth_box(${nearPoint(params.near)}::public.earth, ${metres}::float8) @> ${lawyerPoint}`,
    );
    out.push(
      sql`public.sec_to_gc(public.cube_distance(${lawyerPoint}, ${nearPoint(params.near)})) <= ${metres}::float8`,
    );
  }
  return out;
}

/** Issue 16 §3 "responds within 24 h": median first response <= 24 h from at least 5 cases. */
export const respondsWithin24hCondition = sql`(${lawyers.medianFirstResponseHours} <= ${RESPONSE_DEADLINE_HOURS} AND ${lawyers.responseSampleSize} >= ${RESPONSE_MIN_SAMPLE})`;

/** Issue 19 §1: the listing offers fee model `kind` (`fee_models @> '[{"kind": kind}]'`, lawyers_fee_models_idx). */
export function feeModelCondition(kind: FeeKind): SQL {
  return sql`${lawyers.feeModels} @> ${JSON.stringify([{ kind }])}::jsonb`;
}

/** Joins conditions with AND; `true` when there are none. */
export function whereAll(conds: SQL[]): SQL {
  return conds.length > 0 ? sql.join(conds, sql` AND `) : sql`true`;
}
