/**
 * The review figures of a lawyer's premium analytics (issue 16 §3: "Lawyer analytics (premium)
 * add the response-time trend and review figures"; issue 16 §1 reviews). Every figure counts the
 * listing's PUBLISHED engagement-verified reviews only, the ones its profile shows and its
 * `rating`/`reviewCount` are computed from (server/reviews/recompute.ts), so the lawyer sees the
 * same numbers as the public: pending, rejected and removed reviews never count (FTC 16 CFR 465,
 * EU Omnibus Directive 2019/2161; docs/spec-deviations.md #49).
 */
import { sql } from "drizzle-orm";
import { REVIEW_ANALYTICS_PERIOD_DAYS } from "../../lib/reviews.ts";
import type { Db } from "../db/client.ts";
import type { ReviewFigures } from "./service.ts";

const DAY = 86_400_000;

/** "4.33" -> 4.33, null -> null (averages come from SQL as text, two decimals). */
function decimal(value: string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * The review figures of `lawyerId` at the instant `now`, in one query: the number of published
 * reviews, the average overall rating and the three aspect averages (two decimals; null without
 * reviews), the count per star 1 to 5, the reviews written in the last REVIEW_ANALYTICS_PERIOD_DAYS
 * days (`now` - 90 d, now] and in the 90 days before (now - 180 d, now - 90 d], and how many
 * published reviews still wait for the lawyer's one public reply. Throws only database errors.
 */
export async function reviewFigures(
  db: Pick<Db, "execute">,
  lawyerId: number,
  now: Date,
): Promise<ReviewFigures> {
  const end = now.toISOString();
  const mid = new Date(now.getTime() - REVIEW_ANALYTICS_PERIOD_DAYS * DAY).toISOString();
  const start = new Date(now.getTime() - 2 * REVIEW_ANALYTICS_PERIOD_DAYS * DAY).toISOString();
  const { rows } = await db.execute<{
    published: number;
    average: string | null;
    communication: string | null;
    responsiveness: string | null;
    outcome: string | null;
    s1: number;
    s2: number;
    s3: number;
    s4: number;
    s5: number;
    last_period: number;
    previous_period: number;
    awaiting_reply: number;
  }>(sql`
    SELECT
      count(*)::int AS published,
      round(avg(rating)::numeric, 2)::text AS average,
      round(avg(communication)::numeric, 2)::text AS communication,
      round(avg(responsiveness)::numeric, 2)::text AS responsiveness,
      round(avg(outcome)::numeric, 2)::text AS outcome,
      (count(*) FILTER (WHERE rating = 1))::int AS s1,
      (count(*) FILTER (WHERE rating = 2))::int AS s2,
      (count(*) FILTER (WHERE rating = 3))::int AS s3,
      (count(*) FILTER (WHERE rating = 4))::int AS s4,
      (count(*) FILTER (WHERE rating = 5))::int AS s5,
      (count(*) FILTER (WHERE created_at > ${mid}::timestamptz AND created_at <= ${end}::timestamptz))::int
        AS last_period,
      (count(*) FILTER (WHERE created_at > ${start}::timestamptz AND created_at <= ${mid}::timestamptz))::int
        AS previous_period,
      (count(*) FILTER (WHERE reply IS NULL))::int AS awaiting_reply
    FROM reviews
    WHERE lawyer_id = ${lawyerId} AND status = 'published'`);
  const r = rows[0];
  return {
    published: Number(r?.published ?? 0),
    average: decimal(r?.average),
    aspects: {
      communication: decimal(r?.communication),
      responsiveness: decimal(r?.responsiveness),
      outcome: decimal(r?.outcome),
    },
    distribution: [1, 2, 3, 4, 5].map((stars) => ({
      stars,
      count: Number(r?.[`s${stars}` as "s1"] ?? 0),
    })),
    periodDays: REVIEW_ANALYTICS_PERIOD_DAYS,
    lastPeriod: Number(r?.last_period ?? 0),
    previousPeriod: Number(r?.previous_period ?? 0),
    awaitingReply: Number(r?.awaiting_reply ?? 0),
  };
}
