/**
 * The visitor's country (issue 28 §1, lib/preferred-country.ts): the order of the sources, the
 * region of any Accept-Language tag, the usual country of a bare language but never of English or
 * Arabic, the page locale's table, the near-me point last; and `preferCountry`'s validation.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./i18n/locales.ts";
import { LOCALE_COUNTRY, likelyCountryOfLanguage, resolvePreferredCountry } from "./preferred-country.ts";
import { SearchParamsSchema, searchToQueryString } from "./search-params.ts";

describe("resolvePreferredCountry (issue 28 §1)", () => {
  it("reads the region of Accept-Language: pt-BR, de-AT, es-MX, ar-AE", () => {
    for (const [header, country] of [
      ["pt-BR", "BR"],
      ["de-AT,de;q=0.9", "AT"],
      ["es-MX,es;q=0.9,en;q=0.5", "MX"],
      ["ar-AE", "AE"],
      ["en,pt-BR;q=0.5", "BR"],
      ["zh-Hant-TW", "TW"],
    ] as const)
      expect(resolvePreferredCountry({ acceptLanguage: header }), header).toEqual({
        country,
        source: "accept-language",
      });
  });

  it("gives a bare language its likely country, but not English, Arabic or an area such as es-419", () => {
    expect(likelyCountryOfLanguage("de")).toBe("DE");
    expect(likelyCountryOfLanguage("pt")).toBe("BR");
    expect(likelyCountryOfLanguage("ja,en;q=0.5")).toBe("JP");
    expect(likelyCountryOfLanguage("en")).toBeNull();
    expect(likelyCountryOfLanguage("ar")).toBeNull();
    expect(likelyCountryOfLanguage("es-419")).toBeNull();
    expect(likelyCountryOfLanguage("*")).toBeNull();
    expect(likelyCountryOfLanguage(undefined)).toBeNull();
  });

  it("falls back to the page locale's usual country, then the near-me point's", () => {
    expect(resolvePreferredCountry({ acceptLanguage: "en", locale: "pt-BR" })).toEqual({
      country: "BR",
      source: "locale",
    });
    expect(resolvePreferredCountry({ locale: "en", nearCountry: "CA" })).toEqual({
      country: "CA",
      source: "near",
    });
    expect(resolvePreferredCountry({ locale: "ar" })).toEqual({ country: null, source: "none" });
    expect(
      resolvePreferredCountry({ acceptLanguage: "en-US", locale: "de", nearCountry: "CA" }).country,
    ).toBe("US");
  });

  it("takes the parameter first, and none turns every source off (property)", () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom("pt-BR", "de", "en", "ar-AE", "es-419", "", "garbage;q=x"), {
          nil: undefined,
        }),
        fc.option(fc.constantFrom(...LOCALES), { nil: undefined }),
        fc.option(fc.constantFrom("CA", "BR"), { nil: undefined }),
        fc.constantFrom("CH", "JP"),
        (acceptLanguage, locale, nearCountry, code) => {
          expect(resolvePreferredCountry({ parameter: code, acceptLanguage, locale, nearCountry })).toEqual({
            country: code,
            source: "parameter",
          });
          expect(resolvePreferredCountry({ parameter: "none", acceptLanguage, locale, nearCountry })).toEqual(
            {
              country: null,
              source: "none",
            },
          );
          // Without the parameter the answer is a country code or none, never a guess of "US".
          const r = resolvePreferredCountry({ acceptLanguage, locale, nearCountry });
          if (r.country !== null) expect(r.country).toMatch(/^[A-Z]{2}$/);
          if (!acceptLanguage?.match(/US/)) expect(r.country).not.toBe("US");
        },
      ),
    );
  });

  it("names a usual country for every locale but English and Arabic", () => {
    expect(LOCALE_COUNTRY).toEqual({
      en: null,
      de: "DE",
      fr: "FR",
      es: "ES",
      "pt-BR": "BR",
      nl: "NL",
      ja: "JP",
      ar: null,
    });
  });
});

describe("preferCountry in the search state (issue 28 §1)", () => {
  it("accepts an ISO 3166-1 alpha-2 code in any case and none, kept canonical in the URL", () => {
    expect(SearchParamsSchema.parse({ preferCountry: "br" }).preferCountry).toBe("BR");
    expect(SearchParamsSchema.parse({ preferCountry: " None " }).preferCountry).toBe("none");
    expect(SearchParamsSchema.parse({ preferCountry: "" }).preferCountry).toBeUndefined();
    expect(searchToQueryString(SearchParamsSchema.parse({ preferCountry: "br", query: "x" }))).toBe(
      "?query=x&preferCountry=BR",
    );
    expect(searchToQueryString(SearchParamsSchema.parse({ preferCountry: "none" }))).toBe(
      "?preferCountry=none",
    );
  });

  it("refuses anything else, naming preferCountry", () => {
    for (const value of ["XX", "EU", "BRA", "Brazil", "1", "b r"]) {
      const r = SearchParamsSchema.safeParse({ preferCountry: value });
      expect(r.success, value).toBe(false);
      if (!r.success) expect(r.error.issues[0]?.path).toEqual(["preferCountry"]);
    }
  });
});
