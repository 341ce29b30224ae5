/**
 * Query understanding on the server (spec §5; docs/search.md "How a query is understood"):
 * lib/query.ts parses the text; this module resolves the location part, corrects typos against
 * search_lexicon, and builds the full-text queries, always from bound parameters.
 */
import { type SQL, sql } from "drizzle-orm";
import { type ParsedQuery, parseSearchQuery, tokenize } from "../../lib/query.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { SearchCache } from "./cache.ts";
import { type Place, resolveLocation } from "./location.ts";

/** Minimum trigram similarity for replacing an unknown word by a lexicon word. */
export const WORD_SIMILARITY = 0.3;

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
}

const cache = new SearchCache<Understanding>(1000, 5 * 60_000);

type WordRow = { word: string; stop: boolean; known: boolean; suggestion: string | null };

/**
 * Looks up each word in search_lexicon: is it a stop word, is it known, and (only when unknown: the
 * trigram search is the costly part of understanding a query) its closest known word.
 */
async function lookupWords(db: Db, words: string[]): Promise<Map<string, WordRow>> {
  const out = new Map<string, WordRow>();
  if (words.length === 0) return out;
  const arr = sql`ARRAY[${sql.join(
    words.map((w) => sql`${w}::text`),
    sql`, `,
  )}]`;
  const res = await db.execute<WordRow>(sql`
    SELECT t.word,
      numnode(plainto_tsquery('english', public.f_unaccent(t.word))) = 0 AS stop,
      EXISTS (SELECT 1 FROM search_lexicon l WHERE l.word = lower(public.f_unaccent(t.word))) AS known,
      CASE WHEN length(t.word) >= 3 AND t.word !~ '[0-9]'
        AND NOT EXISTS (SELECT 1 FROM search_lexicon l WHERE l.word = lower(public.f_unaccent(t.word))) THEN (
        SELECT l.word FROM search_lexicon l
        WHERE l.word % lower(public.f_unaccent(t.word))
          AND similarity(l.word, lower(public.f_unaccent(t.word))) >= ${WORD_SIMILARITY}
        ORDER BY similarity(l.word, lower(public.f_unaccent(t.word))) DESC, l.frequency DESC, l.word
        LIMIT 1) END AS suggestion
    FROM unnest(${arr}) AS t(word)`);
  for (const r of res.rows) out.set(r.word, r);
  return out;
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

  let parsed = parseSearchQuery(query, Boolean(params.location));
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
      parsed = parseSearchQuery(query, true);
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
  const required = parsed.required
    .filter((w) => !stopWords.has(w))
    .map((word) => {
      const original = originals.get(word);
      return original ? { word, original } : { word };
    });

  const result: Understanding = {
    parsed,
    queryLocation,
    queryPlaces,
    filterPlaces,
    corrections,
    synonyms: parsed.group ? parsed.group.phrases.filter((p) => p !== parsed.group?.matched) : [],
    required,
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
