/**
 * The profile page's rating (spec §2 "Lawyer profile"; QA of issue 3): a listing without reviews
 * (a new, pending one) says "No reviews yet" instead of five grey stars and "0.0 out of 5 (0
 * reviews)", its description says so too, and its JSON-LD has no aggregateRating; a reviewed one
 * keeps stars, number, count and aggregateRating. Server-rendered, as a first visit shows it.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { ensureLocale, instanceFor } from "../i18n/i18n";
import LawyerProfile, { meta } from "./lawyer.tsx";

const LAWYER: LawyerDTO = {
  id: 9,
  name: "Noor Haddad",
  firm: "Haddad Injury Law",
  email: "noor@example.test",
  phone: "+1 416 555 0199",
  location: "Toronto, Ontario, Canada",
  country: "Canada",
  countryCode: "CA",
  state: "Ontario",
  city: "Toronto",
  latitude: 43.65,
  longitude: -79.38,
  timeZone: "America/Toronto",
  experience: 3,
  rating: 0,
  reviewCount: 0,
  bio: "A new practice.",
  practiceAreas: ["Car Accidents"],
  languages: ["en"],
  imageUrl: null,
  business_logo: null,
  business_address: null,
  website: null,
  googleReviewsUrl: null,
  workingHours: null,
  verified: false,
  verification_status: "pending",
  demo: true,
  personalityTraits: null,
  communicationStyle: null,
  approachStyle: null,
  clientFocus: null,
  availabilityLevel: null,
  caseComplexityPreference: null,
};

/** The profile page inside Mantine, as the root renders it. */
function Page(props: Parameters<typeof LawyerProfile>[0]) {
  return (
    <MantineProvider>
      <LawyerProfile {...props} />
    </MantineProvider>
  );
}

/** Server-renders the profile of `lawyer` as its loader would give it. */
function renderProfile(lawyer: LawyerDTO): string {
  const Stub = createRoutesStub([
    { id: "lawyer", path: "/lawyer/:id", Component: Page as never, loader: () => ({ lawyer }) },
  ]);
  return renderToString(
    <Stub initialEntries={[`/lawyer/${lawyer.id}`]} hydrationData={{ loaderData: { lawyer: { lawyer } } }} />,
  )
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<!-- -->/g, "");
}

const text = (html: string) =>
  html
    .replace(/<script[^>]*>.*?<\/script>/gs, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "null");
const description = (lawyer: LawyerDTO) =>
  (
    meta({ matches: [], loaderData: { lawyer }, params: { id: String(lawyer.id) } } as never) as {
      name?: string;
      content?: string;
    }[]
  ).find((m) => m.name === "description")?.content;

describe("profile rating", () => {
  it("without reviews: 'No reviews yet', no stars or 0.0, no aggregateRating, and a description that says so", () => {
    const html = renderProfile(LAWYER);
    expect(text(html)).toContain("Toronto, Ontario, Canada No reviews yet");
    // The languages spoken, named by Intl.DisplayNames (issue 14 §4).
    expect(text(html)).toContain("Car Accidents Speaks English");
    expect(html).not.toContain('class="stars"');
    expect(text(html)).not.toContain("0.0");
    expect(text(html)).not.toContain("(0 reviews)");
    expect(jsonLd(html)).toMatchObject({ "@type": "LegalService", name: "Noor Haddad" });
    expect(jsonLd(html)).not.toHaveProperty("aggregateRating");
    expect(description(LAWYER)).toContain("3 years of experience, no reviews yet. Car Accidents.");
  });

  it("with reviews: stars, number and count, aggregateRating and the rating in the description", () => {
    const rated = { ...LAWYER, rating: 4.6, reviewCount: 128 };
    const html = renderProfile(rated);
    expect(html).toContain('class="stars"');
    expect(text(html)).toContain("Rated 4.6 out of 5 (128 reviews)");
    expect(text(html)).not.toContain("No reviews yet");
    expect(jsonLd(html).aggregateRating).toMatchObject({ ratingValue: 4.6, reviewCount: 128 });
    expect(description(rated)).toContain("rated 4.6 from 128 reviews.");
  });
});

describe("profile about", () => {
  it("says the lawyer has not written an introduction when the bio is empty, instead of an empty card", () => {
    expect(text(renderProfile({ ...LAWYER, bio: "" }))).toContain(
      "About Noor Haddad has not written an introduction yet.",
    );
    expect(text(renderProfile({ ...LAWYER, bio: "Twenty years in Toronto." }))).toContain(
      "About Twenty years in Toronto.",
    );
  });

  it("lays out an English bio that begins with a Hebrew name left to right, an Arabic one right to left (issue 14 §4)", () => {
    const english = renderProfile({ ...LAWYER, bio: "דוד כהן is a personal injury lawyer in Tel Aviv." });
    expect(english).toMatch(/dir="ltr"[^>]*>דוד כהן is a personal injury lawyer/);
    const arabic = renderProfile({ ...LAWYER, bio: "محامٍ متخصص في قضايا الإصابات في دبي." });
    expect(arabic).toMatch(/dir="rtl"[^>]*>محامٍ متخصص/);
  });
});

/** The profile page with the German catalogs, as the root renders /de/lawyer/:id. */
function GermanPage(props: Parameters<typeof LawyerProfile>[0]) {
  return (
    <I18nextProvider i18n={instanceFor("de")}>
      <Page {...props} />
    </I18nextProvider>
  );
}

describe("profile in German (issue 14 §2)", () => {
  /** Server-renders the profile at /de/lawyer/:id. */
  function renderGerman(lawyer: LawyerDTO): string {
    const Stub = createRoutesStub([
      { id: "lawyer", path: "/de/lawyer/:id", Component: GermanPage as never, loader: () => ({ lawyer }) },
    ]);
    return renderToString(
      <Stub
        initialEntries={[`/de/lawyer/${lawyer.id}`]}
        hydrationData={{ loaderData: { lawyer: { lawyer } } }}
      />,
    )
      .replace(/<style[^>]*>.*?<\/style>/gs, "")
      .replace(/<!-- -->/g, "");
  }

  it("shows texts, numbers, working hours and the office's time zone in German; links stay German", async () => {
    await ensureLocale("de");
    const rated = {
      ...LAWYER,
      rating: 4.6,
      reviewCount: 128,
      workingHours: "Mon-Fri 9:00-17:00",
      verification_status: "verified" as const,
    };
    const html = renderGerman(rated);
    const page = text(html);
    expect(page).toContain("Bewertet mit 4,6 von 5 (128 Bewertungen)");
    expect(page).toContain("3 Jahre Erfahrung");
    expect(page).toContain("Verifiziert");
    expect(page).toContain("Verkehrsunfälle");
    expect(page).toContain("Mo–Fr 09:00–17:00 Uhr (Nordamerikanische Ostküstenzeit)");
    expect(page).toContain("Jetzt anrufen");
    expect(page).toContain("Kontaktdaten");
    expect(html).toContain('href="/de/browse-lawyers"');
    const tags = meta({
      matches: [{ id: "root", loaderData: { origin: "https://x.example", locale: "de" } }],
      loaderData: { lawyer: rated },
      params: { id: String(rated.id) },
    } as never) as { title?: string; name?: string; content?: string }[];
    expect(tags.find((m) => m.title)?.title).toContain("Noor Haddad, Anwalt für Personenschäden in Toronto");
    expect(tags.find((m) => m.name === "description")?.content).toContain(
      "3 Jahre Berufserfahrung, bewertet mit 4,6 aus 128 Bewertungen. Verkehrsunfälle.",
    );
  });
});
