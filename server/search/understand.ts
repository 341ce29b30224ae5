/**
 * Query understanding on the server (spec §5; docs/search.md "How a query is understood"):
 * lib/query.ts parses the text; this module resolves the location part, corrects typos against
 * search_lexicon, and builds the full-text queries, always from bound parameters.
 */
import { type SQL, sql } from "drizzle-orm";
import { PRACTICE_AREA_TERMS } from "../../lib/i18n/practice-area-terms.ts";
import { translateQuery } from "../../lib/multilingual-query.ts";
import {
  DIRECTORY_WORDS,
  GENERIC_WORDS,
  type ParsedQuery,
  parseSearchQuery,
  tokenize,
} from "../../lib/query.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import { foldText, hasCjk } from "../../lib/text-fold.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { SearchCache } from "./cache.ts";
import { getGazetteer } from "./gazetteer.ts";
import { countryOfSubject, countryPlace, knownPlaces, type Place, resolveLocation } from "./location.ts";
import { correctWord, getVocabulary } from "./vocabulary.ts";

export { WORD_SIMILARITY } from "./vocabulary.ts";

/** What the search understood from the request. */
export interface Understanding {
  parsed: ParsedQuery;
  /** Location text taken from the query (null when not split or not resolvable). */
  queryLocation: string | null;
  /** Places of the query's location part; null when the query gave none. */
  queryPlaces: Place[] | null;
  /** Places of the explicit `location` parameter; null when it is not set. */
  filterPlaces: Place[] | null;
  /** Unknown word -> lexicon word it was read as (also place corrections). */
  corrections: Record<string, string>;
  /** Other phrases of the applied synonym group. */
  synonyms: string[];
  /** Required words, each with the original spelling when corrected. */
  required: { word: string; original?: string }[];
  /**
   * Words as typed that no lawyer matches and that were left out so the others still find
   * lawyers (issue 14 §3 "one unknown word never empties the results").
   */
  ignoredWords: string[];
}

/** Words a subject may consist of besides a place: generic, directory and practice-area words. */
const SUBJECT_WORDS: ReadonlySet<string> = new Set([
  ...GENERIC_WORDS,
  ...DIRECTORY_WORDS,
  ...PRACTICE_AREA_TERMS.flatMap((r) => [r.query, ...r.locales.en.terms].flatMap(tokenize)),
]);

/**
 * A place written without a marker ("Unfallanwalt München", "交通事故 弁護士 東京", "abogado
 * accidente de tráfico Madrid"): the longest run of up to four words (at the end first, then the
 * start, then inside) that names a known place (location.ts knownPlaces, no typo correction)
 * while every other word is a subject word (SUBJECT_WORDS) or a word the lexicon does not know
 * (left to the unknown-word rule). A single place name that is a lexicon word ("Toronto") stays
 * a text search as before.
 */
function affixPlace(
  text: string,
  vocabulary: Awaited<ReturnType<typeof getVocabulary>>,
): { location: string; rest: string; places: Place[] } | null {
  const words = text.split(/\s+/).filter(Boolean);
  const restOk = (w: string) =>
    tokenize(w).every(
      (t) => SUBJECT_WORDS.has(t) || (!vocabulary.words.has(foldText(t)) && !knownPlaces(vocabulary, t)),
    );
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const starts = [words.length - n, 0];
    for (let i = 1; i < words.length - n; i++) starts.push(i);
    for (const start of starts) {
      const place = words.slice(start, start + n);
      const rest = [...words.slice(0, start), ...words.slice(start + n)];
      if (!rest.every(restOk)) continue;
      const location = place.join(" ");
      if (rest.length === 0 && vocabulary.words.has(foldText(location))) continue;
      const places = knownPlaces(vocabulary, location);
      if (places && places.length > 0) return { location, rest: rest.join(" "), places };
    }
  }
  return null;
}

const cache = new SearchCache<Understanding>(1000, 5 * 60_000);

type WordRow = { word: string; stop: boolean; known: boolean; suggestion: string | null };

/**
 * Looks up each word: is it a stop word (empty english tsquery), is it in search_lexicon, and,
 * only when unknown (3+ letters, no digits), its closest usable lexicon word (vocabulary.ts:
 * trigram similarity >= 0.3, at most one edit per five letters, never a stop word). One small
 * query for the unaccented key and the stop test; the lexicon itself is searched in process.
 */
async function lookupWords(db: Db, words: string[]): Promise<Map<string, WordRow>> {
  const out = new Map<string, WordRow>();
  if (words.length === 0) return out;
  const arr = sql`ARRAY[${sql.join(
    words.map((w) => sql`${w}::text`),
    sql`, `,
  )}]`;
  const [res, vocabulary] = await Promise.all([
    db.execute<{ word: string; key: string; stop: boolean }>(sql`
      SELECT t.word, lower(public.f_unaccent(t.word)) AS key,
        numnode(plainto_tsquery('english', public.f_unaccent(t.word))) = 0 AS stop
      FROM unnest(${arr}) AS t(word)`),
    getVocabulary(db),
  ]);
  for (const r of res.rows) {
    const known = vocabulary.words.has(r.key);
    // A real place name ("München", "Muncie") is never corrected into another word (issue 14 §3).
    const place = !known && getGazetteer().cityIds.has(foldText(r.word));
    const suggestion =
      !known && !place && !r.stop && r.key.length >= 3 && !/[0-9]/.test(r.key)
        ? correctWord(vocabulary, r.key)
        : null;
    out.set(r.word, { word: r.word, stop: r.stop, known, suggestion });
  }
  return out;
}

/**
 * The country a subject names when, without its generic and directory words and a synonym group
 * that filters nothing, it is only a country alias or a capitalised ISO code that is no lexicon
 * word ("USA", "UK lawyers", "CA"; not "car" nor "CAR", the lexicon word). Null otherwise.
 */
async function subjectCountry(db: Db, parsed: ParsedQuery): Promise<{ text: string; code: string } | null> {
  const group = parsed.group;
  if (group?.alternatives.every((alt) => alt.length > 0)) return null;
  const phraseWords = new Set(group ? tokenize(group.matched) : []);
  const words = (parsed.subject.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => {
    const lower = w.toLowerCase();
    return !GENERIC_WORDS.has(lower) && !DIRECTORY_WORDS.has(lower) && !phraseWords.has(lower);
  });
  if (words.length === 0 || words.length > 4) return null;
  const text = words.join(" ");
  const code = countryOfSubject(text);
  if (!code) return null;
  if (/^[A-Z]{2,3}$/.test(text) && (await getVocabulary(db)).words.has(text.toLowerCase())) return null;
  return { text, code };
}

/**
 * Understands the free text and location of a request. Cached per (query, location) for five
 * minutes and until the next refreshSearchData.
 */
export async function understand(
  db: Db,
  params: Pick<SearchParams, "query" | "location">,
): Promise<Understanding> {
  const key = JSON.stringify([params.query ?? "", params.location ?? ""]);
  const hit = cache.get(db, key);
  if (hit) return hit;

  const query = params.query ?? "";
  const corrections: Record<string, string> = {};
  let filterPlaces: Place[] | null = null;
  if (params.location) {
    const loc = await resolveLocation(db, params.location);
    filterPlaces = loc.places;
    if (loc.corrected) corrections[params.location] = loc.corrected;
  }

  // Other languages and scripts become the English query of spec §5 (lib/multilingual-query.ts).
  // The gazetteer's CJK place names cut Japanese text into words; only CJK text needs them.
  const translated = translateQuery(query, hasCjk(query) ? getGazetteer().cjkWords : undefined);
  const text = translated.foreign ? translated.text : query;
  let parsed = parseSearchQuery(text, Boolean(params.location));
  let queryPlaces: Place[] | null = null;
  let queryLocation: string | null = null;
  if (parsed.location) {
    const loc = await resolveLocation(db, parsed.location);
    if (loc.places.length > 0) {
      queryPlaces = loc.places;
      queryLocation = parsed.location;
      if (loc.corrected) corrections[parsed.location] = loc.corrected;
    } else {
      // "lawyer at Smith & Partners": the part after the split word is no place, so the whole
      // query is the subject.
      parsed = parseSearchQuery(text, true);
    }
  }

  // A place before or after the subject without a marker ("Unfallanwalt München").
  if (!params.location && !parsed.location) {
    const affix = affixPlace(text, await getVocabulary(db));
    if (affix) {
      queryPlaces = affix.places;
      queryLocation = affix.location;
      parsed = { ...parseSearchQuery(affix.rest, true), location: affix.location };
    }
  }

  // A subject that is only a country ("USA", "UK lawyers") is the location, as the split would
  // make it ("lawyers in USA"), when no location filter is set.
  if (!params.location && !parsed.location && parsed.required.length > 0) {
    const country = await subjectCountry(db, parsed);
    if (country) {
      queryPlaces = [countryPlace(country.code)];
      queryLocation = country.text;
      const rest = tokenize(parsed.subject).filter((w) => !tokenize(country.text).includes(w));
      parsed = { ...parseSearchQuery(rest.join(" "), true), location: country.text };
    }
  }

  // Typo correction of the words the visitor typed (not of the fixed synonym phrases).
  const lookups = await lookupWords(db, parsed.required);
  const replaced: Record<string, string> = {};
  for (const w of parsed.required) {
    const r = lookups.get(w);
    if (r && !r.known && !r.stop && r.suggestion && r.suggestion !== w) replaced[w] = r.suggestion;
  }
  if (Object.keys(replaced).length > 0) {
    Object.assign(corrections, replaced);
    const text = tokenize(parsed.subject)
      .map((t) => replaced[t] ?? t)
      .join(" ");
    parsed = { ...parseSearchQuery(text, true), subject: parsed.subject, location: parsed.location };
  }
  const originals = new Map(Object.entries(replaced).map(([from, to]) => [to, from]));
  const stopWords = new Set([...lookups.values()].filter((r) => r.stop).map((r) => r.word));
  let required = parsed.required
    .filter((w) => !stopWords.has(w))
    .map((word) => {
      const original = originals.get(word);
      return original ? { word, original } : { word };
    });

  // Unknown words that no lawyer matches are left out when something else still filters, so one
  // unknown word never empties the results (issue 14 §3); the response names them.
  const ignoredWords: string[] = [];
  const unknown = required.filter((r) => {
    if (r.original || lookups.get(r.word)?.known) return false;
    // A place name ("USA" with the filter Canada) stays: it is no unknown word.
    const fold = foldText(r.word);
    const gazetteer = getGazetteer();
    return !countryOfSubject(r.word) && !gazetteer.countries.has(fold) && !gazetteer.cityIds.has(fold);
  });
  const groupFilters = parsed.group?.alternatives.every((a) => a.length > 0) ?? false;
  if (
    unknown.length > 0 &&
    (required.length > unknown.length || groupFilters || queryPlaces || filterPlaces)
  ) {
    const arr = sql`ARRAY[${sql.join(
      unknown.map((r) => sql`${r.word}::text`),
      sql`, `,
    )}]`;
    const res = await db.execute<{ word: string; found: boolean }>(sql`
      SELECT t.word, EXISTS (SELECT 1 FROM ${lawyers}
        WHERE ${lawyers.searchVector} @@ plainto_tsquery('english', public.f_unaccent(t.word))) AS found
      FROM unnest(${arr}) AS t(word)`);
    const missing = new Set(res.rows.filter((r) => !r.found).map((r) => r.word));
    if (missing.size > 0 && (missing.size < required.length || groupFilters || queryPlaces || filterPlaces)) {
      required = required.filter((r) => !missing.has(r.word));
      const typed = tokenize(query);
      for (const w of missing) ignoredWords.push(typed.find((t) => foldText(t) === foldText(w)) ?? w);
      parsed = { ...parsed, required: parsed.required.filter((w) => !missing.has(w)) };
    }
  }

  const result: Understanding = {
    parsed,
    queryLocation,
    queryPlaces,
    filterPlaces,
    corrections,
    synonyms: parsed.group ? parsed.group.phrases.filter((p) => p !== parsed.group?.matched) : [],
    required,
    ignoredWords,
  };
  cache.set(db, key, result);
  return result;
}

function tsq(word: string): SQL {
  return sql`plainto_tsquery('english', public.f_unaccent(${word}))`;
}

function andAll(parts: SQL[]): SQL {
  return sql`(${sql.join(parts, sql` && `)})`;
}

function orAll(parts: SQL[]): SQL {
  return sql`(${sql.join(parts, sql` || `)})`;
}

/**
 * The tsquery a lawyer must match: every required word (or its original spelling) AND, when the
 * synonym group filters, any one of its phrases. Null when the text filters nothing.
 */
export function filterQuery(u: Understanding): SQL | null {
  const parts: SQL[] = u.required.map((r) =>
    r.original ? orAll([tsq(r.word), tsq(r.original)]) : tsq(r.word),
  );
  const group = u.parsed.group;
  if (group?.alternatives.every((a) => a.length > 0)) {
    parts.push(orAll(group.alternatives.map((alt) => andAll(alt.map(tsq)))));
  }
  return parts.length > 0 ? andAll(parts) : null;
}
