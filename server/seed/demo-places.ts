/**
 * Where the demo lawyers practise (issue 2 §2, DESIGN.md §4): the planned countries with their
 * shares, firm-name languages and address styles, the cities of each (GeoNames through cities.ts,
 * boroughs folded into their city), and the local phone area codes. Used by generate.ts.
 */
import { createRequire } from "node:module";
import {
  cs_CZ,
  da,
  de,
  de_AT,
  de_CH,
  el,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_GH,
  en_HK,
  en_IE,
  en_IN,
  en_NG,
  en_US,
  en_ZA,
  es,
  es_MX,
  fi,
  fr,
  fr_BE,
  fr_CA,
  fr_CH,
  fr_LU,
  fr_SN,
  hr,
  hu,
  id_ID,
  it,
  ja,
  type LocaleDefinition,
  lv,
  nb_NO,
  nl,
  nl_BE,
  pl,
  pt_BR,
  pt_PT,
  ro,
  sk,
  sl_SI,
  sr_RS_latin,
  sv,
  tr,
  vi,
} from "@faker-js/faker";
import type { CountryCode } from "libphonenumber-js/max";
import { getExampleNumber } from "libphonenumber-js/max";
import { type CityRecord, cityTable } from "./cities.ts";
import { countryName } from "./countries.ts";

const require = createRequire(import.meta.url);

/** How firms are named and addresses written in a country. */
export type FirmLang =
  | "en"
  | "de"
  | "fr"
  | "nl"
  | "es"
  | "it"
  | "pt"
  | "sv"
  | "no"
  | "da"
  | "fi"
  | "pl"
  | "cs"
  | "sk"
  | "hu"
  | "ro"
  | "hr"
  | "sl"
  | "sr"
  | "tr"
  | "lv"
  | "el"
  | "ja"
  | "ko"
  | "id"
  | "vi";
export type AddressStyle = "us" | "eu" | "uk" | "plain";

export interface CountryPlan {
  code: string;
  /** Relative share of the lawyers. */
  weight: number;
  /** Faker locale for names and streets; "ja"/"ko" use romanized name lists; "el" is transliterated. */
  locale: LocaleDefinition;
  lang: FirmLang;
  address: AddressStyle;
  /** Working week, "Mon-Fri" unless given. */
  week?: string;
  /** Alternative locale for some provinces (Québec French, Brussels/Wallonia French, Romandy). */
  regional?: { provinces: string[]; locale: LocaleDefinition; lang: FirmLang };
}

/**
 * Country mix. The eight big markets lead in the spec's order (spec §3 "Options": USA, Canada,
 * UK, Australia, Germany, France, Netherlands, Japan); 49 more countries have smaller shares.
 */
export const COUNTRY_PLANS: CountryPlan[] = [
  {
    code: "US",
    weight: 30,
    locale: en_US,
    lang: "en",
    address: "us",
  },
  {
    code: "CA",
    weight: 12,
    locale: en_CA,
    lang: "en",
    address: "us",
    regional: { provinces: ["Quebec"], locale: fr_CA, lang: "fr" },
  },
  { code: "GB", weight: 7, locale: en_GB, lang: "en", address: "uk" },
  { code: "AU", weight: 5.5, locale: en_AU, lang: "en", address: "us" },
  { code: "DE", weight: 4.5, locale: de, lang: "de", address: "eu" },
  { code: "FR", weight: 4, locale: fr, lang: "fr", address: "eu" },
  { code: "NL", weight: 3.2, locale: nl, lang: "nl", address: "eu" },
  { code: "JP", weight: 2.8, locale: ja, lang: "ja", address: "eu" },
  { code: "ES", weight: 1.6, locale: es, lang: "es", address: "eu" },
  { code: "IT", weight: 1.6, locale: it, lang: "it", address: "eu" },
  { code: "MX", weight: 1.5, locale: es_MX, lang: "es", address: "eu" },
  { code: "BR", weight: 1.5, locale: pt_BR, lang: "pt", address: "eu" },
  { code: "IN", weight: 1.4, locale: en_IN, lang: "en", address: "uk" },
  { code: "IE", weight: 1.3, locale: en_IE, lang: "en", address: "plain" },
  { code: "NZ", weight: 1.2, locale: en, lang: "en", address: "plain" },
  { code: "ZA", weight: 1.0, locale: en_ZA, lang: "en", address: "uk" },
  { code: "KR", weight: 0.9, locale: en, lang: "ko", address: "eu" },
  { code: "PT", weight: 0.8, locale: pt_PT, lang: "pt", address: "eu" },
  {
    code: "BE",
    weight: 0.8,
    locale: nl_BE,
    lang: "nl",
    address: "eu",
    regional: {
      provinces: ["Brussels Capital", "Wallonia"],
      locale: fr_BE,
      lang: "fr",
    },
  },
  {
    code: "CH",
    weight: 0.8,
    locale: de_CH,
    lang: "de",
    address: "eu",
    regional: {
      provinces: ["Geneva", "Vaud", "Neuchâtel", "Fribourg", "Valais", "Jura"],
      locale: fr_CH,
      lang: "fr",
    },
  },
  { code: "PL", weight: 0.8, locale: pl, lang: "pl", address: "eu" },
  { code: "TR", weight: 0.8, locale: tr, lang: "tr", address: "eu" },
  { code: "AT", weight: 0.7, locale: de_AT, lang: "de", address: "eu" },
  { code: "SE", weight: 0.7, locale: sv, lang: "sv", address: "eu" },
  { code: "AR", weight: 0.7, locale: es, lang: "es", address: "eu" },
  { code: "NG", weight: 0.6, locale: en_NG, lang: "en", address: "plain" },
  { code: "SG", weight: 0.6, locale: en, lang: "en", address: "plain" },
  { code: "NO", weight: 0.5, locale: nb_NO, lang: "no", address: "eu" },
  { code: "DK", weight: 0.5, locale: da, lang: "da", address: "eu" },
  { code: "HK", weight: 0.5, locale: en_HK, lang: "en", address: "plain" },
  { code: "PH", weight: 0.5, locale: en, lang: "en", address: "plain" },
  { code: "ID", weight: 0.5, locale: id_ID, lang: "id", address: "eu" },
  { code: "GR", weight: 0.5, locale: el, lang: "el", address: "eu" },
  { code: "CL", weight: 0.5, locale: es, lang: "es", address: "eu" },
  { code: "CO", weight: 0.5, locale: es, lang: "es", address: "plain" },
  { code: "FI", weight: 0.4, locale: fi, lang: "fi", address: "eu" },
  { code: "CZ", weight: 0.4, locale: cs_CZ, lang: "cs", address: "eu" },
  { code: "HU", weight: 0.4, locale: hu, lang: "hu", address: "eu" },
  { code: "RO", weight: 0.4, locale: ro, lang: "ro", address: "eu" },
  { code: "KE", weight: 0.4, locale: en, lang: "en", address: "plain" },
  { code: "MY", weight: 0.4, locale: en, lang: "en", address: "plain" },
  { code: "VN", weight: 0.4, locale: vi, lang: "vi", address: "plain" },
  { code: "PE", weight: 0.4, locale: es, lang: "es", address: "plain" },
  { code: "GH", weight: 0.3, locale: en_GH, lang: "en", address: "plain" },
  { code: "MA", weight: 0.3, locale: fr, lang: "fr", address: "eu" },
  { code: "SK", weight: 0.25, locale: sk, lang: "sk", address: "eu" },
  { code: "HR", weight: 0.25, locale: hr, lang: "hr", address: "eu" },
  { code: "RS", weight: 0.25, locale: sr_RS_latin, lang: "sr", address: "eu" },
  { code: "CR", weight: 0.25, locale: es, lang: "es", address: "plain" },
  { code: "SI", weight: 0.2, locale: sl_SI, lang: "sl", address: "eu" },
  { code: "LV", weight: 0.2, locale: lv, lang: "lv", address: "eu" },
  { code: "EE", weight: 0.2, locale: en, lang: "en", address: "plain" },
  { code: "LU", weight: 0.2, locale: fr_LU, lang: "fr", address: "eu" },
  { code: "SN", weight: 0.2, locale: fr_SN, lang: "fr", address: "plain" },
  { code: "JM", weight: 0.2, locale: en, lang: "en", address: "plain" },
  { code: "IS", weight: 0.15, locale: en, lang: "en", address: "plain" },
];

/**
 * Corrections to a few GeoNames records, keyed "ISO|name": a duplicate entry to skip. Boroughs and
 * districts that GeoNames lists beside their city (Brooklyn, Queens) are dropped by
 * prepareCountries' distance rule instead.
 */
export const CITY_FIXES: Record<string, { province?: string; skip?: true }> = {};

/**
 * Smallest city of the demo data beyond each country's five largest: the spread by population
 * stays among cities of 100,000+ inhabitants, about 2,100 distinct cities at 100,000 lawyers
 * (the earlier city table gave 3,000; all GeoNames towns of 1,000+ would give 24,000, eight times
 * the place vocabulary and a slower fuzzy place search; docs/performance.md "Issue 14").
 */
export const DEMO_CITY_MIN_POPULATION = 100_000;

/** Two places of 100,000+ inhabitants closer than this (km) are one city: the smaller is dropped. */
const SAME_CITY_KM = 15;

function kmBetween(a: CityRecord, b: CityRecord): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/**
 * Drops the boroughs GeoNames lists beside their city (Brooklyn and Queens beside New York City,
 * Anderlecht beside Brussels): a place of 100,000+ inhabitants within SAME_CITY_KM of a larger
 * kept one. `cities` is sorted most populous first; smaller places are kept as they are.
 */
function withoutBoroughs(cities: CityRecord[]): CityRecord[] {
  const big: CityRecord[] = [];
  return cities.filter((c) => {
    if (c.pop < 100_000) return true;
    if (big.some((b) => kmBetween(b, c) < SAME_CITY_KM)) return false;
    big.push(c);
    return true;
  });
}

/** North American area codes by state or province, so phones look local (fictional 555-01XX lines). */
export const AREA_CODES: Record<string, string> = {
  "New York": "212",
  California: "213",
  Illinois: "312",
  Texas: "713",
  Florida: "305",
  Pennsylvania: "215",
  Arizona: "602",
  Washington: "206",
  Massachusetts: "617",
  Georgia: "404",
  Michigan: "313",
  Ohio: "216",
  Colorado: "303",
  Nevada: "702",
  "North Carolina": "704",
  "New Jersey": "201",
  Virginia: "804",
  Tennessee: "615",
  Minnesota: "612",
  Missouri: "314",
  Oregon: "503",
  Maryland: "410",
  Wisconsin: "414",
  Indiana: "317",
  Louisiana: "504",
  Kentucky: "502",
  Oklahoma: "405",
  Utah: "801",
  "District of Columbia": "202",
  Ontario: "416",
  Quebec: "514",
  "British Columbia": "604",
  Alberta: "403",
  Manitoba: "204",
  Saskatchewan: "306",
  "Nova Scotia": "902",
  "New Brunswick": "506",
  "Newfoundland and Labrador": "709",
};

export interface PreparedCountry {
  plan: CountryPlan;
  name: string;
  cities: CityRecord[];
  /** Cumulative population weights of `cities`. */
  cumulative: Float64Array;
  exampleNational: string;
}

let prepared: PreparedCountry[] | undefined;
/** Loads and indexes the cities of every planned country once per process. */
export function prepareCountries(): PreparedCountry[] {
  if (prepared) return prepared;
  const byCode = new Map<string, CityRecord[]>();
  for (const c of cityTable()) {
    if (!c.timezone || !(c.pop >= 1000)) continue;
    const fix = CITY_FIXES[`${c.iso2}|${c.city}`];
    if (fix?.skip) continue;
    const rec = fix?.province ? { ...c, province: fix.province } : c;
    const list = byCode.get(c.iso2);
    if (list) list.push(rec);
    else byCode.set(c.iso2, [rec]);
  }
  prepared = COUNTRY_PLANS.map((plan) => {
    const all = withoutBoroughs(
      (byCode.get(plan.code) ?? []).slice().sort((a, b) => b.pop - a.pop || (a.city < b.city ? -1 : 1)),
    );
    // Towns below DEMO_CITY_MIN_POPULATION only when the country has fewer than five larger ones.
    const cities = all.filter((c, i) => i < 5 || c.pop >= DEMO_CITY_MIN_POPULATION);
    if (cities.length === 0) throw new Error(`no cities for ${plan.code}`);
    const cumulative = new Float64Array(cities.length);
    let sum = 0;
    cities.forEach((c, i) => {
      sum += c.pop;
      cumulative[i] = sum;
    });
    const name = countryName(plan.code);
    if (!name) throw new Error(`no country name for ${plan.code}`);
    const example = getExampleNumber(plan.code as CountryCode, require("libphonenumber-js/mobile/examples"));
    return { plan, name, cities, cumulative, exampleNational: example?.nationalNumber ?? "" };
  });
  return prepared;
}
