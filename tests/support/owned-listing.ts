/**
 * An owner's listing (lib/listing-owner.ts OwnedListing) for rendering the listing forms in
 * tests: a Berlin office with a map position; `overrides` change single fields.
 */
import type { OwnedListing } from "../../lib/listing-owner.ts";

/** The Berlin listing, with `overrides` applied. */
export function ownedListing(overrides: Partial<OwnedListing> = {}): OwnedListing {
  return {
    id: 12,
    name: "Kim Lee",
    firm: "Lee Law",
    phone: "+49 30 1234567",
    location: "Berlin, Germany",
    country: "Germany",
    countryCode: "DE",
    state: "Berlin",
    city: "Berlin",
    bio: "",
    practiceAreas: [],
    languages: [],
    website: null,
    workingHours: null,
    grammaticalGender: null,
    latitude: 52.507542,
    longitude: 13.426142,
    experience: 10,
    rating: 0,
    reviewCount: 0,
    verified: false,
    email: "kim@example.com",
    businessAddress: "Köpenicker Str. 1",
    verificationStatus: "pending",
    logoUrl: null,
    profilePath: "/lawyer/12",
    fees: { freeConsultation: false, consultationMinutes: null, models: [] },
    specialistTitles: [],
    ...overrides,
  };
}

/** Map tiles at an address nothing answers: the picker renders, no tile loads. */
export const TEST_TILES = {
  url: "http://127.0.0.1:9/{z}/{x}/{y}.png",
  attribution: "© OpenStreetMap contributors",
};
