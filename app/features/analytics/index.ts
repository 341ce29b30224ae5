/**
 * Analytics: a lawyer's business analytics (issue 6): the dashboard's analytics panel, and the
 * page-side recording of the events it counts (profile views from search or matches, and the
 * contact clicks the beacon sends).
 */
export { AnalyticsPanel, Funnel } from "./AnalyticsPanel";
export { clickSourceOf, contactEventOf, installContactBeacon, isPrefetchRequest } from "./analytics-beacon";
