import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import type { SearchParams } from "../../../lib/search-state.ts";
import { DEFAULT_SEARCH } from "../../../lib/search-state.ts";
import { SearchResults } from "./SearchResults";

function lawyer(id: number, over: Partial<LawyerDTO> = {}): LawyerDTO {
  return {
    id,
    name: `Lawyer ${id}`,
    firm: `Firm ${id}`,
    email: `l${id}@example.test`,
    phone: "+1 416 555 0100",
    location: "Toronto, Ontario, Canada",
    country: "Canada",
    countryCode: "CA",
    state: "Ontario",
    city: "Toronto",
    latitude: 43.65,
    longitude: -79.38,
    timeZone: "America/Toronto",
    experience: 22,
    rating: 4.5,
    reviewCount: 12,
    bio: "",
    practiceAreas: ["Car Accidents", "Dog Bites", "Mass Torts", "Birth Injury", "Slip & Fall"],
    languages: ["en"],
    imageUrl: null,
    business_logo: null,
    business_address: null,
    website: null,
    googleReviewsUrl: null,
    workingHours: null,
    verified: true,
    verification_status: "pending",
    demo: true,
    managed: true,
    responseStats: { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 },
    fees: { freeConsultation: false, consultationMinutes: null, models: [] },
    personalityTraits: null,
    communicationStyle: null,
    approachStyle: null,
    clientFocus: null,
    availabilityLevel: null,
    caseComplexityPreference: null,
    ...over,
  };
}

interface Props {
  params?: SearchParams;
  lawyers?: LawyerDTO[];
  total?: number;
  textNotice?: string | null;
  error?: boolean;
  description?: { areas: string[]; location: string | null } | null;
}

/** The props of the current render (module level so the stub's component is stable). */
let current: Props = {};

function Results() {
  return (
    <MantineProvider>
      <SearchResults
        params={current.params ?? DEFAULT_SEARCH}
        lawyers={current.lawyers ?? []}
        total={current.total ?? 0}
        error={current.error ?? false}
        textNotice={current.textNotice ?? null}
        description={current.description ?? null}
        action="/browse-lawyers"
        locationLabel={(v) => (v === "CA" ? "Canada" : v)}
      />
    </MantineProvider>
  );
}

const Stub = createRoutesStub([{ path: "/browse-lawyers", Component: Results }]);

function render(props: Props) {
  current = props;
  return renderToString(<Stub initialEntries={["/browse-lawyers"]} />).replace(/<!-- -->/g, "");
}

describe("SearchResults states (spec §2, §4)", () => {
  it("shows the error state with Retry Search", () => {
    const html = render({ error: true });
    expect(html).toContain("Search failed");
    expect(html).toContain("We encountered an error while searching. Please try again.");
    expect(html).toContain("Retry Search");
    expect(html).not.toContain("No lawyers found");
  });
  it("says how the search text was read, under the count", () => {
    const notice = "Showing results for “personal injury” (you typed “personel injurry”).";
    const html = render({ lawyers: [lawyer(1)], total: 1, textNotice: notice });
    expect(html).toContain('role="status"');
    expect(html).toContain("Showing results for “personal injury”");
    expect(render({ lawyers: [lawyer(1)], total: 1 })).not.toContain("Showing results for");
  });
  it("shows the empty state with Clear Filters linking to the search without filters", () => {
    const html = render({ params: { ...DEFAULT_SEARCH, location: "CA", sort: "rating" } });
    expect(html).toContain("No lawyers found");
    expect(html).toContain("0 Lawyers Found");
    expect(html).toMatch(/href="\/browse-lawyers\?sort=rating"[^>]*>.*?Clear Filters/s);
    expect(html).toContain("Remove filter Canada");
  });
  it("shows the count, cards with 3 practice areas and '+N more', verified badge only when verified", () => {
    const html = render({
      lawyers: [lawyer(1), lawyer(2, { verification_status: "verified", demo: true, distanceKm: 6.44 })],
      total: 30,
    });
    expect(html).toContain("30 Lawyers Found");
    expect(html).toContain('href="/lawyer/1"');
    expect(html).toContain("+2 more");
    expect(html).not.toContain(">Birth Injury<");
    expect(html.match(/data-testid="verified-badge"/g)?.length).toBe(1);
    expect(html).toContain("6.4 km away");
    expect(html).toContain('data-color="green"');
    // Pagination: 30 results at 12 per page = 3 pages, as links.
    expect(html).toContain('href="/browse-lawyers?page=2#results"');
    expect(html).toContain('href="/browse-lawyers?page=3#results"');
    expect(html).not.toContain('data-testid="result-window"');
  });
  it("stops the page links at the result window and says to narrow the search (issue 18 §1)", () => {
    const html = render({ lawyers: [lawyer(1)], total: 1_000_000 });
    // 10,000 results at 12 per page: the last page is 833, never page 83,334 (a 400 from the API).
    expect(html).toContain('href="/browse-lawyers?page=833#results"');
    expect(html).not.toContain("page=83334");
    expect(html).toContain("Page 1 of 833");
    expect(html).toMatch(
      /data-testid="result-window"[^>]*>1,000,000 lawyers match; only the first 10,000 can be paged through/,
    );
  });
});

describe("SearchResults: a description of what happened (issue 19 §4)", () => {
  it("says above the results which practice areas the description was read as, and where", () => {
    const html = render({
      lawyers: [lawyer(1)],
      total: 1,
      description: { areas: ["Slip & Fall", "Premises Liability"], location: null },
    });
    expect(html).toContain('data-testid="description-areas"');
    expect(html).toContain("We read your description as: Slip &amp; Fall and Premises Liability");
    expect(html).toContain("can be wrong");
    const placed = render({
      lawyers: [lawyer(1)],
      total: 1,
      description: { areas: ["Car Accidents"], location: "Munich" },
    });
    expect(placed).toContain("We read your description as: Car Accidents, in Munich");
    expect(render({ lawyers: [lawyer(1)], total: 1 })).not.toContain("description-areas");
  });
});
