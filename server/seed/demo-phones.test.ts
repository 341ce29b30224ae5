/**
 * Issue 28 §4 "Demo phone numbers are never someone's real number": over the demo generator's
 * whole output (every one of the 62 countries), each listing's phone is in its country's range
 * reserved for fiction or the page withholds it (no number, no `tel:` link, no Call Now); the
 * countries with a usable reserved range (US, CA, JM, GB, AU, SE) never need withholding; and
 * fictionalPhoneFor keeps numbers valid and fictional for any valid input (fast-check).
 */
import fc from "fast-check";
import type { CountryCode } from "libphonenumber-js/max";
import { isValidPhoneNumber } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { FICTIONAL_PHONE_RANGES, fictionalPhoneFor, isFictionalPhone } from "../../lib/fictional-phones.ts";
import { listingPhoneDisplay } from "../../lib/phone.ts";
import { demoPhone, fictionalDemoPhone } from "./demo-phones.ts";
import { DEMO_COUNTRY_CODES, generateLawyers } from "./generate.ts";
import { mulberry32 } from "./prng.ts";

const rows = generateLawyers(5600);
/** The countries whose reserved range the demo uses (valid numbers by libphonenumber-js). */
const WITH_RANGE = ["US", "CA", "JM", "GB", "AU", "SE"];

describe("demo phones and fiction (issue 28 §4)", () => {
  it("puts every demo listing in a fictional range or withholds its number, in all 62 countries", () => {
    const countries = new Set(rows.map((r) => r.countryCode));
    expect(countries.size).toBe(DEMO_COUNTRY_CODES.length);
    const offending: string[] = [];
    for (const r of rows) {
      const phone = r.phone ?? "";
      for (const viewer of [null, r.countryCode, "US"]) {
        const shown = listingPhoneDisplay({ phone, demo: true }, viewer);
        if (shown === null) continue;
        // A shown number must be fictional, and so must every link to it.
        if (!isFictionalPhone(phone) || (shown.href && !isFictionalPhone(shown.href.slice(4))))
          offending.push(`${r.countryCode} ${phone}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it("needs no withholding where the country reserves a range: every number there is fictional and valid", () => {
    for (const code of WITH_RANGE) {
      const phones = rows.filter((r) => r.countryCode === code).map((r) => r.phone ?? "");
      expect(phones.length, code).toBeGreaterThan(0);
      expect(
        phones.filter((p) => !isFictionalPhone(p)),
        code,
      ).toEqual([]);
      expect(
        phones.filter((p) => !isValidPhoneNumber(p, code as CountryCode)),
        code,
      ).toEqual([]);
    }
    // London's drama range for London, Manchester's for Manchester (Ofcom's city ranges).
    const gb = rows.filter((r) => r.countryCode === "GB");
    for (const r of gb.filter((x) => x.city === "London")) expect(r.phone).toMatch(/^\+442079460\d{3}$/);
    for (const r of gb.filter((x) => x.city === "Manchester")) expect(r.phone).toMatch(/^\+441614960\d{3}$/);
  });

  it("withholds the issue's real UAE mobile on a demo listing, but not on a real one", () => {
    expect(isFictionalPhone("+971527801680")).toBe(false);
    expect(listingPhoneDisplay({ phone: "+971527801680", demo: true }, "AE")).toBeNull();
    expect(listingPhoneDisplay({ phone: "+971527801680", demo: false }, "AE")).toEqual({
      text: "052 780 1680",
      href: "tel:+971527801680",
    });
    expect(listingPhoneDisplay({ phone: "+12125550123", demo: true }, "US")?.href).toBe("tel:+12125550123");
  });

  it("maps any valid number of a country with a range into it, still valid (fast-check)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WITH_RANGE), fc.integer({ min: 1, max: 2 ** 31 }), (code, seed) => {
        const raw = demoPhone(
          code,
          mulberry32(seed),
          0.5,
          code === "US" || code === "CA" ? "212" : undefined,
        );
        const city = fc.sample(fc.constantFrom("London", "Leeds", "Belfast", "Cardiff", "Bath", null), {
          seed,
          numRuns: 1,
        })[0];
        const fictional = fictionalDemoPhone(raw, code, city);
        expect(isFictionalPhone(fictional), `${code} ${raw} -> ${fictional}`).toBe(true);
        expect(isValidPhoneNumber(fictional, code as CountryCode), `${code} ${fictional}`).toBe(true);
      }),
      { numRuns: 300 },
    );
    // Countries without a usable range keep the number (and the page withholds it).
    expect(fictionalPhoneFor("+4930123456", "DE")).toBeNull();
    expect(fictionalDemoPhone("+4930123456", "DE")).toBe("+4930123456");
    expect(Object.keys(FICTIONAL_PHONE_RANGES)).toEqual(expect.arrayContaining(WITH_RANGE));
  });
});
