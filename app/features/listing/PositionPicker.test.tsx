/**
 * The listing edit form's position picker (issue 19 §1), rendered on the server in English and
 * Arabic: the map container comes first, above the latitude/longitude fields (issue 28 §5: the
 * map is the way, the fields the fallback), with its localized label and help (the map itself
 * loads in the browser; without JavaScript the box says the map is unavailable and the fields
 * stay), and no picker when maps are off (MAP_TILE_URL=off).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { ownedListing, TEST_TILES } from "../../../tests/support/owned-listing.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { EditListingForm } from "./ListingForms";

const LISTING = ownedListing();
const TILES = TEST_TILES;

describe("the listing edit form's position picker (issue 19 §1)", () => {
  beforeAll(async () => {
    await ensureLocale("ar");
  });

  for (const [locale, path] of [
    ["en", "/dashboard"],
    ["ar", "/ar/dashboard"],
  ] as const satisfies readonly (readonly [Locale, string])[]) {
    it(`renders the map container above the position fields in ${locale}`, () => {
      const t = instanceFor(locale).getFixedT(locale, "listing");
      const html = renderInLocale(locale, path, <EditListingForm listing={LISTING} tiles={TILES} />);
      const picker = html.indexOf('data-testid="position-picker"');
      expect(picker).toBeGreaterThan(0);
      expect(picker).toBeLessThan(html.indexOf('name="latitude"'));
      expect(html).toContain(`aria-label="${t("position.mapLabel")}"`);
      expect(html).toContain(t("position.mapHelp"));
      expect(html).toContain('data-testid="office-map"');
      // Leaflet draws left to right inside the right-to-left page.
      expect(html).toMatch(/data-testid="office-map"[^>]*>\s*<div dir="ltr"/);
      expect(html).toContain('value="52.507542"');
      expect(t("position.mapLabel")).not.toBe("position.mapLabel");
    });
  }

  it("shows no map when maps are off", () => {
    const html = renderInLocale("en", "/dashboard", <EditListingForm listing={LISTING} tiles={null} />);
    expect(html).not.toContain("position-picker");
    expect(html).toContain('name="latitude"');
  });
});
