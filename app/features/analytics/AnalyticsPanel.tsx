/**
 * The dashboard's Analytics tab for premium users (spec §2 "Dashboard", §3 "Analytics response";
 * issue 6 "Analytics for lawyers"): total views, clicks and click-through rate over the last 30
 * days, a chart of those days (with a visually hidden table of the same figures for screen
 * readers), the path from views to contact clicks to cases received, and the listing's real
 * average rating (the spec's hard-coded 4.8 is replaced; docs/spec-deviations.md), the response-time
 * trend (ResponseTrend) and the review figures (ReviewFigures; issue 16 §3). The data comes
 * from services.analytics.dashboardView through app/routes/dashboard.tsx's loader. Texts come
 * from the catalog "analytics"; numbers, percentages and days are written the page locale's way
 * (Intl; issue 14 §1).
 */
// Only the Analytics tab draws charts: their styles load with it, not on every page.
import "@mantine/charts/styles.css";
// Issue 19 §5: the chart legend's colour keys are ColorSwatches; without their styles they were invisible.
import "@mantine/core/styles/ColorSwatch.css";
import { AreaChart } from "@mantine/charts";
import { Group, Stack, Text, Title } from "@mantine/core";
import { IconChartBar, IconListDetails } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../lib/account.ts";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import type { AnalyticsView } from "../../../server/analytics/service.ts";
import { useLocale } from "../../i18n/locale";
import { EmptyState, Section } from "../../ui/dashboard-parts";
import { LocaleLink } from "../../ui/LocaleLink";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ChartTable, shortDay } from "./ChartTable";
import { FigureCard } from "./FigureCard";
import { ResponseTrend } from "./ResponseTrend";
import { ReviewFigures } from "./ReviewFigures";

/** A count in `locale`: 12345 -> "12,345" (en), "12.345" (de). */
export function formatCount(n: number, locale = "en"): string {
  return numberFormat(locale).format(n);
}

/**
 * `part` as a share of `whole` in percent with at most one decimal, in `locale` ("12.5%",
 * "12,5 %"); "—" when whole is 0.
 */
export function share(part: number, whole: number, locale = "en"): string {
  if (whole <= 0) return "—";
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(part / whole);
}

/**
 * The funnel views → contact clicks → cases received, each step with its share of the previous
 * ("(12.5% of views)"); a step whose previous one is 0 shows its count alone (no "— of views").
 * `funnel`: the counts of AnalyticsView over its 30 days.
 */
export function Funnel({ funnel }: { funnel: AnalyticsView["funnel"] }) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const shareOrNull = (part: number, whole: number) => (whole > 0 ? share(part, whole, locale) : null);
  const contactShare = shareOrNull(funnel.contactClicks, funnel.views);
  const casesShare = shareOrNull(funnel.casesReceived, funnel.contactClicks);
  const steps = [
    { key: "views", label: t("funnel.views"), value: funnel.views, of: null as string | null },
    {
      key: "contactClicks",
      label: t("funnel.contactClicks"),
      value: funnel.contactClicks,
      of: contactShare && t("funnel.ofViews", { share: contactShare }),
    },
    {
      key: "cases",
      label: t("funnel.casesReceived"),
      value: funnel.casesReceived,
      of: casesShare && t("funnel.ofContactClicks", { share: casesShare }),
    },
  ];
  const top = Math.max(1, funnel.views, funnel.contactClicks, funnel.casesReceived);
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {steps.map((s, i) => (
        <li key={s.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {s.label}
            </Text>
            <Text size="sm">
              <strong>{formatCount(s.value, locale)}</strong>
              {s.of !== null && (
                <Text span c="dimmed" size="sm">
                  {" "}
                  {s.of}
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
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const data = daily.map((d) => ({ ...d, day: shortDay(d.date, locale) }));
  return (
    <figure style={{ margin: 0 }} aria-labelledby="analytics-chart-caption">
      <Text component="figcaption" id="analytics-chart-caption" fw={600} mb="xs">
        {t("chart.caption")}
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
          valueFormatter={(value) => formatCount(value, locale)}
          series={[
            { name: "views", label: t("chart.views"), color: "blue.7" },
            { name: "clicks", label: t("chart.clicks"), color: "orange.7" },
            { name: "contactClicks", label: t("chart.contactClicks"), color: "teal.7" },
          ]}
        />
      </div>
      <ChartTable
        caption={t("chart.tableCaption")}
        columns={[t("chart.day"), t("chart.views"), t("chart.clicks"), t("chart.contactClicks")]}
        rows={daily.map((d) => ({
          key: d.date,
          head: shortDay(d.date, locale),
          cells: [d.views, d.clicks, d.contactClicks].map((n) => formatCount(n, locale)),
        }))}
      />
    </figure>
  );
}

/**
 * The Analytics panel. `analytics` is the summary of the account's listing, or null for a client
 * account or a lawyer without a listing (each gets a sentence saying why there is nothing).
 */
export function AnalyticsPanel({ user, analytics }: { user: PublicUser; analytics: AnalyticsView | null }) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const fmt = (n: number) => formatCount(n, locale);
  if (!analytics) {
    return (
      <Section id="analytics" title={t("title")}>
        <EmptyState icon={<IconChartBar size={26} aria-hidden />} title={t("noListing.title")}>
          {user.role === "lawyer" ? t("noListing.lawyer") : t("noListing.client")}
        </EmptyState>
      </Section>
    );
  }
  const a = analytics;
  const empty = a.totalViews === 0 && a.totalClicks === 0 && a.funnel.contactClicks === 0;
  const oneDecimal = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Section id="analytics" title={t("title")}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t("period", { from: shortDay(a.from, locale), to: shortDay(a.to, locale) })}{" "}
          <Text span size="sm" c="dimmed">
            <LocaleLink to={`/lawyer/${a.lawyerId}`}>{t("seeProfile")}</LocaleLink>
          </Text>
        </Text>
        <ResponsiveGrid cols={{ base: 2, md: 4 }} spacing="md">
          <FigureCard
            testId="figure-Total views"
            label={t("figures.totalViews")}
            value={fmt(a.totalViews)}
            hint={t("figures.totalViewsHint")}
          />
          <FigureCard
            testId="figure-Total clicks"
            label={t("figures.totalClicks")}
            value={fmt(a.totalClicks)}
            hint={t("figures.totalClicksHint")}
          />
          <FigureCard
            testId="figure-Click-through rate"
            label={t("figures.ctr")}
            value={numberFormat(locale, {
              style: "percent",
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }).format(a.clickThroughRate / 100)}
            hint={t("figures.ctrHint", { impressions: fmt(a.totalImpressions) })}
          />
          <FigureCard
            testId="figure-Average rating"
            label={t("figures.rating")}
            value={
              a.rating.reviewCount > 0
                ? t("figures.ratingValue", { value: oneDecimal.format(a.rating.average) })
                : "—"
            }
            hint={
              a.rating.reviewCount > 0
                ? t("figures.fromReviews", { count: a.rating.reviewCount })
                : t("figures.noReviews")
            }
          />
        </ResponsiveGrid>
        {empty ? (
          <EmptyState icon={<IconListDetails size={26} aria-hidden />} title={t("empty.title")}>
            {t("empty.text")}
          </EmptyState>
        ) : (
          <DailyChart daily={a.daily} />
        )}
        <div>
          <Title order={3} fz="h4" mb="xs">
            {t("funnel.title")}
          </Title>
          <Funnel funnel={a.funnel} />
        </div>
        {/* Issue 16 §3: the response-time trend. */}
        {a.response && <ResponseTrend response={a.response} />}
        {/* Issue 16 §3: the review figures (published verified reviews of issue 16 §1). */}
        {a.reviews && <ReviewFigures reviews={a.reviews} />}
      </Stack>
    </Section>
  );
}
