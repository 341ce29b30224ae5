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
import enSearch from "../../lib/i18n/catalogs/en/search.json";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { listingPhoneDisplay } from "../../lib/phone.ts";
import type { VerificationCheckDTO } from "../../lib/verification.ts";
import type { ListingVerification } from "../../server/verification/read.ts";
import { toCardData } from "../features/search/LawyerCard";
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
  grammaticalGender: null,
  verified: false,
  verification_status: "pending",
  demo: true,
  managed: true,
  responseStats: { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 },
  fees: { freeConsultation: false, consultationMinutes: null, models: [] },
  specialistTitles: [],
  personalityTraits: null,
  communicationStyle: null,
  approachStyle: null,
  clientFocus: null,
  availabilityLevel: null,
  caseComplexityPreference: null,
};

/** A managed listing near LAWYER (the list an unmanaged profile offers). */
const NEARBY: LawyerDTO = {
  ...LAWYER,
  id: 12,
  name: "Mira Answering",
  firm: "Answering Law",
  city: "Mississauga",
  location: "Mississauga, Ontario, Canada",
  managed: true,
  responseStats: { medianFirstResponseHours: 5, answeredWithin24hShare: 0.9, sampleSize: 8 },
};

/** The profile page inside Mantine, as the root renders it. */
function Page(props: Parameters<typeof LawyerProfile>[0]) {
  return (
    <MantineProvider>
      <LawyerProfile {...props} />
    </MantineProvider>
  );
}

/** A listing without any check (issue 15 §2 read model). */
const UNCHECKED: ListingVerification = {
  verification: { status: "unverified", checks: [], admissions: [] },
  disciplinaryRecords: [],
};

/** A listing whose licence check is verified (the German page shows its tick). */
const LICENCE_CHECKED: ListingVerification = {
  verification: {
    status: "verified",
    checks: [
      {
        kind: "licence",
        status: "verified",
        method: "register_lookup",
        source: "Law Society of Ontario",
        sourceUrl: null,
        checkedOn: "2026-03-05",
        nextCheckDue: "2027-03-05",
        details: null,
        demo: true,
      },
    ],
    admissions: [],
  },
  disciplinaryRecords: [],
};

/** What the loader answers for `lawyer` to a visitor of `viewerCountry` (its phone written for them). */
const loaderData = (
  lawyer: LawyerDTO,
  viewerCountry: string | null = null,
  checks: ListingVerification = UNCHECKED,
) => ({
  lawyer,
  // Issue 28 §4: the managed lawyers nearby of an unmanaged listing (server/search/managed-nearby.ts).
  nearby: lawyer.managed ? null : [toCardData({ ...NEARBY, distanceKm: 12.3 })],
  distanceUnit: "kilometer" as const,
  addressLines: [],
  phone: listingPhoneDisplay(lawyer, viewerCountry),
  ...checks,
  // Issue 16 §1: the published reviews' figures agree with the listing's rating and count (the
  // review texts themselves are tested in app/routes/review-routes.test.ts).
  reviews: {
    summary: {
      average: lawyer.rating,
      count: lawyer.reviewCount,
      distribution: [0, 0, 0, Math.floor(lawyer.reviewCount / 2), Math.ceil(lawyer.reviewCount / 2)] as [
        number,
        number,
        number,
        number,
        number,
      ],
    },
    page: { items: [], total: lawyer.reviewCount, page: 1, pageSize: 10 },
    sort: "newest" as const,
  },
});

/**
 * Server-renders the profile of `lawyer` as its loader would give it: its verification, and its
 * phone written for a visitor of `viewerCountry`.
 */
function renderProfile(
  lawyer: LawyerDTO,
  checks: ListingVerification = UNCHECKED,
  viewerCountry: string | null = null,
): string {
  const data = loaderData(lawyer, viewerCountry, checks);
  const Stub = createRoutesStub([
    { id: "lawyer", path: "/lawyer/:id", Component: Page as never, loader: () => data },
  ]);
  return renderToString(
    <Stub initialEntries={[`/lawyer/${lawyer.id}`]} hydrationData={{ loaderData: { lawyer: data } }} />,
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

describe("verification on the profile (issue 15 §2)", () => {
  const VERIFIED: ListingVerification = {
    verification: {
      status: "verified",
      checks: [
        {
          kind: "licence",
          status: "verified",
          method: "register_lookup",
          source: "Law Society of Ontario",
          sourceUrl: "https://lso.ca/register/12345",
          checkedOn: "2026-03-05",
          nextCheckDue: "2027-03-05",
          details: null,
          demo: false,
        },
        {
          kind: "insurance",
          status: "lapsed",
          method: "document_reviewed",
          source: "Insurance certificate",
          sourceUrl: null,
          checkedOn: "2025-01-01",
          nextCheckDue: "2026-01-01",
          details: { carrier: "LawPRO", cover: "1,000,000" },
          demo: false,
        },
      ],
      admissions: [
        {
          countryCode: "CA",
          region: "Ontario",
          regulator: "Law Society of Ontario",
          licenceNumber: "12345P",
          yearAdmitted: 2010,
          status: "active",
        },
      ],
    },
    disciplinaryRecords: [
      {
        date: "2019-03-04",
        outcome: "Reprimand",
        regulator: "Law Society of Ontario",
        sourceUrl: "https://lso.ca/d/1",
        lawyerStatement: "I accepted the finding.",
        demo: false,
      },
    ],
  };

  it("shows the tick, 'Licence verified with {regulator} on {date}' linking to the register, and the five checks", () => {
    const html = renderProfile({ ...LAWYER, verified: true, verification_status: "verified" }, VERIFIED);
    expect(html).toContain('data-testid="verified-tick"');
    expect(text(html)).toContain("Licence verified with Law Society of Ontario on Mar 5, 2026");
    expect(html).toContain('href="https://lso.ca/register/12345"');
    expect(text(html)).toContain("What we checked");
    for (const [kind, status] of [
      ["licence", "verified"],
      ["discipline", "unverified"],
      ["insurance", "lapsed"],
      ["education", "unverified"],
      ["experience", "unverified"],
    ])
      expect(html).toMatch(new RegExp(`data-testid="check-${kind}" data-status="${status}"`));
    expect(text(html)).toContain("Insurer: LawPRO, cover 1,000,000");
    expect(text(html)).toContain("Law Society of Ontario, no. 12345P, Ontario, CA, admitted 2010");
    expect(text(html)).toContain("Mar 4, 2019: Reprimand (Law Society of Ontario).");
    expect(text(html)).toMatch(/The lawyer(&#x27;|')s statement: I accepted the finding\./);
    expect(html).toContain('href="/how-we-verify"');
  });

  it("says 'Licence not yet verified' plainly, with no tick, and warns in the case form", () => {
    const html = renderProfile({ ...LAWYER, verified: false, verification_status: "pending" });
    expect(html).not.toContain('data-testid="verified-tick"');
    expect(text(html)).toContain("Licence not yet verified");
    const lapsed = renderProfile(
      { ...LAWYER, verified: false, verification_status: "unverified" },
      {
        ...VERIFIED,
        verification: {
          ...VERIFIED.verification,
          status: "lapsed",
          checks: [{ ...(VERIFIED.verification.checks[0] as VerificationCheckDTO), status: "lapsed" }],
        },
      },
    );
    expect(lapsed).not.toContain('data-testid="verified-tick"');
    expect(text(lapsed)).toContain("Licence not yet verified");
  });

  it("shows the demo-data notice only on a demo listing", () => {
    expect(text(renderProfile({ ...LAWYER, demo: true }))).toContain(enSearch.demoNotice.slice(0, 40));
    const real = text(renderProfile({ ...LAWYER, demo: false }));
    expect(real).not.toContain(enSearch.demoNotice.slice(0, 40));
  });
});

describe("demo phones (issue 28 §4)", () => {
  it("shows no number, no tel: link and no Call Now for a demo listing's number outside every fictional range", () => {
    const html = renderProfile({ ...LAWYER, phone: "+971527801680", countryCode: "AE", demo: true });
    expect(html).not.toMatch(/href="tel:/);
    expect(text(html)).not.toContain("Call Now");
    expect(text(html)).not.toMatch(/780 ?1680/);
    expect(html).toContain('data-testid="phone-withheld"');
    expect(jsonLd(html).telephone).toBeUndefined();
  });
  it("keeps both links for a demo number in a fictional range, and for a real listing's number", () => {
    const fictional = renderProfile({ ...LAWYER, phone: "+14165550199", demo: true }, UNCHECKED, "CA");
    expect(fictional.match(/href="tel:\+14165550199"/g)).toHaveLength(2);
    expect(text(fictional)).toContain("Call Now");
    const real = renderProfile(
      { ...LAWYER, phone: "+971527801680", countryCode: "AE", demo: false },
      UNCHECKED,
      "AE",
    );
    expect(real.match(/href="tel:\+971527801680"/g)).toHaveLength(2);
  });
});

describe("a listing nobody manages (issue 28 §4)", () => {
  it("says so, what happens to a case instead of a promise, and offers the managed lawyers nearby", () => {
    const html = renderProfile({ ...LAWYER, managed: false });
    const t = text(html);
    expect(html).toContain('data-testid="unmanaged-listing"');
    expect(t).toContain("Noor Haddad has not joined LexAtlas yet");
    expect(t).toContain("nobody can promise you an answer");
    expect(t).toContain("until the lawyer claims the listing and accepts your case");
    expect(t).toContain("Lawyers nearby who answer on LexAtlas");
    expect(html).toContain('href="/lawyer/12"');
    expect(t).toContain("12.3 km away");
    expect(t).toContain("Usually responds within 5 h");
    expect(html).toMatch(/data-testid="response-time" data-kind="not-managed"/);
    expect(t).toContain("Not managed on LexAtlas yet");
    expect(t).not.toMatch(/within 24 hours|New on the platform/);
  });
  it("shows no notice and no list on a managed listing", () => {
    const html = renderProfile(LAWYER);
    expect(html).not.toContain('data-testid="unmanaged-listing"');
    expect(html).not.toContain('data-testid="managed-nearby"');
    expect(text(html)).toContain("New on the platform");
  });
});

describe("profile rating", () => {
  it("without reviews: 'No reviews yet', no stars or 0.0, no aggregateRating, and a description that says so", () => {
    const html = renderProfile(LAWYER);
    expect(text(html)).toContain("Toronto, Ontario, Canada No reviews yet");
    // The languages spoken, named by Intl.DisplayNames (issue 14 §4).
    expect(text(html)).toContain("Car Accidents Speaks English");
    expect(html).not.toContain('class="stars ');
    expect(text(html)).not.toContain("0.0");
    expect(text(html)).not.toContain("(0 reviews)");
    expect(jsonLd(html)).toMatchObject({ "@type": "LegalService", name: "Noor Haddad" });
    expect(jsonLd(html)).not.toHaveProperty("aggregateRating");
    expect(description(LAWYER)).toContain("3 years of experience, no reviews yet. Car Accidents.");
  });

  it("with reviews: stars, number and count, aggregateRating and the rating in the description", () => {
    const rated = { ...LAWYER, rating: 4.6, reviewCount: 128 };
    const html = renderProfile(rated);
    expect(html).toContain('class="stars ');
    expect(text(html)).toContain("Rated 4.6 out of 5 (128 reviews)");
    expect(text(html)).not.toContain("No reviews yet");
    expect(jsonLd(html).aggregateRating).toMatchObject({ ratingValue: 4.6, reviewCount: 128 });
    expect(description(rated)).toContain("rated 4.6 from 128 reviews.");
  });
});

describe("profile about", () => {
  it("shows no About card when the bio is empty (issue 19 §1): the office card takes its place", () => {
    const empty = text(renderProfile({ ...LAWYER, bio: "" }));
    expect(empty).not.toContain("About");
    expect(empty).not.toContain("has not written an introduction");
    expect(empty).toContain("Office");
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
    const data = loaderData(lawyer, "DE", LICENCE_CHECKED);
    const Stub = createRoutesStub([
      { id: "lawyer", path: "/de/lawyer/:id", Component: GermanPage as never, loader: () => data },
    ]);
    return renderToString(
      <Stub initialEntries={[`/de/lawyer/${lawyer.id}`]} hydrationData={{ loaderData: { lawyer: data } }} />,
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
      verified: true,
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

describe("profile phone (issue 14 §2)", () => {
  const berlin: LawyerDTO = {
    ...LAWYER,
    phone: "+49 30 1234567",
    countryCode: "DE",
    country: "Germany",
    demo: false,
  };

  it("national for a visitor in the lawyer's country, left to right, both links E.164", () => {
    const html = renderProfile(berlin, UNCHECKED, "DE");
    expect(text(html)).toContain("030 1234567");
    expect(html).toContain('dir="ltr"><bdi>030 1234567</bdi></a>');
    expect(html.match(/href="tel:\+49301234567"/g)).toHaveLength(2);
    expect(html).not.toMatch(/href="tel:0/);
  });

  it("international for a visitor elsewhere or of no known region; the JSON-LD keeps the stored number", () => {
    for (const viewer of ["JP", null]) {
      const html = renderProfile(berlin, UNCHECKED, viewer);
      expect(text(html)).toContain("+49 30 1234567");
      expect(text(html)).not.toContain("030 1234567");
      expect(jsonLd(html).telephone).toBe("+49 30 1234567");
    }
  });
});
