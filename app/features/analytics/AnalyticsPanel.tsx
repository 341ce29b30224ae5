/**
 * The dashboard's Analytics tab for premium users (spec §2 "Dashboard", §3 "Analytics response";
 * issue 6 "Analytics for lawyers"): total views, clicks and click-through rate over the last 30
 * days, a chart of those days (with a visually hidden table of the same figures for screen
 * readers), the path from views to contact clicks to cases received, and the listing's real
 * average rating (the spec's hard-coded 4.8 is replaced; docs/spec-deviations.md). The data comes
 * from services.analytics.dashboardView through app/routes/dashboard.tsx's loader.
 */
// Only the Analytics tab draws charts: their styles load with it, not on every page.
import "@mantine/charts/styles.css";
import { AreaChart } from "@mantine/charts";
import { Card, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconChartBar, IconListDetails } from "@tabler/icons-react";
import { Link } from "react-router";
import type { PublicUser } from "../../../lib/account.ts";
import type { AnalyticsView } from "../../../server/analytics/service.ts";
import { EmptyState, Section } from "../../ui/dashboard-parts";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";

const numberFormat = new Intl.NumberFormat("en-US");
const fmt = (n: number) => numberFormat.format(n);

/** "2026-03-10" → "Mar 10" (the day is UTC, shown as such). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** `part` as a share of `whole` in percent with one decimal ("12.5%"); "—" when whole is 0. */
export function share(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : "—";
}

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid={`figure-${label}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/**
 * The funnel views → contact clicks → cases received, each step with its share of the previous
 * ("(12.5% of views)"); a step whose previous one is 0 shows its count alone (no "— of views").
 * `funnel`: the counts of AnalyticsView over its 30 days.
 */
export function Funnel({ funnel }: { funnel: AnalyticsView["funnel"] }) {
  const shareOrNull = (part: number, whole: number) => (whole > 0 ? share(part, whole) : null);
  const steps = [
    { label: "Profile views", value: funnel.views, of: null as string | null },
    {
      label: "Contact clicks",
      value: funnel.contactClicks,
      of: shareOrNull(funnel.contactClicks, funnel.views),
    },
    {
      label: "Cases received",
      value: funnel.casesReceived,
      of: shareOrNull(funnel.casesReceived, funnel.contactClicks),
    },
  ];
  const top = Math.max(1, funnel.views, funnel.contactClicks, funnel.casesReceived);
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {steps.map((s, i) => (
        <li key={s.label}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {s.label}
            </Text>
            <Text size="sm">
              <strong>{fmt(s.value)}</strong>
              {s.of !== null && (
                <Text span c="dimmed" size="sm">
                  {" "}
                  ({s.of} of {i === 1 ? "views" : "contact clicks"})
                </Text>
              )}
            </Text>
          </Group>
          <div
            aria-hidden
            style={{
              height: 10,
              borderRadius: 5,
              marginTop: 4,
              background: "var(--mantine-color-gray-2)",
              overflow: "hidden",
            }}
          >
            <div
              style={{
                width: `${(s.value / top) * 100}%`,
                height: "100%",
                background: [
                  "var(--mantine-color-blue-7)",
                  "var(--mantine-color-teal-7)",
                  "var(--mantine-color-grape-7)",
                ][i],
              }}
            />
          </div>
        </li>
      ))}
    </Stack>
  );
}

/** The 30 days as an area chart (hidden from screen readers) and the same figures as a table. */
function DailyChart({ daily }: { daily: AnalyticsView["daily"] }) {
  const data = daily.map((d) => ({ ...d, day: shortDay(d.date) }));
  return (
    <figure style={{ margin: 0 }} aria-labelledby="analytics-chart-caption">
      <Text component="figcaption" id="analytics-chart-caption" fw={600} mb="xs">
        Last 30 days
      </Text>
      <div aria-hidden data-testid="analytics-chart">
        <AreaChart
          h={260}
          data={data}
          dataKey="day"
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: "bottom" }}
          tickLine="y"
          gridAxis="y"
          areaChartProps={{ accessibilityLayer: false }}
          series={[
            { name: "views", label: "Views", color: "blue.7" },
            { name: "clicks", label: "Clicks", color: "orange.7" },
            { name: "contactClicks", label: "Contact clicks", color: "teal.7" },
          ]}
        />
      </div>
      <VisuallyHidden component="div">
        <Table>
          <caption>Views, clicks and contact clicks per day, last 30 days (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Clicks</th>
              <th scope="col">Contact clicks</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date}>
                <th scope="row">{shortDay(d.date)}</th>
                <td>{d.views}</td>
                <td>{d.clicks}</td>
                <td>{d.contactClicks}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}

/**
 * The Analytics panel. `analytics` is the summary of the account's listing, or null for a client
 * account or a lawyer without a listing (each gets a sentence saying why there is nothing).
 */
export function AnalyticsPanel({ user, analytics }: { user: PublicUser; analytics: AnalyticsView | null }) {
  if (!analytics) {
    return (
      <Section id="analytics" title="Analytics">
        <EmptyState icon={<IconChartBar size={26} aria-hidden />} title="No listing to measure">
          {user.role === "lawyer"
            ? "Analytics count the views, clicks and contacts of your listing. Claim or create your listing under My listing, and its figures will show here."
            : "Analytics describe how clients find a lawyer's listing. A client account has no listing, so there is nothing to show here; Premium still keeps your pages free of ads."}
        </EmptyState>
      </Section>
    );
  }
  const a = analytics;
  const empty = a.totalViews === 0 && a.totalClicks === 0 && a.funnel.contactClicks === 0;
  return (
    <Section id="analytics" title="Analytics">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Your listing from {shortDay(a.from)} to {shortDay(a.to)} (last 30 days, UTC). Views count people,
          once a day each; visits by search engines and other bots are left out.{" "}
          <Text span size="sm" c="dimmed">
            <Link to={`/lawyer/${a.lawyerId}`}>See your profile</Link>
          </Text>
        </Text>
        <ResponsiveGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Figure label="Total views" value={fmt(a.totalViews)} hint="Profile views" />
          <Figure label="Total clicks" value={fmt(a.totalClicks)} hint="Opened from search or matches" />
          <Figure
            label="Click-through rate"
            value={`${a.clickThroughRate.toFixed(1)}%`}
            hint="Clicks ÷ views"
          />
          <Figure
            label="Average rating"
            value={a.rating.reviewCount > 0 ? `${a.rating.average.toFixed(1)} / 5` : "—"}
            hint={
              a.rating.reviewCount > 0
                ? `From ${fmt(a.rating.reviewCount)} review${a.rating.reviewCount === 1 ? "" : "s"}`
                : "No reviews yet"
            }
          />
        </ResponsiveGrid>
        {empty ? (
          <EmptyState icon={<IconListDetails size={26} aria-hidden />} title="No visits yet">
            When clients open your profile from a search or their matches, or call, email or message you, the
            figures of each day appear here.
          </EmptyState>
        ) : (
          <DailyChart daily={a.daily} />
        )}
        <div>
          <Title order={3} fz="h4" mb="xs">
            From views to cases
          </Title>
          <Funnel funnel={a.funnel} />
        </div>
      </Stack>
    </Section>
  );
}
