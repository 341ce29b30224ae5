/** refreshSearchData: rebuilds search_lexicon and search_places from the lawyers table. */
import { sql } from "drizzle-orm";
import { CASE_TYPES, PRACTICE_AREAS, SUGGESTION_PHRASES } from "../../lib/constants.ts";
import { SYNONYM_GROUPS, tokenize } from "../../lib/query.ts";
import type { Db } from "../db/client.ts";
import { bumpDataVersion } from "./cache.ts";

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
 * practice areas, cities, states and countries, with the number of lawyers using each, plus the
 * domain words of the spec's phrases, synonyms and case types with frequency 0) and the
 * places (distinct city, state and country per ISO code, with lawyer counts), in one transaction,
 * then refreshes planner statistics and invalidates the in-process caches. Call after seeding or
 * importing (docs/search.md). Set-based SQL: well under a second for 5,600 lawyers.
 */
export async function refreshSearchData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM search_lexicon`);
    await tx.execute(sql`
      INSERT INTO search_lexicon (word, frequency)
      SELECT w, count(DISTINCT id) FROM (
        SELECT id, regexp_split_to_table(
          lower(public.f_unaccent(concat_ws(' ', name, firm, array_to_string(practice_areas, ' '), city, state, country))),
          '[[:space:][:punct:]]+') AS w
        FROM lawyers) t
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
    await tx.execute(sql`
      INSERT INTO search_places (kind, key, name, country_code, lawyer_count)
      SELECT 'city', k, min(city), country_code, count(*) FROM (
        SELECT lower(public.f_unaccent(city)) AS k, city, country_code FROM lawyers) c
        WHERE k <> '' AND length(k) <= 100 GROUP BY k, country_code
      UNION ALL
      SELECT 'state', k, min(state), country_code, count(*) FROM (
        SELECT lower(public.f_unaccent(state)) AS k, state, country_code FROM lawyers WHERE state IS NOT NULL) s
        WHERE k <> '' AND length(k) <= 100 GROUP BY k, country_code
      UNION ALL
      SELECT 'country', k, min(country), country_code, count(*) FROM (
        SELECT lower(public.f_unaccent(country)) AS k, country, country_code FROM lawyers) n
        WHERE k <> '' AND length(k) <= 100 GROUP BY k, country_code`);
  });
  await db.execute(sql`ANALYZE lawyers`);
  await db.execute(sql`ANALYZE search_lexicon`);
  await db.execute(sql`ANALYZE search_places`);
  bumpDataVersion(db);
}
