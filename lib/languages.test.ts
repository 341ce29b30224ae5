/**
 * The listing form's language picker (issue 28 §5, lib/languages.ts languagePicker), over
 * generated selections (real codes, repeats, junk) in every locale of the site: every ISO 639-1
 * language is offered exactly once; the listing's own languages come first, ticked, in their
 * stored order (its first language stays first); the common ones follow with the page's
 * language first; the rest is sorted by name in the page's language.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./i18n/locales.ts";
import {
  COMMON_LANGUAGES,
  ISO_639_1_CODES,
  isLanguageCode,
  languageOptions,
  languagePicker,
} from "./languages.ts";

const selection = fc.array(fc.oneof(fc.constantFrom(...ISO_639_1_CODES), fc.string({ maxLength: 4 })), {
  maxLength: 14,
});

describe("languageOptions (issue 28 §5)", () => {
  it("names every language in the locale and sorts by name the locale's way", () => {
    for (const locale of LOCALES) {
      const options = languageOptions(locale);
      expect(options.map((o) => o.code).sort()).toEqual([...ISO_639_1_CODES].sort());
      const names = options.map((o) => o.name);
      expect([...names].sort(new Intl.Collator(locale).compare)).toEqual(names);
    }
  });
});

describe("languagePicker (issue 28 §5)", () => {
  it("offers every language once, the listing's own first and in order", () => {
    fc.assert(
      fc.property(selection, fc.constantFrom(...LOCALES), (selected, locale) => {
        const options = languageOptions(locale);
        const { ticked, offered, others } = languagePicker(selected, options, locale);
        const all = [...ticked, ...offered, ...others].map((o) => o.code);
        expect(all).toHaveLength(ISO_639_1_CODES.length);
        expect(new Set(all)).toEqual(new Set(ISO_639_1_CODES));
        const own = [...new Set(selected.filter(isLanguageCode))];
        expect(ticked.map((o) => o.code)).toEqual(own);
        expect(offered.every((o) => COMMON_LANGUAGES.includes(o.code))).toBe(true);
        const pageLanguage = locale.slice(0, 2);
        if (!own.includes(pageLanguage as never)) expect(offered[0]?.code).toBe(pageLanguage);
        // The list keeps the server's order of the options (named and sorted there).
        const order = options.map((o) => o.code);
        const positions = others.map((o) => order.indexOf(o.code));
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      }),
      { numRuns: 150 },
    );
  });
});
