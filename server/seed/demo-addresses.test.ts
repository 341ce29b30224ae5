/**
 * Demo addresses and phones that belong to their city, and addresses shown complete (issue 28
 * §2): the big cities' postcode ranges and area codes, Japanese addresses in Japanese order and
 * script, and a property over every country of the demo data: every component of a stored
 * address appears in the lines the profile shows (lib/address.ts storedAddressLines, the same in
 * every page locale: it takes no locale).
 */
import fc from "fast-check";
import { parsePhoneNumber } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { storedAddressLines } from "../../lib/address.ts";
import { LOCALES } from "../../lib/i18n/locales.ts";
import { localizedCityName } from "../search/place-names.ts";
import { addressCityName, cityPostcode, templateAddress } from "./demo-addresses.ts";
import { withCityAreaCode } from "./demo-phones.ts";
import { COUNTRY_PLANS, prepareCountries } from "./demo-places.ts";
import { generateLawyers } from "./generate.ts";

/** The city's names in every locale, as the profile's loader passes them. */
const namesOf = (city: string, countryCode: string) =>
  LOCALES.map((l) => localizedCityName(city, countryCode, l));

const rows = generateLawyers(8000);
const inCity = (code: string, city: string) => rows.filter((r) => r.countryCode === code && r.city === city);
const national = (e164: string) => parsePhoneNumber(e164).nationalNumber;

describe("demo addresses and phones of the issue's cities (issue 28 §2)", () => {
  it("Munich: 80xxx/81xxx postcodes, München in the address, 089 numbers", () => {
    const munich = inCity("DE", "Munich");
    expect(munich.length).toBeGreaterThan(3);
    for (const r of munich) {
      expect(r.businessAddress).toMatch(/, 8[01]\d{3} München$/);
      expect(national(r.phone ?? "")).toMatch(/^89/);
    }
  });

  it("Toronto: M5x postcodes and 416 numbers", () => {
    const toronto = inCity("CA", "Toronto");
    expect(toronto.length).toBeGreaterThan(3);
    for (const r of toronto) {
      expect(r.businessAddress).toMatch(/, Toronto, ON M5[A-Z] \d[A-Z]\d$/);
      expect(national(r.phone ?? "")).toMatch(/^416/);
    }
  });

  it("São Paulo: CEP 01000-000 to 05999-999 and (11)", () => {
    const sp = inCity("BR", "São Paulo");
    expect(sp.length).toBeGreaterThan(3);
    for (const r of sp) {
      expect(r.businessAddress).toMatch(/, 0[1-5]\d{3}-\d{3}$/);
      expect(national(r.phone ?? "")).toMatch(/^11/);
    }
  });

  it("Tokyo: 〒100-xxxx and 東京都, in Japanese order and script, and 03 numbers", () => {
    const tokyo = inCity("JP", "Tokyo");
    expect(tokyo.length).toBeGreaterThan(3);
    for (const r of tokyo) {
      expect(r.businessAddress).toMatch(
        /^〒100-\d{4} 東京都\p{Script=Han}+区[\p{Script=Han}の]+\d+-\d+-\d+$/u,
      );
      expect(national(r.phone ?? "")).toMatch(/^3\d{8}$/);
    }
  });

  it("Dubai: no postcode, 04 numbers", () => {
    const dubai = inCity("AE", "Dubai");
    expect(dubai.length).toBeGreaterThan(1);
    for (const r of dubai) {
      expect(r.businessAddress).not.toMatch(/\d{5}/);
      expect(national(r.phone ?? "")).toMatch(/^4\d{7}$/);
    }
  });

  it("makes a city's postcode from the drawn digits, and gives other cities none (never another town's)", () => {
    expect(cityPostcode("DE", "Munich", "03478")).toMatch(/^8[01]\d{3}$/);
    expect(cityPostcode("DE", "Dortmund", "85487")).toBe("");
    expect(cityPostcode("JP", "Hakodate", "323-1456")).toBe("");
    expect(cityPostcode("AE", "Dubai", "")).toBe("");
    expect(withCityAreaCode("+4915223321977", "DE", "Munich")).toMatch(/^\+4989\d{6,8}$/);
    expect(withCityAreaCode("+4915223321977", "DE", "Leipzig")).toBe("+4915223321977");
  });
});

describe("every stored address component is shown (issue 28 §2)", () => {
  const countries = prepareCountries();

  it("for every country of the demo data, whatever the street, unit and postcode", () => {
    expect(countries.length).toBe(COUNTRY_PLANS.length);
    fc.assert(
      fc.property(
        fc.constantFrom(...countries),
        fc.nat(),
        fc.stringMatching(/^[1-9]\d{0,3}[a-c]?$/),
        fc.constantFrom(
          "King St W",
          "Hauptstraße",
          "Rue de la Paix",
          "Calle Mayor",
          "Al Wasl Road",
          "Teheran-ro",
        ),
        fc.option(fc.constantFrom("Suite 5600", "Floor 3", "Unit 12B"), { nil: undefined }),
        fc.stringMatching(/^[A-Z0-9]{2,4}( ?[0-9][A-Z0-9]{2})?$/),
        (country, cityIndex, house, street, unit, drawn) => {
          const city = country.cities[cityIndex % country.cities.length];
          if (!city) return;
          const state = city.province || null;
          const road = unit ? `${street}, ${unit}` : street;
          const postcode = country.plan.zip === null ? "" : drawn;
          const localCity = addressCityName(city.city, country.plan.code, country.plan.lang);
          const stored = templateAddress(
            country.plan.code,
            city.city,
            localCity,
            state,
            house,
            road,
            postcode,
          );
          const shown = storedAddressLines(stored, {
            city: city.city,
            cityNames: namesOf(city.city, country.plan.code),
            state,
            countryCode: country.plan.code,
          }).join("\n");
          for (const part of [house, street, unit, postcode, localCity])
            if (part) expect(shown, stored).toContain(part);
        },
      ),
      { numRuns: 600 },
    );
  });

  it("for the demo data's own addresses (Japanese ones included) and typed ones (examples: lib/address.test.ts)", () => {
    for (const r of rows.slice(0, 3000)) {
      const shown = storedAddressLines(r.businessAddress, {
        city: r.city,
        cityNames: namesOf(r.city, r.countryCode),
        state: r.state ?? null,
        countryCode: r.countryCode,
      }).join(", ");
      for (const part of (r.businessAddress ?? "").split(/,\s*|\s+/))
        expect(shown, r.businessAddress ?? "").toContain(part);
    }
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[\p{L}\d][\p{L}\d .'-]{0,20}$/u), { minLength: 1, maxLength: 5 }),
        fc.constantFrom("DE", "US", "JP", "AE", "BR", "GB", "KR"),
        (parts, countryCode) => {
          const text = parts.join(", ");
          const shown = storedAddressLines(text, { city: "Springfield", state: null, countryCode }).join(
            ", ",
          );
          for (const p of parts) expect(shown).toContain(p.replace(/\s+/g, " ").trim());
        },
      ),
    );
  });
});
