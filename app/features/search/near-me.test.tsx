import type { ReactNode } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { greatCircleKm } from "../../../lib/great-circle.ts";
import { LOCALES, type Locale } from "../../../lib/i18n/locales.ts";
import { DEFAULT_NEAR_RADIUS, defaultRadiusKm, radiusOptionsKm, toRadiusKm } from "../../../lib/near.ts";
import { parseSearchUrl } from "../../../lib/search-params.ts";
import { DEFAULT_SEARCH, type SearchParams, searchToQueryString } from "../../../lib/search-state.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { ActiveFilterChips } from "./ActiveFilterChips";
import { formatDistance } from "./distance";
import { SearchResults } from "./SearchResults";

/** The text of `element` rendered as the browse page in `locale` (tags as spaces, no style tags). */
function render(locale: Locale, element: ReactNode): string {
  return renderInLocale(locale, locale === "en" ? "/browse-lawyers" : `/${locale}/browse-lawyers`, element)
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<[^>]+>/g, " ");
}

beforeAll(async () => {
  await Promise.all(LOCALES.map((l) => ensureLocale(l)));
});

const near: SearchParams = { ...DEFAULT_SEARCH, near: { lat: 53.55, lng: 9.99 }, radiusKm: 25 };

describe("near-me radius", () => {
  it("starts at 25 km, or 15 mi (24.14 km) for visitors who read miles, and the URL keeps it canonical", () => {
    expect(DEFAULT_NEAR_RADIUS).toEqual({ kilometer: 25, mile: 15 });
    expect(defaultRadiusKm("kilometer")).toBe(25);
    expect(defaultRadiusKm("mile")).toBe(24.14);
    expect(formatDistance(defaultRadiusKm("mile"), "en", "mile")).toBe("15 mi");
    const q = searchToQueryString({ ...near, radiusKm: defaultRadiusKm("mile") });
    const { params, invalid } = parseSearchUrl(new URLSearchParams(q));
    expect(invalid).toEqual([]);
    expect(searchToQueryString(params)).toBe(q);
  });

  it("offers the radii of the visitor's unit, and keeps a hand-edited radius among them", () => {
    expect(radiusOptionsKm("kilometer")).toEqual([5, 10, 25, 50, 100, 250]);
    expect(radiusOptionsKm("mile").map((km) => formatDistance(km, "en", "mile"))).toEqual([
      "5 mi",
      "10 mi",
      "15 mi",
      "25 mi",
      "50 mi",
      "150 mi",
    ]);
    expect(radiusOptionsKm("kilometer", 33)).toEqual([5, 10, 25, 33, 50, 100, 250]);
    expect(toRadiusKm(10, "kilometer")).toBe(10);
  });

  it("measures great-circle distances (Hamburg to Berlin is about 255 km)", () => {
    expect(Math.round(greatCircleKm(53.5507, 9.993, 52.52, 13.405))).toBe(255);
    expect(greatCircleKm(1, 2, 1, 2)).toBe(0);
  });

  it.each(LOCALES)("words the chip and the heading with the radius in %s", (locale) => {
    const t = instanceFor(locale).getFixedT(locale, "search");
    const distance = formatDistance(25, locale, "kilometer");
    const chips = render(
      locale,
      <ActiveFilterChips params={near} action="/browse-lawyers" locationLabel={(v) => v} />,
    );
    expect(chips).toContain(t("near.chip", { distance }));
    expect(t("near.chip", { distance })).not.toContain("{");
    const page = render(
      locale,
      <SearchResults
        params={near}
        lawyers={[]}
        total={3}
        error={false}
        textNotice={null}
        action="/browse-lawyers"
        locationLabel={(v) => v}
        distanceUnit="kilometer"
      />,
    );
    const heading = t("near.count", { count: 3, distance });
    expect(heading).toContain(distance);
    expect(page).toContain(heading);
  });

  it("reads 'N lawyers within 25 km' in English with a plural, and miles for mile visitors", () => {
    const t = instanceFor("en").getFixedT("en", "search");
    expect(t("near.count", { count: 1, distance: "25 km" })).toBe("1 lawyer within 25 km");
    expect(t("near.count", { count: 1204, distance: "25 km" })).toBe("1,204 lawyers within 25 km");
    const chips = render(
      "en",
      <ActiveFilterChips
        params={{ ...near, radiusKm: 24.14 }}
        action="/browse-lawyers"
        locationLabel={(v) => v}
        distanceUnit="mile"
      />,
    );
    expect(chips).toContain("Within 15 mi");
    // Without a radius the chip keeps its old words.
    const plain = render(
      "en",
      <ActiveFilterChips
        params={{ ...near, radiusKm: undefined }}
        action="/browse-lawyers"
        locationLabel={(v) => v}
      />,
    );
    expect(plain).toContain("Near your location");
  });
});
