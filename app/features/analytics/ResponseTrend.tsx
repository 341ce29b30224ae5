/**
 * The response-time trend of the premium analytics (issue 16 §3: "Lawyer analytics (premium) add
 * the response-time trend"): the last 90 days' figures as the profile shows them, and per week of
 * arrival over the last 12 weeks the median first-response hours and the share answered within
 * 24 h, drawn with the charts library the analytics already use (@mantine/charts), with the same
 * figures in a visually hidden table for screen readers. Data: AnalyticsSummary.response
 * (server/responses/trend.ts).
 */
import { LineChart } from "@mantine/charts";
import { Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatCalendarDate } from "../../../lib/i18n/calendar-date.ts";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import type { AnalyticsView } from "../../../server/analytics/service.ts";
import { useLocale } from "../../i18n/locale";
import { ResponseTimeLine } from "../profile";

/** "2026-03-09" → "Mar 9" in `locale` (the week's Monday, UTC). */
function shortDay(day: string, locale: string): string {
  return formatCalendarDate(day, locale, { month: "short", day: "numeric" });
}

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
      <Title order={3} fz="h4" mb="xs">
        {t("response.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t("response.lead")}
      </Text>
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
          <VisuallyHidden component="div">
            <Table>
              <caption>{t("response.title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("chart.day")}</th>
                  <th scope="col">{t("response.median")}</th>
                  <th scope="col">{t("response.share")}</th>
                </tr>
              </thead>
              <tbody>
                {response.weeks.map((w) => (
                  <tr key={w.weekStart}>
                    <th scope="row">{shortDay(w.weekStart, locale)}</th>
                    <td>{w.medianHours === null ? "—" : hours.format(w.medianHours)}</td>
                    <td>{w.within24hShare === null ? "—" : percent.format(w.within24hShare)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </figure>
      )}
    </div>
  );
}
