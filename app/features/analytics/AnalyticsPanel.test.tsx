/**
 * Unit tests of the Analytics tab's funnel rendered on the server (issue 6 "Analytics for
 * lawyers": the path from views to contact clicks to cases received): each step's share of the
 * previous one, and no "— of …" when the previous step is 0 (cases can arrive without a counted
 * view, e.g. from a visitor the bot filter left out).
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { Funnel } from "./AnalyticsPanel";

/**
 * The visible text of the funnel for `funnel` on a page of `path` (its prefix names the locale),
 * tags dropped and spaces collapsed.
 */
function funnelText(
  funnel: { views: number; contactClicks: number; casesReceived: number },
  locale: Locale = "en",
  path = "/dashboard",
): string {
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <MemoryRouter initialEntries={[path]}>
        <MantineProvider>
          <Funnel funnel={funnel} />
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

describe("Funnel", () => {
  it("gives each step its share of the previous one", () => {
    const text = funnelText({ views: 200, contactClicks: 25, casesReceived: 5 });
    expect(text).toContain("Contact clicks 25 (12.5% of views)");
    expect(text).toContain("Cases received 5 (20% of contact clicks)");
  });
  it("shows a count alone when the previous step is 0, never '— of …'", () => {
    const text = funnelText({ views: 0, contactClicks: 0, casesReceived: 2 });
    expect(text).toContain("Cases received 2");
    expect(text).not.toContain("—");
    expect(text).not.toContain("of contact clicks");
    expect(text).not.toContain("of views");
  });
  it("speaks the page's language with its number format (issue 14 §1)", async () => {
    await ensureLocale("de");
    const text = funnelText({ views: 12000, contactClicks: 25, casesReceived: 5 }, "de", "/de/dashboard");
    expect(text).toContain("Profilaufrufe 12.000");
    expect(text).toContain("Kontaktklicks 25 (0,2 % der Aufrufe)");
  });
});
