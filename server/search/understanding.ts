/**
 * What the search understood from a request (the result of understand.ts) and the full-text
 * filter it implies. Its own module so that the WHERE conditions (conditions.ts) and the search
 * facts (facts.ts), which understand.ts itself uses, read it without importing understand.ts
 * (issue 30: no import circles; docs/search.md "How a query is understood").
 */
import { type SQL, sql } from "drizzle-orm";
import type { ParsedQuery } from "../../lib/query.ts";
import type { Place } from "./location.ts";

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
