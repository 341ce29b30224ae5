import { describe, expect, it } from "vitest";
import { formatAddress, splitStoredAddress } from "./address.ts";

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

describe("splitStoredAddress (one-line business addresses as stored)", () => {
  it("finds the postcode before or after the city", () => {
    expect(splitStoredAddress("Hauptstraße 5, 10115 Berlin", "Berlin")).toEqual({
      street: "Hauptstraße 5",
      postcode: "10115",
    });
    expect(splitStoredAddress("12 Main St, Springfield, IL 62701", "Springfield")).toEqual({
      street: "12 Main St",
      postcode: "62701",
    });
    expect(splitStoredAddress("10 Downing St, London SW1A 2AA", "London")).toEqual({
      street: "10 Downing St",
      postcode: "SW1A 2AA",
    });
  });
  it("without the city in the text, it is all street", () => {
    expect(splitStoredAddress("Suite 4, Harbour Road", "Cork")).toEqual({ street: "Suite 4, Harbour Road" });
    expect(splitStoredAddress("5 Rue X, Paris", "Paris")).toEqual({ street: "5 Rue X" });
  });
});
