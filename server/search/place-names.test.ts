/**
 * Place names in the reader's language (issue 14 §1): cities from the GeoNames names of the
 * gazetteer, chosen by script (Japanese kana or kanji, Arabic letters), regions from OpenCage's
 * subdivision names, the stored name otherwise; and the region names search resolves.
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

  it("keeps the stored name in English, in Latin-script locales, and for unknown places", () => {
    expect(localizedCityName("Munich", "DE", "en")).toBe("Munich");
    expect(localizedCityName("Munich", "DE", "de")).toBe("Munich");
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

  it("keeps the stored name in English, without a known form, and for null", () => {
    expect(localizedRegionName("Bavaria", "DE", "en")).toBe("Bavaria");
    expect(localizedRegionName("Bavaria", "DE", "ar")).toBe("Bavaria");
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
    expect(withLocalPlaceNames(munich, "de").location).toBe("Munich, Bayern, Deutschland");
    expect(withLocalPlaceNames(munich, "ar")).toMatchObject({
      city: "ميونخ",
      location: "ميونخ، Bavaria، ألمانيا",
    });
    expect(withLocalPlaceNames(munich, "ja").location).toBe("ミュンヘン、Bavaria、ドイツ");
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
