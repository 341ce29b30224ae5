/**
 * The review figures of the premium analytics (issue 16 §3: "Lawyer analytics (premium) add the
 * response-time trend and review figures"; the reviews are issue 16 §1's engagement-verified
 * ones): the number of published reviews, the average overall rating, the reviews of the last 90
 * days against the 90 before, how many wait for the lawyer's one public reply (with a link to
 * /dashboard/reviews), the three aspect averages, and the distribution by stars drawn with the
 * charts library the analytics already use (@mantine/charts), with the same counts in a visually
 * hidden table for screen readers. Only PUBLISHED reviews count (server/analytics/reviews.ts), the
 * ones the profile shows. Texts: catalog "analytics", keys `reviews.*`; numbers the page
 * locale's way (Intl; issue 14 §1).
 */
import { BarChart } from "@mantine/charts";
import { Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { REVIEW_MIN_DAYS_AFTER_ENGAGEMENT } from "../../../lib/reviews.ts";
import type { AnalyticsView } from "../../../server/analytics/service.ts";
import { useLocale } from "../../i18n/locale";
import { LocaleLink } from "../../ui/LocaleLink";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ChartTable, SectionHeading } from "./ChartTable";
import { FigureCard } from "./FigureCard";

/**
 * The review section of the Analytics tab. `reviews`: AnalyticsView["reviews"] (published
 * verified reviews of the account's listing). With none published, one sentence says when
 * clients can review (REVIEW_MIN_DAYS_AFTER_ENGAGEMENT after engagement) instead of empty charts.
 */
export function ReviewFigures({ reviews }: { reviews: AnalyticsView["reviews"] }) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const count = numberFormat(locale);
  const rating = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const outOfFive = (value: number | null) =>
    value === null ? "—" : t("reviews.averageValue", { value: rating.format(value) });
  const aspects = [
    { key: "communication", label: t("reviews.communication"), value: reviews.aspects.communication },
    { key: "responsiveness", label: t("reviews.responsiveness"), value: reviews.aspects.responsiveness },
    { key: "outcome", label: t("reviews.outcome"), value: reviews.aspects.outcome },
  ];
  // Five stars first, as the profile lists them.
  const rows = [...reviews.distribution].sort((a, b) => b.stars - a.stars);
  const data = rows.map((d) => ({ label: t("reviews.stars", { stars: d.stars }), count: d.count }));
  return (
    <div data-testid="review-figures">
      <SectionHeading title={t("reviews.title")} lead={t("reviews.lead")} leadGap="sm" />
      {reviews.published === 0 ? (
        <Text size="sm" data-testid="review-figures-empty">
          {t("reviews.empty", { days: REVIEW_MIN_DAYS_AFTER_ENGAGEMENT })}
        </Text>
      ) : (
        <Stack gap="md">
          <ResponsiveGrid cols={{ base: 2, md: 4 }} spacing="md">
            <FigureCard
              testId="review-figure-published"
              label={t("reviews.published")}
              value={count.format(reviews.published)}
              hint={t("reviews.publishedHint")}
            />
            <FigureCard
              testId="review-figure-average"
              label={t("reviews.average")}
              value={outOfFive(reviews.average)}
              hint={t("reviews.averageHint")}
            />
            <FigureCard
              testId="review-figure-last-period"
              label={t("reviews.lastPeriod", { days: reviews.periodDays })}
              value={count.format(reviews.lastPeriod)}
              hint={t("reviews.previousPeriod", { count: reviews.previousPeriod, days: reviews.periodDays })}
            />
            <FigureCard
              testId="review-figure-awaiting-reply"
              label={t("reviews.awaiting")}
              value={count.format(reviews.awaitingReply)}
              hint={
                reviews.awaitingReply > 0 ? (
                  <LocaleLink to="/dashboard/reviews">{t("reviews.replyLink")}</LocaleLink>
                ) : (
                  t("reviews.awaitingHint")
                )
              }
            />
          </ResponsiveGrid>
          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <div>
              <Title order={4} fz="md" mb="xs">
                {t("reviews.aspectsTitle")}
              </Title>
              <Stack gap={6} component="dl" style={{ margin: 0 }}>
                {aspects.map((a) => (
                  <Group key={a.key} justify="space-between" wrap="nowrap" gap="xs">
                    <Text component="dt" size="sm">
                      {a.label}
                    </Text>
                    <Text component="dd" size="sm" fw={700} m={0} data-testid={`review-aspect-${a.key}`}>
                      {outOfFive(a.value)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </div>
            <figure style={{ margin: 0 }} aria-labelledby="review-distribution-caption">
              <Text component="figcaption" id="review-distribution-caption" fw={600} mb="xs">
                {t("reviews.distributionTitle")}
              </Text>
              {/* The chart is drawn left to right in every language (recharts' text anchors flip onto
                  the bars in an rtl SVG, and mirrored axes put the value labels over the star labels). */}
              <div aria-hidden data-testid="review-distribution-chart" dir="ltr">
                <BarChart
                  h={200}
                  data={data}
                  dataKey="label"
                  orientation="vertical"
                  yAxisProps={{ width: 80 }}
                  // Room after the longest bar for its value label.
                  xAxisProps={{ domain: [0, (dataMax: number) => Math.max(1, dataMax * 1.15)] }}
                  gridAxis="none"
                  withXAxis={false}
                  withBarValueLabel
                  barChartProps={{ accessibilityLayer: false }}
                  valueFormatter={(value) => count.format(value)}
                  series={[{ name: "count", label: t("reviews.count"), color: "yellow.6" }]}
                />
              </div>
              <ChartTable
                caption={t("reviews.distributionTitle")}
                columns={[t("reviews.starsColumn"), t("reviews.count")]}
                rows={rows.map((d) => ({
                  key: String(d.stars),
                  head: t("reviews.stars", { stars: d.stars }),
                  cells: [count.format(d.count)],
                }))}
              />
            </figure>
          </ResponsiveGrid>
        </Stack>
      )}
    </div>
  );
}
