import type { CountryCode } from "libphonenumber-js/max";
import { isValidPhoneNumber } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import {
  APPROACH_STYLES,
  AVAILABILITY_LEVELS,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  PRACTICE_AREAS,
  PRIORITY_FOCUSES,
} from "../../lib/constants.ts";
import { resolveCountry } from "./countries.ts";
import { generateLawyers } from "./generate.ts";

const rows = generateLawyers(5600);

describe("generateLawyers (issue 2 §2 demo data)", () => {
  it("is deterministic: the same count and seed give identical rows", () => {
    expect(JSON.stringify(generateLawyers(5600))).toBe(JSON.stringify(rows));
    expect(JSON.stringify(generateLawyers(50, 7))).toBe(JSON.stringify(generateLawyers(50, 7)));
    expect(JSON.stringify(generateLawyers(50, 7))).not.toBe(JSON.stringify(generateLawyers(50, 8)));
  });

  it("makes exactly the requested number of rows", () => {
    expect(rows).toHaveLength(5600);
    expect(generateLawyers(0)).toEqual([]);
    expect(() => generateLawyers(-1)).toThrow(RangeError);
  });

  it("covers at least 50 countries, led by the spec's eight big markets in order", () => {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.countryCode, (counts.get(r.countryCode) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(50);
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    expect(ranked.slice(0, 8)).toEqual(["US", "CA", "GB", "AU", "DE", "FR", "NL", "JP"]);
  });

  it("uses consistent country names, codes, locations and time zones", () => {
    for (const r of rows) {
      expect(resolveCountry(r.countryCode)?.name).toBe(r.country);
      expect(r.location).toBe([r.city, r.state, r.country].filter(Boolean).join(", "));
      expect(r.timeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_/-]+$/);
      expect(() => new Intl.DateTimeFormat("en", { timeZone: r.timeZone ?? "" })).not.toThrow();
      expect(r.latitude).toBeGreaterThanOrEqual(-90);
      expect(r.longitude).toBeLessThanOrEqual(180);
    }
    expect(rows.find((r) => r.countryCode === "US")?.country).toBe("United States");
    expect(rows.find((r) => r.countryCode === "GB")?.country).toBe("United Kingdom");
  });

  it("lists 1 to 5 known practice areas without duplicates; Car Accidents most common, Mass Torts rarest", () => {
    const freq = new Map<string, number>();
    for (const r of rows) {
      const areas = r.practiceAreas ?? [];
      expect(areas.length).toBeGreaterThanOrEqual(1);
      expect(areas.length).toBeLessThanOrEqual(5);
      expect(new Set(areas).size).toBe(areas.length);
      for (const a of areas) {
        expect(PRACTICE_AREAS).toContain(a);
        freq.set(a, (freq.get(a) ?? 0) + 1);
      }
    }
    const ranked = [...freq.entries()].sort((a, b) => b[1] - a[1]).map(([a]) => a);
    expect(ranked[0]).toBe("Car Accidents");
    expect(ranked.at(-1)).toBe("Mass Torts");
    expect(freq.size).toBe(PRACTICE_AREAS.length);
  });

  it("keeps numbers in range and personality attributes from the spec's lists", () => {
    let verified = 0;
    for (const r of rows) {
      expect(r.experience).toBeGreaterThanOrEqual(1);
      expect(r.experience).toBeLessThanOrEqual(45);
      expect(r.rating).toBeGreaterThanOrEqual(3);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(Math.round((r.rating ?? 0) * 100)).toBeCloseTo((r.rating ?? 0) * 100, 6);
      expect(r.reviewCount).toBeGreaterThanOrEqual(0);
      expect(r.reviewCount).toBeLessThanOrEqual(800);
      expect(Object.keys(r.personalityTraits ?? {})).toEqual([...PERSONALITY_TRAITS]);
      for (const v of Object.values(r.personalityTraits ?? {})) {
        expect(Number.isInteger(v) && v >= 1 && v <= 10).toBe(true);
      }
      expect(COMMUNICATION_STYLES).toContain(r.communicationStyle);
      expect(APPROACH_STYLES).toContain(r.approachStyle);
      expect(PRIORITY_FOCUSES).toContain(r.clientFocus);
      expect(AVAILABILITY_LEVELS).toContain(r.availabilityLevel);
      expect(CASE_COMPLEXITIES).toContain(r.caseComplexityPreference);
      expect(r.verified).toBe(r.verificationStatus === "verified");
      expect(["verified", "pending"]).toContain(r.verificationStatus);
      if (r.verified) verified++;
      expect(r.imageUrl).toBeNull();
      expect(r.businessLogo).toBeNull();
    }
    expect(verified / rows.length).toBeGreaterThan(0.8);
    expect(verified / rows.length).toBeLessThan(0.9);
  });

  it("uses fictional .example emails and websites, and a Google Maps search link for about half", () => {
    for (const r of rows) {
      expect(r.email).toMatch(/^[a-z0-9.-]+@[a-z0-9-]+\.example$/);
      if (r.website) expect(r.website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example$/);
      if (r.googleReviewsUrl)
        expect(r.googleReviewsUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    }
    expect(new Set(rows.map((r) => r.email)).size).toBe(rows.length); // issue 3 claims by email
    const withReviews = rows.filter((r) => r.googleReviewsUrl).length / rows.length;
    expect(withReviews).toBeGreaterThan(0.4);
    expect(withReviews).toBeLessThan(0.6);
  });

  it("formats phones internationally and they are valid for the lawyer's country", () => {
    const sample = rows.filter((_, i) => i % 7 === 0);
    const invalid = sample.filter((r) => !isValidPhoneNumber(r.phone ?? "", r.countryCode as CountryCode));
    expect(invalid.map((r) => `${r.countryCode} ${r.phone}`)).toEqual([]);
    for (const r of sample) expect(r.phone).toMatch(/^\+\d/);
  });

  it("writes bios of 2 to 4 sentences about personal injury, the practice areas and the city", () => {
    for (const r of rows.slice(0, 500)) {
      // A sentence ends with a full stop after a lower-case word (city names like "St. Paul" do not end one).
      const sentences = (r.bio ?? "").split(/(?<=[a-z]{3}\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(4);
      expect(r.bio).toMatch(/personal injury/i);
      expect(r.bio).toContain(r.city);
      for (const a of r.practiceAreas ?? []) expect(r.bio).toContain(a.toLowerCase());
    }
  });

  it("gives working hours in local office time", () => {
    for (const r of rows)
      expect(r.workingHours).toMatch(/^Mon-Fri \d{1,2}:\d\d-\d{1,2}:\d\d(, Sat \d{1,2}:\d\d-\d{1,2}:\d\d)?$/);
  });

  it("has Toronto lawyers who handle car accidents (browser journey)", () => {
    const toronto = rows.filter((r) => r.city === "Toronto" && r.countryCode === "CA");
    expect(toronto.length).toBeGreaterThanOrEqual(50);
    expect(toronto.every((r) => r.state === "Ontario" && r.timeZone === "America/Toronto")).toBe(true);
    expect(toronto.filter((r) => r.practiceAreas?.includes("Car Accidents")).length).toBeGreaterThanOrEqual(
      10,
    );
  });

  it("has locale-appropriate names, including accented ones such as Müller", () => {
    expect(rows.some((r) => r.name.includes("Müller") && r.countryCode === "DE")).toBe(true);
    expect(rows.filter((r) => /[^ -~]/.test(r.name)).length).toBeGreaterThan(100);
    // Names are in Latin script so every visitor can read and search them.
    for (const r of rows) expect(r.name).toMatch(/^[\p{Script=Latin}\p{M} .'’-]+$/u);
  });

  it("generates the benchmark size, 100,000 rows, with one email per listing", () => {
    const big = generateLawyers(100_000);
    expect(big).toHaveLength(100_000);
    expect(new Set(big.map((r) => r.email)).size).toBe(100_000);
  });
});
