/**
 * A result card rendered in other locales (issue 14 §2): German and Arabic words, numbers and
 * plural forms, practice-area names, the profile link kept in the locale, and the distance in the
 * visitor's unit (miles for US, GB, LR, MM by the Accept-Language region, else km).
 */
import { readFileSync } from "node:fs";
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { type DistanceUnit, distanceUnitFor, formatDistance, visitorRegion } from "./distance";
import { LawyerCard, type LawyerCardData } from "./LawyerCard";

const CARD: LawyerCardData = {
  id: 7,
  name: "Ana Müller",
  firm: "Müller Law",
  location: "Berlin, Germany",
  country: "Germany",
  countryCode: "DE",
  experience: 12,
  rating: 4.3,
  reviewCount: 40,
  practiceAreas: ["Car Accidents", "Dog Bites", "Birth Injury", "Mass Torts", "Wrongful Death"],
  languages: ["de", "en"],
  grammaticalGender: null,
  imageUrl: null,
  business_logo: null,
  verification_status: "verified",
  verified: true,
  demo: true,
  managed: true,
  responseStats: { medianFirstResponseHours: 4.2, answeredWithin24hShare: 0.9, sampleSize: 12 },
  fees: { freeConsultation: true, consultationMinutes: 30, models: [] },
  distanceKm: 6.44,
};

/** Server-renders a card on a page of `locale` ("/de/browse-lawyers"), as the browse page does. */
function renderCard(locale: Locale, lawyer: LawyerCardData, unit: DistanceUnit = "kilometer") {
  const path = locale === "en" ? "/browse-lawyers" : `/${locale.toLowerCase()}/browse-lawyers`;
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <I18nextProvider i18n={instanceFor(locale)}>
            <MantineProvider>
              <LawyerCard lawyer={lawyer} distanceUnit={unit} />
            </MantineProvider>
          </I18nextProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const html = renderToString(<RouterProvider router={router} />)
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<!-- -->/g, "");
  return { html, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

beforeAll(async () => {
  await Promise.all([ensureLocale("de"), ensureLocale("ar")]);
});

describe("LawyerCard in German", () => {
  it("writes the rating, counts and badges in German with German plurals", () => {
    const { html, text } = renderCard("de", CARD);
    expect(text).toContain("4,3");
    expect(text).toContain("Bewertet mit 4,3 von 5");
    expect(text).toContain("(40 Bewertungen)");
    expect(text).toContain("12 Jahre Erfahrung");
    expect(text).toContain("Verifiziert");
    expect(text).toContain("Verkehrsunfälle");
    expect(text).toContain("+2 weitere");
    expect(text).toContain("6,4 km entfernt");
    expect(html).toContain('href="/de/lawyer/7"');
    const one = renderCard("de", { ...CARD, reviewCount: 1, experience: 1 }).text;
    expect(one).toContain("(1 Bewertung)");
    expect(one).toContain("1 Jahr Erfahrung");
    expect(renderCard("de", { ...CARD, reviewCount: 0 }).text).toContain("Noch keine Bewertungen");
  });

  it("shows the distance in miles for a visitor who gets miles", () => {
    expect(renderCard("de", CARD, "mile").text).toContain("4 mi entfernt");
  });
});

describe("fee badges (issue 19 §1)", () => {
  it("shows 'Free consultation' and 'No win, no fee' only when true, in the page's language", () => {
    const noWin = {
      ...CARD,
      fees: {
        freeConsultation: true,
        consultationMinutes: 30,
        models: [
          {
            kind: "contingency" as const,
            minPercent: 20,
            maxPercent: 25,
            minAmount: null,
            maxAmount: null,
            currency: null,
          },
        ],
      },
    };
    const de = renderCard("de", noWin).html;
    expect(de).toContain("Kostenlose Erstberatung");
    expect(de).toContain("Kein Erfolg, kein Honorar");
    const ar = renderCard("ar", noWin).html;
    expect(ar).toContain("استشارة مجانية");
    expect(ar).toContain("لا أتعاب دون نجاح");
    const de1 = renderCard("de", CARD).html;
    expect(de1).toContain('data-testid="badge-free-consultation"');
    expect(de1).not.toContain('data-testid="badge-no-win-no-fee"');
    const none = renderCard("de", {
      ...CARD,
      fees: { freeConsultation: false, consultationMinutes: null, models: [] },
    }).html;
    expect(none).not.toContain('data-testid="badge-free-consultation"');
    expect(none).not.toContain('data-testid="badge-no-win-no-fee"');
  });
});

describe("LawyerCard in Arabic", () => {
  it("uses Arabic words, Arabic plural forms and the Arabic unit", () => {
    const { html, text } = renderCard("ar", CARD);
    expect(text).toContain("التقييم 4.3 من 5");
    expect(text).toContain("(40 مراجعة)");
    expect(text).toContain("خبرة 12 سنة");
    expect(text).toContain("موثَّق");
    expect(text).toContain("حوادث السيارات");
    expect(text).toContain("على بُعد 6.4 كم");
    expect(html).toContain('href="/ar/lawyer/7"');
    expect(renderCard("ar", { ...CARD, reviewCount: 2, experience: 3 }).text).toContain("(مراجعتان)");
    expect(renderCard("ar", { ...CARD, reviewCount: 2, experience: 3 }).text).toContain("خبرة 3 سنوات");
    expect(renderCard("ar", CARD, "mile").text).toContain("ميل");
  });

  it("fills the stars from the right", () => {
    // parts.module.css mirrors [data-dir="rtl"] stars (issue 29: a class rule, not a style).
    expect(renderCard("ar", CARD).html).toMatch(/class="stars [^"]*" data-dir="rtl"/);
    expect(renderCard("de", CARD).html).toMatch(/class="stars [^"]*" data-dir="ltr"/);
    const css = readFileSync(new URL("../profile/parts.module.css", import.meta.url), "utf8");
    expect(css).toMatch(/\.stars\[data-dir="rtl"\] \{\s*transform: scaleX\(-1\);/);
  });
});

describe("distance unit and format", () => {
  it("gives miles to visitors in the US, the UK, Liberia and Myanmar, km elsewhere", () => {
    expect(distanceUnitFor("en-US,en;q=0.9")).toBe("mile");
    expect(distanceUnitFor("en-GB")).toBe("mile");
    expect(distanceUnitFor("en-LR")).toBe("mile");
    expect(distanceUnitFor("my")).toBe("mile");
    expect(distanceUnitFor("de-DE,de;q=0.9,en-US;q=0.5")).toBe("kilometer");
    expect(distanceUnitFor("en-CA")).toBe("kilometer");
    expect(distanceUnitFor("fr")).toBe("kilometer");
    expect(distanceUnitFor(null)).toBe("kilometer");
    expect(distanceUnitFor("*")).toBe("kilometer");
    expect(visitorRegion("pt-BR")).toBe("BR");
    expect(visitorRegion("de")).toBe("DE");
  });

  it("formats with the locale's unit style", () => {
    expect(formatDistance(0.42, "de")).toBe("420 m");
    expect(formatDistance(6.44, "de")).toBe("6,4 km");
    expect(formatDistance(1204.4, "de")).toBe("1.204 km");
    expect(formatDistance(16.09344, "en", "mile")).toBe("10 mi");
    expect(formatDistance(321.8688, "en", "mile")).toBe("200 mi");
    expect(formatDistance(0.01, "en", "mile")).toBe("0.1 mi");
  });
});
