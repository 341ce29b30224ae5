/**
 * A small handcrafted set of lawyers for the search and API integration tests, so assertions
 * can be exact. Not used by the app. Names start with A..L so name order is obvious.
 */
import type { FeeModel, FeeTerms } from "../../lib/fees.ts";
import type { Db } from "../db/client.ts";
import { lawyers, verificationChecks } from "../db/schema.ts";
import { recomputeVerifications } from "../verification/recompute.ts";
import { refreshSearchData } from "./refresh.ts";

type Fixture = {
  name: string;
  firm: string;
  city: string;
  state: string | null;
  country: string;
  countryCode: string;
  lat: number;
  lng: number;
  areas: string[];
  experience: number;
  rating: number;
  reviews: number;
  bio: string;
};

/** The fixture rows in id order (id = index + 1 on a fresh database). */
export const FIXTURES: Fixture[] = [
  {
    name: "Aaron Clarke",
    firm: "Clarke Injury Law",
    city: "Toronto",
    state: "Ontario",
    country: "Canada",
    countryCode: "CA",
    lat: 43.6532,
    lng: -79.3832,
    areas: ["Car Accidents", "Slip & Fall"],
    experience: 15,
    rating: 4.8,
    reviews: 120,
    bio: "Personal injury lawyer for victims of crashes on Ontario highways.",
  },
  {
    name: "Beatrice Müller",
    firm: "Müller & Partner",
    city: "Berlin",
    state: "Berlin",
    country: "Germany",
    countryCode: "DE",
    lat: 52.52,
    lng: 13.405,
    areas: ["Medical Malpractice"],
    experience: 22,
    rating: 4.6,
    reviews: 80,
    bio: "Represents patients harmed by negligent treatment.",
  },
  {
    name: "Carlos Mendes",
    firm: "Mendes Legal",
    city: "Toronto",
    state: "Ontario",
    country: "Canada",
    countryCode: "CA",
    lat: 43.7,
    lng: -79.42,
    areas: ["Medical Malpractice", "Workplace Injury"],
    experience: 8,
    rating: 4.2,
    reviews: 40,
    bio: "Helps workers and patients recover compensation.",
  },
  {
    name: "Diane Okafor",
    firm: "Okafor Advocates",
    city: "Vancouver",
    state: "British Columbia",
    country: "Canada",
    countryCode: "CA",
    lat: 49.2827,
    lng: -123.1207,
    areas: ["Car Accidents", "Motorcycle Accidents"],
    experience: 3,
    rating: 3.9,
    reviews: 12,
    bio: "Riders and drivers on the west coast.",
  },
  {
    name: "Edward Stone",
    firm: "Stone Trial Group",
    city: "New York",
    state: "New York",
    country: "United States",
    countryCode: "US",
    lat: 40.7128,
    lng: -74.006,
    areas: ["Car Accidents", "Wrongful Death"],
    experience: 30,
    rating: 4.9,
    reviews: 310,
    bio: "Trial lawyer with decades in Manhattan courts.",
  },
  {
    name: "Fiona Walsh",
    firm: "Walsh Solicitors",
    city: "London",
    state: "England",
    country: "United Kingdom",
    countryCode: "GB",
    lat: 51.5074,
    lng: -0.1278,
    areas: ["Slip & Fall", "Premises Liability"],
    experience: 12,
    rating: 4.4,
    reviews: 64,
    bio: "Claims against negligent property owners.",
  },
  {
    name: "George Tanaka",
    firm: "Tanaka Law Office",
    city: "Tokyo",
    state: "Tokyo",
    country: "Japan",
    countryCode: "JP",
    lat: 35.6762,
    lng: 139.6503,
    areas: ["Product Liability", "Defective Drugs"],
    experience: 18,
    rating: 4.7,
    reviews: 95,
    bio: "Defective products and pharmaceuticals.",
  },
  {
    name: "Helene Dubois",
    firm: "Cabinet Dubois",
    city: "Paris",
    state: "Île-de-France",
    country: "France",
    countryCode: "FR",
    lat: 48.8566,
    lng: 2.3522,
    areas: ["Birth Injury", "Medical Malpractice"],
    experience: 10,
    rating: 4.5,
    reviews: 50,
    bio: "Families affected by errors during birth.",
  },
  {
    name: "Isaac Brown",
    firm: "Brown Injury Attorneys",
    city: "Los Angeles",
    state: "California",
    country: "United States",
    countryCode: "US",
    lat: 34.0522,
    lng: -118.2437,
    areas: ["Dog Bites", "Car Accidents"],
    experience: 6,
    rating: 4.0,
    reviews: 25,
    bio: "Animal attacks and freeway collisions.",
  },
  {
    name: "Julia Rossi",
    firm: "Rossi Law",
    city: "Mississauga",
    state: "Ontario",
    country: "Canada",
    countryCode: "CA",
    lat: 43.589,
    lng: -79.6441,
    areas: ["Car Accidents"],
    experience: 1,
    rating: 3.5,
    reviews: 5,
    bio: "New practice serving Peel Region.",
  },
  {
    name: "Karim Haddad",
    firm: "Haddad Avocats",
    city: "Montréal",
    state: "Quebec",
    country: "Canada",
    countryCode: "CA",
    lat: 45.5017,
    lng: -73.5673,
    areas: ["Mass Torts", "Workplace Injury"],
    experience: 25,
    rating: 4.8,
    reviews: 120,
    bio: "Class actions and industrial accidents.",
  },
  {
    name: "Laura Nguyen",
    firm: "Nguyen Partners",
    city: "Sydney",
    state: "New South Wales",
    country: "Australia",
    countryCode: "AU",
    lat: -33.8688,
    lng: 151.2093,
    areas: ["Wrongful Death", "Premises Liability"],
    experience: 9,
    rating: 4.1,
    reviews: 33,
    bio: "Fatal accident claims across New South Wales.",
  },
];

/**
 * Languages spoken by FIXTURES[i] (issue 14 §4): everyone speaks English; German 1, French 2
 * (Paris, Montréal), Spanish 2, and one each of Portuguese, Japanese, Italian, Arabic, Vietnamese.
 */
export const FIXTURE_LANGUAGES: string[][] = [
  ["en"],
  ["de", "en"],
  ["en", "pt", "es"],
  ["en"],
  ["en"],
  ["en"],
  ["ja", "en"],
  ["fr", "en"],
  ["en", "es"],
  ["en", "it"],
  ["fr", "ar", "en"],
  ["en", "vi"],
];

const NO_MODEL = { minPercent: null, maxPercent: null, minAmount: null, maxAmount: null, currency: null };
const noWin = (minPercent: number, maxPercent: number): FeeModel => ({
  ...NO_MODEL,
  kind: "contingency",
  minPercent,
  maxPercent,
});
const hourly = (minAmount: number, maxAmount: number, currency: string): FeeModel => ({
  ...NO_MODEL,
  kind: "hourly",
  minAmount,
  maxAmount,
  currency,
});
const legalAid: FeeModel = { ...NO_MODEL, kind: "legalAid" };

/**
 * Fee terms of FIXTURES[i] (issue 19 §1), as their countries allow: a free consultation for
 * ids 1, 3, 5, 6, 9 (5 of them); no win, no fee for ids 1, 3, 5, 6 (GB, 25% cap), 9 (5 of them);
 * hourly for ids 2, 3, 6, 8; legal aid for ids 2, 8, 12; id 4, 7, 10, 11 nothing.
 */
export const FIXTURE_FEES: FeeTerms[] = [
  { freeConsultation: true, consultationMinutes: 30, models: [noWin(25, 33)] },
  { freeConsultation: false, consultationMinutes: null, models: [hourly(200, 350, "EUR"), legalAid] },
  { freeConsultation: true, consultationMinutes: null, models: [noWin(20, 30), hourly(250, 400, "CAD")] },
  { freeConsultation: false, consultationMinutes: null, models: [] },
  { freeConsultation: true, consultationMinutes: 60, models: [noWin(33, 40)] },
  { freeConsultation: true, consultationMinutes: 45, models: [noWin(20, 25), hourly(180, 300, "GBP")] },
  { freeConsultation: false, consultationMinutes: null, models: [] },
  { freeConsultation: false, consultationMinutes: null, models: [hourly(220, 380, "EUR"), legalAid] },
  { freeConsultation: true, consultationMinutes: 20, models: [noWin(30, 35)] },
  { freeConsultation: false, consultationMinutes: null, models: [] },
  { freeConsultation: false, consultationMinutes: null, models: [] },
  { freeConsultation: false, consultationMinutes: null, models: [legalAid] },
];

/** Inserts FIXTURES (ids 1..12 on a fresh database) and refreshes the search data. */
export async function insertFixtures(db: Db): Promise<void> {
  await db.insert(lawyers).values(
    FIXTURES.map((f, i) => ({
      name: f.name,
      firm: f.firm,
      email: `lawyer${i + 1}@example.test`,
      phone: "+12125550100", // stored as E.164 (issue 14 §2), a fictional 555-01XX line
      location: [f.city, f.state, f.country].filter(Boolean).join(", "),
      country: f.country,
      countryCode: f.countryCode,
      state: f.state,
      city: f.city,
      latitude: f.lat,
      longitude: f.lng,
      experience: f.experience,
      rating: f.rating,
      reviewCount: f.reviews,
      bio: f.bio,
      practiceAreas: f.areas,
      languages: FIXTURE_LANGUAGES[i] ?? [],
      freeConsultation: FIXTURE_FEES[i]?.freeConsultation ?? false,
      consultationMinutes: FIXTURE_FEES[i]?.consultationMinutes ?? null,
      feeModels: FIXTURE_FEES[i]?.models ?? [],
    })),
  );
  // Licence checks (issue 15 §2) through the one writer of the `verified` cache: ids 1, 2, 3, 5,
  // 8, 11 verified (due in a year), 4 pending, 6 verified but past due (lapsed), 7 rejected;
  // the rest have none.
  const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const checks: { id: number; status: "verified" | "pending" | "rejected"; due: string | null }[] = [
    ...[1, 2, 3, 5, 8, 11].map((id) => ({ id, status: "verified" as const, due: due(365) })),
    { id: 4, status: "pending", due: null },
    { id: 6, status: "verified", due: due(-2) },
    { id: 7, status: "rejected", due: null },
  ];
  await db.insert(verificationChecks).values(
    checks.map((c) => ({
      lawyerId: c.id,
      kind: "licence",
      status: c.status,
      method: "register_lookup" as const,
      source: "fixture register",
      nextCheckDue: c.due,
    })),
  );
  await recomputeVerifications(db);
  await refreshSearchData(db);
}

/** The fixture ids whose licence check is verified and not past due (see insertFixtures). */
export const VERIFIED_FIXTURE_IDS = [1, 2, 3, 5, 8, 11];
