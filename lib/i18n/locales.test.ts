/** Locale rules of issue 14 §1: prefixes, negotiation of Accept-Language, the choice cookie. */
import { describe, expect, it } from "vitest";
import {
  acceptLanguageTags,
  dirOf,
  localeFromCookie,
  localeFromPrefix,
  localizePath,
  negotiateLocale,
  splitLocalePath,
} from "./locales.ts";

describe("locale prefixes", () => {
  it("splits a prefixed path and leaves English paths alone", () => {
    expect(splitLocalePath("/de/browse-lawyers")).toEqual({ locale: "de", path: "/browse-lawyers" });
    expect(splitLocalePath("/pt-br/lawyer/12")).toEqual({ locale: "pt-BR", path: "/lawyer/12" });
    expect(splitLocalePath("/ar")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/about")).toEqual({ locale: "en", path: "/about" });
    expect(splitLocalePath("/")).toEqual({ locale: "en", path: "/" });
    // "en" is never a prefix (English keeps the spec's routes), nor is an unknown segment.
    expect(localeFromPrefix("en")).toBeNull();
    expect(localeFromPrefix("xx")).toBeNull();
    expect(localeFromPrefix("PT-BR")).toBe("pt-BR");
  });

  it("localizes site paths, keeps query and hash, and passes other targets through", () => {
    expect(localizePath("/browse-lawyers?q=x#r", "de")).toBe("/de/browse-lawyers?q=x#r");
    expect(localizePath("/", "ja")).toBe("/ja");
    expect(localizePath("/?q=x", "ar")).toBe("/ar?q=x");
    expect(localizePath("/about", "en")).toBe("/about");
    expect(localizePath("https://example.com/", "de")).toBe("https://example.com/");
    expect(localizePath("//evil.example/", "de")).toBe("//evil.example/");
    expect(localizePath("#main", "de")).toBe("#main");
  });

  it("gives Arabic right-to-left and the others left-to-right", () => {
    expect(dirOf("ar")).toBe("rtl");
    expect(dirOf("ja")).toBe("ltr");
  });
});

describe("Accept-Language negotiation (RFC 9110 §12.5.4, RFC 4647 lookup)", () => {
  it.each([
    ["de-CH,de;q=0.9,en;q=0.5", "de"],
    ["pt-PT,pt;q=0.9", "pt-BR"],
    ["ar-AE", "ar"],
    ["ja-JP", "ja"],
    ["es-419", "es"],
    ["nl-BE", "nl"],
    ["en-US,de;q=0.8", "en"],
    ["zh-CN,de;q=0.3", "de"],
    ["fr;q=0.2, ja;q=0.9", "ja"],
  ])("%s -> %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it.each([[""], [null], ["*"], ["zh-CN"], ["de;q=0"], ["!!!"]])("%s -> none (English page)", (header) => {
    expect(negotiateLocale(header)).toBeNull();
  });

  it("orders ranges by q and keeps header order on ties, ignoring bad tags", () => {
    expect(acceptLanguageTags("fr;q=0.5, de, x y, ja;q=0.5")).toEqual(["de", "fr", "ja"]);
  });
});

describe("the choice cookie", () => {
  it("reads a supported locale and ignores anything else", () => {
    expect(localeFromCookie("a=1; lexatlas_locale=ar; b=2")).toBe("ar");
    expect(localeFromCookie("lexatlas_locale=pt-BR")).toBe("pt-BR");
    expect(localeFromCookie("lexatlas_locale=xx")).toBeNull();
    expect(localeFromCookie(null)).toBeNull();
  });
});
