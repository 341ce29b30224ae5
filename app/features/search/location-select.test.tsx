import type { ReactNode } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { Facets } from "../../../lib/lawyer.ts";
import { DEFAULT_SEARCH } from "../../../lib/search-state.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { ActiveFilterChips } from "./ActiveFilterChips";
import { makeLocationLabel } from "./Directory";
import { FilterPanel } from "./FilterPanel";

/** `element` rendered as the browse page in `locale`, without Mantine's style tags. */
function render(locale: Locale, element: ReactNode): string {
  return renderInLocale(
    locale,
    locale === "en" ? "/browse-lawyers" : `/${locale}/browse-lawyers`,
    element,
  ).replace(/<style[^>]*>.*?<\/style>/gs, "");
}

beforeAll(async () => {
  await Promise.all((["en", "ar"] as const).map((l) => ensureLocale(l)));
});

/** Facets as the directory loader hands them to the page (labels already in the page's language). */
function facetsIn(locale: Locale): Facets {
  const ar = locale === "ar";
  return {
    countries: [{ value: "DE", label: "Germany", count: 1250 }],
    regions: [{ value: "Bavaria, DE", label: ar ? "بافاريا" : "Bavaria", count: 310, countryCode: "DE" }],
    cities: [
      { value: "Munich, DE", label: ar ? "ميونخ" : "Munich", count: 1204, countryCode: "DE" },
      { value: "Berlin, DE", label: ar ? "برلين" : "Berlin", count: 3, countryCode: "DE" },
    ],
    practiceAreas: [],
    languages: [],
    verified: 0,
    respondsWithin24h: 0,
    freeConsultation: 0,
    feeModels: [],
    total: 1250,
  };
}

function panel(locale: Locale, location?: string) {
  const facets = facetsIn(locale);
  const t = instanceFor(locale).getFixedT(locale, "search");
  const params = { ...DEFAULT_SEARCH, location };
  const label = makeLocationLabel({ facets, site: facets }, locale, t);
  return render(
    locale,
    <FilterPanel
      params={params}
      countries={facets.countries}
      regions={facets.regions}
      cities={facets.cities}
      practiceAreas={facets.practiceAreas}
      action="/browse-lawyers"
      locationLabel={label}
      idPrefix="t"
    />,
  );
}

describe("location filter with regions and cities", () => {
  it("offers Countries / Regions / Cities groups with counts in English", () => {
    const html = panel("en");
    const select = /<select[^>]*name="location"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
    expect(select).toContain('<optgroup label="Countries">');
    expect(select).toContain('<optgroup label="Regions">');
    expect(select).toContain('<optgroup label="Cities">');
    expect(select).toContain('<option value="Munich, DE">Munich, Germany (1,204)</option>');
    expect(select).toContain('<option value="Bavaria, DE">Bavaria, Germany (310)</option>');
    // Cities sorted by name: Berlin before Munich.
    expect(select.indexOf("Berlin, DE")).toBeLessThan(select.indexOf("Munich, DE"));
    expect(select.indexOf("Countries")).toBeLessThan(select.indexOf("Regions"));
    expect(select.indexOf("Regions")).toBeLessThan(select.indexOf("Cities"));
  });

  it("reads in Arabic: group names, place names and Arabic-Indic counts", () => {
    const html = panel("ar");
    const t = instanceFor("ar").getFixedT("ar", "search");
    const select = /<select[^>]*name="location"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
    expect(select).toContain(`<optgroup label="${t("places.cities")}">`);
    expect(select).toContain(`<optgroup label="${t("places.regions")}">`);
    expect(t("places.cities")).toBe("المدن");
    const count = new Intl.NumberFormat("ar").format(1204);
    expect(select).toContain(`ميونخ، ألمانيا (${count})`);
    expect(select).not.toContain("Munich, Germany");
  });

  it.each(["en", "ar"] as const)("marks the chosen city selected and names its chip (%s)", (locale) => {
    const html = panel(locale, "Munich, DE");
    expect(html).toMatch(/<option value="Munich, DE" selected="">/);
    const facets = facetsIn(locale);
    const t = instanceFor(locale).getFixedT(locale, "search");
    const chips = render(
      locale,
      <ActiveFilterChips
        params={{ ...DEFAULT_SEARCH, location: "Munich, DE" }}
        action="/browse-lawyers"
        locationLabel={makeLocationLabel({ facets, site: facets }, locale, t)}
      />,
    ).replace(/<[^>]+>/g, " ");
    expect(chips).toContain(locale === "ar" ? "ميونخ، ألمانيا" : "Munich, Germany");
  });

  it("keeps a location no group offers as the first option", () => {
    const html = panel("en", "Atlantis");
    expect(html).toMatch(/<option value="Atlantis" selected="">Atlantis<\/option>/);
  });
});
