import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileCookieHeader } from "../tests/support/hostile-inputs.ts";
import { MAX_COOKIE_VALUE_LENGTH, readCookie } from "./cookies.ts";
import { isLocale, localeFromCookie } from "./i18n/locales.ts";
import { DEFAULT_TIME_ZONE, timeZoneFromCookie } from "./i18n/time-zone.ts";
import { consentedCategories } from "./privacy.ts";

/** Any header text: the hostile cookie headers and arbitrary Unicode (lone surrogates included). */
const anyHeader = fc.oneof(hostileCookieHeader, fc.string({ unit: "binary", maxLength: 300 }));
/** Values with no control character (what a cookie of ours can hold once decoded). */
const plainValue = fc
  .string({ unit: "grapheme", maxLength: 60 })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the values tested hold none
  .filter((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v));

describe("readCookie (issue 27 §2: cookies that do not decode are ignored, never a 500)", () => {
  it("reads a value, the first well-formed pair of that name, with odd spacing and quotes", () => {
    expect(readCookie("lexatlas_locale=de", "lexatlas_locale")).toBe("de");
    expect(readCookie("a=1;  lexatlas_locale = ja ;b=2", "lexatlas_locale")).toBe("ja");
    expect(readCookie('lexatlas_locale="pt-BR"', "lexatlas_locale")).toBe("pt-BR");
    expect(readCookie("lexatlas_locale=de; lexatlas_locale=fr", "lexatlas_locale")).toBe("de");
    expect(readCookie("lexatlas_tz=Europe%2FBerlin", "lexatlas_tz")).toBe("Europe/Berlin");
    expect(readCookie("xlexatlas_locale=de; LEXATLAS_LOCALE=de", "lexatlas_locale")).toBeNull();
    expect(readCookie("lexatlas_locale", "lexatlas_locale")).toBeNull();
    expect(readCookie("", "lexatlas_locale")).toBeNull();
    expect(readCookie(null, "lexatlas_locale")).toBeNull();
  });

  it("ignores a pair that does not decode (the attacker's %E0%A4%A) and takes a later good one", () => {
    for (const bad of [
      "%E0%A4%A",
      "%",
      "%FF",
      "%C0%AF",
      "%ED%A0%80",
      "%ZZ",
      "%00",
      "%0A",
      'a"b',
      "a\\b",
      "\u00e9",
    ]) {
      expect(readCookie(`lexatlas_locale=${bad}`, "lexatlas_locale"), bad).toBeNull();
      expect(readCookie(`lexatlas_locale=${bad}; lexatlas_locale=ja`, "lexatlas_locale"), bad).toBe("ja");
    }
    expect(readCookie(`n=${"a".repeat(MAX_COOKIE_VALUE_LENGTH + 1)}`, "n")).toBeNull();
    expect(readCookie(`n=${"a".repeat(MAX_COOKIE_VALUE_LENGTH)}`, "n")).toHaveLength(MAX_COOKIE_VALUE_LENGTH);
  });

  it("never throws, and answers null or a string without control characters (property)", () => {
    fc.assert(
      fc.property(
        anyHeader,
        fc.constantFrom("lexatlas_locale", "lexatlas_tz", "cc_cookie", "x", ""),
        (header, name) => {
          const value = readCookie(header, name);
          // biome-ignore lint/suspicious/noControlCharactersInRegex: none may come out
          if (value !== null) expect(/[\u0000-\u001f\u007f-\u009f]/.test(value)).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("reads back any value written with encodeURIComponent, among hostile neighbours (property)", () => {
    fc.assert(
      fc.property(plainValue, hostileCookieHeader, hostileCookieHeader, (value, before, after) => {
        const header = `${before}; lexatlas_test=${encodeURIComponent(value)}; ${after}`;
        // The neighbours never name lexatlas_test, so the pair written is the one read.
        expect(readCookie(header, "lexatlas_test")).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("every cookie reader of lib/ ignores what does not decode (issue 27)", () => {
  it("the locale, time zone and consent readers never throw and fall back (property)", () => {
    fc.assert(
      fc.property(anyHeader, (header) => {
        const locale = localeFromCookie(header);
        expect(locale === null || isLocale(locale)).toBe(true);
        expect(typeof timeZoneFromCookie(header)).toBe("string");
        const consent = consentedCategories(header);
        expect(consent === null || Array.isArray(consent)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("falls back for the attacker's cookie", () => {
    expect(localeFromCookie("lexatlas_locale=%E0%A4%A")).toBeNull();
    expect(timeZoneFromCookie("lexatlas_tz=%E0%A4%A")).toBe(DEFAULT_TIME_ZONE);
    expect(consentedCategories("cc_cookie=%E0%A4%A")).toBeNull();
    expect(consentedCategories("cc_cookie=null")).toBeNull();
  });
});
