/**
 * The response-time trend of a lawyer's analytics (issue 16 §3: "Lawyer analytics (premium) add
 * the response-time trend"): per week of arrival (Monday to Sunday, UTC) over the last
 * RESPONSE_TREND_WEEKS weeks, the median first-response hours and the share answered within
 * RESPONSE_DEADLINE_HOURS, counted by the same rules as the public figures (stats.ts: a status
 * change or message in the case, or a reply to a profile message; unanswered items younger than
 * 24 h left out, older ones counted late at their current age). No minimum sample: this is the
 * lawyer's own view of their own weeks.
 */
import {
  RESPONSE_DEADLINE_HOURS,
  RESPONSE_TREND_WEEKS,
  type ResponseTrendWeek,
} from "../../lib/response-times.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { responseItems } from "./stats.ts";

const H = 3_600_000;
const DAY = 24 * H;

/** Monday 00:00 UTC of the week of `d`. */
function mondayOf(d: Date): Date {
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(day - weekday * DAY);
}

/** The median of a non-empty list of numbers. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * The RESPONSE_TREND_WEEKS weeks ending with the clock's current week, oldest first, every week
 * present (count 0 and nulls for a week without counted items).
 */
export async function responseTrend(db: Db, clock: Clock, lawyerId: number): Promise<ResponseTrendWeek[]> {
  const now = clock.now();
  const first = new Date(mondayOf(now).getTime() - (RESPONSE_TREND_WEEKS - 1) * 7 * DAY);
  const items = await responseItems(db, clock, lawyerId, first);
  const weeks: { start: Date; hours: number[]; within: number }[] = [];
  for (let i = 0; i < RESPONSE_TREND_WEEKS; i++)
    weeks.push({ start: new Date(first.getTime() + i * 7 * DAY), hours: [], within: 0 });
  for (const it of items) {
    const index = Math.floor((it.arrived.getTime() - first.getTime()) / (7 * DAY));
    const week = weeks[index];
    if (!week) continue;
    if (it.responded === null && now.getTime() - it.arrived.getTime() < RESPONSE_DEADLINE_HOURS * H) continue;
    const hours = ((it.responded ?? now).getTime() - it.arrived.getTime()) / H;
    week.hours.push(hours);
    if (it.responded !== null && hours <= RESPONSE_DEADLINE_HOURS) week.within++;
  }
  return weeks.map((w) => ({
    weekStart: w.start.toISOString().slice(0, 10),
    count: w.hours.length,
    medianHours: w.hours.length > 0 ? Math.round(median(w.hours) * 10) / 10 : null,
    within24hShare: w.hours.length > 0 ? Math.round((w.within / w.hours.length) * 1000) / 1000 : null,
  }));
}
