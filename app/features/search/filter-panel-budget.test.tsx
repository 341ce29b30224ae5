/**
 * Issue 29 "Lean markup": the filter panel's HTML stays small. Before, every option was a
 * Mantine Group + Checkbox (with its SVG tick) + Badge, each with long inline `style` attributes:
 * 143 KB and 1,105 elements of the home page's 428 KB. Now each option is a native label +
 * checkbox + text + count styled by filters.css. The budgets are ~20 % above what the lean panel
 * renders with facets the size of the demo directory's (12 practice areas, 60 languages, 60
 * countries, 50 regions, 60 cities): a change that grows the markup back fails here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PRACTICE_AREAS } from "../../../lib/constants.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { ISO_639_1_CODES } from "../../../lib/languages.ts";
import type { Facets } from "../../../lib/lawyer.ts";
import { DEFAULT_SEARCH, type SearchParams } from "../../../lib/search-state.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale } from "../../i18n/i18n";
import { FilterPanel } from "./FilterPanel";

/** The panel's byte budget (UTF-8) for the demo-sized facets below, in English and Arabic. */
const BYTE_BUDGET = { en: 30_500, ar: 34_700 } as const;
/** The panel's element budget: about 5 elements per option plus the selects' options. */
const ELEMENT_BUDGET = 710;

const COUNTRIES = [
  ...["AR", "AU", "AT", "BE", "BR", "CA", "CL", "CO", "CR", "HR", "CZ", "DK", "EG", "EE", "FI"],
  ...["FR", "DE", "GH", "GR", "HK", "HU", "IN", "ID", "IE", "IL", "IT", "JP", "KE", "KR", "LV"],
  ...["LT", "LU", "MY", "MX", "MA", "NL", "NZ", "NG", "NO", "PE", "PH", "PL", "PT", "RO", "SA"],
  ...["SG", "SK", "SI", "ZA", "ES", "SE", "CH", "TW", "TH", "TR", "AE", "GB", "US", "UY", "VN"],
];

/** Facets the size of the demo directory's (5,600 lawyers). */
function demoFacets(): Facets {
  const place = (kind: string, i: number) => {
    const countryCode = COUNTRIES[i % COUNTRIES.length] ?? "DE";
    return { value: `${kind} ${i}, ${countryCode}`, label: `${kind} ${i}`, count: 10 + i, countryCode };
  };
  return {
    countries: COUNTRIES.map((value, i) => ({ value, label: value, count: 1000 + i * 7 })),
    regions: Array.from({ length: 50 }, (_, i) => place("Region", i)),
    cities: Array.from({ length: 60 }, (_, i) => place("City", i)),
    practiceAreas: PRACTICE_AREAS.map((value, i) => ({ value, label: value, count: 2665 - i * 100 })),
    languages: ISO_639_1_CODES.slice(0, 60).map((value, i) => ({
      value,
      label: value,
      count: 4805 - i * 70,
    })),
    verified: 3937,
    respondsWithin24h: 2266,
    freeConsultation: 4253,
    feeModels: [{ value: "contingency", label: "contingency", count: 3068 }],
    total: 5600,
  };
}

/** The panel's HTML as the browse page in `locale` renders it (Mantine's style tags left out). */
function panelHtml(locale: Locale, params: SearchParams = DEFAULT_SEARCH): string {
  const facets = demoFacets();
  return renderInLocale(
    locale,
    locale === "en" ? "/browse-lawyers" : `/${locale}/browse-lawyers`,
    <FilterPanel
      params={params}
      countries={facets.countries}
      regions={facets.regions}
      cities={facets.cities}
      practiceAreas={facets.practiceAreas}
      languages={facets.languages}
      verifiedCount={facets.verified}
      respondsWithin24hCount={facets.respondsWithin24h}
      freeConsultationCount={facets.freeConsultation}
      noWinNoFeeCount={3068}
      action="/browse-lawyers"
      locationLabel={(v) => v}
      idPrefix="sidebar"
    />,
  ).replace(/<style[^>]*>.*?<\/style>/gs, "");
}

const elements = (html: string) => html.match(/<[a-zA-Z][^>]*>/g) ?? [];

beforeAll(async () => {
  await Promise.all((["en", "ar"] as const).map((l) => ensureLocale(l)));
});

describe("the filter panel's markup stays lean (issue 29)", () => {
  it.each(["en", "ar"] as const)("stays under its byte and element budgets in %s", (locale) => {
    const html = panelHtml(locale);
    // The fixture reaches the real panel: every option is there.
    expect(html.match(/name="practiceAreas"/g)).toHaveLength(PRACTICE_AREAS.length);
    expect(html.match(/name="languages"/g)).toHaveLength(60);
    expect(Buffer.byteLength(html)).toBeLessThan(BYTE_BUDGET[locale]);
    expect(elements(html).length).toBeLessThan(ELEMENT_BUDGET);
  });

  it("has no inline style attribute and no SVG, with filters active too", () => {
    const params: SearchParams = {
      ...DEFAULT_SEARCH,
      query: "crash",
      location: "DE",
      practiceAreas: ["Dog Bites"],
      languages: ["de"],
      verified: true,
      experience: 5,
      rating: 4,
    };
    for (const html of [panelHtml("en"), panelHtml("ar", params)]) {
      expect(elements(html).filter((tag) => /\sstyle="/.test(tag))).toEqual([]);
      expect(html).not.toContain("<svg");
      expect(html).not.toMatch(/mantine-(Group|Checkbox|Badge)-root/);
    }
  });

  it("keeps one native checkbox per option with its name, value, label and count", () => {
    const html = panelHtml("en", { ...DEFAULT_SEARCH, practiceAreas: ["Dog Bites"] });
    const dogBites = /<label class="fp-opt"><input [^>]*value="Dog Bites"[^>]*\/>(.*?)<\/label>/.exec(html);
    expect(dogBites?.[0]).toContain('type="checkbox"');
    expect(dogBites?.[0]).toContain('name="practiceAreas"');
    expect(dogBites?.[0]).toContain('checked=""');
    expect(dogBites?.[1]).toBe(
      '<span>Dog Bites</span><span class="fp-n">1,965<span class="visually-hidden-label"> lawyers</span></span>',
    );
    expect(html).toContain('data-testid="verified-only"');
    expect(html).toContain('name="experience"');
    expect(html).toContain('name="rating"');
  });
});
