/**
 * Where the demo lawyers practise (issue 2 §2, docs/design.md §4): the planned countries with their
 * shares, firm-name languages, languages spoken, postcode patterns, working weeks, the cities of
 * each (GeoNames through cities.ts, boroughs folded into their city), and the North American
 * area codes. Used by generate.ts (issue 2 §2, issue 14 §4).
 */

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
import { greatCircleKm } from "../../lib/great-circle.ts";
import { isLanguageCode } from "../../lib/languages.ts";
import { type CityRecord, cityTable } from "./cities.ts";
import { countryName } from "./countries.ts";

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
  | "vi"
  | "ar"
  | "et"
  | "is"
  | "he";

/**
 * Languages spoken in a country, e.g. "de en:.75 fr:.1": ISO 639-1 codes each with the share of
 * lawyers who speak it (no share = every lawyer). The first is the office's language.
 */
export type LanguageMix = string;

export interface CountryPlan {
  code: string;
  /** Relative share of the lawyers. */
  weight: number;
  /**
   * Faker locale for names and streets; "ja" (kanji, family name first) and "ar" (Arabic
   * script) use the lists of demo-names.ts; KE, PH, MA, EE, IS, GR, KR (Hangul) and IL (Hebrew)
   * the customs of demo-name-customs.ts; Greek streets are transliterated.
   */
  locale: LocaleDefinition;
  lang: FirmLang;
  /** Languages the lawyers speak (issue 14 §4). */
  languages: LanguageMix;
  /**
   * Postcode pattern ("#" digit, "?" capital letter, anything else literal) where faker's locale
   * does not give the country's own; null when the country has no postcodes in addresses.
   */
  zip?: string | null;
  /** Working week by local custom, "Mon-Fri" unless given ("Sun-Thu" in SA, EG, KW, QA, IL). */
  week?: string;
  /** Share of lawyers known by a single name (some Indonesians), 0 unless given. */
  mononyms?: number;
  /** Alternative locale for some provinces (Québec French, Brussels/Wallonia French, Romandy). */
  regional?: { provinces: string[]; locale: LocaleDefinition; lang: FirmLang; languages: LanguageMix };
}

/**
 * Country mix. The eight big markets lead in the spec's order (spec §3 "Options": USA, Canada,
 * UK, Australia, Germany, France, Netherlands, Japan); 54 more countries have smaller shares,
 * among them the Gulf and Egypt (issue 14 §4: AE, SA, EG, QA, KW) and Israel, 62 in all.
 */
export const COUNTRY_PLANS: CountryPlan[] = [
  {
    code: "US",
    weight: 30,
    locale: en_US,
    lang: "en",
    languages: "en es:.12 fr:.02 zh:.02 vi:.01 ko:.01 tl:.01",
  },
  {
    code: "CA",
    weight: 12,
    locale: en_CA,
    lang: "en",
    languages: "en fr:.25 zh:.03 pa:.02 es:.02",
    regional: { provinces: ["Quebec"], locale: fr_CA, lang: "fr", languages: "fr en:.85 es:.05" },
  },
  {
    code: "GB",
    weight: 7,
    locale: en_GB,
    lang: "en",
    languages: "en fr:.06 de:.03 ur:.03 pa:.02 hi:.02 pl:.02",
  },
  { code: "AU", weight: 5.5, locale: en_AU, lang: "en", languages: "en zh:.04 el:.02 it:.02 vi:.02 ar:.02" },
  { code: "DE", weight: 4.5, locale: de, lang: "de", languages: "de en:.75 fr:.1 tr:.05 ru:.04 pl:.03" },
  { code: "FR", weight: 4, locale: fr, lang: "fr", languages: "fr en:.65 es:.1 de:.05 ar:.05 it:.03" },
  { code: "NL", weight: 3.2, locale: nl, lang: "nl", languages: "nl en:.9 de:.3 fr:.08 tr:.02" },
  { code: "JP", weight: 2.8, locale: ja, lang: "ja", languages: "ja en:.3 zh:.03", zip: "###-####" },
  {
    code: "ES",
    weight: 1.6,
    locale: es,
    lang: "es",
    languages: "es en:.55 ca:.15 fr:.1 de:.03",
    zip: "#####",
  },
  { code: "IT", weight: 1.6, locale: it, lang: "it", languages: "it en:.5 fr:.08 de:.05" },
  { code: "MX", weight: 1.5, locale: es_MX, lang: "es", languages: "es en:.45", zip: "#####" },
  { code: "BR", weight: 1.5, locale: pt_BR, lang: "pt", languages: "pt en:.4 es:.25" },
  {
    code: "IN",
    weight: 1.4,
    locale: en_IN,
    lang: "en",
    languages: "en hi:.85 mr:.1 ta:.1 bn:.08 te:.08 gu:.06",
    zip: "######",
    week: "Mon-Sat",
  },
  { code: "IE", weight: 1.3, locale: en_IE, lang: "en", languages: "en ga:.08 fr:.05", zip: "?## ?#?#" },
  { code: "NZ", weight: 1.2, locale: en, lang: "en", languages: "en mi:.04", zip: "####" },
  { code: "ZA", weight: 1.0, locale: en_ZA, lang: "en", languages: "en af:.4 zu:.15 xh:.1" },
  { code: "KR", weight: 0.9, locale: en, lang: "ko", languages: "ko en:.45", zip: "#####" },
  { code: "PT", weight: 0.8, locale: pt_PT, lang: "pt", languages: "pt en:.65 es:.2 fr:.1" },
  {
    code: "BE",
    weight: 0.8,
    locale: nl_BE,
    lang: "nl",
    languages: "nl fr:.6 en:.8 de:.05",
    regional: {
      provinces: ["Brussels Capital", "Wallonia"],
      locale: fr_BE,
      lang: "fr",
      languages: "fr nl:.35 en:.75 de:.05",
    },
  },
  {
    code: "CH",
    weight: 0.8,
    locale: de_CH,
    lang: "de",
    languages: "de fr:.45 en:.75 it:.15",
    regional: {
      provinces: ["Geneva", "Vaud", "Neuchâtel", "Fribourg", "Valais", "Jura"],
      locale: fr_CH,
      lang: "fr",
      languages: "fr de:.4 en:.7 it:.1",
    },
  },
  { code: "PL", weight: 0.8, locale: pl, lang: "pl", languages: "pl en:.6 de:.1" },
  { code: "TR", weight: 0.8, locale: tr, lang: "tr", languages: "tr en:.45 de:.05", zip: "#####" },
  { code: "AT", weight: 0.7, locale: de_AT, lang: "de", languages: "de en:.75 it:.03" },
  { code: "SE", weight: 0.7, locale: sv, lang: "sv", languages: "sv en:.9 de:.05" },
  { code: "AR", weight: 0.7, locale: es, lang: "es", languages: "es en:.45 it:.05 pt:.05", zip: "?####???" },
  {
    code: "NG",
    weight: 0.6,
    locale: en_NG,
    lang: "en",
    languages: "en yo:.3 ig:.2 ha:.2 fr:.02",
    zip: "######",
  },
  { code: "SG", weight: 0.6, locale: en, lang: "en", languages: "en zh:.4 ms:.15 ta:.08", zip: "######" },
  { code: "NO", weight: 0.5, locale: nb_NO, lang: "no", languages: "nb en:.9" },
  { code: "DK", weight: 0.5, locale: da, lang: "da", languages: "da en:.9 de:.1" },
  { code: "HK", weight: 0.5, locale: en_HK, lang: "en", languages: "zh en:.95", zip: null },
  { code: "PH", weight: 0.5, locale: en, lang: "en", languages: "en tl:.95", zip: "####" },
  { code: "AE", weight: 0.5, locale: en, lang: "ar", languages: "ar en:.9 hi:.05 ur:.05 fr:.03", zip: null },
  { code: "SA", weight: 0.5, locale: en, lang: "ar", languages: "ar en:.7", zip: "#####", week: "Sun-Thu" },
  {
    code: "EG",
    weight: 0.45,
    locale: en,
    lang: "ar",
    languages: "ar en:.65 fr:.1",
    zip: "#####",
    week: "Sun-Thu",
  },
  {
    code: "ID",
    weight: 0.5,
    locale: id_ID,
    lang: "id",
    languages: "id en:.5 jv:.2",
    zip: "#####",
    mononyms: 0.1,
  },
  { code: "GR", weight: 0.5, locale: el, lang: "el", languages: "el en:.75 fr:.05 de:.05", zip: "### ##" },
  { code: "CL", weight: 0.5, locale: es, lang: "es", languages: "es en:.4", zip: "#######" },
  { code: "CO", weight: 0.5, locale: es, lang: "es", languages: "es en:.4", zip: "######" },
  { code: "FI", weight: 0.4, locale: fi, lang: "fi", languages: "fi en:.85 sv:.3" },
  { code: "CZ", weight: 0.4, locale: cs_CZ, lang: "cs", languages: "cs en:.6 de:.15 sk:.1" },
  { code: "HU", weight: 0.4, locale: hu, lang: "hu", languages: "hu en:.6 de:.2" },
  { code: "RO", weight: 0.4, locale: ro, lang: "ro", languages: "ro en:.65 fr:.15 hu:.05" },
  { code: "KE", weight: 0.4, locale: en, lang: "en", languages: "en sw:.9", zip: "#####" },
  { code: "MY", weight: 0.4, locale: en, lang: "en", languages: "ms en:.95 zh:.3 ta:.08", zip: "#####" },
  { code: "VN", weight: 0.4, locale: vi, lang: "vi", languages: "vi en:.45 fr:.03", zip: "######" },
  { code: "PE", weight: 0.4, locale: es, lang: "es", languages: "es en:.35 qu:.03", zip: "#####" },
  // Israel: Hebrew names in Hebrew script, the Sunday-to-Thursday week, seven-digit postcodes (Israel Post).
  {
    code: "IL",
    weight: 0.35,
    locale: en,
    lang: "he",
    languages: "he en:.85 ar:.12 ru:.12 fr:.04",
    zip: "#######",
    week: "Sun-Thu",
  },
  { code: "GH", weight: 0.3, locale: en_GH, lang: "en", languages: "en ak:.4", zip: null },
  { code: "MA", weight: 0.3, locale: fr, lang: "fr", languages: "ar fr:.95 en:.3 es:.08", zip: "#####" },
  { code: "SK", weight: 0.25, locale: sk, lang: "sk", languages: "sk en:.6 cs:.3 de:.1 hu:.05" },
  { code: "HR", weight: 0.25, locale: hr, lang: "hr", languages: "hr en:.7 de:.2 it:.05" },
  { code: "RS", weight: 0.25, locale: sr_RS_latin, lang: "sr", languages: "sr en:.65 de:.1" },
  { code: "CR", weight: 0.25, locale: es, lang: "es", languages: "es en:.5", zip: "#####" },
  { code: "QA", weight: 0.2, locale: en, lang: "ar", languages: "ar en:.85", zip: null, week: "Sun-Thu" },
  { code: "KW", weight: 0.2, locale: en, lang: "ar", languages: "ar en:.8", zip: "#####", week: "Sun-Thu" },
  { code: "SI", weight: 0.2, locale: sl_SI, lang: "sl", languages: "sl en:.7 de:.15 hr:.1 it:.05" },
  { code: "LV", weight: 0.2, locale: lv, lang: "lv", languages: "lv en:.7 ru:.5" },
  { code: "EE", weight: 0.2, locale: en, lang: "et", languages: "et en:.8 ru:.35 fi:.1", zip: "#####" },
  { code: "LU", weight: 0.2, locale: fr_LU, lang: "fr", languages: "fr de:.9 lb:.85 en:.8 pt:.05" },
  { code: "SN", weight: 0.2, locale: fr_SN, lang: "fr", languages: "fr wo:.7 en:.2", zip: "#####" },
  { code: "JM", weight: 0.2, locale: en, lang: "en", languages: "en", zip: null },
  { code: "IS", weight: 0.15, locale: en, lang: "is", languages: "is en:.95 da:.1", zip: "###" },
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

/** Great-circle km between two cities (lib/great-circle.ts on a 6371 km sphere, as the demo data has always used). */
function kmBetween(a: CityRecord, b: CityRecord): number {
  return greatCircleKm(a.lat, a.lng, b.lat, b.lng, 6371);
}

/**
 * Drops the boroughs GeoNames lists beside their city (Brooklyn and Queens beside New York City,
 * Anderlecht beside Brussels): a place of 100,000+ inhabitants within SAME_CITY_KM of a larger
 * kept one. A capital is always kept (Manila beside Quezon City). `cities` is sorted most
 * populous first; smaller places are kept as they are.
 */
function withoutBoroughs(cities: CityRecord[]): CityRecord[] {
  const big: CityRecord[] = [];
  return cities.filter((c) => {
    if (c.pop < 100_000) return true;
    // A capital is never a borough of a bigger neighbour (Manila beside Quezon City).
    if (c.capital) {
      big.push(c);
      return true;
    }
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

/** A language mix read into codes and shares (shares 0..1). */
export type ParsedLanguages = readonly { code: string; share: number }[];

/** Reads a LanguageMix ("de en:.75") into codes and shares; throws on a code that is not ISO 639-1. */
export function parseLanguageMix(mix: LanguageMix): ParsedLanguages {
  return mix.split(/\s+/).map((part) => {
    const [code = "", share] = part.split(":");
    if (!isLanguageCode(code)) throw new Error(`not an ISO 639-1 code: ${code}`);
    return { code, share: share === undefined ? 1 : Number(share) };
  });
}

export interface PreparedCountry {
  plan: CountryPlan;
  name: string;
  cities: CityRecord[];
  /** Cumulative population weights of `cities`. */
  cumulative: Float64Array;
  languages: ParsedLanguages;
  regionalLanguages?: ParsedLanguages;
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
    return {
      plan,
      name,
      cities,
      cumulative,
      languages: parseLanguageMix(plan.languages),
      regionalLanguages: plan.regional ? parseLanguageMix(plan.regional.languages) : undefined,
    };
  });
  return prepared;
}
