/**
 * Location matching (issue 2 §3; docs/search.md "Location"): a location names a city, a state,
 * a country, or an ISO 3166-1 code, accent- and case-insensitive, with typo tolerance through
 * search_places and pg_trgm ("Torronto" -> Toronto).
 */
import { type SQL, sql } from "drizzle-orm";
import countries from "i18n-iso-countries";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";

/** A place a location resolved to. `key` is the unaccented lower-case name ("" for a bare code). */
export interface Place {
  kind: "city" | "state" | "country";
  key: string;
  name: string;
  countryCode: string;
}

/** A resolved location: its places and, when typo correction chose them, the corrected name. */
export interface ResolvedLocation {
  places: Place[];
  corrected: string | null;
}

/** Common names that are not ISO codes nor the data's country names. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: "US",
  "u s a": "US",
  "u s": "US",
  america: "US",
  "united states of america": "US",
  uk: "GB",
  "u k": "GB",
  britain: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  uae: "AE",
  holland: "NL",
};

/** Minimum trigram similarity for a typo-corrected place name. */
const PLACE_SIMILARITY = 0.45;

function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

type PlaceRow = { kind: Place["kind"]; key: string; name: string; country_code: string; sim?: number };

function toPlace(r: PlaceRow): Place {
  return { kind: r.kind, key: r.key, name: r.name, countryCode: r.country_code };
}

async function resolveOne(db: Db, text: string): Promise<ResolvedLocation> {
  // Control characters (NUL cannot even be stored in PostgreSQL text) separate words.
  const raw = text.replace(/\p{Cc}+/gu, " ").trim();
  if (!raw) return { places: [], corrected: null };
  // An ISO code: alpha-2 ("CA", the facet values) or alpha-3 ("CAN"), then common aliases.
  const code =
    (/^[A-Za-z]{2}$/.test(raw) && countries.isValid(raw.toUpperCase()) ? raw.toUpperCase() : undefined) ??
    (/^[A-Za-z]{3}$/.test(raw) ? countries.alpha3ToAlpha2(raw.toUpperCase()) : undefined) ??
    COUNTRY_ALIASES[normalise(raw)];
  if (code) {
    return {
      places: [{ kind: "country", key: "", name: countries.getName(code, "en") ?? code, countryCode: code }],
      corrected: null,
    };
  }
  const exact = await db.execute<PlaceRow>(sql`
    SELECT kind, key, name, country_code FROM search_places
    WHERE key = lower(public.f_unaccent(${raw})) ORDER BY lawyer_count DESC`);
  if (exact.rows.length > 0) return { places: exact.rows.map(toPlace), corrected: null };

  const fuzzy = await db.execute<PlaceRow>(sql`
    SELECT kind, key, name, country_code, similarity(key, q) AS sim
    FROM search_places, lower(public.f_unaccent(${raw})) AS q
    WHERE key % q AND similarity(key, q) >= ${PLACE_SIMILARITY}
    ORDER BY sim DESC, lawyer_count DESC, key LIMIT 20`);
  const best = fuzzy.rows[0];
  if (!best) return { places: [], corrected: null };
  const places = fuzzy.rows.filter((r) => r.key === best.key).map(toPlace);
  return { places, corrected: best.name };
}

/**
 * Resolves a location text to places. Order of attempts: ISO alpha-2 / alpha-3 code or a common
 * alias ("USA", "UK"); exact unaccented name of a city, state or country (every match, e.g. a
 * city name found in two countries); the closest name by trigram similarity (>= 0.45). "City,
 * Country" narrows the city to the countries named after the comma. An empty list means nothing
 * matches (the search then returns no lawyers).
 */
export async function resolveLocation(db: Db, text: string): Promise<ResolvedLocation> {
  const whole = await resolveOne(db, text);
  if (whole.places.length > 0 || !text.includes(",")) return whole;
  const [first = "", ...rest] = text.split(",");
  const head = await resolveOne(db, first);
  if (head.places.length === 0) return head;
  const codes = new Set<string>();
  for (const part of rest) {
    for (const p of (await resolveOne(db, part)).places) codes.add(p.countryCode);
  }
  const narrowed = codes.size > 0 ? head.places.filter((p) => codes.has(p.countryCode)) : head.places;
  return { places: narrowed, corrected: head.corrected };
}

/** SQL condition: the lawyer is in one of the places (uses the city/state/country indexes). */
export function placesCondition(places: Place[]): SQL {
  if (places.length === 0) return sql`false`;
  const parts = places.map((p) => {
    if (p.kind === "country") return sql`${lawyers.countryCode} = ${p.countryCode}`;
    const column = p.kind === "city" ? lawyers.city : lawyers.state;
    return sql`(lower(public.f_unaccent(${column})) = ${p.key} AND ${lawyers.countryCode} = ${p.countryCode})`;
  });
  return sql`(${sql.join(parts, sql` OR `)})`;
}
