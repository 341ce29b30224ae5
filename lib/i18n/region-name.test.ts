/**
 * regionName (lib/i18n/region-name.ts): the four codes whose names differ between Node's ICU and
 * Chromium's come from the fixed table in every locale; every other code is Intl.DisplayNames'
 * own name; junk is undefined. The browser side of the promise is the German journey's check that
 * the home page hydrates without an error (tests/e2e/i18n.spec.ts).
 */
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales.ts";
import { regionName } from "./region-name.ts";

describe("regionName", () => {
  it("names HK, MO, PS and FK from the table in every locale, never Node's longer ICU names", () => {
    for (const locale of LOCALES) {
      for (const code of ["HK", "MO", "PS", "FK"]) {
        const name = regionName(code, locale);
        expect(name, `${code} ${locale}`).toBeTruthy();
        expect(name).not.toMatch(
          /SAR|RAE|R\.A\.S\.|Sonderverwaltungsregion|特別行政区|Territor|Autonomiegebiete|gebieden|Islas Malvinas \(|\(/,
        );
      }
    }
    expect(regionName("HK", "de")).toBe("Hongkong");
    expect(regionName("hk", "ja")).toBe("香港");
    expect(regionName("PS", "ar")).toBe("فلسطين");
  });

  it("answers Intl.DisplayNames' name for every other code", () => {
    for (const locale of LOCALES) {
      const names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
      for (const code of ["DE", "JP", "AE", "BR", "US", "GB", "EG", "CN", "TW"])
        expect(regionName(code, locale)).toBe(names.of(code));
    }
    expect(regionName("DE", "de")).toBe("Deutschland");
  });

  it("is undefined for what names no region, and never throws", () => {
    expect(regionName("Germany", "de")).toBeUndefined();
    expect(regionName("", "de")).toBeUndefined();
    expect(regionName("DE", "not a locale!")).toBeUndefined();
  });
});
