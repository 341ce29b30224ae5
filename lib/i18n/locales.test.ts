/** Locale rules of issue 14 §1: prefixes, negotiation of Accept-Language, the choice cookie. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameSitePath } from "../redirects.ts";
import {
  acceptLanguageTags,
  dirOf,
  LOCALES,
  listingLocale,
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

  it("issue 28 §2: a path already in a locale is put in the asked one, never prefixed twice", () => {
    expect(localizePath("/de/about", "de")).toBe("/de/about");
    expect(localizePath("/de/about?q=1#x", "fr")).toBe("/fr/about?q=1#x");
    expect(localizePath("/ja", "ar")).toBe("/ar");
    expect(localizePath("/pt-br?q=x", "en")).toBe("/?q=x");
    expect(localizePath("/ar/lawyer/3", "en")).toBe("/lawyer/3");
    // Never turns a site path into another host: "/de//evil.example" keeps its prefix segment.
    expect(localizePath("/de//evil.example", "en")).toBe("/de//evil.example");
    expect(localizePath("/de//evil.example", "fr")).toBe("/fr/de//evil.example");
  });

  it("issue 28 §2 (property): localizing is idempotent, re-targets any locale, and stays on the site", () => {
    const locale = fc.constantFrom(...LOCALES);
    const segment = fc.stringMatching(/^[a-z0-9-]{0,12}$/);
    const sitePath = fc
      .tuple(
        fc.constantFrom("", ...LOCALES.filter((l) => l !== "en").map((l) => `/${l.toLowerCase()}`)),
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom("", "?q=1", "#results", "?a=b#c"),
      )
      .map(([prefix, parts, tail]) => `${prefix}/${parts.join("/")}${tail}`);
    fc.assert(
      fc.property(sitePath, locale, locale, (path, a, b) => {
        fc.pre(sameSitePath(path) === path);
        const once = localizePath(path, a);
        expect(sameSitePath(once)).not.toBeNull();
        // An empty segment after a prefix ("/ja//x") is kept as it is (see the example above).
        fc.pre(!path.includes("//"));
        expect(localizePath(once, a)).toBe(once);
        expect(localizePath(once, b)).toBe(localizePath(path, b));
        expect(splitLocalePath(once.split(/[?#]/)[0] ?? "").locale).toBe(a);
      }),
    );
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

describe("issue 28 §2: emails to a lawyer are in the listing's first language the site speaks", () => {
  it("takes the listing's first supported language, then the account's, then English", () => {
    expect(listingLocale(["de", "en"], "en")).toBe("de");
    expect(listingLocale(["it", "pt"], "en")).toBe("pt-BR");
    expect(listingLocale(["it"], "fr")).toBe("fr");
    expect(listingLocale([], "ja")).toBe("ja");
    expect(listingLocale(null, null)).toBe("en");
    expect(listingLocale(["en", "ar"], "ar")).toBe("en");
  });

  it("(property) is always a site locale, and the first listed one whenever a listed language is a locale", () => {
    const codes = fc.constantFrom(
      "de",
      "en",
      "fr",
      "es",
      "pt",
      "nl",
      "ja",
      "ar",
      "it",
      "pl",
      "tr",
      "zh",
      "ko",
    );
    fc.assert(
      fc.property(
        fc.array(codes, { maxLength: 5 }),
        fc.option(fc.constantFrom(...LOCALES, "xx")),
        (langs, acct) => {
          const locale = listingLocale(langs, acct);
          expect(LOCALES).toContain(locale);
          const first = langs.find((l) => ["de", "en", "fr", "es", "pt", "nl", "ja", "ar"].includes(l));
          if (first) expect(locale).toBe(first === "pt" ? "pt-BR" : first);
          else expect(locale).toBe(acct && acct !== "xx" ? acct : "en");
        },
      ),
    );
  });
});
