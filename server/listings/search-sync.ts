/**
 * Keeps the search vocabulary in step with a listing its owner writes (issue 3: "Changes show on
 * the public profile at once"; docs/search.md). The directory's spelling vocabulary
 * (search_lexicon) and places (search_places) are rebuilt in full by refreshSearchData after an
 * import; between rebuilds a word new to the directory (a new firm's name, a new city) would be
 * "corrected" to the nearest known word and the new listing missed. This adds the listing's words
 * and place the way refreshSearchData counts them, then makes this process reload its
 * vocabulary and facts on the next search.
 *
 * Counts only grow here (a renamed firm's old words stay until the next refreshSearchData); a
 * surplus word costs nothing but a correction that is not made.
 */
import { sql } from "drizzle-orm";
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

/**
 * Adds the words of `texts` to search_lexicon (unaccented, lower case, split on spaces and
 * punctuation, 2 to 100 characters; one more occurrence each) and, with `place`, counts one more
 * lawyer for its city, state and country in search_places. Run it in the transaction that
 * writes the listing (`executor` = the transaction).
 */
export async function addToSearchVocabulary(
  executor: Pick<Db, "execute">,
  texts: ListingTexts,
): Promise<void> {
  const parts = [
    texts.name,
    texts.firm,
    texts.practiceAreas?.join(" "),
    texts.place
      ? [texts.place.city, texts.place.state, texts.place.country].filter(Boolean).join(" ")
      : undefined,
  ].filter((s): s is string => typeof s === "string" && s.trim() !== "");
  if (parts.length > 0) {
    await executor.execute(sql`
      INSERT INTO search_lexicon (word, frequency)
      SELECT w, count(*) FROM (
        SELECT regexp_split_to_table(lower(public.f_unaccent(s)), '[[:space:][:punct:]]+') AS w
        FROM unnest(ARRAY[${sql.join(
          parts.map((p) => sql`${p}::text`),
          sql`, `,
        )}]) AS s
      ) t
      WHERE length(w) BETWEEN 2 AND 100
      GROUP BY w
      ON CONFLICT (word) DO UPDATE SET frequency = search_lexicon.frequency + EXCLUDED.frequency`);
  }
  const place = texts.place;
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
  }
}

/**
 * After a committed write to lawyers (and addToSearchVocabulary): this process answers searches,
 * facets and profiles from the new data at once (invalidateSearchCaches) and reloads the
 * vocabulary before the next search instead of in the background.
 */
export function searchDataChanged(db: Db): void {
  invalidateSearchCaches(db);
  dropVocabulary(db);
}
