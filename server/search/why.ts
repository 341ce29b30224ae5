/**
 * "Why this lawyer?" for search results under `sort=relevance` (issue 16 §2): the factors that
 * placed each result of a page, computed on the server from the same order lib/ranking.ts
 * defines (relevance level, distance from `near`, rating and reviews) and the filters that
 * admitted it (verified only). Never about payment: nothing here reads a subscription.
 */
import { type SQL, sql } from "drizzle-orm";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { type RelevanceFactor, type RelevanceLevel, searchOrder } from "../../lib/ranking.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { boundedDuringWarmUp, PAGE_BUDGET_MS } from "./warm-up.ts";

/** What the search text matched in one listing: its level and the single part that matched alone. */
interface WordMatch {
  level: RelevanceLevel;
  areas: string[];
  name: boolean;
  firm: boolean;
}

/** A text's full-text vector, as the search document builds its parts (migration 0000). */
const vector = (text: SQL) =>
  sql`to_tsvector('english'::regconfig, public.f_unaccent(coalesce(${text}, '')))`;

/**
 * For each id, the relevance level of `fq` (levelSql) and which single parts match it: the
 * practice areas one by one, the name, the firm. One query for a page of ids.
 */
async function wordMatches(
  db: Db,
  ids: number[],
  fq: SQL,
  level: SQL<number>,
): Promise<Map<number, WordMatch>> {
  if (ids.length === 0) return new Map();
  const list = `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
  // Issue 29: bounded while the first search facts build (search/warm-up.ts).
  const res = await boundedDuringWarmUp(db, PAGE_BUDGET_MS, (d) =>
    d.execute<{
      id: number;
      level: number;
      areas: string[] | null;
      name: boolean;
      firm: boolean;
    }>(sql`
    SELECT ${lawyers.id} AS id, ${level} AS level,
      ARRAY(SELECT a FROM unnest(${lawyers.practiceAreas}) AS a WHERE ${vector(sql`a`)} @@ ${fq}) AS areas,
      ${vector(sql`${lawyers.name}`)} @@ ${fq} AS name,
      ${vector(sql`${lawyers.firm}`)} @@ ${fq} AS firm
    FROM ${lawyers} WHERE ${lawyers.id} = ANY(${list}::int[])`),
  );
  return new Map(
    res.rows.map((r) => [
      Number(r.id),
      {
        level: Number(r.level) as RelevanceLevel,
        areas: r.areas ?? [],
        name: Boolean(r.name),
        firm: Boolean(r.firm),
      },
    ]),
  );
}

/** The `words` factor of one match: the part that matched alone, most specific first. */
function wordsFactor(m: WordMatch): RelevanceFactor {
  if (m.level === 1) {
    const area = m.areas[0];
    if (area !== undefined) return { kind: "words", level: 1, field: "practiceArea", value: area };
    if (m.name) return { kind: "words", level: 1, field: "name" };
    return { kind: "words", level: 1 };
  }
  if (m.level === 2)
    return m.firm ? { kind: "words", level: 2, field: "firm" } : { kind: "words", level: 2, field: "place" };
  return { kind: "words", level: 3, field: "bio" };
}

/**
 * Adds `why` to each lawyer of a `sort=relevance` page (other sorts: the lawyers unchanged):
 * the factors of lib/ranking.ts RELEVANCE_ORDER that apply to this search, in that order, then
 * `verifiedOnly` when the verified filter is on.
 * @param fq the search's full-text filter (understand.ts filterQuery), null without text
 * @param level the relevance level expression (search.ts levelSql), null without text
 * @param country the visitor's country when the search ordered it first (issue 28 §1), else null:
 *   its lawyers get the `country` factor first
 */
export async function withRelevanceFactors(
  db: Db,
  params: SearchParams,
  list: LawyerDTO[],
  fq: SQL | null,
  level: SQL<number> | null,
  country: string | null = null,
): Promise<LawyerDTO[]> {
  if (params.sort !== "relevance" || list.length === 0) return list;
  const order = searchOrder("relevance", fq !== null, Boolean(params.near), country !== null);
  const matches =
    fq && level
      ? await wordMatches(
          db,
          list.map((l) => l.id),
          fq,
          level,
        )
      : new Map<number, WordMatch>();
  return list.map((lawyer) => {
    const why: RelevanceFactor[] = [];
    for (const { key } of order) {
      if (key === "preferredCountry") {
        if (country && lawyer.countryCode === country) why.push({ kind: "country", countryCode: country });
      } else if (key === "relevanceLevel") {
        const m = matches.get(lawyer.id);
        if (m) why.push(wordsFactor(m));
      } else if (key === "distance" && lawyer.distanceKm !== undefined) {
        why.push({ kind: "distance", km: lawyer.distanceKm });
      } else if (key === "rating") {
        why.push({ kind: "rating", rating: lawyer.rating, reviewCount: lawyer.reviewCount });
      }
    }
    if (params.verified && lawyer.verified) why.push({ kind: "verifiedOnly" });
    return { ...lawyer, why };
  });
}
