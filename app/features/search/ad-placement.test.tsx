/**
 * Issue 19 §5 "Ads": visitors are never shown an ad for the lawyers' plan (only lawyers are), and
 * in a results list the ad comes after the first results, never between the search box and them.
 * Real components server-rendered under a root route whose loader data carries the visitor.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  AD_AFTER_RESULTS,
  type AdPlacement,
  houseAdFor,
  premiumAudience,
  splitForAd,
} from "../../../lib/ads.ts";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import { DEFAULT_SEARCH } from "../../../lib/search-state.ts";
import type { UserSummary } from "../../session.server";
import { AdSlot } from "../billing";
import { SearchResults } from "./SearchResults";

const PLACEMENTS: AdPlacement[] = ["home-top", "home-sidebar", "dashboard", "browse"];
const ROLES = [null, "user", "lawyer", "moderator", "admin"] as const;

function user(role: UserSummary["role"]): UserSummary {
  return { firstName: "Ada", lastName: "Lee", role, subscriptionTier: "free" } as UserSummary;
}

function render(node: React.ReactNode, who: UserSummary | null, path = "/"): string {
  const router = createMemoryRouter(
    [{ id: "root", path: "*", element: <MantineProvider>{node}</MantineProvider>, loader: () => null }],
    { initialEntries: [path], hydrationData: { loaderData: { root: { origin: "", user: who } } } },
  );
  return renderToString(<RouterProvider router={router} />).replace(/<!-- -->/g, "");
}

describe("houseAdFor (issue 19 §5)", () => {
  it("offers the lawyers' plan to lawyers only, in every placement", () => {
    for (const placement of PLACEMENTS)
      for (const role of ROLES) {
        const kind = houseAdFor(placement, role);
        expect(kind === "lawyer-premium", `${placement} ${role}`).toBe(role === "lawyer");
      }
  });
  it("asks signed-out visitors in the home sidebar to list their practice, else offers client Premium", () => {
    expect(houseAdFor("home-sidebar", null)).toBe("list-practice");
    expect(houseAdFor("home-top", null)).toBe("client-premium");
    expect(houseAdFor("home-sidebar", "user")).toBe("client-premium");
    expect(houseAdFor("dashboard", "user")).toBe("client-premium");
  });
  it("gives a dashboard's upgrade view the lawyers' plan only for lawyers", () => {
    expect(premiumAudience("lawyer")).toBe("lawyer");
    expect(premiumAudience("user")).toBe("client");
    expect(premiumAudience("admin")).toBe("client");
  });
});

describe("AdSlot house ad by role (issue 19 §5)", () => {
  it("shows a signed-out visitor and a client 'no ads' Premium, never the lawyers' plan", () => {
    for (const who of [null, user("user")]) {
      const html = render(<AdSlot placement="browse" />, who);
      expect(html).toContain('data-ad-kind="client-premium"');
      expect(html).toContain("Browse without ads");
      expect(html).not.toContain("Premium for lawyers");
      expect(html).not.toContain("analytics");
    }
  });
  it("shows a lawyer the lawyers' plan", () => {
    const html = render(<AdSlot placement="dashboard" />, user("lawyer"));
    expect(html).toContain('data-ad-kind="lawyer-premium"');
    expect(html).toContain("Premium for lawyers: analytics and client insights");
  });
  it("shows a premium visitor no ad at all", () => {
    const premium = { ...user("user"), subscriptionTier: "premium" } as UserSummary;
    expect(render(<AdSlot placement="browse" />, premium)).not.toContain("ad-slot");
  });
});

function lawyer(id: number): LawyerDTO {
  return {
    id,
    name: `Lawyer ${id}`,
    firm: `Firm ${id}`,
    location: "Toronto, Ontario, Canada",
    country: "Canada",
    countryCode: "CA",
    experience: 10,
    rating: 4.5,
    reviewCount: 3,
    practiceAreas: ["Car Accidents"],
    languages: ["en"],
    imageUrl: null,
    business_logo: null,
    verified: false,
    verification_status: "pending",
    demo: true,
    responseStats: { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 },
  } as unknown as LawyerDTO;
}

function results(count: number, who: UserSummary | null): string {
  const lawyers = Array.from({ length: count }, (_, i) => lawyer(i + 1));
  return render(
    <SearchResults
      params={DEFAULT_SEARCH}
      lawyers={lawyers}
      total={count}
      error={false}
      action="/browse-lawyers"
      locationLabel={(v) => v}
      ad={<AdSlot placement="browse" />}
    />,
    who,
    "/browse-lawyers",
  );
}

describe("the ad in the results (issue 19 §5)", () => {
  it("comes after the first AD_AFTER_RESULTS cards and before the rest", () => {
    const html = results(12, null);
    const ad = html.indexOf('data-testid="ad-slot"');
    const heading = html.indexOf('id="results-heading"');
    const cardAt = (id: number) => html.indexOf(`href="/lawyer/${id}"`);
    expect(ad).toBeGreaterThan(heading);
    expect(ad).toBeGreaterThan(cardAt(AD_AFTER_RESULTS));
    expect(ad).toBeLessThan(cardAt(AD_AFTER_RESULTS + 1));
  });
  it("comes after every card when the page has fewer", () => {
    const html = results(2, null);
    expect(html.indexOf('data-testid="ad-slot"')).toBeGreaterThan(html.indexOf('href="/lawyer/2"'));
  });
  it("splits a page around the ad", () => {
    expect(splitForAd([1, 2, 3, 4, 5])).toEqual({ before: [1, 2, 3], after: [4, 5] });
    expect(splitForAd([1])).toEqual({ before: [1], after: [] });
  });
});
