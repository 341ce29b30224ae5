/**
 * Location matching (issue 2 §3; docs/search.md "Location"): a location names a city, a state,
 * a country, or an ISO 3166-1 code, accent- and case-insensitive, with typo tolerance through
 * the in-process vocabulary ("Torronto" -> Toronto; vocabulary.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import countries from "i18n-iso-countries";
import { foldText } from "../../lib/text-fold.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { cityNameKeys, getGazetteer } from "./gazetteer.ts";
import { regionsNamed } from "./place-names.ts";
import { closestPlaces, getVocabulary, type PlaceEntry, type Vocabulary } from "./vocabulary.ts";

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

function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function toPlace(e: PlaceEntry): Place {
  return { kind: e.kind, key: e.key, name: e.name, countryCode: e.countryCode };
}

/** The Place of a whole country by ISO 3166-1 alpha-2 code (key "", English name). */
export function countryPlace(code: string): Place {
  return { kind: "country", key: "", name: countries.getName(code, "en") ?? code, countryCode: code };
}

/**
 * The country a free-text subject names by a common alias in any case ("usa", "UK", "Britain")
 * or by an ISO 3166-1 alpha-2 / alpha-3 code typed in capitals ("CA", "CAN", "USA"), or
 * undefined. Lower-case codes are ordinary words ("car", "no", "per"), so they do not count.
 * Used by understand() for a query that is only a country ("lawyers USA"; docs/search.md).
 */
export function countryOfSubject(text: string): string | undefined {
  const raw = text.trim();
  const alias = COUNTRY_ALIASES[normalise(raw)];
  if (alias) return alias;
  if (/^[A-Z]{2}$/.test(raw) && countries.isValid(raw)) return raw;
  if (/^[A-Z]{3}$/.test(raw)) return countries.alpha3ToAlpha2(raw);
  return undefined;
}

/**
 * The places of the data that a real place name means, in any of its forms (issue 14 §3): the
 * data's own names folded (accent- and width-insensitive), a country name in another language
 * ("Deutschland", "ドイツ"), a region's name in another language ("Bayern" for Bavaria: OpenCage's
 * subdivision names, place-names.ts), or any name of a GeoNames city ("München", "Cologne", "東京", "دبي")
 * mapped to the data's cities of that city's country under any of its names. An empty list when
 * the name is a real place without lawyers (never typo-corrected into another place); null when
 * the name is no known place at all.
 */
export function knownPlaces(vocabulary: Vocabulary, text: string): Place[] | null {
  const fold = foldText(text);
  if (!fold) return null;
  const direct = vocabulary.placesByFold.get(fold);
  if (direct) return direct.map(toPlace);
  const g = getGazetteer();
  const code = g.countries.get(fold);
  if (code) return [countryPlace(code)];
  // A region in another of its names ("Bayern" for the data's "Bavaria"; place-names.ts).
  const regions = new Map<string, Place>();
  for (const r of regionsNamed(fold))
    for (const k of r.keys)
      for (const e of vocabulary.placesByFold.get(k) ?? [])
        if (e.kind === "state" && e.countryCode === r.countryCode)
          regions.set(`${e.key}|${e.countryCode}`, toPlace(e));
  if (regions.size > 0) return [...regions.values()];
  const ids = g.cityIds.get(fold);
  if (!ids) return null;
  const out = new Map<string, Place>();
  for (const id of ids.slice(0, 20)) {
    const city = g.cities[id];
    if (!city) continue;
    for (const k of cityNameKeys(city)) {
      for (const e of vocabulary.placesByFold.get(k) ?? []) {
        if (e.kind === "city" && e.countryCode === city.iso2)
          out.set(`${e.key}|${e.countryCode}`, toPlace(e));
      }
    }
  }
  return [...out.values()];
}

/** How resolveLocation may read a text (issue 28 §1). */
export interface ResolveOptions {
  /**
   * Whether the text may be typo-corrected into the closest place name (step 3): false for a real
   * word of the visitor's language ("parto" is no typo of Porto). Always when absent.
   */
  mayCorrect?: (text: string) => boolean | Promise<boolean>;
}

async function resolveOne(db: Db, text: string, options: ResolveOptions = {}): Promise<ResolvedLocation> {
  // Control characters (NUL cannot even be stored in PostgreSQL text) separate words.
  const raw = text.replace(/\p{Cc}+/gu, " ").trim();
  if (!raw) return { places: [], corrected: null };
  // An ISO code: alpha-2 ("CA", the facet values) or alpha-3 ("CAN"), then common aliases.
  const code =
    (/^[A-Za-z]{2}$/.test(raw) && countries.isValid(raw.toUpperCase()) ? raw.toUpperCase() : undefined) ??
    (/^[A-Za-z]{3}$/.test(raw) ? countries.alpha3ToAlpha2(raw.toUpperCase()) : undefined) ??
    COUNTRY_ALIASES[normalise(raw)];
  if (code) return { places: [countryPlace(code)], corrected: null };
  // The key is computed by the database (f_unaccent, as search_places was built); the exact and
  // fuzzy look-ups run in process over the vocabulary (vocabulary.ts).
  const [res, vocabulary] = await Promise.all([
    db.execute<{ key: string }>(sql`SELECT lower(public.f_unaccent(${raw})) AS key`),
    getVocabulary(db),
  ]);
  const key = res.rows[0]?.key ?? "";
  const exact = vocabulary.places.get(key);
  if (exact) return { places: exact.map(toPlace), corrected: null };
  const known = knownPlaces(vocabulary, raw);
  if (known) return { places: known, corrected: null };
  if (options.mayCorrect && !(await options.mayCorrect(raw))) return { places: [], corrected: null };
  const fuzzy = closestPlaces(vocabulary, key);
  const best = fuzzy[0];
  if (!best) return { places: [], corrected: null };
  return { places: fuzzy.map(toPlace), corrected: best.name };
}

/**
 * Resolves a location text to places. Order of attempts: ISO alpha-2 / alpha-3 code or a common
 * alias ("USA", "UK"); exact unaccented name of a city, state or country (every match, e.g. a
 * city name found in two countries); any other real place name (knownPlaces: GeoNames alternate
 * names and country names in other languages; a real place is never corrected); the closest name by trigram similarity (>= 0.5) that is at most one edit per five letters away
 * ("Torronto" -> Toronto, but not "Atlantis" -> Atlántico: two edits). "City,
 * Country" narrows the city to the countries named after the comma ("Munich, DE", the browse
 * filter's city and region values, is read that way first). An empty list means nothing
 * matches (the search then returns no lawyers). `options.mayCorrect` can forbid step 3 for a text
 * (issue 28 §1: a real word is never corrected into a place).
 */
export async function resolveLocation(
  db: Db,
  text: string,
  options: ResolveOptions = {},
): Promise<ResolvedLocation> {
  // "Munich, DE": the value of a city or region option of the browse filter (issue 19 §2,
  // place-facets.ts): the name's places in that country only, never a typo guess across the comma.
  const tagged = /^(.+),\s*([A-Za-z]{2})$/.exec(text.trim());
  const taggedCode = tagged?.[2]?.toUpperCase();
  if (tagged && taggedCode && countries.isValid(taggedCode)) {
    const head = await resolveOne(db, tagged[1] as string, options);
    const inCountry = head.places.filter((p) => p.countryCode === taggedCode);
    if (inCountry.length > 0) return { places: inCountry, corrected: head.corrected };
  }
  const whole = await resolveOne(db, text, options);
  if (whole.places.length > 0 || !text.includes(",")) return whole;
  const [first = "", ...rest] = text.split(",");
  const head = await resolveOne(db, first, options);
  if (head.places.length === 0) return head;
  const codes = new Set<string>();
  for (const part of rest) {
    for (const p of (await resolveOne(db, part, options)).places) codes.add(p.countryCode);
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
