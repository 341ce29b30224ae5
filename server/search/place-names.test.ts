/**
 * Place names in the reader's language (issue 14 §1, issue 28 §2): cities from GeoNames' names
 * tagged by language (the committed place-names.json), else chosen by script (Japanese kana or
 * kanji, Arabic letters); regions from OpenCage's subdivision names, then GeoNames' tagged admin-1
 * names; the stored name otherwise; and the region names search resolves.
 */
import { describe, expect, it } from "vitest";
import {
  localizedCityName,
  localizedRegionName,
  regionNameKeys,
  regionsNamed,
  withLocalPlaceNames,
} from "./place-names.ts";

describe("localizedCityName", () => {
  it("writes cities in Arabic letters on an Arabic page (no Persian letters, no final alef maksura)", () => {
    expect(localizedCityName("Dubai", "AE", "ar")).toBe("دبي");
    expect(localizedCityName("Munich", "DE", "ar")).toBe("ميونخ");
    expect(localizedCityName("Cairo", "EG", "ar")).toBe("القاهرة");
    expect(localizedCityName("Paris", "FR", "ar")).toBe("باريس");
  });

  it("writes cities in kana on a Japanese page, a Japanese city in its kanji", () => {
    expect(localizedCityName("Munich", "DE", "ja")).toBe("ミュンヘン");
    expect(localizedCityName("Dubai", "AE", "ja")).toBe("ドバイ");
    expect(localizedCityName("Tokyo", "JP", "ja")).toBe("東京");
    expect(localizedCityName("Osaka", "JP", "ja")).toBe("大阪");
  });

  it("writes a city as GeoNames names it in a Latin-script language (issue 28 §2)", () => {
    expect(localizedCityName("Munich", "DE", "de")).toBe("München");
    expect(localizedCityName("Munich", "DE", "es")).toBe("Múnich");
    expect(localizedCityName("Munich", "DE", "pt-BR")).toBe("Munique");
    expect(localizedCityName("Vienna", "AT", "nl")).toBe("Wenen");
    expect(localizedCityName("Mexico City", "MX", "es")).toBe("Ciudad de México");
    expect(localizedCityName("Sharjah", "AE", "ar")).toBe("الشارقة");
    expect(localizedCityName("Toronto", "CA", "fr")).toBe("Toronto");
    // Where the language is spoken, the stored name stays ("Ciudad de Salta" is not taken).
    expect(localizedCityName("Salta", "AR", "es")).toBe("Salta");
  });

  it("keeps the stored name in English and for unknown places", () => {
    expect(localizedCityName("Munich", "DE", "en")).toBe("Munich");
    expect(localizedCityName("Atlantis", "DE", "ar")).toBe("Atlantis");
    expect(localizedCityName("Munich", "US", "ja")).toBe("Munich");
    expect(localizedCityName("", "DE", "ja")).toBe("");
  });
});

describe("localizedRegionName", () => {
  it("uses the local name where the page's language is spoken, and the region's own form in it", () => {
    expect(localizedRegionName("Bavaria", "DE", "de")).toBe("Bayern");
    expect(localizedRegionName("North Rhine-Westphalia", "DE", "de")).toBe("Nordrhein-Westfalen");
    expect(localizedRegionName("Dubai", "AE", "ar")).toBe("دبي");
    expect(localizedRegionName("Vienna", "AT", "de")).toBe("Wien");
    expect(localizedRegionName("Brittany", "FR", "fr")).toBe("Bretagne");
    expect(localizedRegionName("Bern", "CH", "fr")).toBe("Berne");
  });

  it("takes GeoNames' admin-1 name in the page's language where OpenCage has none (issue 28 §2)", () => {
    expect(localizedRegionName("Bavaria", "DE", "ar")).toBe("بفاريا");
    expect(localizedRegionName("Bavaria", "DE", "ja")).toBe("バイエルン州");
    expect(localizedRegionName("Bavaria", "DE", "es")).toBe("Baviera");
    expect(localizedRegionName("Tokyo", "JP", "ja")).toBe("東京都");
    expect(localizedRegionName("Ontario", "CA", "ar")).toBe("أونتاريو");
  });

  it("recognises a region stored under GeoNames' name by its English one", () => {
    expect(localizedRegionName("State of Berlin", "DE", "de")).toBe("Berlin");
    expect(localizedRegionName("State of Berlin", "DE", "ja")).toBe("ベルリン");
    expect(localizedRegionName("Sharjah", "AE", "ar")).toBe("الشارقة");
  });

  it("keeps the stored name in English, without a known form, and for null", () => {
    expect(localizedRegionName("Bavaria", "DE", "en")).toBe("Bavaria");
    expect(localizedRegionName("North Rhine-Westphalia", "DE", "ar")).toBe("North Rhine-Westphalia");
    expect(localizedRegionName("Nowhere", "DE", "de")).toBe("Nowhere");
    expect(localizedRegionName(null, "DE", "de")).toBeNull();
  });
});

describe("region names for search", () => {
  it("knows a region by any of its names", () => {
    expect(regionsNamed("bayern")).toEqual([{ countryCode: "DE", keys: ["bayern", "bavaria"] }]);
    expect(regionNameKeys("Bavaria", "DE")).toEqual(["bayern", "bavaria"]);
    expect(regionNameKeys("Atlantis", "DE")).toEqual([]);
  });
});

describe("withLocalPlaceNames", () => {
  const munich = {
    city: "Munich",
    state: "Bavaria",
    countryCode: "DE",
    country: "Germany",
    location: "Munich, Bavaria, Germany",
  };

  it("rebuilds the usual location text from the localized parts, in the locale's punctuation", () => {
    expect(withLocalPlaceNames(munich, "de").location).toBe("München, Bayern, Deutschland");
    expect(withLocalPlaceNames(munich, "ar")).toMatchObject({
      city: "ميونخ",
      location: "ميونخ، بفاريا، ألمانيا",
    });
    expect(withLocalPlaceNames(munich, "ja").location).toBe("ミュンヘン、バイエルン州、ドイツ");
  });

  it("names a region that repeats its city once, and leaves out a Latin-script region on ja/ar pages", () => {
    const place = (city: string, state: string, countryCode: string, country: string) => ({
      city,
      state,
      countryCode,
      country,
      location: `${city}, ${state}, ${country}`,
    });
    const sharjah = place("Sharjah", "Sharjah", "AE", "United Arab Emirates");
    expect(withLocalPlaceNames(sharjah, "ar").location).toBe("الشارقة، الإمارات العربية المتحدة");
    expect(withLocalPlaceNames(place("Tokyo", "Tokyo", "JP", "Japan"), "ja").location).toBe("東京、日本");
    expect(withLocalPlaceNames(place("Köln", "North Rhine-Westphalia", "DE", "Germany"), "ja").location).toBe(
      "ケルン、ドイツ",
    );
    expect(withLocalPlaceNames(place("Berlin", "State of Berlin", "DE", "Germany"), "de").location).toBe(
      "Berlin, Deutschland",
    );
  });

  it("leaves English, and a location text written otherwise, as stored", () => {
    expect(withLocalPlaceNames(munich, "en")).toBe(munich);
    const custom = { ...munich, location: "Maxvorstadt, Munich" };
    expect(withLocalPlaceNames(custom, "ja")).toMatchObject({
      city: "ミュンヘン",
      location: "Maxvorstadt, Munich",
    });
  });
});
