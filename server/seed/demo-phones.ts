/**
 * Demo phone numbers valid for their country (issue 14 §4: every one passes libphonenumber-js
 * `isValidPhoneNumber`), with varied prefixes, mobile and fixed lines. North America uses the
 * fictional 555-01XX lines with the state's area code; the UK uses Ofcom's drama ranges. Other
 * countries draw from a pool of numbers found valid in the country's numbering plan (max
 * metadata), sampled once per process with a fixed seed so the data stays deterministic.
 */

import { createRequire } from "node:module";
import type { CountryCode, NumberType } from "libphonenumber-js/max";
import {
  getCountryCallingCode,
  getExampleNumber,
  Metadata,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import { fictionalPhoneFor } from "../../lib/fictional-phones.ts";
import { mulberry32 } from "./prng.ts";

const require = createRequire(import.meta.url);
const EXAMPLES = require("libphonenumber-js/mobile/examples");

/** A pool of valid national numbers of one country, by line type. */
export interface PhonePool {
  mobile: string[];
  fixed: string[];
}

/** Ofcom's numbers reserved for drama (fictional, never assigned), as national-number templates. */
const GB_FICTIONAL = {
  fixed: [
    "2079460###",
    "1134960###",
    "1174960###",
    "1214960###",
    "1314960###",
    "1614960###",
    "1914980###",
    "2890180###",
  ],
  mobile: ["7700900###"],
};

function typeOf(national: string, country: CountryCode): NumberType | undefined {
  const p = parsePhoneNumberFromString(national, country);
  return p?.isValid() && p.country === country ? p.getType() : undefined;
}

const pools = new Map<string, PhonePool>();

/**
 * The pool of `country`: up to 12 valid mobile and 12 valid fixed-line national numbers, found
 * by sampling digit strings of the plan's lengths (fixed seed per country). Throws when the plan
 * yields no valid number at all (a country the demo cannot phone).
 */
export function phonePool(country: string): PhonePool {
  const hit = pools.get(country);
  if (hit) return hit;
  const cc = country as CountryCode;
  const meta = new Metadata();
  meta.selectNumberingPlan(cc);
  // NumberingPlan.type() exists at runtime (libphonenumber-js metadata.js) but not in its typings.
  const plan = meta.numberingPlan as unknown as
    | {
        possibleLengths(): number[];
        type(t: "MOBILE" | "FIXED_LINE"): { possibleLengths(): number[] } | undefined;
      }
    | undefined;
  if (!plan) throw new Error(`no numbering plan for ${country}`);
  const lengthsOf = (type: "MOBILE" | "FIXED_LINE") => {
    const own = plan.type(type)?.possibleLengths() ?? plan.possibleLengths();
    const usual = own.filter((n: number) => n >= 7 && n <= 11);
    return usual.length > 0 ? usual : own;
  };
  const rand = mulberry32([...country].reduce((h, c) => h * 31 + c.charCodeAt(0), 7));
  const pool: PhonePool = { mobile: [], fixed: [] };
  for (const [kind, type] of [
    ["mobile", "MOBILE"],
    ["fixed", "FIXED_LINE"],
  ] as const) {
    const lengths = lengthsOf(type);
    const seen = new Set<string>();
    // Half the draws start like the country's example mobile number (its first digit; its area
    // code under the North American plan), which finds valid ranges of sparse plans quickly.
    const example = getExampleNumber(cc, EXAMPLES)?.nationalNumber ?? "";
    const hintLength = getCountryCallingCode(cc) === "1" ? 3 : 1;
    for (let attempt = 0; attempt < 300 && pool[kind].length < 12; attempt++) {
      const len = lengths[Math.floor(rand() * lengths.length)] as number;
      let digits =
        hintLength === 3 || rand() < 0.5 ? example.slice(0, hintLength) : String(Math.floor(rand() * 10));
      while (digits.length < len) digits += String(Math.floor(rand() * 10));
      // One number per 3-digit prefix, so the pool spreads over the plan's ranges.
      const prefix = digits.slice(0, 3);
      if (seen.has(prefix)) continue;
      const t = typeOf(digits, cc);
      const fits = t === type || t === "FIXED_LINE_OR_MOBILE";
      if (fits) {
        seen.add(prefix);
        pool[kind].push(digits);
      }
    }
  }
  if (country === "GB") {
    // Drama ranges that the metadata accepts as valid replace the sampled ones.
    const valid = (list: string[]) => list.filter((t) => typeOf(t.replace(/#/g, "0"), cc) !== undefined);
    if (valid(GB_FICTIONAL.fixed).length > 0) pool.fixed = valid(GB_FICTIONAL.fixed);
    if (valid(GB_FICTIONAL.mobile).length > 0) pool.mobile = valid(GB_FICTIONAL.mobile);
  }
  if (pool.mobile.length === 0 && pool.fixed.length === 0)
    throw new Error(`no valid phone numbers for ${country}`);
  if (pool.mobile.length === 0) pool.mobile = pool.fixed;
  if (pool.fixed.length === 0) pool.fixed = pool.mobile;
  pools.set(country, pool);
  return pool;
}

/**
 * A valid phone number of `country` as E.164 ("+49301234567", stored as every phone is: issue
 * 14 §2; pages format it per visitor): a mobile line
 * with probability `mobileShare`, else a fixed line; a pool number with its last digits redrawn
 * (kept when the redraw is not valid). `areaCode` (North America) gives a fictional 555-01XX line.
 * `next` is the generator's seeded uniform draw in [0, 1).
 */
export function demoPhone(country: string, next: () => number, mobileShare = 0.4, areaCode?: string): string {
  const cc = country as CountryCode;
  const digit = () => String(Math.floor(next() * 10));
  if (areaCode) {
    const p = parsePhoneNumberFromString(`${areaCode}55501${digit()}${digit()}`, cc);
    if (p?.isValid()) return p.number;
  }
  const pool = phonePool(country);
  const list = next() < mobileShare ? pool.mobile : pool.fixed;
  const base = list[Math.floor(next() * list.length)] as string;
  if (base.includes("#")) {
    const filled = base.replace(/#/g, digit);
    return parsePhoneNumberFromString(filled, cc)?.number ?? filled;
  }
  const keep = base.length - Math.min(4, base.length - 3);
  let candidate = base.slice(0, keep);
  while (candidate.length < base.length) candidate += digit();
  const p = parsePhoneNumberFromString(candidate, cc);
  if (p?.isValid() && p.country === cc) return p.number;
  return parsePhoneNumberFromString(base, cc)?.number ?? base;
}

/**
 * Area codes of big cities (issue 28 §2 "area codes of demo data that belong to their city"),
 * "CC|GeoNames name" -> the national area code without the trunk prefix, from the national
 * numbering plans (Bundesnetzagentur: München 089; Japan: 東京 03; Anatel: São Paulo (11);
 * TDRA: Dubai 04; NANP: Toronto 416, Ottawa 613…). North American listings get a fictional
 * 555-01XX line in that code (demoPhone's `areaCode`); elsewhere withCityAreaCode moves the
 * drawn number into it. Cities not listed keep the drawn number (docs/formats.md "Addresses").
 */
export const CITY_AREA_CODES: Readonly<Record<string, string>> = {
  "CA|Toronto": "416",
  "CA|Ottawa": "613",
  "CA|Montréal": "514",
  "CA|Vancouver": "604",
  "CA|Calgary": "403",
  "CA|Edmonton": "780",
  "CA|Mississauga": "905",
  "CA|Winnipeg": "204",
  "US|New York City": "212",
  "US|Los Angeles": "213",
  "US|Chicago": "312",
  "US|Houston": "713",
  "US|Dallas": "214",
  "US|San Antonio": "210",
  "US|San Diego": "619",
  "US|San Jose": "408",
  "US|San Francisco": "415",
  "US|Austin": "512",
  "US|Miami": "305",
  "US|Seattle": "206",
  "US|Boston": "617",
  "US|Philadelphia": "215",
  "DE|Munich": "89",
  "DE|Berlin": "30",
  "DE|Hamburg": "40",
  "DE|Köln": "221",
  "DE|Frankfurt am Main": "69",
  "DE|Stuttgart": "711",
  "DE|Düsseldorf": "211",
  "AT|Vienna": "1",
  "CH|Zürich": "44",
  "JP|Tokyo": "3",
  "JP|Osaka": "6",
  "JP|Yokohama": "45",
  "JP|Nagoya": "52",
  "BR|São Paulo": "11",
  "BR|Rio de Janeiro": "21",
  "AE|Dubai": "4",
  "AE|Abu Dhabi": "2",
  "AE|Sharjah": "6",
  "FR|Paris": "1",
  "ES|Madrid": "91",
  "ES|Barcelona": "93",
  "IT|Rome": "06",
  "IT|Milan": "02",
  "NL|Amsterdam": "20",
  "NL|Rotterdam": "10",
  "MX|Mexico City": "55",
};

/** The area code of `city` (GeoNames name) of `countryCode` in CITY_AREA_CODES, or undefined. */
export function cityAreaCode(countryCode: string, city: string): string | undefined {
  return CITY_AREA_CODES[`${countryCode}|${city}`];
}

/**
 * `e164` (a demo number of `countryCode`) moved into the area code of `city` where the city has
 * one (CITY_AREA_CODES) and the country is not under the North American plan (whose demo lines
 * are made in their area code): a fixed line of the area code followed by the drawn number's
 * last digits, as long as the national plan wants (libphonenumber-js validates it), e.g. a
 * Munich listing's "+4915223321977" -> "+49893321977"; unchanged when no such number is valid.
 * Kept apart from demoPhone so the choice of number ranges and the area codes stay separate.
 */
export function withCityAreaCode(e164: string, countryCode: string, city: string): string {
  const area = cityAreaCode(countryCode, city);
  const cc = countryCode as CountryCode;
  if (!area || getCountryCallingCode(cc) === "1") return e164;
  const national = parsePhoneNumberFromString(e164)?.nationalNumber ?? "";
  if (!national) return e164;
  for (const length of [8, 7, 9, 6]) {
    const tail = national.slice(-length).padStart(length, "0");
    for (const first of [tail[0] ?? "", "3", "2", "5"]) {
      const candidate = `${area}${first}${tail.slice(1)}`;
      const type = typeOf(candidate, cc);
      if (type === "FIXED_LINE" || type === "FIXED_LINE_OR_MOBILE")
        return parsePhoneNumberFromString(candidate, cc)?.number ?? e164;
    }
  }
  return e164;
}

/**
 * Issue 28 §4 ("Demo phone numbers are never someone's real number"): `phone` (demoPhone's answer
 * for `country`, E.164) moved into the country's range reserved for fiction, for the countries
 * whose range libphonenumber-js accepts (US, CA and JM's 555-01XX, the UK's Ofcom drama ranges by
 * `city`, Australia's 5550 lines, Sweden's 070-174 06 xx; lib/fictional-phones.ts
 * fictionalPhoneFor), keeping the number's own area code and last digits; elsewhere `phone`
 * unchanged, and the profile withholds it (lib/phone.ts listingPhoneDisplay). Draws nothing, so
 * the rest of the demo data stays as it was.
 */
export function fictionalDemoPhone(phone: string, country: string, city?: string | null): string {
  return fictionalPhoneFor(phone, country, city) ?? phone;
}
