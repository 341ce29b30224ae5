/**
 * The listing forms' languages and office position (issue 28 §5: "languages are typed as ISO
 * codes and the office position as latitude/longitude"), rendered on the server as the page
 * arrives before any JavaScript, in every locale:
 * - languages are a picker of names in the page's language — checkboxes named `languages` (the
 *   stored ones first, in their order, then common ones) and a select of every other ISO 639-1
 *   language, all posting `languages` — with no text field for codes;
 * - the office position is the map first; the latitude and longitude fields stay (keyboard, no
 *   JavaScript) inside an "Enter coordinates" disclosure, open when maps are off or a coordinate
 *   has an error; "Find on map from my address" only when a geocoder is configured.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../../lib/i18n/locales.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { ISO_639_1_CODES, languageName } from "../../../lib/languages.ts";
import type { CountryOption } from "../../../lib/listing-owner.ts";
import { ownedListing, TEST_TILES } from "../../../tests/support/owned-listing.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { LanguagesField } from "./ListingFields";
import { CreateListingForm, EditListingForm } from "./ListingForms";

const LISTING = ownedListing({ languages: ["tr", "de"] });
const TILES = TEST_TILES;
const COUNTRIES: CountryOption[] = [{ code: "DE", name: "Germany" }];

const prefix = (locale: Locale) => (locale === "en" ? "" : `/${locale.toLowerCase()}`);
const decoded = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The `value`s of the checkboxes named languages, in document order, and which are checked. */
function languageBoxes(html: string): { value: string; checked: boolean }[] {
  return [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes('name="languages"'))
    .map((tag) => ({ value: /value="([^"]*)"/.exec(tag)?.[1] ?? "", checked: / checked=""/.test(tag) }));
}

/** The options of the select named languages. */
function languageOptions(html: string): string[] {
  const select = /<select[^>]*name="languages"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1] ?? "");
}

beforeAll(async () => {
  for (const locale of LOCALES) await ensureLocale(locale);
});

describe("the language picker (issue 28 §5)", () => {
  it.each(LOCALES)(
    "%s: names in the page's language, stored ones first and ticked, no code field",
    (locale) => {
      const html = renderInLocale(
        locale,
        `${prefix(locale)}/dashboard`,
        <EditListingForm listing={LISTING} tiles={TILES} />,
      );
      const t = getT(locale, "listing");
      expect(html).not.toMatch(/<input[^>]*type="text"[^>]*name="languages"/);
      expect(html).not.toMatch(/<input[^>]*name="languages"[^>]*type="text"/);
      const boxes = languageBoxes(html);
      expect(boxes.slice(0, 2)).toEqual([
        { value: "tr", checked: true },
        { value: "de", checked: true },
      ]);
      expect(boxes.slice(2).every((b) => !b.checked)).toBe(true);
      expect(boxes.map((b) => b.value)).toContain(locale.slice(0, 2));
      for (const b of boxes) expect(decoded(html)).toContain(languageName(b.value, locale));
      // Every other ISO 639-1 language is one choice of the select, after its empty first option.
      const options = languageOptions(html);
      expect(options[0]).toBe("");
      expect(new Set([...boxes.map((b) => b.value), ...options.slice(1)])).toEqual(new Set(ISO_639_1_CODES));
      expect(options.length - 1 + boxes.length).toBe(ISO_639_1_CODES.length);
      expect(decoded(html)).toContain(t("languages.legend"));
      expect(decoded(html)).toContain(t("languages.add"));
      // Options are sorted by name in the page's language.
      const names = options.slice(1).map((c) => languageName(c, locale));
      expect([...names].sort(new Intl.Collator(locale).compare)).toEqual(names);
    },
  );

  it("the create form offers the page's language first, nothing ticked", () => {
    const html = renderInLocale(
      "ja",
      "/ja/dashboard",
      <CreateListingForm email="kim@example.com" countries={COUNTRIES} />,
    );
    expect(languageBoxes(html).every((b) => !b.checked)).toBe(true);
    expect(languageBoxes(html)[0]?.value).toBe("ja");
  });

  it("shows its error next to the group, in the page's language", () => {
    const html = renderInLocale(
      "de",
      "/de/dashboard",
      <LanguagesField
        selected={["de"]}
        errors={{ languages: msg("validation:listing.languagesTooMany", { max: 12 }) }}
      />,
    );
    expect(html).toMatch(
      /<fieldset[^>]*aria-describedby="languages-hint languages-error"[^>]*aria-invalid="true"/,
    );
    expect(decoded(html)).toContain(getT("de", "validation")("listing.languagesTooMany", { max: 12 }));
  });
});

describe("the office position: the map first, coordinates in a disclosure (issue 28 §5)", () => {
  for (const locale of ["en", "ar"] as const) {
    it(`${locale}: the map comes before the coordinates, which sit in a closed <details>`, () => {
      const t = getT(locale, "listing");
      const html = renderInLocale(
        locale,
        `${prefix(locale)}/dashboard`,
        <EditListingForm listing={LISTING} tiles={TILES} />,
      );
      const map = html.indexOf('data-testid="position-picker"');
      const details = html.indexOf('data-testid="coordinates"');
      expect(map).toBeGreaterThan(0);
      expect(details).toBeGreaterThan(map);
      expect(html.indexOf('name="latitude"')).toBeGreaterThan(details);
      expect(html).toMatch(/<details[^>]*data-testid="coordinates"(?![^>]*\bopen\b)[^>]*>/);
      expect(decoded(html)).toContain(`<summary`);
      expect(decoded(html)).toContain(t("position.enterCoordinates"));
      expect(html).toContain('value="52.507542"');
      // No geocoder configured: no button that would need one.
      expect(html).not.toContain('name="locate"');
    });
  }

  it("opens the coordinates when maps are off", () => {
    const html = renderInLocale("en", "/dashboard", <EditListingForm listing={LISTING} tiles={null} />);
    expect(html).not.toContain("position-picker");
    expect(html).toMatch(/<details[^>]*data-testid="coordinates"[^>]*\bopen=""/);
  });

  it("offers 'Find on map from my address' when a geocoder is configured, as a submit button that works without JavaScript", () => {
    const t = getT("de", "listing");
    const html = renderInLocale(
      "de",
      "/de/dashboard",
      <EditListingForm listing={LISTING} tiles={TILES} locate />,
    );
    const button = /<button[^>]*name="locate"[^>]*>/.exec(html)?.[0] ?? "";
    expect(button).toContain('type="submit"');
    expect(button).toContain('value="1"');
    expect(decoded(html)).toContain(t("position.locate"));
  });
});
