/**
 * The review figures of the premium analytics rendered on the server (issue 16 §3): the four
 * figures (published, average, last 90 days against the 90 before, awaiting a reply with the link
 * to reply), the three aspect averages, the stars table behind the chart (five to one, zeros
 * included), the sentence shown without published reviews, and German and Arabic (issue 14 §1).
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { AnalyticsView } from "../../../server/analytics/service.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { ReviewFigures } from "./ReviewFigures";

function html(reviews: AnalyticsView["reviews"], locale: Locale = "en", path = "/dashboard"): string {
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <MemoryRouter initialEntries={[path]}>
        <MantineProvider>
          <ReviewFigures reviews={reviews} />
        </MantineProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The visible text (tags dropped, spaces collapsed). */
function text(reviews: AnalyticsView["reviews"], locale: Locale = "en", path = "/dashboard"): string {
  return html(reviews, locale, path)
    .replace(/<!-- -->/g, "")
    .replace(/<style[^>]*>[^<]*<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const figures: AnalyticsView["reviews"] = {
  published: 1234,
  average: 4.27,
  aspects: { communication: 4.5, responsiveness: 3.94, outcome: 4 },
  distribution: [
    { stars: 1, count: 12 },
    { stars: 2, count: 0 },
    { stars: 3, count: 100 },
    { stars: 4, count: 400 },
    { stars: 5, count: 722 },
  ],
  periodDays: 90,
  lastPeriod: 37,
  previousPeriod: 21,
  awaitingReply: 3,
};

describe("ReviewFigures", () => {
  it("shows the figures, the aspects and the stars table, five stars first", () => {
    const t = text(figures);
    expect(t).toContain("Published reviews 1,234 From verified clients");
    expect(t).toContain("Average rating 4.3 / 5");
    expect(t).toContain("Last 90 days 37 21 in the 90 days before");
    expect(t).toContain("Awaiting your reply 3 Reply to your reviews");
    expect(t).toContain("Communication 4.5 / 5 Responsiveness 3.9 / 5 Outcome satisfaction 4.0 / 5");
    expect(t).toMatch(/5 stars 722 4 stars 400 3 stars 100 2 stars 0 1 star 12/);
    // The reply link goes to the lawyer's reviews page.
    expect(html(figures)).toContain('href="/dashboard/reviews"');
  });

  it("says nothing waits when every review has its reply (no link)", () => {
    const h = html({ ...figures, awaitingReply: 0 });
    expect(h).not.toContain('href="/dashboard/reviews"');
    expect(text({ ...figures, awaitingReply: 0 })).toContain(
      "Awaiting your reply 0 One public reply per review",
    );
  });

  it("shows one sentence instead of figures when no review is published", () => {
    const t = text({
      published: 0,
      average: null,
      aspects: { communication: null, responsiveness: null, outcome: null },
      distribution: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: 0 })),
      periodDays: 90,
      lastPeriod: 0,
      previousPeriod: 0,
      awaitingReply: 0,
    });
    expect(t).toContain(
      "No review is published on your listing yet. A client can review you 14 days after you mark their case engaged.",
    );
    expect(t).not.toContain("Published reviews");
    expect(t).not.toContain("Reviews by stars");
  });

  it("writes German numbers and Arabic texts (issue 14 §1)", async () => {
    await ensureLocale("de");
    const de = text(figures, "de", "/de/dashboard");
    expect(de).toContain("Veröffentlichte Bewertungen 1.234");
    expect(de).toContain("Durchschnittliche Bewertung 4,3 / 5");
    expect(de).toContain("21 in den 90 Tagen davor");
    expect(html(figures, "de", "/de/dashboard")).toContain('href="/de/dashboard/reviews"');
    await ensureLocale("ar");
    const ar = text(figures, "ar", "/ar/dashboard");
    expect(ar).toContain("التقييمات المنشورة");
    expect(ar).toContain("بانتظار ردّك");
    expect(ar).toContain("نجمة واحدة");
    expect(ar).toContain("الرضا عن النتيجة");
  });
});
