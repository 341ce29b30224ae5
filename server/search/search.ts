/** searchLawyers: filters, relevance, sort and paging in the database (spec §5, §7, §9). */
import { type SQL, sql } from "drizzle-orm";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import {
  countCache,
  filterKey,
  RANKED_MAX,
  rankedCache,
  resultGeneration,
  syncDataVersion,
} from "./cache.ts";
import { distanceKm, lawyerPoint, nearPoint, searchConditions, whereAll } from "./conditions.ts";
import { type LawyerRow, lawyerColumns, toLawyerDTO } from "./dto.ts";
import { factsCountOf, factsFilter, factsGroupPage, factsRatingPage, getFacts, subjectOf } from "./facts.ts";
import type { SearchResult } from "./service.ts";
import { filterQuery, understand } from "./understand.ts";

const byRating = [
  sql`${lawyers.rating} DESC NULLS LAST`,
  sql`${lawyers.reviewCount} DESC NULLS LAST`,
  sql`${lawyers.id}`,
];

/** The rows of `ids`, in that order (ids no longer present or hidden since, issue 15 §3, are skipped). */
async function rowsByIds(db: Db, select: typeof lawyerColumns, ids: number[]): Promise<LawyerRow[]> {
  if (ids.length === 0) return [];
  // One array parameter, not one parameter per id: the protocol allows at most 65,535 bind
  // parameters, and "every match" of a search without filters is all 100,000 lawyers.
  const list = `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
  const found = (await db
    .select(select)
    .from(lawyers)
    .where(sql`${lawyers.id} = ANY(${list}::int[]) AND NOT ${lawyers.hidden}`)) as LawyerRow[];
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LawyerRow => r !== undefined);
}

/**
 * Searches lawyers (spec §5, §7; issue 2 §3; docs/search.md).
 *
 * Order by `sort`: relevance = level (1: text in name or practice areas, 2: in firm or places,
 * 3: only in the bio) then rating, review count, id
 * (with no text: distance from `near` when given, nearest first, else rating, review count, id); rating =
 * rating, review count, id (all descending but id); experience = years desc, id; reviews =
 * review count desc, id; name = name, id; location = country, city, name, id; response = median
 * first response ascending, nulls last, id (issue 16 §3).
 * Paging: LIMIT pageSize OFFSET (page-1)*pageSize. `total` counts every match: from the search
 * facts (facts.ts) when the text is none or a common subject, else one count query (skipped when
 * the page itself proves the total; cached five minutes per filter set). Relevance pages of a
 * common subject come from the facts too. With other text
 * and sort=relevance all matching ids are ranked once and cached, so the total comes from them and
 * later pages only fetch their rows.
 */
export async function searchLawyers(db: Db, params: SearchParams): Promise<SearchResult> {
  await syncDataVersion(db);
  const u = await understand(db, params);
  const conds = searchConditions(params, u);
  const where = whereAll(conds);
  const fq = filterQuery(u);
  // Relevance level (docs/search.md "Relevance"): 1 = the text matches in name or practice areas
  // (weight A), 2 = in those or firm and places (A, B), 3 = only with the bio.
  const rank = fq
    ? sql<number>`(CASE WHEN ts_filter(${lawyers.searchVector}, '{a}') @@ ${fq} THEN 1 WHEN ts_filter(${lawyers.searchVector}, '{a,b}') @@ ${fq} THEN 2 ELSE 3 END)`
    : null;
  const facts = await getFacts(db);
  const test = factsFilter(facts, params, u);
  const subject = subjectOf(u);

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
    case "response":
      // Issue 16 §3: fastest median first response first, listings without figures last, then id
      // (lawyers_response_idx).
      order = [sql`${lawyers.medianFirstResponseHours} ASC NULLS LAST`, sql`${lawyers.id}`];
      break;
    default:
      if (rank) {
        order = [sql`${rank}`, ...byRating];
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

  if (rank && params.sort === "relevance" && test && subject >= 0 && !params.near) {
    // A common subject (synonym group or practice area): its relevance levels are in the facts,
    // so the page and the total come without ranking or counting in the database.
    const page = factsGroupPage(facts, subject, test, offset, params.pageSize);
    total = page.total;
    rows = await rowsByIds(db, select, page.ids);
  } else if (!rank && test && !params.near && (params.sort === "relevance" || params.sort === "rating")) {
    // No text, rating order: the facts hold every lawyer in exactly that order, so the page's ids
    // and the total come from them and only the page's rows are read.
    rows = await rowsByIds(db, select, factsRatingPage(facts, test, offset, params.pageSize));
    total = factsCountOf(facts, `${resultGeneration(db)}:${key}`, test);
  } else if (rank && params.sort === "relevance") {
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
    rows = await rowsByIds(db, select, Array.from(ids.subarray(offset, offset + params.pageSize)));
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
      else if (test) {
        total = factsCountOf(facts, `${resultGeneration(db)}:${key}`, test); // about 1 ms, then remembered with these facts
      } else {
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
      ignoredWords: u.ignoredWords,
    },
  };
}
