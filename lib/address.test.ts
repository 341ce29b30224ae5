import { describe, expect, it } from "vitest";
import { formatAddress, storedAddressLines } from "./address.ts";

describe("formatAddress (issue 14 §2: addresses formatted per country)", () => {
  it("Germany: postcode before the city", () => {
    expect(
      formatAddress(
        { street: "Hauptstraße 5", postcode: "10115", city: "Berlin", country: "Deutschland" },
        "DE",
      ),
    ).toEqual(["Hauptstraße 5", "10115 Berlin", "Deutschland"]);
  });
  it("United States: city, state code and ZIP on one line", () => {
    expect(
      formatAddress(
        { street: "301 Hamilton Avenue", postcode: "94303", city: "Palo Alto", state: "California" },
        "us",
      ),
    ).toEqual(["301 Hamilton Avenue", "Palo Alto, CA 94303"]);
  });
  it("United Kingdom: the postcode on its own line", () => {
    expect(
      formatAddress({ street: "10 Downing Street", postcode: "SW1A 2AA", city: "London" }, "GB"),
    ).toEqual(["10 Downing Street", "London", "SW1A 2AA"]);
  });
  it("leaves out empty parts; nothing gives []", () => {
    expect(formatAddress({ city: "Toronto", state: "Ontario", street: " " }, "CA")).toEqual([
      "Toronto, Ontario",
    ]);
    expect(formatAddress({}, "FR")).toEqual([]);
  });
});

describe("storedAddressLines (issue 28 §2: the stored address complete, in the country's form)", () => {
  it("reads an address written with the country's template back onto its lines, the unit and postcode kept", () => {
    expect(
      storedAddressLines("100 King St W, Suite 5600, Toronto, ON M5X 1C9", {
        city: "Toronto",
        state: "Ontario",
        countryCode: "CA",
      }),
    ).toEqual(["100 King St W, Suite 5600", "Toronto, ON M5X 1C9"]);
    expect(
      storedAddressLines("Hauptstraße 5, 10115 Berlin", { city: "Berlin", state: null, countryCode: "DE" }),
    ).toEqual(["Hauptstraße 5", "10115 Berlin"]);
    expect(
      storedAddressLines("12 Main St, Springfield, IL 62701", {
        city: "Springfield",
        state: "Illinois",
        countryCode: "US",
      }),
    ).toEqual(["12 Main St", "Springfield, IL 62701"]);
  });

  it("writes a Japanese address the Japanese way: 〒 postcode, then prefecture to block", () => {
    expect(
      storedAddressLines("〒100-0005 東京都千代田区丸の内1-1-1", {
        city: "Tokyo",
        state: "Tokyo",
        countryCode: "JP",
      }),
    ).toEqual(["〒100-0005", "東京都千代田区丸の内1-1-1"]);
  });

  it("keeps a typed address in its own order, adding the city it does not name", () => {
    expect(
      storedAddressLines("Suite 4, Harbour Road", { city: "Cork", state: null, countryCode: "IE" }),
    ).toEqual(["Suite 4", "Harbour Road", "Cork"]);
    expect(
      storedAddressLines("Calle Mayor, 61, Madrid", { city: "Madrid", state: null, countryCode: "ES" }),
    ).toEqual(["Calle Mayor, 61", "Madrid"]);
    expect(storedAddressLines(" ", { city: "Paris", state: null, countryCode: "FR" })).toEqual([]);
  });
});
