/**
 * The matches page's markup (spec §2 "Matches", §9 "Matching scores"; issue 5 "Matches page"):
 * a card carries every field the spec lists, the score colour and label rules and the bar at
 * score × 10; the page shows the error view, the empty state and the insights card as the spec
 * says. Rendered to HTML on the server, as a visitor's first request is.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, createRoutesStub, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import PersonalityMatches from "../../routes/personality-matches.tsx";
import { InsightsCard } from "./InsightsCard";
import { MatchCard } from "./MatchCard";
import { MATCHES_TEXT, type MatchesData, type ShownMatch, toMatchCardLawyer } from "./matches";
import { barPercent, formatScore } from "./ScoreBar";

const LAWYER: LawyerDTO = {
  id: 42,
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
  bio: "Ana has represented injured cyclists for twelve years.",
  practiceAreas: ["Car Accidents", "Dog Bites"],
  languages: ["en", "fr"],
  imageUrl: null,
  business_logo: null,
  business_address: null,
  website: null,
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
  personalityTraits: null,
  communicationStyle: "direct",
  approachStyle: "methodical",
  clientFocus: "results",
  availabilityLevel: "flexible",
  caseComplexityPreference: "complex",
};

const MATCH: ShownMatch = {
  // As the loader writes it for a visitor outside Germany (issue 14 §2).
  phone: { text: "+49 30 1234567", href: "tel:+49301234567" },
  lawyer: LAWYER,
  lawyerId: 42,
  overallScore: 8.4,
  personalityScore: 9.1,
  communicationScore: 10,
  approachScore: 6.5,
  focusScore: 5.9,
  availabilityScore: 7,
  experienceScore: 8,
  explanation: "You prefer direct communication, and so does Ana Müller.",
  explanationRefs: ["assessment:explanation.communication.same?name=Ana+M%C3%BCller&style=direct"],
};

/** The matches page inside Mantine, as the route renders it. */
function PageInMantine() {
  return (
    <MantineProvider>
      <PersonalityMatches />
    </MantineProvider>
  );
}

/** Server-renders `node` (a card) inside a router and Mantine. */
function renderCard(node: React.ReactNode): string {
  const router = createMemoryRouter([{ path: "*", element: <MantineProvider>{node}</MantineProvider> }]);
  return renderToString(<RouterProvider router={router} />);
}

/** Server-renders the matches page with `data` as its loader data. */
function renderPage(data: MatchesData): string {
  const Stub = createRoutesStub([
    { id: "matches", path: "/personality-matches/:sessionId", Component: PageInMantine, loader: () => data },
  ]);
  return renderToString(
    <Stub
      initialEntries={["/personality-matches/1700000000000-abc"]}
      hydrationData={{ loaderData: { matches: data } }}
    />,
  );
}

/** Visible text of an HTML string (tags removed, entities of the test data decoded). */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("score display rules (spec §9)", () => {
  it("writes one decimal and fills the bar to score × 10 %", () => {
    expect(formatScore(8.66)).toBe("8.7");
    expect(formatScore(10)).toBe("10.0");
    expect(barPercent(7.5)).toBe(75);
    expect(barPercent(12)).toBe(100);
    expect(barPercent(-1)).toBe(0);
  });
});

describe("MatchCard", () => {
  const html = renderCard(<MatchCard match={MATCH} rank={3} />);
  const visible = text(html);

  it("carries every field of the spec", () => {
    expect(visible).toContain("#3 Match");
    expect(visible).toContain("Ana Müller");
    expect(visible).toContain("Müller Law");
    expect(html).toContain('data-testid="verified-badge"');
    expect(visible).toContain("4.3");
    expect(visible).toContain("(40 reviews)");
    expect(visible).toContain("Berlin, Germany");
    expect(visible).toContain("12 years experience");
    expect(visible).toContain("Overall Compatibility");
    expect(visible).toContain("8.4 out of 10");
    expect(visible).toContain(MATCH.explanation);
    for (const label of ["Personality", "Communication", "Approach", "Focus", "Availability", "Experience"])
      expect(visible).toContain(label);
    expect(visible).toContain("Car Accidents");
    expect(visible).toContain("Dog Bites");
    expect(visible).toContain(LAWYER.bio);
    expect(html).toContain('href="tel:+49301234567"');
    expect(html).toContain('href="mailto:ana@example.test"');
    // Issue 19 §1: the hours in the page's words with the zone's name, never the raw zone id.
    expect(visible).toContain("Mon–Fri 9:00 AM – 5:00 PM (Central European Time)");
    expect(visible).not.toContain("Europe/Berlin");
    expect(html).toContain('href="/lawyer/42"');
    expect(visible).toContain("View Full Profile");
    expect(visible).toContain("Contact Lawyer");
  });

  it("labels and colours the overall score, and draws the bar at score × 10", () => {
    // 8.4: Great, green (spec §9).
    expect(html).toMatch(/data-color="green" data-testid="score-label">Great</);
    expect(html).toContain("width:84%");
    // Sub-scores keep their own colours: 5.9 red, 6.5 yellow, 10 green.
    expect(html).toMatch(/data-color="red"[^>]*>.{0,200}5\.9/s);
    expect(html).toMatch(/data-color="yellow"[^>]*>.{0,200}6\.5/s);
    expect(html).toContain("width:59%");
  });

  it("leaves out working hours and the Verified badge when the lawyer has neither", () => {
    const plain = renderCard(
      <MatchCard
        match={{
          ...MATCH,
          lawyer: toMatchCardLawyer({
            ...LAWYER,
            workingHours: null,
            verified: false,
            verification_status: "pending",
          }),
        }}
        rank={1}
      />,
    );
    expect(plain).not.toContain("Mon-Fri");
    expect(plain).not.toContain('data-testid="verified-badge"');
    expect(text(plain)).toContain("#1 Match");
  });

  it("says 'No reviews yet' instead of stars and 0.0 for a lawyer without reviews", () => {
    const html = renderCard(
      <MatchCard match={{ ...MATCH, lawyer: { ...LAWYER, rating: 0, reviewCount: 0 } }} rank={2} />,
    );
    expect(text(html)).toContain("Müller Law No reviews yet Berlin, Germany");
    expect(html).not.toContain('class="stars ');
    expect(text(html)).not.toContain("Rated");
    expect(text(html)).not.toContain("reviews)");
  });
});

describe("matches page states (spec §2)", () => {
  it("error: 'Error Loading Matches' with Retake Assessment", () => {
    const visible = text(renderPage({ state: "error", matches: [], insights: [] }));
    expect(visible).toContain(MATCHES_TEXT.errorTitle);
    expect(visible).toContain("We couldn't load your personality matches. Please try again.");
    expect(visible).toContain("Retake Assessment");
    expect(visible).not.toContain("Browse All Lawyers");
  });

  it("empty: the spec's sentence, both buttons, no insights card without insights", () => {
    const visible = text(renderPage({ state: "ok", matches: [], insights: [] }));
    expect(visible).toContain("No matches found. Try adjusting your assessment criteria.");
    expect(visible).toContain("Retake Assessment");
    expect(visible).toContain("Browse All Lawyers");
    expect(visible).not.toContain("Your Personality Insights");
  });

  it("results: the insights card and the ranked cards", () => {
    const second = {
      ...MATCH,
      lawyerId: 7,
      lawyer: { ...LAWYER, id: 7, name: "Jon Berg" },
      overallScore: 6.2,
    };
    const html = renderPage({ state: "ok", matches: [MATCH, second], insights: ["You value results."] });
    const visible = text(html);
    expect(visible).toContain("Your Personality Insights");
    expect(visible).toContain("You value results.");
    expect(visible.indexOf("#1 Match")).toBeLessThan(visible.indexOf("#2 Match"));
    expect(visible.indexOf("Ana Müller")).toBeLessThan(visible.indexOf("Jon Berg"));
    expect(html).toMatch(/data-color="yellow" data-testid="score-label">Fair</);
    expect(visible).not.toContain(MATCHES_TEXT.empty);
  });
});

describe("the matches page in another language (issue 14 §1)", () => {
  /** Server-renders `node` at a German URL with the German catalogs. */
  async function renderIn(locale: "de" | "ja" | "fr" | "ar", node: React.ReactNode): Promise<string> {
    await ensureLocale(locale);
    const router = createMemoryRouter([{ path: "*", element: <MantineProvider>{node}</MantineProvider> }], {
      initialEntries: [`/${locale}/personality-matches/1700000000000-abc`],
    });
    return renderToString(
      <I18nextProvider i18n={instanceFor(locale)}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
  }

  it("issue 28 §2: a woman lawyer's card in French and Arabic uses the feminine forms", async () => {
    const huda: ShownMatch = {
      ...MATCH,
      lawyer: toMatchCardLawyer({
        ...LAWYER,
        name: "Huda Al-Dosari",
        grammaticalGender: "feminine",
        languages: ["ar", "fr"],
      }),
      explanationRefs: [
        "assessment:explanation.language?name=Huda+Al-Dosari&language=ar&gender=feminine",
        "assessment:explanation.availability.same?name=Huda+Al-Dosari&time=immediate&gender=feminine",
      ],
    };
    const fr = text(await renderIn("fr", <MatchCard match={huda} rank={1} />));
    expect(fr).toContain("Contacter l’avocate");
    expect(fr).toContain("Pourquoi cette avocate ?");
    expect(fr).toContain("Parle votre langue préférée, donc placée avant");
    const ar = text(await renderIn("ar", <MatchCard match={huda} rank={1} />));
    expect(ar).toContain("تتحدث Huda Al-Dosari العربية");
    expect(ar).toContain("Huda Al-Dosari تستطيع البدء فورًا");
    expect(ar).toContain("تواصل مع المحامية");
    expect(ar).toContain("لماذا هذه المحامية؟");
    expect(ar).not.toMatch(/يتحدث |يستطيع|المحامي\b|هذا المحامي/);
  });

  it("issue 28 §2: without a stated gender the card reads in neutral wording", async () => {
    const anyone: ShownMatch = {
      ...MATCH,
      lawyer: toMatchCardLawyer({ ...LAWYER, name: "Sam Lee", grammaticalGender: null, languages: ["ar"] }),
      // As an older server wrote them, without the gender argument: neutral too.
      explanationRefs: [
        "assessment:explanation.language?name=Sam+Lee&language=ar",
        "assessment:explanation.availability.same?name=Sam+Lee&time=immediate&gender=other",
      ],
    };
    const fr = text(await renderIn("fr", <MatchCard match={anyone} rank={1} />));
    expect(fr).toContain("Prendre contact");
    expect(fr).toContain("Pourquoi ce résultat ?");
    expect(fr).not.toMatch(/avocate|l’avocat\b|cet avocat/);
    const ar = text(await renderIn("ar", <MatchCard match={anyone} rank={1} />));
    expect(ar).toContain("العربية، لغتك المفضلة، من لغات Sam Lee");
    expect(ar).toContain("لدى Sam Lee استعداد للبدء فورًا");
    expect(ar).toContain("لماذا هذه النتيجة؟");
    expect(ar).not.toMatch(/يتحدث |تتحدث |يستطيع|تستطيع|المحامية|هذا المحامي/);
  });

  it("shows the card, its scores and the explanation in German", async () => {
    const visible = text(await renderIn("de", <MatchCard match={MATCH} rank={3} />));
    expect(visible).toContain("Treffer Nr. 3");
    expect(visible).toContain("Gesamtübereinstimmung");
    expect(visible).toContain("8,4 von 10");
    expect(visible).toContain("Sie bevorzugen eine direkte Kommunikation, und Ana Müller ebenfalls.");
    expect(visible).not.toContain(MATCH.explanation);
  });

  it("shows the insights in Japanese, naming the country in Japanese", async () => {
    const visible = text(
      await renderIn(
        "ja",
        <InsightsCard
          insights={[
            "assessment:insights.scope.areasIn?caseType=carAccidents&country=DE&areas=Car+Accidents",
            "assessment:insights.focus.cost",
          ]}
        />,
      ),
    );
    expect(visible).toContain("あなたの性格から分かること");
    expect(visible).toContain("ドイツで交通事故を取扱分野に掲げる認証済みの弁護士をご紹介します。");
    expect(visible).toContain("あなたが最も重視するのは費用です。");
  });
});

describe("MatchCard's markup budget (issue 29 'Lean markup')", () => {
  const html = renderCard(<MatchCard match={MATCH} rank={1} />)
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<link [^>]*>/g, "");

  it("stays within 8.5 KB of HTML (ten cards make the matches page; it was 23 KB)", () => {
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(8.5 * 1024);
  });

  it("carries no style attribute but the score bars' widths (the data), and no inline icon drawing", () => {
    const styles = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1]);
    expect(styles.length).toBe(7);
    for (const style of styles) expect(style).toMatch(/^width:\d+(\.\d+)?%$/);
    expect(html).not.toMatch(/<path\b/);
    expect(html).toMatch(/<use href="#icon-user"/);
  });
});
