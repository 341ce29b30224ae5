/**
 * The response-time trend of the premium analytics (issue 16 §3: "Lawyer analytics (premium) add
 * the response-time trend"): the last 90 days' figures as the profile shows them, and per week of
 * arrival over the last 12 weeks the median first-response hours and the share answered within
 * 24 h, drawn with the charts library the analytics already use (@mantine/charts), with the same
 * figures in a visually hidden table for screen readers. Data: AnalyticsSummary.response
 * (server/responses/trend.ts).
 */
import { LineChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import type { AnalyticsView } from "../../../server/analytics/service.ts";
import { useLocale } from "../../i18n/locale";
import { ResponseTimeLine } from "../profile";
import { ChartTable, SectionHeading, shortDay } from "./ChartTable";

/** The trend section: heading, lead, the current figure, the chart and its table. */
export function ResponseTrend({ response }: { response: AnalyticsView["response"] }) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const hours = numberFormat(locale, { maximumFractionDigits: 1 });
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const data = response.weeks.map((w) => ({
    week: shortDay(w.weekStart, locale),
    median: w.medianHours,
    share: w.within24hShare === null ? null : Math.round(w.within24hShare * 100),
  }));
  const any = response.weeks.some((w) => w.count > 0);
  return (
    <div data-testid="response-trend">
      <SectionHeading title={t("response.title")} lead={t("response.lead")} leadGap="xs" />
      <ResponseTimeLine stats={response.current} />
      {!any ? (
        <Text size="sm" mt="sm">
          {t("response.empty")}
        </Text>
      ) : (
        <figure style={{ margin: "12px 0 0" }} aria-labelledby="response-trend-caption">
          <Text component="figcaption" id="response-trend-caption" fw={600} mb="xs">
            {t("response.title")}
          </Text>
          <div aria-hidden>
            <LineChart
              h={240}
              data={data}
              dataKey="week"
              withLegend
              legendProps={{ verticalAlign: "bottom" }}
              connectNulls
              withRightYAxis
              rightYAxisProps={{ domain: [0, 100] }}
              lineChartProps={{ accessibilityLayer: false }}
              series={[
                { name: "median", label: t("response.median"), color: "blue.7" },
                { name: "share", label: t("response.share"), color: "teal.7", yAxisId: "right" },
              ]}
            />
          </div>
          <ChartTable
            caption={t("response.title")}
            columns={[t("chart.day"), t("response.median"), t("response.share")]}
            rows={response.weeks.map((w) => ({
              key: w.weekStart,
              head: shortDay(w.weekStart, locale),
              cells: [
                w.medianHours === null ? "—" : hours.format(w.medianHours),
                w.within24hShare === null ? "—" : percent.format(w.within24hShare),
              ],
            }))}
          />
        </figure>
      )}
    </div>
  );
}
