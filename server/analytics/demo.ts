/**
 * Demo analytics (issue 6): 30 days of deterministic figures for the demo premium lawyer's
 * listing, so `npm start` shows a real chart on the Analytics tab. Created with the demo accounts
 * (server/seed/demo-accounts.ts), never in an imported database.
 */
import { ANALYTICS_DAYS } from "./service.ts";

/** One business_analytics row as the seed inserts it. */
export interface DemoAnalyticsRow {
  lawyerId: number;
  userId: string;
  date: string;
  views: number;
  clicks: number;
  contactClicks: number;
  /** Issue 19 §5: times shown in search results (about three times the views). */
  impressions: number;
}

/**
 * The rows for the ANALYTICS_DAYS UTC days ending on `now`'s day: views grow slowly with a
 * weekday rhythm (fewer at weekends), about a third of them come from results (clicks), and
 * about one in ten visitors contacts the lawyer. The same inputs give the same rows.
 */
export function demoAnalyticsRows(lawyerId: number, userId: string, now: Date): DemoAnalyticsRow[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows: DemoAnalyticsRow[] = [];
  for (let i = 0; i < ANALYTICS_DAYS; i++) {
    const day = new Date(today - (ANALYTICS_DAYS - 1 - i) * 86_400_000);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const views = Math.round((24 + i * 0.8 + ((i * 7) % 9)) * (weekend ? 0.6 : 1));
    const clicks = Math.round(views * (0.28 + ((i * 3) % 5) * 0.02));
    const contactClicks = Math.round(views * 0.08) + (i % 3 === 0 ? 1 : 0);
    const impressions = views * 3 + ((i * 5) % 7);
    rows.push({
      lawyerId,
      userId,
      date: day.toISOString().slice(0, 10),
      views,
      clicks,
      contactClicks,
      impressions,
    });
  }
  return rows;
}
