/**
 * The response-time trend of the premium analytics rendered on the server (issue 16 §3): the
 * current figure as the profile states it, the weekly table behind the chart (median hours and
 * 24 h share, "—" for a week without cases), the empty sentence, and Arabic.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { AnalyticsView } from "../../../server/analytics/service.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { ResponseTrend } from "./ResponseTrend";

function text(response: AnalyticsView["response"], locale: Locale = "en", path = "/dashboard"): string {
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <MemoryRouter initialEntries={[path]}>
        <MantineProvider>
          <ResponseTrend response={response} />
        </MantineProvider>
      </MemoryRouter>
    </I18nextProvider>,
  )
    .replace(/<!-- -->/g, "")
    .replace(/<style[^>]*>[^<]*<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const weeks = Array.from({ length: 12 }, (_, i) => ({
  weekStart: `2026-0${i < 3 ? 3 : i < 7 ? 4 : 5}-${String(2 + ((i * 7) % 28)).padStart(2, "0")}`,
  count: i % 4 === 0 ? 0 : 3,
  medianHours: i % 4 === 0 ? null : 4.5,
  within24hShare: i % 4 === 0 ? null : 0.667,
}));

describe("ResponseTrend", () => {
  it("states the current figure and lists every week, with — for a week without cases", () => {
    const t = text({
      current: { medianFirstResponseHours: 4.5, answeredWithin24hShare: 0.9, sampleSize: 20 },
      weeks,
    });
    expect(t).toContain("Usually responds within 5 h");
    expect(t).toContain("Median first response (hours)");
    expect(t).toContain("4.5");
    expect(t).toContain("67%");
    expect(t).toContain("—");
  });
  it("says so when nothing arrived in the 12 weeks, and 'New on the platform' below 5 cases", () => {
    const t = text({
      current: { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 },
      weeks: weeks.map((w) => ({ ...w, count: 0, medianHours: null, within24hShare: null })),
    });
    expect(t).toContain("No cases or messages arrived in the last 12 weeks.");
    expect(t).toContain("New on the platform");
  });
  it("speaks Arabic", async () => {
    await ensureLocale("ar");
    const t = text(
      { current: { medianFirstResponseHours: 1.5, answeredWithin24hShare: 1, sampleSize: 6 }, weeks },
      "ar",
      "/ar/dashboard",
    );
    expect(t).toContain("يرد عادةً خلال ساعتين");
    expect(t).toContain("سرعة الرد");
  });
});
