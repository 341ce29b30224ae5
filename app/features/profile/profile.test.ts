import { describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import { businessAddressLines } from "./address.server";
import { initials } from "./LawyerAvatar";
import { legalServiceJsonLd, workingHoursText } from "./profile";

const lawyer: LawyerDTO = {
  id: 7,
  name: "Ana </script><script>alert(1)</script> López",
  firm: "López & Asociados",
  email: "ana@example.test",
  phone: "+14165550123",
  location: "Toronto, Ontario, Canada",
  country: "Canada",
  countryCode: "CA",
  state: "Ontario",
  city: "Toronto",
  latitude: 43.65,
  longitude: -79.38,
  timeZone: "America/Toronto",
  experience: 12,
  rating: 4.5,
  reviewCount: 40,
  bio: "Bio",
  practiceAreas: ["Car Accidents"],
  languages: ["en"],
  imageUrl: null,
  business_logo: null,
  business_address: "1 King St W",
  website: null,
  googleReviewsUrl: null,
  workingHours: "Mon-Fri 9:00-17:00",
  verified: true,
  verification_status: "verified",
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
};

describe("profile helpers", () => {
  it("shows working hours with the office time zone", () => {
    expect(workingHoursText(lawyer)).toBe("Mon-Fri 9:00-17:00 (America/Toronto)");
    expect(workingHoursText({ workingHours: "Mon-Fri 9:00-17:00", timeZone: null })).toBe(
      "Mon-Fri 9:00-17:00",
    );
    expect(workingHoursText({ workingHours: null, timeZone: "Europe/Paris" })).toBeNull();
  });
  it("writes LegalService JSON-LD that cannot close its script element", () => {
    const text = legalServiceJsonLd(lawyer, "https://x.example/lawyer/7");
    expect(text).not.toContain("<");
    const doc = JSON.parse(text);
    expect(doc["@type"]).toBe("LegalService");
    expect(doc.name).toBe(lawyer.name);
    expect(doc.telephone).toBe(lawyer.phone);
    expect(doc.address.addressLocality).toBe("Toronto");
    expect(doc.geo).toEqual({ "@type": "GeoCoordinates", latitude: 43.65, longitude: -79.38 });
    expect(doc.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 40 });
    expect(doc.areaServed.name).toBe("Canada");
  });
  it("gives an uploaded logo (a site path) as an absolute URL", () => {
    const doc = JSON.parse(
      legalServiceJsonLd({ ...lawyer, business_logo: "/media/logos/7?v=abc" }, "https://x.example/lawyer/7"),
    );
    expect(doc.logo).toBe("https://x.example/media/logos/7?v=abc");
  });

  it("omits rating and geo when there are none", () => {
    const doc = JSON.parse(
      legalServiceJsonLd({ ...lawyer, reviewCount: 0, latitude: null, longitude: null }, "u"),
    );
    expect(doc.aggregateRating).toBeUndefined();
    expect(doc.geo).toBeUndefined();
  });
  it("formats initials", () => {
    expect(initials("Ana María López")).toBe("AL");
    expect(initials("Cher")).toBe("C");
  });
  it("takes initials of names in every script of the demo data (issue 14 §4)", () => {
    expect(initials("Γιώργος Παπαδόπουλος")).toBe("ΓΠ");
    expect(initials("דוד כהן")).toBe("דכ");
    // Korean is written family name first without a space: the family name's syllable.
    expect(initials("김민준")).toBe("김");
    expect(initials("Jón Sigurðsson")).toBe("JS");
    expect(initials("Maria S. Santos")).toBe("MS");
    expect(initials("Juan dela Cruz")).toBe("JC");
  });
});

describe("businessAddressLines (issue 14 §2: addresses per country)", () => {
  it("orders the stored address for the listing's country", () => {
    expect(
      businessAddressLines({
        business_address: "Hauptstraße 5, 10115 Berlin",
        city: "Berlin",
        state: null,
        countryCode: "DE",
      }),
    ).toEqual(["Hauptstraße 5", "10115 Berlin"]);
    expect(
      businessAddressLines({
        business_address: "12 Main St, Springfield, IL 62701",
        city: "Springfield",
        state: "Illinois",
        countryCode: "US",
      }),
    ).toEqual(["12 Main St", "Springfield, IL 62701"]);
    expect(
      businessAddressLines({ business_address: null, city: "Paris", state: null, countryCode: "FR" }),
    ).toEqual([]);
  });
});
