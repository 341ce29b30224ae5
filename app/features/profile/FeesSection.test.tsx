/**
 * The profile's "Fees and first meeting" (issue 19 §1) rendered on the server in several
 * locales: the terms, the worked example with money in the page's format and the terms'
 * currency, the country's rule named in the page's language, and "not stated yet".
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { FeeTerms } from "../../../lib/fees.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { FeesSection } from "./FeesSection";

const none = { minPercent: null, maxPercent: null, minAmount: null, maxAmount: null, currency: null };
const TERMS: FeeTerms = {
  freeConsultation: true,
  consultationMinutes: 45,
  models: [
    { ...none, kind: "contingency", minPercent: 20, maxPercent: 25 },
    { ...none, kind: "hourly", minAmount: 180, maxAmount: 250, currency: "EUR" },
  ],
};

function render(locale: Locale, fees: FeeTerms, countryCode: string): string {
  const path = locale === "en" ? "/lawyer/1" : `/${locale.toLowerCase()}/lawyer/1`;
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <I18nextProvider i18n={instanceFor(locale)}>
            <MantineProvider>
              <FeesSection fees={fees} countryCode={countryCode} />
            </MantineProvider>
          </I18nextProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return renderToString(<RouterProvider router={router} />)
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

beforeAll(async () => {
  await Promise.all([ensureLocale("de"), ensureLocale("ja"), ensureLocale("ar")]);
});

describe("FeesSection (issue 19 §1)", () => {
  it("states the terms and computes the worked example in English", () => {
    const text = render("en", TERMS, "IE");
    expect(text).toContain("Fees and first meeting");
    expect(text).toContain("First meeting: free, 45 minutes");
    expect(text).toContain("No win, no fee: 20% to 25% of what you receive");
    expect(text).toContain("Hourly fee: €180 to €250 an hour");
    expect(text).toContain(
      "If you receive €10,000, the fee is between €2,000 and €2,500; if you receive nothing, you pay no fee.",
    );
    expect(text).toContain("10 hours of work cost between €1,800 and €2,500.");
    expect(text).toContain("Ireland: a fee that depends on the result is allowed only in exceptional cases.");
  });

  it("writes German money and names the country in German", () => {
    const text = render("de", TERMS, "GB").replace(/\u00a0/g, " ");
    expect(text).toContain("Wenn Sie 10.000 £ erhalten, beträgt das Honorar zwischen 2.000 £ und 2.500 £");
    expect(text).toContain("Stundenhonorar: 180 € bis 250 € pro Stunde");
    expect(text).toContain(
      "Vereinigtes Königreich: Ein erfolgsabhängiges Honorar darf höchstens 25 % dessen betragen, was Sie erhalten.",
    );
    expect(text).toContain("Vereinigtes Königreich");
  });

  it("works in Japanese and Arabic, and says when nothing is stated", () => {
    expect(render("ja", TERMS, "JP")).toContain(
      "￥1,000,000を受け取った場合、報酬は￥200,000〜￥250,000です。",
    );
    const ar = render("ar", { freeConsultation: false, consultationMinutes: null, models: [] }, "FR");
    expect(ar).toContain("لم يذكر هذا المحامي أتعابه بعد.");
    expect(ar).toContain("فرنسا");
  });
});
