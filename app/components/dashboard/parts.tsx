/**
 * Forwarding module, temporary: the dashboard's section card and empty state moved to
 * app/ui/dashboard-parts.tsx (issue 13 §4). The cases and inbox panels still import them from
 * here until they move to app/features/cases and app/features/messages; delete this file then.
 */
export { EmptyState, Section } from "../../ui/dashboard-parts";
