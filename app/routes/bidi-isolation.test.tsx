/**
 * Bidirectional isolation on Arabic pages (issue 28 §2): every value that may run in another
 * direction than the page (a Latin name, a firm, a location "Dubai, AE ،874277", a phone, an
 * email, an address line, a case title, an amount) is server-rendered inside an isolate: a
 * `<bdi>` (app/ui/Bidi.tsx) or FSI…PDI (lib/bidi.ts) in a translated sentence. Rendered as the
 * server renders the result card, the match card, the profile's parts and the case page's parts.
 */
import { MantineProvider } from "@mantine/core";
import fc from "fast-check";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { FSI, isolate, PDI, withoutIsolates } from "../../lib/bidi.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { MatchCard } from "../features/assessment/MatchCard";
import { CaseField } from "../features/cases/case-display";
import { FeesSection } from "../features/profile/FeesSection";
import { LawyerCard, type LawyerCardData } from "../features/search/LawyerCard";
import { ensureLocale, instanceFor } from "../i18n/i18n";
import { Bidi } from "../ui/Bidi";
import { LocationLine } from "../ui/Flag";

const NAME = "Ana Müller";
const FIRM = "Müller & Partner LLP";
const LOCATION = "Dubai, AE 874277";
const EMAIL = "ana@example.test";
const PHONE = "+971 4 330 2176";

/** Server-renders `node` on an Arabic page. */
function renderAr(node: ReactNode): string {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <I18nextProvider i18n={instanceFor("ar")}>
            <MantineProvider>{node}</MantineProvider>
          </I18nextProvider>
        ),
      },
    ],
    { initialEntries: ["/ar/browse-lawyers"] },
  );
  return renderToString(<RouterProvider router={router} />)
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<!-- -->/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'");
}

/** True when every occurrence of `value` in `html`'s text is the whole content of a `<bdi>`. */
function isolatedEverywhere(markup: string, value: string): boolean {
  // Attributes (href="mailto:…", aria-label) are not text a reader sees laid out.
  const html = markup.replace(/<(?!\/?bdi\b)[^>]*>/g, "<>");
  const all = html.split(value).length - 1;
  const inBdi =
    html.split(new RegExp(`<bdi(?: [^>]*)?>${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</bdi>`)).length -
    1;
  return all > 0 && all === inBdi;
}

beforeAll(async () => {
  await ensureLocale("ar");
});

describe("isolation of mixed-direction values on Arabic pages (issue 28 §2)", () => {
  it("the result card isolates the name, the firm and the location", () => {
    const card: LawyerCardData = {
      id: 7,
      name: NAME,
      firm: FIRM,
      location: LOCATION,
      country: "United Arab Emirates",
      countryCode: "AE",
      experience: 12,
      rating: 4.3,
      reviewCount: 40,
      managed: true,
      practiceAreas: ["Car Accidents"],
      languages: ["ar", "en"],
      imageUrl: null,
      business_logo: null,
      verification_status: "verified",
      verified: true,
      demo: true,
      responseStats: { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 },
      fees: { freeConsultation: false, consultationMinutes: null, models: [] },
    };
    const html = renderAr(<LawyerCard lawyer={card} distanceUnit="kilometer" />);
    for (const value of [NAME, FIRM, LOCATION]) expect(isolatedEverywhere(html, value), value).toBe(true);
  });

  it("the match card isolates the name, firm, location, phone and email", () => {
    const lawyer = {
      id: 42,
      name: NAME,
      firm: FIRM,
      email: EMAIL,
      phone: "+97143302176",
      location: LOCATION,
      country: "United Arab Emirates",
      countryCode: "AE",
      state: "Dubai",
      city: "Dubai",
      experience: 12,
      rating: 4.3,
      reviewCount: 40,
      bio: "Ana has represented injured cyclists for twelve years.",
      practiceAreas: ["Car Accidents"],
      languages: ["en"],
      imageUrl: null,
      business_logo: null,
      business_address: null,
      website: null,
      workingHours: null,
      verified: true,
      verification_status: "verified",
      demo: true,
      responseStats: { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 },
      fees: { freeConsultation: false, consultationMinutes: null, models: [] },
    } as unknown as LawyerDTO;
    const html = renderAr(
      <MatchCard
        rank={1}
        match={{
          phone: { text: PHONE, href: "tel:+97143302176" },
          lawyer,
          lawyerId: 42,
          overallScore: 8.4,
          personalityScore: 9.1,
          communicationScore: 10,
          approachScore: 6.5,
          focusScore: 5.9,
          availabilityScore: 7,
          experienceScore: 8,
          explanation: "",
          explanationRefs: [],
        }}
      />,
    );
    for (const value of [FIRM, LOCATION, PHONE, EMAIL])
      expect(isolatedEverywhere(html, value), value).toBe(true);
    expect(html).toContain(`<bdi>${NAME}</bdi>`);
  });

  it("the profile's location line and the case page's fields isolate their values", () => {
    expect(
      isolatedEverywhere(renderAr(<LocationLine countryCode="AE" location={LOCATION} />), LOCATION),
    ).toBe(true);
    const field = renderAr(<CaseField label="البريد" value={EMAIL} />);
    expect(isolatedEverywhere(field, EMAIL)).toBe(true);
    const phone = renderAr(<CaseField label="الهاتف" value={PHONE} ltr />);
    expect(phone).toContain(`<bdi dir="ltr">${PHONE}</bdi>`);
  });

  it('an amount inside a translated fee sentence is isolated (FSI…PDI, "US$ 29.99")', () => {
    const html = renderAr(
      <FeesSection
        countryCode="AE"
        fees={{
          freeConsultation: false,
          consultationMinutes: 30,
          models: [
            {
              kind: "hourly",
              minPercent: null,
              maxPercent: null,
              minAmount: 29.99,
              maxAmount: 250,
              currency: "USD",
            },
          ],
        }}
      />,
    );
    const amounts = [...html.matchAll(/US\$/g)];
    expect(amounts.length, html.replace(/<[^>]+>/g, " ")).toBeGreaterThan(0);
    for (const a of amounts) {
      const at = a.index ?? 0;
      expect(html.lastIndexOf(FSI, at)).toBeGreaterThan(html.lastIndexOf(PDI, at));
    }
  });
});

describe("Bidi and isolate", () => {
  it("Bidi renders a <bdi>, nothing for an empty value", () => {
    expect(renderToString(<Bidi>{LOCATION}</Bidi>)).toBe(`<bdi>${LOCATION}</bdi>`);
    expect(renderToString(<Bidi dir="ltr">{PHONE}</Bidi>)).toBe(`<bdi dir="ltr">${PHONE}</bdi>`);
    expect(renderToString(<Bidi>{""}</Bidi>)).toBe("");
  });

  it("isolate wraps any text once, and withoutIsolates gives it back", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        const once = isolate(text);
        expect(once.startsWith(FSI) && once.endsWith(PDI)).toBe(true);
        expect(isolate(once)).toBe(once);
        if (!/[\u2066-\u2069]/.test(text)) expect(withoutIsolates(once)).toBe(text);
      }),
    );
    expect(isolate("")).toBe("");
    expect(isolate(null)).toBe("");
    expect(isolate(874277)).toBe(`${FSI}874277${PDI}`);
  });
});
