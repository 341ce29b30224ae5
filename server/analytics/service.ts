/**
 * Contract of lawyer analytics (spec §3 "BusinessAnalytics", "Analytics response"; issue 6):
 * recording views, clicks and contact clicks per listing per day, and the premium summary.
 * Implemented in server/analytics/index.ts.
 */
import type { PublicUser } from "../../lib/account.ts";

/** What the Analytics tab shows. */
export interface AnalyticsView {
  totalViews: number;
  totalClicks: number;
  clickThroughRate: number;
}

/** Lawyer analytics as loaders and API handlers use them. */
export interface AnalyticsService {
  /** The Analytics tab of a premium lawyer account; null when it has no listing. */
  dashboardView(user: PublicUser): Promise<AnalyticsView | null>;
}
