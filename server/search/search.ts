/** searchLawyers: filters, relevance, sort and paging in the database (spec §5, §7, §9). */
import { type SQL, sql } from "drizzle-orm";
import {
  ordersCountryFirst,
  RELEVANCE_LEVELS,
  type SortKey,
  type SortKeyName,
  searchOrder,
} from "../../lib/ranking.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { estimatedRows, StatementBudgetExceeded } from "../db/statement-budget.ts";
import {
  countCache,
  filterKey,
  RANKED_MAX,
  rankedCache,
  resultGeneration,
  syncDataVersion,
} from "./cache.ts";
import { distanceKm, lawyerPoint, nearPoint, searchConditions, whereAll } from "./conditions.ts";
import { readDescription } from "./description.ts";
import { type LawyerRow, lawyerColumns, toLawyerDTO } from "./dto.ts";
import { factsIfReady } from "./facts.ts";
import { factsCountOf, factsGroupPage, factsRatingPage } from "./facts-count.ts";
import { factsFilter } from "./facts-filter.ts";
import { subjectOf } from "./facts-layout.ts";
import type { SearchContext, SearchResult } from "./service.ts";
import { understandSearch } from "./understand.ts";
import { filterQuery } from "./understanding.ts";
import { boundedDuringWarmUp, COUNT_BUDGET_MS, PAGE_BUDGET_MS, RANKED_BUDGET_MS } from "./warm-up.ts";
import { withRelevanceFactors } from "./why.ts";

/** The SQL of one sort key of lib/ranking.ts (asc keeps PostgreSQL's default, NULLS LAST). */
function keySql(key: SortKey, rank: SQL | null, near: SearchParams["near"], country: string | null): SQL {
  const column: Record<SortKeyName, () => SQL> = {
    // Issue 28 §1: 1 for the visitor's country, else 0 (desc: that country first).
    preferredCountry: () =>
      country ? sql`(CASE WHEN ${lawyers.countryCode} = ${country} THEN 1 ELSE 0 END)` : sql`0`,
    relevanceLevel: () => (rank ? sql`${rank}` : sql`3`),
    distance: () => (near ? sql`${lawyerPoint} <-> ${nearPoint(near)}` : sql`0`),
    rating: () => sql`${lawyers.rating}`,
    reviewCount: () => sql`${lawyers.reviewCount}`,
    experience: () => sql`${lawyers.experience}`,
    responseTime: () => sql`${lawyers.medianFirstResponseHours}`,
    name: () => sql`${lawyers.name}`,
    country: () => sql`${lawyers.country}`,
    city: () => sql`${lawyers.city}`,
    id: () => sql`${lawyers.id}`,
  };
  const value = column[key.key]();
  return key.direction === "desc" ? sql`${value} DESC NULLS LAST` : value;
}

/**
 * The ORDER BY of a search, built from lib/ranking.ts (issue 16 §2: the /how-ranking-works page
 * states the same constants). `country`: the visitor's country when it is ordered first (issue 28
 * §1, ordersCountryFirst), else null. Nothing about a subscription is read.
 */
export function orderSql(
  sort: SearchParams["sort"],
  rank: SQL | null,
  near: SearchParams["near"],
  country: string | null = null,
): SQL[] {
  return searchOrder(sort, rank !== null, Boolean(near), country !== null).map((k) =>
    keySql(k, rank, near, country),
  );
}

/**
 * The relevance level of a row as SQL (lib/ranking.ts RELEVANCE_LEVELS): the first level whose
 * weights of the search document match `fq`, else the last level.
 */
export function levelSql(fq: SQL): SQL<number> {
  const last = RELEVANCE_LEVELS[RELEVANCE_LEVELS.length - 1] as (typeof RELEVANCE_LEVELS)[number];
  const tests = RELEVANCE_LEVELS.slice(0, -1).map(
    (l) =>
      sql`WHEN ts_filter(${lawyers.searchVector}, ${sql.raw(`'{${l.weights}}'`)}) @@ ${fq} THEN ${sql.raw(String(l.level))}`,
  );
  return sql<number>`(CASE ${sql.join(tests, sql` `)} ELSE ${sql.raw(String(last.level))} END)`;
}

/** The rows of `ids`, in that order (ids no longer present or hidden since, issue 15 §3, are skipped). */
async function rowsByIds(db: Db, select: typeof lawyerColumns, ids: number[]): Promise<LawyerRow[]> {
  if (ids.length === 0) return [];
  // One array parameter, not one parameter per id: the protocol allows at most 65,535 bind
  // parameters, and "every match" of a search without filters is all 100,000 lawyers.
  const list = `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
  const found = await boundedDuringWarmUp(
    db,
    PAGE_BUDGET_MS,
    async (d) =>
      (await d
        .select(select)
        .from(lawyers)
        .where(sql`${lawyers.id} = ANY(${list}::int[]) AND NOT ${lawyers.hidden}`)) as LawyerRow[],
  );
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LawyerRow => r !== undefined);
}

/**
 * Searches lawyers (spec §5, §7; issue 2 §3; docs/search.md). A `query` that reads as a
 * description of what happened is searched as its practice areas and place (description.ts;
 * issue 19 §4) and `understood.description` says which.
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
 *
 * Issue 28 §1: with `context.preferredCountry`, under sort=relevance, without `near` and when
 * neither `location`, the text nor the description names a place, that country's lawyers come
 * first (lib/ranking.ts PREFERRED_COUNTRY_KEY), in both the facts and the database path;
 * `preferredCountry` of the result says whether it applied. `context.locale`: the page's language,
 * whose dictionary keeps real words from typo correction (understand.ts).
 */
export async function searchLawyers(
  db: Db,
  request: SearchParams,
  context: SearchContext = {},
): Promise<SearchResult> {
  await syncDataVersion(db);
  // Issue 19 §4: a description of what happened searches its practice areas and place instead.
  const { params, description } = await readDescription(db, request);
  const u = await understandSearch(db, params, context.locale);
  // Issue 28 §1: the visitor's country first, unless a place or a near point is searched.
  const country = ordersCountryFirst(
    context.preferredCountry,
    params.sort,
    Boolean(params.near),
    Boolean(u.queryPlaces || u.filterPlaces),
  )
    ? (context.preferredCountry as string)
    : null;
  const conds = searchConditions(params, u);
  const where = whereAll(conds);
  const fq = filterQuery(u);
  // Relevance level (docs/search.md "Relevance"; lib/ranking.ts RELEVANCE_LEVELS).
  const rank = fq ? levelSql(fq) : null;
  // The search facts, or null while a cold process builds them (then the database answers all).
  const facts = await factsIfReady(db);
  const test = facts ? factsFilter(facts, params, u) : null;
  const subject = subjectOf(u);
  // lib/ranking.ts searchOrder: the order the page /how-ranking-works states. Without text and
  // with `near`, nearest first straight from the GiST index (no tie-break column: an id
  // tie-break makes PostgreSQL read every lawyer at the same point, or abandon the index).
  const order = orderSql(params.sort, rank, params.near, country);

  const offset = (params.page - 1) * params.pageSize;
  const select = params.near ? { ...lawyerColumns, distanceKm: distanceKm(params.near) } : lawyerColumns;
  const key = filterKey(params, context.locale);
  let rows: LawyerRow[];
  let total: number;
  let totalEstimated = false;

  if (facts && rank && params.sort === "relevance" && test && subject >= 0 && !params.near) {
    // A common subject (synonym group or practice area): its relevance levels are in the facts,
    // so the page and the total come without ranking or counting in the database.
    const page = factsGroupPage(facts, subject, test, offset, params.pageSize, country);
    total = page.total;
    rows = await rowsByIds(db, select, page.ids);
  } else if (
    facts &&
    !rank &&
    test &&
    !params.near &&
    (params.sort === "relevance" || params.sort === "rating")
  ) {
    // No text, rating order: the facts hold every lawyer in exactly that order, so the page's ids
    // and the total come from them and only the page's rows are read.
    rows = await rowsByIds(db, select, factsRatingPage(facts, test, offset, params.pageSize, country));
    total = factsCountOf(facts, `${resultGeneration(db)}:${key}`, test);
  } else if (rank && params.sort === "relevance") {
    // Ranking needs every match anyway: fetch all matching ids in order once, take the total from
    // them (no second count), keep them for the next pages and sorts of the same search (and of
    // the same visitor's country: it changes the order, issue 28 §1).
    const rankedKey = `${key}|${country ?? ""}`;
    let ids = rankedCache.get(db, rankedKey);
    if (!ids) {
      // Issue 29: while the first facts build, cancelled by PostgreSQL past RANKED_BUDGET_MS (a
      // broad text at 1,000,000 listings); then only this page is ranked and the total estimated.
      const res = await boundedDuringWarmUp(db, RANKED_BUDGET_MS, (d) =>
        d.execute<{ id: number }>(
          sql`SELECT ${lawyers.id} AS id FROM ${lawyers} WHERE ${where} ORDER BY ${sql.join(order, sql`, `)}`,
        ),
      ).catch(unlessPastBudget);
      if (res) {
        ids = Int32Array.from(res.rows, (r) => Number(r.id));
        if (ids.length <= RANKED_MAX) rankedCache.set(db, rankedKey, ids);
        countCache.set(db, key, ids.length);
      }
    }
    if (ids) {
      total = ids.length;
      rows = await rowsByIds(db, select, Array.from(ids.subarray(offset, offset + params.pageSize)));
    } else {
      rows = await pageRows(db, select, where, order, offset, params.pageSize, PAGE_BUDGET_MS);
      total = await estimatedTotal(db, where, offset + rows.length);
      totalEstimated = true;
    }
  } else {
    rows = await pageRows(db, select, where, order, offset, params.pageSize, PAGE_BUDGET_MS);
    if (rows.length > 0 && rows.length < params.pageSize) total = offset + rows.length;
    else if (rows.length === 0 && offset === 0) total = 0;
    else {
      const cached = countCache.get(db, key);
      if (cached !== undefined) total = cached;
      else if (facts && test) {
        total = factsCountOf(facts, `${resultGeneration(db)}:${key}`, test); // about 1 ms, then remembered with these facts
      } else {
        // Issue 29: a count over a million rows while the first facts build is cancelled past
        // COUNT_BUDGET_MS and estimated instead (not remembered: the next request counts again).
        const res = await boundedDuringWarmUp(db, COUNT_BUDGET_MS, (d) =>
          d.execute<{ n: number | string }>(sql`SELECT count(*) AS n FROM ${lawyers} WHERE ${where}`),
        ).catch(unlessPastBudget);
        if (res) {
          total = Number(res.rows[0]?.n ?? 0);
          countCache.set(db, key, total);
        } else {
          total = await estimatedTotal(db, where, offset + rows.length);
          totalEstimated = true;
        }
      }
    }
  }

  return {
    // Issue 16 §2 "Why this lawyer?": the factors that placed each result, for sort=relevance only.
    lawyers: await withRelevanceFactors(db, params, rows.map(toLawyerDTO), fq, rank, country),
    total,
    ...(totalEstimated ? { totalEstimated } : {}),
    preferredCountry: country,
    understood: {
      subject: description ? (request.query ?? "") : u.parsed.subject,
      location: description ? description.location : u.queryLocation,
      corrections: u.corrections,
      synonyms: u.synonyms,
      ignoredWords: u.ignoredWords,
      ...(description ? { description } : {}),
    },
  };
}

/** `null` for a statement cancelled past its budget; any other error rethrown. */
function unlessPastBudget(err: unknown): null {
  if (err instanceof StatementBudgetExceeded) return null;
  throw err;
}

/**
 * One page of the search's rows in `order`, within `budgetMs` while the first facts build
 * (search/warm-up.ts boundedDuringWarmUp).
 * @throws StatementBudgetExceeded past the budget (the API answers 503, the page its error state)
 */
async function pageRows(
  db: Db,
  select: Record<string, unknown>,
  where: SQL,
  order: SQL[],
  offset: number,
  limit: number,
  budgetMs: number,
): Promise<LawyerRow[]> {
  return boundedDuringWarmUp(
    db,
    budgetMs,
    async (d) =>
      (await d
        .select(select as typeof lawyerColumns)
        .from(lawyers)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)) as LawyerRow[],
  );
}

/** PostgreSQL's estimate of the matches of `where`, never below `atLeast` (the rows already seen). */
async function estimatedTotal(db: Db, where: SQL, atLeast: number): Promise<number> {
  const estimate = await estimatedRows(db, sql`SELECT 1 FROM ${lawyers} WHERE ${where}`);
  return Math.max(atLeast, estimate ?? atLeast);
}
