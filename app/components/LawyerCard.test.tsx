/** Unit tests for the result card's data (toCardData) and its star rating markup. */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { CARD_FIELDS, toCardData } from "./LawyerCard";
import { Stars } from "./Stars";

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
  imageUrl: null,
  business_logo: "https://example.test/logo.png",
  business_address: "Unter den Linden 1",
  website: "https://example.test",
  googleReviewsUrl: null,
  workingHours: "Mon-Fri 9:00-17:00",
  verified: true,
  verification_status: "verified",
  personalityTraits: { empathy: 0.8 },
  communicationStyle: "direct",
  approachStyle: null,
  clientFocus: null,
  availabilityLevel: null,
  caseComplexityPreference: null,
};

describe("toCardData", () => {
  it("keeps exactly the fields a card shows", () => {
    const card = toCardData({ ...FULL, distanceKm: 3.2 });
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

  it("leaves distanceKm out when the search had no near point", () => {
    expect(toCardData(FULL)).not.toHaveProperty("distanceKm");
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
