import { describe, expect, it } from "vitest";
import { acceptLanguageTags, regionFromAcceptLanguage, regionFromLanguages } from "./region.ts";

describe("the visitor's region from languages (issue 14 §2)", () => {
  it("orders Accept-Language by quality, drops q=0", () => {
    expect(acceptLanguageTags("fr-CH, fr;q=0.9, de-DE;q=0.95, en;q=0")).toEqual(["fr-CH", "de-DE", "fr"]);
    expect(acceptLanguageTags(null)).toEqual([]);
  });
  it("takes the first tag with a country", () => {
    expect(regionFromAcceptLanguage("de-DE,de;q=0.9")).toBe("DE");
    expect(regionFromAcceptLanguage("en, ja-JP;q=0.8")).toBe("JP");
    expect(regionFromLanguages(["zh-Hant-TW"])).toBe("TW");
  });
  it("never guesses: no region (or a UN area like 419) is null, not US", () => {
    expect(regionFromAcceptLanguage("en")).toBeNull();
    expect(regionFromAcceptLanguage("es-419, *")).toBeNull();
    expect(regionFromAcceptLanguage("")).toBeNull();
    expect(regionFromLanguages(["not a tag!"])).toBeNull();
  });
});
