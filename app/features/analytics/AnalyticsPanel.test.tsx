/**
 * Unit tests of the Analytics tab's funnel rendered on the server (issue 6 "Analytics for
 * lawyers": the path from views to contact clicks to cases received): each step's share of the
 * previous one, and no "— of …" when the previous step is 0 (cases can arrive without a counted
 * view, e.g. from a visitor the bot filter left out).
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Funnel } from "./AnalyticsPanel";

/** The visible text of the funnel for `funnel`, tags dropped and spaces collapsed. */
function funnelText(funnel: { views: number; contactClicks: number; casesReceived: number }): string {
  return renderToString(
    <MantineProvider>
      <Funnel funnel={funnel} />
    </MantineProvider>,
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
});
