/** searchLawyers: filters, relevance, sort and paging in the database (spec §5, §7, §9). */
import { type SQL, sql } from "drizzle-orm";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { countCache, filterKey, RANKED_MAX, rankedCache } from "./cache.ts";
import { distanceKm, lawyerPoint, nearPoint, searchConditions, whereAll } from "./conditions.ts";
import { type LawyerRow, lawyerColumns, toLawyerDTO } from "./dto.ts";
import type { SearchResult } from "./index.ts";
import { rankQuery, understand } from "./understand.ts";

/** ts_rank_cd weights {D, C, B, A}: bio 0.1, (unused) 0.2, firm and places 0.4, name and practice areas 1.0. */
export const RANK_WEIGHTS = "{0.1,0.2,0.4,1.0}";

const byRating = [
  sql`${lawyers.rating} DESC NULLS LAST`,
  sql`${lawyers.reviewCount} DESC NULLS LAST`,
  sql`${lawyers.id}`,
];

/**
 * Searches lawyers (spec §5, §7; issue 2 §3; docs/search.md).
 *
 * Order by `sort`: relevance = ts_rank_cd(weights, document, query) then rating, review count, id
 * (with no text: distance from `near` when given, nearest first, else rating, review count, id); rating =
 * rating, review count, id (all descending but id); experience = years desc, id; reviews =
 * review count desc, id; name = name, id; location = country, city, name, id.
 * Paging: LIMIT pageSize OFFSET (page-1)*pageSize. `total` counts every match: one count query
 * (skipped when the page itself proves the total; cached five minutes per filter set). With text
 * and sort=relevance all matching ids are ranked once and cached, so the total comes from them and
 * later pages only fetch their rows.
 */
export async function searchLawyers(db: Db, params: SearchParams): Promise<SearchResult> {
  const u = await understand(db, params);
  const conds = searchConditions(params, u);
  const where = whereAll(conds);
  const rq = rankQuery(u);
  const rank = rq ? sql<number>`ts_rank_cd(${RANK_WEIGHTS}::float4[], ${lawyers.searchVector}, ${rq})` : null;

  let order: SQL[];
  switch (params.sort) {
    case "rating":
      order = byRating;
      break;
    case "experience":
      order = [sql`${lawyers.experience} DESC NULLS LAST`, sql`${lawyers.id}`];
      break;
    case "reviews":
      order = [sql`${lawyers.reviewCount} DESC NULLS LAST`, sql`${lawyers.id}`];
      break;
    case "name":
      order = [sql`${lawyers.name}`, sql`${lawyers.id}`];
      break;
    case "location":
      order = [sql`${lawyers.country}`, sql`${lawyers.city}`, sql`${lawyers.name}`, sql`${lawyers.id}`];
      break;
    default:
      if (rank) {
        order = [sql`${rank} DESC`, ...byRating];
        if (params.near) order.splice(1, 0, sql`${lawyerPoint} <-> ${nearPoint(params.near)}`);
      } else if (params.near) {
        // Nearest first straight from the GiST index (no tie-break column: an id tie-break makes
        // PostgreSQL read every lawyer at the same point, or abandon the index). Lawyers at
        // exactly the same point come in the index's order, stable between pages.
        order = [sql`${lawyerPoint} <-> ${nearPoint(params.near)}`];
      } else {
        order = byRating;
      }
  }

  const offset = (params.page - 1) * params.pageSize;
  const select = params.near ? { ...lawyerColumns, distanceKm: distanceKm(params.near) } : lawyerColumns;
  const key = filterKey(params);
  let rows: LawyerRow[];
  let total: number;

  if (rank && params.sort === "relevance") {
    // Ranking needs every match anyway: fetch all matching ids in order once, take the total from
    // them (no second count), keep them for the next pages and sorts of the same search.
    let ids = rankedCache.get(db, key);
    if (!ids) {
      const res = await db.execute<{ id: number }>(
        sql`SELECT ${lawyers.id} AS id FROM ${lawyers} WHERE ${where} ORDER BY ${sql.join(order, sql`, `)}`,
      );
      ids = Int32Array.from(res.rows, (r) => Number(r.id));
      if (ids.length <= RANKED_MAX) rankedCache.set(db, key, ids);
      countCache.set(db, key, ids.length);
    }
    total = ids.length;
    const pageIds = Array.from(ids.subarray(offset, offset + params.pageSize));
    if (pageIds.length === 0) rows = [];
    else {
      const list = sql.join(
        pageIds.map((id) => sql`${id}::int`),
        sql`, `,
      );
      const found = (await db
        .select(select)
        .from(lawyers)
        .where(sql`${lawyers.id} IN (${list})`)) as LawyerRow[];
      const byId = new Map(found.map((r) => [Number(r.id), r]));
      rows = pageIds.map((id) => byId.get(id)).filter((r): r is LawyerRow => r !== undefined);
    }
  } else {
    rows = (await db
      .select(select)
      .from(lawyers)
      .where(where)
      .orderBy(...order)
      .limit(params.pageSize)
      .offset(offset)) as LawyerRow[];
    if (rows.length > 0 && rows.length < params.pageSize) total = offset + rows.length;
    else if (rows.length === 0 && offset === 0) total = 0;
    else {
      const cached = countCache.get(db, key);
      if (cached !== undefined) total = cached;
      else {
        const res = await db.execute<{ n: number | string }>(
          sql`SELECT count(*) AS n FROM ${lawyers} WHERE ${where}`,
        );
        total = Number(res.rows[0]?.n ?? 0);
        countCache.set(db, key, total);
      }
    }
  }

  return {
    lawyers: rows.map(toLawyerDTO),
    total,
    understood: {
      subject: u.parsed.subject,
      location: u.queryLocation,
      corrections: u.corrections,
      synonyms: u.synonyms,
    },
  };
}
