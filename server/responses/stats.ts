/**
 * Measured response times (issue 16 §3; spec §1 "lawyers respond within 24 hours"): per lawyer,
 * the median hours from an item's arrival to the lawyer's first response over the last
 * RESPONSE_WINDOW_DAYS, the share answered within RESPONSE_DEADLINE_HOURS, and the sample size.
 *
 * What counts (docs/ARCHITECTURE.md "Response times"):
 * - Items: the cases sent to the listing (cases.created_at in the window) and the messages sent
 *   from its profile (customer_messages.created_at in the window; the messages module has a
 *   lawyer reply, message_replies, and issue 16 §3 names "a case's or message's arrival").
 * - First response of a case (issue 17 §2 "The 24-hour promise counts from submission to accept
 *   or decline"): the lawyer's accept for review (cases.accepted_at) or decline
 *   (cases.declined_at), whichever came first; a message in the thread before that does not count
 *   (the lawyer has not answered whether they take the case). Of a profile message: its first reply.
 * - Unanswered items: one younger than RESPONSE_DEADLINE_HOURS is left out (its outcome is not
 *   known yet); an older one counts as NOT answered within 24 h and enters the median at its
 *   current age (a lower bound of its response time). Leaving such items out would flatter a
 *   lawyer who never answers; counting them at their age keeps the figure honest.
 * - Window: items that arrived at or after now − RESPONSE_WINDOW_DAYS (the boundary instant is in).
 * - Below RESPONSE_MIN_SAMPLE counted items both figures are null ("New on the platform").
 *
 * The figures are cached on lawyers (median_first_response_hours, answered_within_24h_share,
 * response_sample_size) so search filters and sorts on an indexed column; this module is their
 * only writer. refreshResponseStats runs for every lawyer in the daily job and for one lawyer when
 * they respond (server/cases, server/messages). It writes only rows whose figures changed, and
 * nothing when none did (each write to lawyers bumps the search data version, docs/search.md).
 */
import { sql } from "drizzle-orm";
import {
  RESPONSE_DEADLINE_HOURS,
  RESPONSE_MIN_SAMPLE,
  RESPONSE_WINDOW_DAYS,
  type ResponseStats,
} from "../../lib/response-times.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";

type Executor = Pick<Db, "execute">;

/**
 * One item's first-response SQL for a case aliased `c`: a timestamp or null (issue 17 §2: accept
 * or decline; migration 0022 backfilled both for cases answered before the two-stage intake).
 */
export const CASE_FIRST_RESPONSE_SQL = sql.raw(`LEAST(c.accepted_at, c.declined_at)`);

/**
 * The items of the window ending at `now` (arrived, responded), for `lawyerIds` or everyone:
 * the SQL of a subquery with columns lawyer_id, arrived, responded (null when none by `now`).
 */
function itemsSql(now: Date, lawyerIds: number[] | null, since?: Date) {
  const from = since ?? new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 86_400_000);
  const onlyCases = lawyerIds
    ? sql`AND c.lawyer_id = ANY(${`{${lawyerIds.map((i) => Math.trunc(i)).join(",")}}`}::int[])`
    : sql``;
  const onlyMessages = lawyerIds
    ? sql`AND cm.lawyer_id = ANY(${`{${lawyerIds.map((i) => Math.trunc(i)).join(",")}}`}::int[])`
    : sql``;
  return sql`
    SELECT c.lawyer_id, c.created_at AS arrived, ${CASE_FIRST_RESPONSE_SQL} AS responded
    FROM cases AS c
    WHERE c.created_at >= ${from} AND c.created_at <= ${now} ${onlyCases}
    UNION ALL
    SELECT cm.lawyer_id, cm.created_at AS arrived,
      (SELECT min(r.created_at) FROM message_replies AS r WHERE r.message_id = cm.id) AS responded
    FROM customer_messages AS cm
    WHERE cm.created_at >= ${from} AND cm.created_at <= ${now} ${onlyMessages}`;
}

/**
 * The statistics of `lawyerIds` (or every lawyer with an item in the window when null) at the
 * clock's instant, as SQL rows (lawyer_id, n, median, share), figures unrounded and not yet
 * nulled below the minimum.
 */
function statsSql(now: Date, lawyerIds: number[] | null) {
  const deadline = new Date(now.getTime() - RESPONSE_DEADLINE_HOURS * 3_600_000);
  return sql`
    SELECT lawyer_id, count(*)::int AS n,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) AS median,
      avg(CASE WHEN answered AND hours <= ${RESPONSE_DEADLINE_HOURS} THEN 1.0 ELSE 0.0 END) AS share
    FROM (
      SELECT lawyer_id,
        (responded IS NOT NULL AND responded <= ${now}) AS answered,
        extract(epoch FROM (CASE WHEN responded IS NOT NULL AND responded <= ${now}
          THEN responded ELSE ${now}::timestamptz END) - arrived) / 3600.0 AS hours
      FROM (${itemsSql(now, lawyerIds)}) AS items
      WHERE (responded IS NOT NULL AND responded <= ${now}) OR arrived <= ${deadline}
    ) AS counted
    GROUP BY lawyer_id`;
}

/** Rounds raw figures to the stored shape: median to 0.1 h, share to 0.001; nulls below the minimum. */
export function toResponseStats(n: number, median: number | null, share: number | null): ResponseStats {
  if (n < RESPONSE_MIN_SAMPLE || median === null || share === null)
    return { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: n };
  return {
    medianFirstResponseHours: Math.round(median * 10) / 10,
    answeredWithin24hShare: Math.round(share * 1000) / 1000,
    sampleSize: n,
  };
}

/**
 * Computes the statistics of the given lawyers at `clock.now()` without writing (every lawyer
 * with at least one counted item when `lawyerIds` is omitted). Lawyers without a counted item
 * are absent from the map (their figures are sample 0, nulls).
 */
export async function computeResponseStats(
  db: Executor,
  clock: Clock,
  lawyerIds?: number[],
): Promise<Map<number, ResponseStats>> {
  const { rows } = await db.execute<{
    lawyer_id: number;
    n: number;
    median: number | string | null;
    share: number | string | null;
  }>(statsSql(clock.now(), lawyerIds ?? null));
  const out = new Map<number, ResponseStats>();
  for (const r of rows)
    out.set(
      Number(r.lawyer_id),
      toResponseStats(
        Number(r.n),
        r.median === null ? null : Number(r.median),
        r.share === null ? null : Number(r.share),
      ),
    );
  return out;
}

/** What a refresh did: lawyers whose cached figures changed, and the milliseconds it took. */
export interface RefreshSummary {
  changed: number;
  ms: number;
}

/**
 * Recomputes the cached response figures of `lawyerIds` (every listing when omitted) at the
 * clock's instant and writes the rows whose figures changed, in one UPDATE (none when nothing
 * changed). Idempotent; throws only database errors.
 */
export async function refreshResponseStats(
  db: Executor,
  clock: Clock,
  lawyerIds?: number[],
): Promise<RefreshSummary> {
  const started = performance.now();
  if (lawyerIds && lawyerIds.length === 0) return { changed: 0, ms: 0 };
  const stats = await computeResponseStats(db, clock, lawyerIds);
  const only = lawyerIds
    ? sql`WHERE id = ANY(${`{${lawyerIds.map((i) => Math.trunc(i)).join(",")}}`}::int[])`
    : sql`WHERE response_sample_size <> 0 OR median_first_response_hours IS NOT NULL`;
  // Current cached values: every requested lawyer (to reset those with no item left) or, for a
  // full refresh, those that have figures now or had some before.
  const { rows: current } = await db.execute<{
    id: number;
    median: number | string | null;
    share: number | string | null;
    n: number;
  }>(
    sql`SELECT id, median_first_response_hours AS median, answered_within_24h_share AS share, response_sample_size AS n FROM lawyers ${only}`,
  );
  const known = new Map(current.map((r) => [Number(r.id), r]));
  const ids = new Set<number>([...known.keys(), ...(lawyerIds ? [] : stats.keys())]);
  const changed: { id: number; s: ResponseStats }[] = [];
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  for (const id of ids) {
    if (lawyerIds && !known.has(id)) continue; // unknown listing id
    const s = stats.get(id) ?? {
      medianFirstResponseHours: null,
      answeredWithin24hShare: null,
      sampleSize: 0,
    };
    const before = known.get(id);
    const same =
      before &&
      Number(before.n) === s.sampleSize &&
      sameFigure(num(before.median), s.medianFirstResponseHours) &&
      sameFigure(num(before.share), s.answeredWithin24hShare);
    // A full refresh only reads lawyers with figures; one without any and still without is unchanged.
    if (!before && s.sampleSize === 0) continue;
    if (!same) changed.push({ id, s });
  }
  if (changed.length > 0) {
    const arr = (xs: (number | null)[]) => `{${xs.map((x) => (x === null ? "NULL" : String(x))).join(",")}}`;
    await db.execute(sql`
      UPDATE lawyers AS l SET
        median_first_response_hours = v.median,
        answered_within_24h_share = v.share,
        response_sample_size = v.n
      FROM (SELECT unnest(${arr(changed.map((c) => c.id))}::int[]) AS id,
                   unnest(${arr(changed.map((c) => c.s.medianFirstResponseHours))}::real[]) AS median,
                   unnest(${arr(changed.map((c) => c.s.answeredWithin24hShare))}::real[]) AS share,
                   unnest(${arr(changed.map((c) => c.s.sampleSize))}::int[]) AS n) AS v
      WHERE l.id = v.id`);
  }
  return { changed: changed.length, ms: Math.round(performance.now() - started) };
}

/** Equal figures as stored in a `real` column (float4 keeps about 7 digits). */
function sameFigure(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) < 1e-4;
}

/** The cached figures of a lawyers row as the API's `responseStats` (issue 16 §3). */
export function responseStatsOf(row: {
  medianFirstResponseHours?: number | null;
  answeredWithin24hShare?: number | null;
  responseSampleSize?: number | null;
}): ResponseStats {
  const n = Number(row.responseSampleSize ?? 0);
  if (n < RESPONSE_MIN_SAMPLE || row.medianFirstResponseHours == null || row.answeredWithin24hShare == null)
    return { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: n };
  return {
    medianFirstResponseHours: Math.round(Number(row.medianFirstResponseHours) * 10) / 10,
    answeredWithin24hShare: Math.round(Number(row.answeredWithin24hShare) * 1000) / 1000,
    sampleSize: n,
  };
}

/**
 * Whether case `caseId` has had a lawyer response (accept or decline, issue 17 §2) by now; false
 * for an unknown id. Used by the re-send (server/responses/resend.ts) to tell an unanswered case.
 */
export async function caseHasResponse(db: Executor, caseId: string): Promise<boolean> {
  const { rows } = await db.execute<{ answered: boolean }>(
    sql`SELECT (${CASE_FIRST_RESPONSE_SQL}) IS NOT NULL AS answered FROM cases AS c WHERE c.id = ${caseId}`,
  );
  return Boolean(rows[0]?.answered);
}

/**
 * The incremental update (issue 16 §3): after a lawyer's first response to a case or profile
 * message, refreshes that one listing's figures (one lawyer's window; writes only on a change).
 * Never throws: a failure is logged and the daily refresh repairs it.
 */
export async function refreshAfterFirstResponse(
  db: Executor,
  clock: Clock,
  lawyerId: number,
  logger?: { error: (obj: object, msg: string) => void },
): Promise<void> {
  try {
    await refreshResponseStats(db, clock, [lawyerId]);
  } catch (err) {
    logger?.error({ err, lawyerId }, "response figures not refreshed");
  }
}

/** One item of a lawyer's window: when it arrived and when the lawyer first responded (or null). */
export interface ResponseItem {
  arrived: Date;
  responded: Date | null;
}

/**
 * The cases and profile messages of `lawyerId` that arrived between `since` and `clock.now()`,
 * with their first response by then (the same rules as the statistics), oldest first. For the
 * lawyer's own analytics (server/responses/trend.ts).
 */
export async function responseItems(
  db: Executor,
  clock: Clock,
  lawyerId: number,
  since: Date,
): Promise<ResponseItem[]> {
  const now = clock.now();
  const { rows } = await db.execute<{ arrived: Date | string; responded: Date | string | null }>(
    sql`SELECT arrived, CASE WHEN responded <= ${now} THEN responded END AS responded
        FROM (${itemsSql(now, [lawyerId], since)}) AS items ORDER BY arrived`,
  );
  return rows.map((r) => ({
    arrived: new Date(r.arrived),
    responded: r.responded === null ? null : new Date(r.responded),
  }));
}
