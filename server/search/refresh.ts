/** refreshSearchData: rebuilds search_lexicon and search_places from the lawyers table. */
import { sql } from "drizzle-orm";
import { CASE_TYPES, PRACTICE_AREAS, SUGGESTION_PHRASES } from "../../lib/constants.ts";
import { SYNONYM_GROUPS, tokenize } from "../../lib/query.ts";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { bumpDataVersion } from "./cache.ts";
import { getFacets } from "./facets.ts";
import { dropFacts, getFacts } from "./facts.ts";
import { dropVocabulary, getVocabulary } from "./vocabulary.ts";

/** Words of the product's own vocabulary, so "personel injurry" corrects even without such a firm. */
function domainWords(): string[] {
  const texts = [
    ...SUGGESTION_PHRASES,
    ...PRACTICE_AREAS,
    ...CASE_TYPES,
    ...SYNONYM_GROUPS.flatMap((g) => [g.phrase, ...g.synonyms]),
  ];
  return [...new Set(texts.flatMap(tokenize))].filter((w) => w.length >= 2);
}

/**
 * Rebuilds the spelling vocabulary (distinct unaccented lower-case words of names, firms,
 * practice areas, cities, states and countries, with its number of occurrences, plus the
 * domain words of the spec's phrases, synonyms and case types with frequency 0) and the
 * places (distinct city, state and country per ISO code, with lawyer counts), in one transaction
 * that also bumps the data version (search_state) so every instance reloads its vocabulary, then refreshes planner statistics and invalidates the in-process caches. Call after seeding or
 * importing (docs/search.md). Finally computes the unfiltered facets and total so the first
 * visitor does not pay for them, and builds the search facts (facts.ts). Set-based SQL: about 0.2 s for 5,500 lawyers, 2 to 3 s for 100,000.
 */
export async function refreshSearchData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM search_lexicon`);
    // Split each distinct text once (names, firms and places repeat), weighted by its lawyers.
    await tx.execute(sql`
      INSERT INTO search_lexicon (word, frequency)
      SELECT w, sum(n) FROM (
        SELECT regexp_split_to_table(lower(public.f_unaccent(s)), '[[:space:][:punct:]]+') AS w, n FROM (
          SELECT name AS s, count(*) AS n FROM lawyers GROUP BY name
          UNION ALL SELECT firm, count(*) FROM lawyers GROUP BY firm
          UNION ALL SELECT array_to_string(practice_areas, ' '), count(*) FROM lawyers GROUP BY practice_areas
          UNION ALL SELECT concat_ws(' ', city, state, country), count(*) FROM lawyers GROUP BY city, state, country
        ) texts) t
      WHERE length(w) BETWEEN 2 AND 100
      GROUP BY w`);
    const words = domainWords();
    await tx.execute(sql`
      INSERT INTO search_lexicon (word, frequency)
      SELECT w, 0 FROM unnest(ARRAY[${sql.join(
        words.map((w) => sql`${w}::text`),
        sql`, `,
      )}]) AS w
      ON CONFLICT (word) DO NOTHING`);
    await tx.execute(sql`DELETE FROM search_places`);
    // Group the raw places first (a few thousand rows), then unaccent only those.
    await tx.execute(sql`
      WITH raw AS (
        SELECT city, state, country, country_code, count(*) AS n FROM lawyers
        GROUP BY city, state, country, country_code
      ), keyed AS (
        SELECT 'city' AS kind, lower(public.f_unaccent(city)) AS k, city AS name, country_code, n FROM raw
        UNION ALL
        SELECT 'state', lower(public.f_unaccent(state)), state, country_code, n FROM raw WHERE state IS NOT NULL
        UNION ALL
        SELECT 'country', lower(public.f_unaccent(country)), country, country_code, n FROM raw
      )
      INSERT INTO search_places (kind, key, name, country_code, lawyer_count)
      SELECT kind, k, min(name), country_code, sum(n) FROM keyed
      WHERE k <> '' AND length(k) <= 100
      GROUP BY kind, k, country_code`);
    // A new vocabulary: other instances reload theirs (vocabulary.ts) when the version moves.
    await tx.execute(sql`UPDATE search_state SET version = version + 1 WHERE id = 1`);
  });
  // Planner statistics for the columns searches filter and sort on (PGlite has no autovacuum).
  // A full ANALYZE: only it gathers the statistics of expression indexes (city, state, distance).
  await db.execute(sql`ANALYZE lawyers`);
  await db.execute(sql`ANALYZE search_lexicon`);
  await db.execute(sql`ANALYZE search_places`);
  bumpDataVersion(db);
  dropFacts(db);
  dropVocabulary(db);
  await getVocabulary(db);
  // Build the search facts (exact totals without counting), then warm the landing page's facets.
  await getFacts(db);
  await getFacets(db, SearchParamsSchema.parse({}));
}
