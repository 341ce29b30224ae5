/**
 * Keeps the search vocabulary in step with a listing its owner writes (issue 3: "Changes show on
 * the public profile at once"; docs/search.md). The directory's spelling vocabulary
 * (search_lexicon) and places (search_places) are rebuilt in full by refreshSearchData after an
 * import; between rebuilds a word new to the directory (a new firm's name, a new city) would be
 * "corrected" to the nearest known word and the new listing missed. This counts the listing's
 * words and place the way refreshSearchData counts them, then makes this process reload its
 * vocabulary and facts on the next search.
 *
 * An edit moves the counts by the difference between the listing's words before and after
 * (security review of issue 3: adding every word again on each save let repeated edits inflate
 * the counts without bound). A count never goes below 0, and a word is never removed (a word at 0
 * is still known, like the domain words; the next refreshSearchData drops it).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { invalidateSearchCaches } from "../search/index.ts";
import { dropVocabulary } from "../search/vocabulary.ts";

/** The texts of a listing that feed the vocabulary (as refreshSearchData reads them). */
export interface ListingTexts {
  name?: string | undefined;
  firm?: string | undefined;
  practiceAreas?: readonly string[] | undefined;
  /** Present for a new listing: its place is counted as well. */
  place?: { city: string; state: string | null; country: string; countryCode: string } | undefined;
}

/** The non-empty texts of a listing's name, firm, practice areas and place. */
function textsOf(t: ListingTexts): string[] {
  return [
    t.name,
    t.firm,
    t.practiceAreas?.join(" "),
    t.place ? [t.place.city, t.place.state, t.place.country].filter(Boolean).join(" ") : undefined,
  ].filter((s): s is string => typeof s === "string" && s.trim() !== "");
}

/** A `text[]` literal of bound parameters (an empty one typed, so unnest knows its type). */
function textArray(parts: readonly string[]): SQL {
  if (parts.length === 0) return sql`ARRAY[]::text[]`;
  return sql`ARRAY[${sql.join(
    parts.map((p) => sql`${p}::text`),
    sql`, `,
  )}]`;
}

/** Words of the texts (unaccented, lower case, split on spaces and punctuation, 2 to 100 characters) with their occurrences. */
function wordCounts(parts: readonly string[]): SQL {
  return sql`SELECT w, count(*) AS n FROM (
      SELECT regexp_split_to_table(lower(public.f_unaccent(s)), '[[:space:][:punct:]]+') AS w
      FROM unnest(${textArray(parts)}) AS s
    ) t WHERE length(w) BETWEEN 2 AND 100 GROUP BY w`;
}

/**
 * Moves search_lexicon by the words of `after` minus those of `before` (unaccented, lower case,
 * split on spaces and punctuation, 2 to 100 characters, counted per occurrence as
 * refreshSearchData does): a new listing passes `before` = {} and counts all its words; an edit
 * passes the listing's texts before and after, so saving the same texts again changes nothing and
 * renaming back and forth does not inflate any count. With `after.place` (a new listing), one
 * more lawyer is counted for its city, state and country in search_places. Run it in the
 * transaction that writes the listing (`executor` = the transaction).
 * @returns true when a word's count or a place changed (the vocabulary must be reloaded)
 */
export async function syncSearchVocabulary(
  executor: Pick<Db, "execute">,
  before: ListingTexts,
  after: ListingTexts,
): Promise<boolean> {
  let changed = false;
  const old = textsOf({ ...before, place: undefined });
  const next = textsOf(after);
  if (old.length > 0 || next.length > 0) {
    const delta = sql`
      WITH a AS (${wordCounts(next)}), b AS (${wordCounts(old)})
      SELECT coalesce(a.w, b.w) AS w, coalesce(a.n, 0) - coalesce(b.n, 0) AS d
      FROM a FULL JOIN b ON a.w = b.w`;
    const added = await executor.execute(sql`
      INSERT INTO search_lexicon (word, frequency)
      SELECT w, d FROM (${delta}) x WHERE d > 0
      ON CONFLICT (word) DO UPDATE SET frequency = search_lexicon.frequency + EXCLUDED.frequency
      RETURNING word`);
    const removed = await executor.execute(sql`
      UPDATE search_lexicon l SET frequency = greatest(l.frequency + x.d, 0)
      FROM (${delta}) x WHERE x.d < 0 AND l.word = x.w
      RETURNING l.word`);
    changed = added.rows.length > 0 || removed.rows.length > 0;
  }
  const place = after.place;
  if (place) {
    const rows = [
      { kind: "city", name: place.city },
      ...(place.state ? [{ kind: "state", name: place.state }] : []),
      { kind: "country", name: place.country },
    ];
    for (const r of rows) {
      await executor.execute(sql`
        INSERT INTO search_places (kind, key, name, country_code, lawyer_count)
        SELECT ${r.kind}, k, ${r.name}, ${place.countryCode}, 1
        FROM (SELECT lower(public.f_unaccent(${r.name}::text)) AS k) t
        WHERE k <> '' AND length(k) <= 100
        ON CONFLICT (kind, key, country_code)
        DO UPDATE SET lawyer_count = search_places.lawyer_count + 1`);
    }
    changed = true;
  }
  return changed;
}

/**
 * After a committed write to lawyers (and syncSearchVocabulary): this process answers searches,
 * facets and profiles from the new data at once (invalidateSearchCaches) and, when
 * `vocabularyChanged`, reloads the vocabulary before the next search instead of in the
 * background.
 */
export function searchDataChanged(db: Db, vocabularyChanged = true): void {
  invalidateSearchCaches(db);
  if (vocabularyChanged) dropVocabulary(db);
}
