/** countryFromAcceptLanguage: the wizard's default country (issue 5 "Where is your case?"). */
import { describe, expect, it } from "vitest";
import { countryFromAcceptLanguage, languageFromAcceptLanguage } from "./accept-language";

const AVAILABLE = new Set(["US", "GB", "CA", "DE", "CH", "BR"]);

describe("countryFromAcceptLanguage", () => {
  it("takes the region of the preferred range", () => {
    expect(countryFromAcceptLanguage("en-GB,en;q=0.9", AVAILABLE)).toBe("GB");
    expect(countryFromAcceptLanguage("pt-br", AVAILABLE)).toBe("BR");
  });

  it("follows q values, not header order, and keeps header order on ties", () => {
    expect(countryFromAcceptLanguage("en-US;q=0.5,de-DE;q=0.8", AVAILABLE)).toBe("DE");
    expect(countryFromAcceptLanguage("de-CH,en-US", AVAILABLE)).toBe("CH");
  });

  it("skips scripts and numeric regions and finds the country after them", () => {
    expect(countryFromAcceptLanguage("zh-Hant-CA", AVAILABLE)).toBe("CA");
    expect(countryFromAcceptLanguage("es-419,en-US;q=0.5", AVAILABLE)).toBe("US");
  });

  it("never turns a bare language into a country", () => {
    expect(countryFromAcceptLanguage("de,en;q=0.8", AVAILABLE)).toBe("");
  });

  it("ignores countries without lawyers, q=0 and malformed input", () => {
    expect(countryFromAcceptLanguage("fr-FR,en-GB;q=0.5", AVAILABLE)).toBe("GB");
    expect(countryFromAcceptLanguage("en-GB;q=0", AVAILABLE)).toBe("");
    expect(countryFromAcceptLanguage(";;,,-,en-;q=abc", AVAILABLE)).toBe("");
    expect(countryFromAcceptLanguage(null, AVAILABLE)).toBe("");
    expect(countryFromAcceptLanguage("*", AVAILABLE)).toBe("");
  });
});

describe("languageFromAcceptLanguage (issue 14 §4 preferred language)", () => {
  const SPOKEN = new Set(["en", "de", "fr", "ar"]);
  it("takes the primary subtag of the most preferred range that lawyers speak", () => {
    expect(languageFromAcceptLanguage("de-CH,en;q=0.8", SPOKEN)).toBe("de");
    expect(languageFromAcceptLanguage("ja-JP,fr;q=0.5,en;q=0.7", SPOKEN)).toBe("en");
    expect(languageFromAcceptLanguage("AR-ae", SPOKEN)).toBe("ar");
  });
  it("answers '' when nothing matches or the header is missing", () => {
    expect(languageFromAcceptLanguage("ja,ko;q=0.5", SPOKEN)).toBe("");
    expect(languageFromAcceptLanguage("de;q=0", SPOKEN)).toBe("");
    expect(languageFromAcceptLanguage(null, SPOKEN)).toBe("");
    expect(languageFromAcceptLanguage("*", SPOKEN)).toBe("");
  });
});
