/**
 * /dashboard (spec §2 "Dashboard", §4 "Subscription", §6, §9 "Subscription and accounts"; issue 3
 * "Dashboard shell"): for signed-in users only (others go to /login and come back). Tabs
 * Subscription and Analytics for lawyers, Analytics disabled with a lock unless the tier is
 * premium (a client has no Analytics tab and is offered Premium without ads; issue 19 §5); the
 * subscription status card (plan, status, current period start and end); the premium upgrade view
 * (`?view=upgrade`, with Cancel going back); a client's 'My cases', a lawyer's 'My listing' and
 * 'Inbox'. Each panel lives in its feature (app/features/) and gets its data from one domain service
 * through this loader. Not indexed, never cached
 * publicly (root middleware).
 */
import { DashboardPage } from "../features/dashboard/DashboardPage";
import { loadDashboard } from "../features/dashboard/dashboard.server";
import { getT } from "../i18n/i18n";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/dashboard";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/**
 * Requires sign-in (docs/design.md §3: the loader's own guard); each panel's data from its domain
 * service (features/dashboard/dashboard.server.ts loadDashboard).
 */
export const loader = ({ request, context }: Route.LoaderArgs) => loadDashboard({ request, context });

/** Title of the dashboard; noindex (a private page). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "accounts");
  return pageMeta(site, {
    title: t("dashboard.metaTitle"),
    description: t("dashboard.metaDescription"),
    path: "/dashboard",
    noindex: true,
  });
}

/** The dashboard page (features/dashboard/DashboardPage.tsx). */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardPage data={loaderData} />;
}
