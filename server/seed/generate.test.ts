import { readFileSync } from "node:fs";
import path from "node:path";
import type { CountryCode } from "libphonenumber-js/max";
import { isValidPhoneNumber, parsePhoneNumber } from "libphonenumber-js/max";
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
import { LOCALES } from "../../lib/i18n/locales.ts";
import { isLanguageCode } from "../../lib/languages.ts";
import { flagSvg } from "../api/flags.ts";
import { countryOptions } from "../listings/places.ts";
import { localizedCityName } from "../search/place-names.ts";
import { cityTable } from "./cities.ts";
import { countryName, resolveCountry } from "./countries.ts";
import { CITY_POSTCODES } from "./demo-addresses.ts";
import { BIO_AREA_NAMES, type BioLang, feeSentences } from "./demo-bios.ts";
import { adviceTableMarkdown, FEE_RULES, feeRule, feeTableMarkdown } from "./demo-fees.ts";
import { GR_FAMILY, GR_GIVEN, IS_GIVEN, LATIN_FAMILY_NAMES } from "./demo-name-customs.ts";
import { prepareCountries } from "./demo-places.ts";
import { DEMO_COUNTRY_CODES, generateLawyers } from "./generate.ts";

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

  it("covers at least 60 countries, with the Gulf, Egypt and the issue's list, led by the spec's eight big markets in order", () => {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.countryCode, (counts.get(r.countryCode) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(60);
    for (const code of ["AE", "SA", "EG", "BR", "MX", "IN", "NG", "KE", "PH", "QA", "KW", "IL"])
      expect(counts.get(code) ?? 0).toBeGreaterThanOrEqual(10);
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
      // Issue 16 §1: the rating cache is the average of the row's demo reviews (0 without any).
      expect(r.reviewCount).toBe(r.demoReviews?.length ?? 0);
      if (r.reviewCount === 0) expect(r.rating).toBe(0);
      else {
        expect(r.rating).toBeGreaterThanOrEqual(1);
        expect(r.rating).toBeLessThanOrEqual(5);
      }
      expect(Math.round((r.rating ?? 0) * 100)).toBeCloseTo((r.rating ?? 0) * 100, 6);
      expect(Object.keys(r.personalityTraits ?? {})).toEqual([...PERSONALITY_TRAITS]);
      for (const v of Object.values(r.personalityTraits ?? {})) {
        expect(Number.isInteger(v) && v >= 1 && v <= 10).toBe(true);
      }
      expect(COMMUNICATION_STYLES).toContain(r.communicationStyle);
      expect(APPROACH_STYLES).toContain(r.approachStyle);
      expect(PRIORITY_FOCUSES).toContain(r.clientFocus);
      expect(AVAILABILITY_LEVELS).toContain(r.availabilityLevel);
      expect(CASE_COMPLEXITIES).toContain(r.caseComplexityPreference);
      // Issue 15 §2: the generator writes no cache; its plan has a licence check to verify.
      expect(r).not.toHaveProperty("verified");
      expect(r.demo).toBe(true);
      expect(r.verification?.admission?.countryCode).toBe(r.countryCode);
      if (
        r.verification?.checks.some(
          (c) => c.kind === "licence" && c.status === "verified" && (c.dueInDays ?? 0) >= 0,
        )
      )
        verified++;
      expect(r.imageUrl).toBeNull();
      expect(r.businessLogo).toBeNull();
    }
    expect(verified / rows.length).toBeGreaterThan(0.65);
    expect(verified / rows.length).toBeLessThan(0.75);
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

  it("gives EVERY lawyer a phone valid for their country as E.164, mobile and fixed lines with varied prefixes (issue 14 §2, §4)", () => {
    const invalid = rows.filter((r) => !isValidPhoneNumber(r.phone ?? "", r.countryCode as CountryCode));
    expect(invalid.map((r) => `${r.countryCode} ${r.phone}`)).toEqual([]);
    // Stored as E.164 (issue 14 §2): "+" and digits only, the number's own E.164 form.
    const notE164 = rows.filter(
      (r) => !/^\+[1-9]\d{6,14}$/.test(r.phone ?? "") || parsePhoneNumber(r.phone ?? "").number !== r.phone,
    );
    expect(notE164.map((r) => `${r.countryCode} ${r.phone}`)).toEqual([]);
    for (const code of ["DE", "FR", "JP", "AE", "SA", "IN", "BR"]) {
      const phones = rows.filter((r) => r.countryCode === code).map((r) => parsePhoneNumber(r.phone ?? ""));
      const types = new Set(phones.map((p) => p.getType()));
      expect(types.has("MOBILE") || types.has("FIXED_LINE_OR_MOBILE")).toBe(true);
      expect(types.has("FIXED_LINE") || types.has("FIXED_LINE_OR_MOBILE")).toBe(true);
      // Not one prefix per country: at least five different leading pairs of digits.
      expect(new Set(phones.map((p) => p.nationalNumber.slice(0, 2))).size).toBeGreaterThanOrEqual(5);
    }
  });

  it("writes addresses in the country's format (@fragaria/address-formatter)", () => {
    const first = (code: string) => rows.filter((r) => r.countryCode === code).slice(0, 20);
    // Issue 28 §2: a postcode only where it belongs to the city (demo-addresses.ts CITY_POSTCODES).
    for (const r of first("DE")) expect(r.businessAddress).toMatch(/^[^,\d]+ \d+\w*, (\d{5} )?\D/);
    for (const r of first("US")) expect(r.businessAddress).toMatch(/^\d+ .+, [A-Z]{2}( \d{5}(-\d{4})?)?$/);
    // Issue 28 §2: Japanese order and script, after the 〒 postcode where there is one.
    for (const r of first("JP")) expect(r.businessAddress).toMatch(/^(〒\d{3}-\d{4} )?\p{Script=Han}+/u);
    for (const r of first("AE")) expect(r.businessAddress).toMatch(/^\d+ [A-Za-z ]+(Road|Street), /);
    // Israel: street, number, seven-digit postcode before the city (Israel Post).
    for (const r of first("IL")) expect(r.businessAddress).toMatch(/^[A-Za-z ]+ \d+, (\d{7} )?\D/);
    // Every postcode written is one of its city's ranges; a city without a range gets none.
    for (const r of rows) {
      const shape = CITY_POSTCODES[`${r.countryCode}|${r.city}`];
      const address = r.businessAddress ?? "";
      if (shape) continue;
      if (r.countryCode === "US") expect(address, `${r.city}: ${address}`).toMatch(/, [A-Z]{2}$/);
      if (r.countryCode === "JP") expect(address, `${r.city}: ${address}`).not.toContain("〒");
      if (r.countryCode === "BR") expect(address, `${r.city}: ${address}`).not.toMatch(/\d{5}-\d{3}/);
      if (["DE", "FR", "ES", "IT", "MX"].includes(r.countryCode))
        expect(address, `${r.city}: ${address}`).not.toMatch(/, \d{5} /);
    }
    // The city as stored or as the country writes it ("München", "東京都"; issue 28 §2).
    for (const r of rows) {
      const names = [r.city, ...LOCALES.map((l) => localizedCityName(r.city, r.countryCode, l))];
      expect(
        names.some((n) => r.businessAddress?.includes(n)),
        `${r.businessAddress} / ${r.city}`,
      ).toBe(true);
    }
  });

  it("lists the languages each lawyer speaks: ISO 639-1, the office's language first, English at plausible rates (issue 14 §4)", () => {
    for (const r of rows) {
      expect((r.languages ?? []).length).toBeGreaterThanOrEqual(1);
      for (const l of r.languages ?? []) expect(isLanguageCode(l)).toBe(true);
      expect(new Set(r.languages).size).toBe(r.languages?.length);
    }
    const share = (code: string, lang: string) => {
      const list = rows.filter((r) => r.countryCode === code);
      return list.filter((r) => r.languages?.includes(lang)).length / list.length;
    };
    expect(share("DE", "de")).toBe(1);
    expect(share("DE", "en")).toBeGreaterThan(0.6);
    expect(share("JP", "en")).toBeLessThan(0.45);
    expect(share("SA", "ar")).toBe(1);
    expect(share("US", "es")).toBeGreaterThan(0.05);
    const quebec = rows.filter((r) => r.state === "Quebec");
    expect(quebec.every((r) => r.languages?.[0] === "fr")).toBe(true);
  });

  it("writes bios in the country's language naming the city and the practice areas (issue 14 §4)", () => {
    const langOf = (r: (typeof rows)[number]): BioLang => {
      if (r.countryCode === "CA") return r.state === "Quebec" ? "fr" : "en";
      const byCountry: Record<string, BioLang> = {
        DE: "de",
        AT: "de",
        FR: "fr",
        LU: "fr",
        MA: "fr",
        SN: "fr",
        ES: "es",
        MX: "es",
        AR: "es",
        CL: "es",
        CO: "es",
        PE: "es",
        CR: "es",
        BR: "pt",
        PT: "pt",
        NL: "nl",
        JP: "ja",
        AE: "ar",
        SA: "ar",
        EG: "ar",
        QA: "ar",
        KW: "ar",
      };
      if (r.countryCode === "BE") return r.languages?.[0] === "fr" ? "fr" : "nl";
      if (r.countryCode === "CH") return r.languages?.[0] === "fr" ? "fr" : "de";
      return byCountry[r.countryCode] ?? "en";
    };
    const seen = new Set<BioLang>();
    for (const r of rows) {
      const lang = langOf(r);
      seen.add(lang);
      // The city in the bio's language and script where GeoNames names it (دبي, 東京), else as stored.
      expect(r.bio).toContain(localizedCityName(r.city, r.countryCode, lang === "pt" ? "pt-BR" : lang));
      for (const a of r.practiceAreas ?? [])
        expect(r.bio).toContain(BIO_AREA_NAMES[lang][a as "Car Accidents"]);
    }
    expect([...seen].sort()).toEqual(["ar", "de", "en", "es", "fr", "ja", "nl", "pt"]);
    const dubai = rows.find((r) => r.countryCode === "AE" && r.city === "Dubai");
    expect(dubai?.bio).toContain("دبي");
    expect(dubai?.bio).not.toContain("Dubai");
    const tokyo = rows.find((r) => r.countryCode === "JP" && r.city === "Tokyo");
    expect(tokyo?.bio).toContain("東京");
  });

  it("promises a contingency fee only where the country's rules allow it, and every country's rule is documented (issue 14 §4)", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/fees-by-country.md"), "utf8");
    // The page's table is FEE_RULES rendered (paste this rendering after a change).
    const table = feeTableMarkdown((code) => countryName(code) ?? code);
    expect(doc.includes(table), `docs/fees-by-country.md must contain:\n${table}`).toBe(true);
    // Issue 28 §3: how a personal-injury claim is paid for per country (lib/fee-advice.ts).
    const advice = adviceTableMarkdown((code) => countryName(code) ?? code);
    expect(doc.includes(advice), `docs/fees-by-country.md must contain:\n${advice}`).toBe(true);
    expect(FEE_RULES.IL?.rule).toBe("capped"); // road-accident fee caps (8/11/13%)
    for (const code of DEMO_COUNTRY_CODES) {
      expect(FEE_RULES[code], code).toBeDefined();
      expect(doc).toMatch(new RegExp(`\\| ${code} \\|`));
    }
    const langs: BioLang[] = ["en", "de", "fr", "es", "pt", "nl", "ja", "ar"];
    let promises = 0;
    for (const r of rows) {
      const rule = feeRule(r.countryCode);
      for (const lang of langs) {
        if (
          r.bio?.includes(feeSentences(lang).contingency) &&
          lang !== "de" &&
          lang !== "nl" &&
          lang !== "ar"
        ) {
          promises++;
          expect(rule, `${r.countryCode}: ${r.bio}`).toBe("allowed");
        }
      }
      if (rule === "banned" || rule === "restricted")
        expect(r.bio).not.toMatch(/contingency|conditionnels|cuota litis|honorários de êxito|成功報酬型/);
    }
    expect(promises).toBeGreaterThan(500);
  });

  it("writes English bios of 2 to 4 sentences about personal injury", () => {
    for (const r of rows
      .filter((x) => FEE_RULES[x.countryCode] && ["US", "GB", "AU", "IN", "NG"].includes(x.countryCode))
      .slice(0, 500)) {
      // A sentence ends with a full stop after a lower-case word (city names like "St. Paul" do not end one).
      const sentences = (r.bio ?? "").split(/(?<=[a-z]{3}\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(4);
      expect(r.bio).toMatch(/personal injury/i);
    }
  });

  it("gives working hours in local office time on the local working week (issue 14 §4)", () => {
    for (const r of rows)
      expect(r.workingHours).toMatch(
        /^(Mon-Fri|Sun-Thu|Mon-Sat) \d{1,2}:\d\d-\d{1,2}:\d\d(, Sat \d{1,2}:\d\d-\d{1,2}:\d\d)?$/,
      );
    const weeks = (code: string) =>
      new Set(rows.filter((r) => r.countryCode === code).map((r) => r.workingHours?.split(" ")[0]));
    for (const code of ["SA", "EG", "KW", "QA", "IL"]) expect(weeks(code)).toEqual(new Set(["Sun-Thu"]));
    expect(weeks("AE")).toEqual(new Set(["Mon-Fri"])); // the UAE moved to Mon-Fri in 2022
    expect(weeks("IN")).toEqual(new Set(["Mon-Sat"]));
  });

  it("keeps every country's capital among its demo cities, never as a borough of a bigger neighbour (Manila beside Quezon City)", () => {
    for (const c of prepareCountries()) {
      const capital = cityTable().find((x) => x.iso2 === c.plan.code && x.capital);
      if (capital)
        expect(
          c.cities.map((x) => x.city),
          c.plan.code,
        ).toContain(capital.city);
    }
    const manila = rows.filter((r) => r.countryCode === "PH" && r.city === "Manila");
    expect(manila.length).toBeGreaterThan(0);
  });

  it("has Toronto lawyers who handle car accidents (browser journey)", () => {
    const toronto = rows.filter((r) => r.city === "Toronto" && r.countryCode === "CA");
    expect(toronto.length).toBeGreaterThanOrEqual(50);
    expect(toronto.every((r) => r.state === "Ontario" && r.timeZone === "America/Toronto")).toBe(true);
    expect(toronto.filter((r) => r.practiceAreas?.includes("Car Accidents")).length).toBeGreaterThanOrEqual(
      10,
    );
  });

  it("names people in the country's customs and script: Japanese family-first in kanji, Arabic script in Arab countries, Müller in Germany", () => {
    expect(rows.some((r) => r.name.includes("Müller") && r.countryCode === "DE")).toBe(true);
    expect(rows.filter((r) => /[^ -~]/.test(r.name)).length).toBeGreaterThan(100);
    const arab = new Set(["AE", "SA", "EG", "QA", "KW"]);
    for (const r of rows) {
      if (r.countryCode === "JP")
        expect(r.name).toMatch(/^\p{Script=Han}+ [\p{Script=Han}\p{Script=Hiragana}]+$/u);
      else if (arab.has(r.countryCode)) expect(r.name).toMatch(/^[\p{Script=Arabic} ]+$/u);
      else if (r.countryCode === "GR") expect(r.name).toMatch(/^\p{Script=Greek}+ \p{Script=Greek}+$/u);
      // Korean: Hangul, family name first, written together (김민준).
      else if (r.countryCode === "KR") expect(r.name).toMatch(/^\p{Script=Hangul}{2,4}$/u);
      else if (r.countryCode === "IL") expect(r.name).toMatch(/^\p{Script=Hebrew}+( \p{Script=Hebrew}+)+$/u);
      else expect(r.name).toMatch(/^[\p{Script=Latin}\p{M} .'’-]+$/u);
    }
    expect(rows.some((r) => r.name === "山田 太郎" || r.name.startsWith("山田 "))).toBe(true);
    // Kenya, the Philippines, Morocco, Estonia: family names of the country's own lists.
    for (const code of ["KE", "PH", "MA", "EE"] as const) {
      const list = rows.filter((r) => r.countryCode === code);
      expect(list.length, code).toBeGreaterThan(5);
      for (const r of list)
        expect(
          [...LATIN_FAMILY_NAMES[code]].some((f) => r.name.endsWith(` ${f}`)),
          `${code} ${r.name}`,
        ).toBe(true);
    }
    expect(rows.some((r) => r.countryCode === "PH" && / [A-Z]\. /.test(r.name))).toBe(true); // middle initial
    // Iceland: a patronymic with -son for men and -dóttir for women, by the given name's gender.
    const iceland = rows.filter((r) => r.countryCode === "IS");
    expect(iceland.length).toBeGreaterThan(3);
    for (const r of iceland) {
      const [given = "", patronymic = ""] = r.name.split(" ");
      if (IS_GIVEN.male.includes(given)) expect(patronymic, r.name).toMatch(/son$/);
      else {
        expect(IS_GIVEN.female, r.name).toContain(given);
        expect(patronymic, r.name).toMatch(/dóttir$/);
      }
    }
    // Greece: the family name in the form of the person's gender (Παπαδόπουλος / Παπαδοπούλου).
    const greek = rows.filter((r) => r.countryCode === "GR");
    expect(new Set(greek.map((r) => GR_GIVEN.male.includes(r.name.split(" ")[0] ?? "")))).toEqual(
      new Set([true, false]),
    );
    for (const r of greek) {
      const [given = "", family = ""] = r.name.split(" ");
      const forms = GR_FAMILY.find((f) => f.includes(family));
      expect(forms, r.name).toBeDefined();
      expect(family, r.name).toBe(GR_GIVEN.male.includes(given) ? forms?.[0] : forms?.[1]);
    }
    // Single names occur where customary (some Indonesians).
    expect(rows.some((r) => r.countryCode === "ID" && !r.name.includes(" "))).toBe(true);
  });

  it("adds Israel: Hebrew names in its largest GeoNames cities, valid phones, a capped fee sentence in English", () => {
    const israel = rows.filter((r) => r.countryCode === "IL");
    expect(israel.length).toBeGreaterThanOrEqual(10);
    const cities = new Set(israel.map((r) => r.city));
    expect(cities.size).toBeGreaterThanOrEqual(5);
    for (const city of ["Jerusalem", "Tel Aviv", "Haifa"]) expect(cities).toContain(city);
    for (const r of israel) {
      expect(r.country).toBe("Israel");
      expect(r.timeZone).toBe("Asia/Jerusalem");
      expect(isValidPhoneNumber(r.phone ?? "", "IL")).toBe(true);
      expect(r.languages?.[0]).toBe("he");
      expect(r.bio).toMatch(/personal injury/);
      expect(r.bio).not.toContain(feeSentences("en").contingency);
    }
    expect(israel.some((r) => r.bio?.includes(feeSentences("en").capped))).toBe(true);
    expect(israel.some((r) => /\p{Script=Hebrew}/u.test(r.firm ?? ""))).toBe(true);
  });

  it("has a flag and a country option for every demo country, Israel included", async () => {
    const options = new Map(countryOptions().map((o) => [o.code, o.name]));
    expect(options.get("IL")).toBe("Israel");
    for (const code of DEMO_COUNTRY_CODES) {
      expect(options.has(code), code).toBe(true);
      expect(await flagSvg(code), code).toMatch(/<svg/);
    }
  });

  it("generates the benchmark size, 100,000 rows, with one email per listing", () => {
    const big = generateLawyers(100_000);
    expect(big).toHaveLength(100_000);
    expect(new Set(big.map((r) => r.email)).size).toBe(100_000);
  });
});

describe("issue 28 §2: the demo listings state their grammatical gender", () => {
  it("every listing is feminine or masculine, as its bio's own gendered words say", () => {
    const genders = new Set(rows.map((r) => r.grammaticalGender));
    expect([...genders].sort()).toEqual(["feminine", "masculine"]);
    for (const r of rows) {
      const feminine = r.grammaticalGender === "feminine";
      // The bios agree with the generated first name's sex (server/seed/demo-bios.ts).
      if (/\b(Rechtsanwältin|avocate|abogada|advogada)\b|محامية|تمثّل/.test(r.bio ?? ""))
        expect(feminine, r.bio).toBe(true);
      if (/\b(Rechtsanwalt|avocat|abogado|advogado)\b|محامٍ|يمثّل/.test(r.bio ?? ""))
        expect(feminine, r.bio).toBe(false);
    }
  });
});
