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
  languageName,
  languagePicker,
} from "./languages.ts";

const selection = fc.array(fc.oneof(fc.constantFrom(...ISO_639_1_CODES), fc.string({ maxLength: 4 })), {
  maxLength: 14,
});

describe("languagePicker (issue 28 §5)", () => {
  it("offers every language once, the listing's own first and in order", () => {
    fc.assert(
      fc.property(selection, fc.constantFrom(...LOCALES), (selected, locale) => {
        const { ticked, offered, others } = languagePicker(selected, locale);
        const all = [...ticked, ...offered, ...others];
        expect(all).toHaveLength(ISO_639_1_CODES.length);
        expect(new Set(all)).toEqual(new Set(ISO_639_1_CODES));
        const own = [...new Set(selected.filter(isLanguageCode))];
        expect(ticked).toEqual(own);
        expect(offered.every((c) => COMMON_LANGUAGES.includes(c))).toBe(true);
        const pageLanguage = locale.slice(0, 2);
        if (!own.includes(pageLanguage as never)) expect(offered[0]).toBe(pageLanguage);
        const collator = new Intl.Collator(locale);
        const names = others.map((c) => languageName(c, locale));
        expect([...names].sort(collator.compare)).toEqual(names);
      }),
      { numRuns: 150 },
    );
  });
});
