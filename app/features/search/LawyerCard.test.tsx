/**
 * Unit tests for the result card's data (toCardData), its markup, and the star rating markup:
 * a listing without reviews says "No reviews yet" instead of five grey stars and "0.0" (QA of
 * issue 3).
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import { IconSprite } from "../../ui/icons";
import { NO_REVIEWS, ratingPhrase, Stars } from "../profile";
import { CARD_FIELDS, formatDistance, LawyerCard, type LawyerCardData, toCardData } from "./LawyerCard";

const FULL: LawyerDTO = {
  id: 7,
  name: "Ana Müller",
  firm: "Müller Law",
  email: "ana@example.test",
  phone: "+49 30 1234567",
  location: "Berlin, Germany",
  country: "Germany",
  countryCode: "DE",
  state: null,
  city: "Berlin",
  latitude: 52.52,
  longitude: 13.4,
  timeZone: "Europe/Berlin",
  experience: 12,
  rating: 4.3,
  reviewCount: 40,
  bio: "A long biography that the card never shows.",
  practiceAreas: ["Car Accidents", "Dog Bites"],
  languages: ["en", "fr"],
  imageUrl: null,
  business_logo: "https://example.test/logo.png",
  business_address: "Unter den Linden 1",
  website: "https://example.test",
  googleReviewsUrl: null,
  workingHours: "Mon-Fri 9:00-17:00",
  grammaticalGender: null,
  verified: true,
  verification_status: "verified",
  demo: true,
  managed: true,
  responseStats: { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 },
  fees: { freeConsultation: false, consultationMinutes: null, models: [] },
  specialistTitles: [],
  personalityTraits: { empathy: 0.8 },
  communicationStyle: "direct",
  approachStyle: null,
  clientFocus: null,
  availabilityLevel: null,
  caseComplexityPreference: null,
};

describe("formatDistance", () => {
  it("formats distances in metres below 1 km, else in km", () => {
    expect(formatDistance(0.42)).toBe("420 m");
    expect(formatDistance(6.44)).toBe("6.4 km");
    expect(formatDistance(1204.4)).toBe("1,204 km");
  });
});

describe("toCardData", () => {
  it("keeps exactly the fields a card shows", () => {
    const card = toCardData({ ...FULL, distanceKm: 3.2, why: [{ kind: "distance", km: 3.2 }] });
    expect(Object.keys(card).sort()).toEqual([...CARD_FIELDS].sort());
    expect(card).toMatchObject({
      id: 7,
      name: "Ana Müller",
      business_logo: FULL.business_logo,
      distanceKm: 3.2,
    });
    expect(card).not.toHaveProperty("bio");
    expect(card).not.toHaveProperty("email");
    expect(card).not.toHaveProperty("personalityTraits");
  });

  it("leaves distanceKm out when the search had no near point, and why when not sorted by relevance", () => {
    expect(toCardData(FULL)).not.toHaveProperty("distanceKm");
    expect(toCardData(FULL)).not.toHaveProperty("why");
  });
});

describe("Stars", () => {
  const render = (rating: number) =>
    renderToString(
      <MantineProvider>
        <Stars rating={rating} reviewCount={1} />
      </MantineProvider>,
    );

  it("fills the stars up to the rating rounded to the nearest half", () => {
    expect(render(4.3)).toContain('data-rating="4.5"');
    expect(render(4.3)).toMatch(/<svg width="108" height="24" viewBox="0 0 108 24"/);
    expect(render(0)).toMatch(/<svg width="0" height="24"/);
  });

  it("hides the drawing from screen readers and says the rating in words", () => {
    const html = render(3.75).replace(/<!-- -->/g, "");
    expect(html).toMatch(/<svg width="80" height="16" viewBox="0 0 120 24" aria-hidden="true"/);
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("Rated 3.8 out of 5");
    expect(text).toContain("(1 review)");
  });
});

describe("Stars without reviews", () => {
  const render = (reviewCount: number, rating = 0) =>
    renderToString(
      <MantineProvider>
        <Stars rating={rating} reviewCount={reviewCount} size="md" />
      </MantineProvider>,
    )
      .replace(/<style[^>]*>.*?<\/style>/gs, "")
      .replace(/<!-- -->/g, "");

  it("shows 'No reviews yet' and neither stars nor a number when reviewCount is 0", () => {
    const html = render(0);
    expect(html.replace(/<[^>]+>/g, "")).toBe(NO_REVIEWS);
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("Rated");
    // Even if a stale rating came with it, 0 reviews is not a rating.
    expect(render(0, 4.2)).not.toContain("4.2");
  });

  it("shows stars and the count from one review on", () => {
    const html = render(1, 5);
    expect(html).toContain('data-rating="5"');
    expect(html.replace(/<[^>]+>/g, "")).toContain("(1 review)");
    expect(html).not.toContain(NO_REVIEWS);
  });

  it("ratingPhrase words the rating for descriptions, never 'rated 0.0 from 0 reviews'", () => {
    expect(ratingPhrase({ rating: 0, reviewCount: 0 })).toBe("no reviews yet");
    expect(ratingPhrase({ rating: 4.25, reviewCount: 1204 })).toBe("rated 4.3 from 1,204 reviews");
    expect(ratingPhrase({ rating: 5, reviewCount: 1 })).toBe("rated 5.0 from 1 review");
  });
});

type CardInput = LawyerDTO & Partial<Pick<LawyerCardData, "distanceKm" | "why">>;

/** Server-renders one card inside a router and Mantine, as the browse page does, without Mantine's <style> tags. */
function cardHtml(lawyer: CardInput): string {
  const router = createMemoryRouter([
    {
      path: "*",
      element: (
        <MantineProvider>
          <LawyerCard lawyer={toCardData(lawyer)} />
        </MantineProvider>
      ),
    },
  ]);
  return renderToString(<RouterProvider router={router} />).replace(/<style[^>]*>.*?<\/style>/gs, "");
}

describe("LawyerCard", () => {
  /** Server-renders a card inside a router and Mantine, as the browse page does. */
  const renderCard = (lawyer: CardInput) => cardHtml(lawyer).replace(/<!-- -->/g, "");
  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

  it("names the languages spoken with Intl.DisplayNames (issue 14 §4)", () => {
    expect(text(renderCard(FULL))).toContain("Speaks English and French");
    expect(text(renderCard({ ...FULL, languages: ["ar", "ja"] }))).toContain("Speaks Arabic and Japanese");
    expect(renderCard({ ...FULL, languages: [] })).not.toContain('data-testid="languages"');
  });

  it("a new listing without reviews reads 'No reviews yet', not '0.0 (0 reviews)'", () => {
    const html = renderCard({ ...FULL, rating: 0, reviewCount: 0, verification_status: "pending" });
    expect(text(html)).toContain(NO_REVIEWS);
    expect(html).not.toContain('class="stars ');
    expect(text(html)).not.toContain("0.0");
    expect(text(html)).not.toContain("(0 reviews)");
  });

  it("a listing without a verified licence says 'Licence not yet verified' and has no Verified badge (issue 15 §2)", () => {
    const pending = renderCard({ ...FULL, verified: false, verification_status: "pending" });
    expect(text(pending)).toContain("Licence not yet verified");
    expect(pending).not.toContain('data-testid="verified-badge"');
    const ticked = renderCard({ ...FULL, verified: true, verification_status: "verified" });
    expect(ticked).toContain('data-testid="verified-badge"');
    expect(text(ticked)).not.toContain("Licence not yet verified");
  });

  it("a reviewed listing shows its stars, number and count", () => {
    const html = renderCard(FULL);
    expect(html).toContain('class="stars ');
    expect(text(html)).toContain("Rated 4.3 out of 5");
    expect(text(html)).toContain("(40 reviews)");
    expect(text(html)).not.toContain(NO_REVIEWS);
  });
});

describe("LawyerCard's markup budget (issue 29 'Lean markup')", () => {
  /**
   * The fullest card a page shows (every line, both fee badges, "+N more", "Why this lawyer?" with
   * three factors), with names of ordinary length.
   */
  const FULLEST: LawyerDTO & Pick<LawyerCardData, "distanceKm" | "why"> = {
    ...FULL,
    name: "Maximiliane Hohenzollern",
    firm: "Hohenzollern Personenschaden",
    location: "Garmisch-Partenkirchen, Bavaria, Germany",
    practiceAreas: ["Car Accidents", "Dog Bites", "Medical Malpractice", "Slip and Fall", "Wrongful Death"],
    languages: ["de", "en", "fr", "es"],
    responseStats: { medianFirstResponseHours: 5, answeredWithin24hShare: 0.9, sampleSize: 12 },
    fees: {
      freeConsultation: true,
      consultationMinutes: 30,
      models: [
        {
          kind: "contingency",
          minPercent: 25,
          maxPercent: 33,
          minAmount: null,
          maxAmount: null,
          currency: null,
        },
      ],
    },
    distanceKm: 12.4,
    why: [
      { kind: "words", level: 1, field: "practiceArea", value: "Car Accidents" },
      { kind: "distance", km: 12.4 },
      { kind: "rating", rating: 4.3, reviewCount: 40 },
    ],
  };

  /** The card's HTML as the page sends it (text separators kept), stylesheet links aside. */
  const render = (lawyer: CardInput) => cardHtml(lawyer).replace(/<link [^>]*>/g, "");

  it("keeps a card within 3.5 KB of HTML, and the fullest (with 'Why this lawyer?') within 4 KB", () => {
    const { distanceKm: _d, why: _w, ...ordinary } = FULLEST;
    expect(Buffer.byteLength(render(ordinary))).toBeLessThanOrEqual(3.5 * 1024);
    const fullest = render(FULLEST);
    expect(fullest).toContain('data-testid="why-this-lawyer"');
    expect(fullest).toContain('data-testid="badge-no-win-no-fee"');
    expect(Buffer.byteLength(fullest)).toBeLessThanOrEqual(4 * 1024);
  });

  it("has no style attribute and no inline icon drawing (no <path>)", () => {
    const html = render(FULLEST);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/<path\b/);
  });

  it("draws every icon from a symbol of the page's sprite", () => {
    const sprite = renderToString(<IconSprite />);
    const uses = [...render(FULLEST).matchAll(/<use href="#([^"]+)"/g)].map((m) => m[1]);
    expect(uses.length).toBeGreaterThanOrEqual(5);
    for (const id of uses) expect(sprite).toContain(`<symbol id="${id}"`);
  });
});
