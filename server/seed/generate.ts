/**
 * Deterministic demo data (issue 2 §2, DESIGN.md §4): fictional personal injury lawyers in real
 * cities of 57 countries. Everything random comes from ONE seeded faker randomizer shared by
 * every locale instance, so the same (count, seed) gives the same rows byte for byte.
 *
 * Sources: cities, coordinates, provinces and IANA time zones from `city-timezones`; country
 * names from `i18n-iso-countries` (./countries.ts); names and streets from faker's locales;
 * phone formats from `libphonenumber-js` (max metadata). Emails and websites use the reserved
 * `.example` TLD; North American phones use the fictional 555-01XX range.
 */
import { createRequire } from "node:module";
import {
  base,
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
  Faker,
  fi,
  fr,
  fr_BE,
  fr_CA,
  fr_CH,
  fr_LU,
  fr_SN,
  generateMersenne53Randomizer,
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
import { getExampleNumber, parsePhoneNumberFromString } from "libphonenumber-js/max";
import {
  APPROACH_STYLES,
  AVAILABILITY_LEVELS,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  PRACTICE_AREAS,
  PRIORITY_FOCUSES,
} from "../../lib/constants.ts";
import type { lawyers } from "../db/schema.ts";
import { countryName } from "./countries.ts";

const require = createRequire(import.meta.url);

/** One row for `INSERT INTO lawyers`. */
export type NewLawyer = typeof lawyers.$inferInsert;

/** Default seed of the demo data (the date the generator was written). */
export const DEFAULT_SEED = 20261121;

interface CityRecord {
  city: string;
  lat: number;
  lng: number;
  pop: number;
  iso2: string;
  province: string;
  timezone: string;
}

/** How firms are named and addresses written in a country. */
type FirmLang =
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
type AddressStyle = "us" | "eu" | "uk" | "plain";

interface CountryPlan {
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
const COUNTRY_PLANS: CountryPlan[] = [
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
    regional: { provinces: ["Québec"], locale: fr_CA, lang: "fr" },
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
      provinces: ["Brussels", "Liege", "Hainaut", "Namur", "Luxembourg"],
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
      provinces: ["Genève", "Vaud", "Neuchâtel", "Fribourg", "Valais", "Jura"],
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

/** Corrections to a few records of the cities package (wrong province or a duplicate city). */
const CITY_FIXES: Record<string, { province?: string; skip?: true }> = {
  "GB|London": { province: "Greater London" },
  "VN|Hanoi": { province: "Hanoi" },
  "NZ|Wellington": { province: "Wellington" },
  "DK|København": { skip: true },
  "IS|Reykjavík": { province: "Capital Region" },
};

/** Share of each practice area (spec §3 filter counts: Car Accidents most, Mass Torts least). */
const PRACTICE_AREA_WEIGHTS = [245, 189, 156, 134, 98, 87, 76, 65, 54, 43, 32, 21];

const JA_SURNAMES = [
  "Sato",
  "Suzuki",
  "Takahashi",
  "Tanaka",
  "Watanabe",
  "Ito",
  "Yamamoto",
  "Nakamura",
  "Kobayashi",
  "Kato",
  "Yoshida",
  "Yamada",
  "Sasaki",
  "Yamaguchi",
  "Matsumoto",
  "Inoue",
  "Kimura",
  "Hayashi",
  "Shimizu",
  "Saito",
  "Ōno",
  "Ōta",
  "Mori",
  "Ikeda",
  "Hashimoto",
];
const JA_GIVEN = [
  "Hiroshi",
  "Takashi",
  "Kenji",
  "Yuki",
  "Akira",
  "Haruka",
  "Yui",
  "Aiko",
  "Naoki",
  "Satoshi",
  "Kazuki",
  "Emi",
  "Mai",
  "Sakura",
  "Daisuke",
  "Keiko",
  "Tomoko",
  "Shōta",
  "Ryō",
  "Yōko",
  "Kenta",
  "Misaki",
];
const JA_AREAS = [
  "Chuo",
  "Nishi",
  "Higashi",
  "Kita",
  "Minami",
  "Sakae",
  "Hon",
  "Shin",
  "Marunouchi",
  "Kanda",
];
const KO_SURNAMES = [
  "Kim",
  "Lee",
  "Park",
  "Choi",
  "Jung",
  "Kang",
  "Cho",
  "Yoon",
  "Jang",
  "Lim",
  "Han",
  "Oh",
  "Seo",
  "Shin",
  "Kwon",
];
const KO_GIVEN = [
  "Min-jun",
  "Seo-yeon",
  "Ji-ho",
  "Ha-eun",
  "Do-yun",
  "Ji-woo",
  "Seo-jun",
  "Su-bin",
  "Hyun-woo",
  "Ye-jin",
  "Jae-won",
  "Eun-ji",
  "Sung-min",
  "Hye-jin",
];
const KO_STREETS = [
  "Sejong-daero",
  "Teheran-ro",
  "Gangnam-daero",
  "Jong-ro",
  "Eulji-ro",
  "Toegye-ro",
  "Hangang-daero",
  "Olympic-ro",
  "Jungang-daero",
];

/** Firm name templates per language ({A}, {B}: surnames). English ones are used everywhere. */
const EN_FIRMS = [
  "{A} & {B} LLP",
  "{A} Injury Law",
  "{A} Law Group",
  "{A} & {B} Personal Injury Lawyers",
  "{A} Legal",
  "{A}, {B} & Partners",
  "{A} Accident Law",
];
const SOLICITOR_FIRMS = ["{A} & {B} Solicitors", "{A} Injury Solicitors", "{A} Solicitors"];
const LOCAL_FIRMS: Partial<Record<FirmLang, string[]>> = {
  en: ["{A} Injury Lawyers", "{A} & Associates", "{A} Trial Lawyers"],
  de: ["Kanzlei {A}", "{A} & {B} Rechtsanwälte", "{A} & Partner", "Rechtsanwaltskanzlei {A}"],
  fr: ["Cabinet {A}", "{A} & {B} Avocats", "{A} Avocats Associés"],
  nl: ["{A} Advocaten", "{A} & {B} Advocaten", "Advocatenkantoor {A}"],
  es: ["{A} Abogados", "Bufete {A}", "{A} & {B} Abogados"],
  it: ["Studio Legale {A}", "{A} & {B} Avvocati"],
  pt: ["{A} Advogados", "{A} & {B} Sociedade de Advogados"],
  sv: ["Advokatfirman {A}", "{A} & {B} Advokatbyrå"],
  no: ["Advokatfirmaet {A}", "{A} & {B} Advokater"],
  da: ["Advokatfirmaet {A}", "{A} & {B} Advokater"],
  fi: ["Asianajotoimisto {A}"],
  pl: ["Kancelaria Prawna {A}", "{A} i {B} Kancelaria Adwokacka"],
  cs: ["Advokátní kancelář {A}"],
  sk: ["Advokátska kancelária {A}"],
  hu: ["{A} Ügyvédi Iroda", "{A} és {B} Ügyvédi Iroda"],
  ro: ["Cabinet de Avocat {A}", "{A} & {B} Avocați"],
  hr: ["Odvjetnički ured {A}"],
  sl: ["Odvetniška pisarna {A}"],
  sr: ["Advokatska kancelarija {A}"],
  tr: ["{A} Hukuk Bürosu", "{A} & {B} Avukatlık"],
  lv: ["Zvērinātu advokātu birojs {A}"],
  el: ["{A} & {B} Dikigorikí Etaireía", "{A} Law Office"],
  ja: ["{A} Law Office", "{A} & {B} Law Offices", "{A} Sogo Law Office"],
  ko: ["{A} & {B} Law Firm", "Law Firm {A}"],
  id: ["Kantor Hukum {A}", "{A} & {B} Law Firm"],
  vi: ["Công ty Luật {A}", "{A} Law Firm"],
};

const GREEK: Record<string, string> = {
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};

/** Latin transliteration of Greek text (simplified ELOT 743), e.g. "Αποστόλου" -> "Apostolou". */
function transliterateGreek(text: string): string {
  const plain = text.normalize("NFD").replace(/\p{M}/gu, "");
  return plain.replace(/[\u0370-\u03ff]+/g, (word) => {
    const lower = word.toLowerCase().replace(/ου/g, "ou").replace(/αυ/g, "av").replace(/ευ/g, "ev");
    let out = "";
    for (const ch of lower) out += GREEK[ch] ?? ch;
    return word[0] === word[0]?.toLowerCase() ? out : out.charAt(0).toUpperCase() + out.slice(1);
  });
}

/** Repairs UTF-8 text that a locale file stored double-encoded ("Ã\u0096mer" -> "Ömer"). */
function fixMojibake(text: string): string {
  if (!/[ÃÅÄ][\u0080-\u00bf]/.test(text)) return text;
  const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return decoded.includes("\ufffd") ? text : decoded;
}

/** ASCII slug for emails and domains: "Müller & Söhne" -> "muller-sohne". */
function slug(text: string): string {
  return text
    .replace(/ß/g, "ss")
    .replace(/[øØ]/g, "o")
    .replace(/[æÆ]/g, "ae")
    .replace(/[łŁ]/g, "l")
    .replace(/[đĐ]/g, "d")
    .replace(/ı/g, "i")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** North American area codes by state or province, so phones look local (fictional 555-01XX lines). */
const AREA_CODES: Record<string, string> = {
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
  Québec: "514",
  "British Columbia": "604",
  Alberta: "403",
  Manitoba: "204",
  Saskatchewan: "306",
  "Nova Scotia": "902",
  "New Brunswick": "506",
  "Newfoundland and Labrador": "709",
};

interface PreparedCountry {
  plan: CountryPlan;
  name: string;
  cities: CityRecord[];
  /** Cumulative population weights of `cities`. */
  cumulative: Float64Array;
  exampleNational: string;
}

let prepared: PreparedCountry[] | undefined;
/** Loads and indexes the cities of every planned country once per process. */
function prepareCountries(): PreparedCountry[] {
  if (prepared) return prepared;
  const all: CityRecord[] = require("city-timezones").cityMapping;
  const byCode = new Map<string, CityRecord[]>();
  for (const c of all) {
    if (!c.timezone || !(c.pop >= 1000)) continue;
    const fix = CITY_FIXES[`${c.iso2}|${c.city}`];
    if (fix?.skip) continue;
    const rec = fix?.province ? { ...c, province: fix.province } : c;
    const list = byCode.get(c.iso2);
    if (list) list.push(rec);
    else byCode.set(c.iso2, [rec]);
  }
  prepared = COUNTRY_PLANS.map((plan) => {
    const cities = (byCode.get(plan.code) ?? [])
      .slice()
      .sort((a, b) => b.pop - a.pop || (a.city < b.city ? -1 : 1));
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

/** Index into a cumulative weight array for a uniform draw u in [0,1). */
function pickCumulative(cumulative: Float64Array | number[], u: number): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  const target = u * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] ?? 0) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Splits `count` over weights by largest remainder, so every country gets its share exactly. */
function allocate(count: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (w / total) * count);
  const out = exact.map(Math.floor);
  let left = count - out.reduce((s, n) => s + n, 0);
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * Generates `count` fictional lawyers, deterministically for a given `seed` (same input, same
 * output). Rows are ready for `INSERT INTO lawyers` (no id). Throws if `count` is negative.
 * Source: issue 2 §2 and the brief for the demo data; about 100,000 rows take a few seconds.
 */
export function generateLawyers(count: number, seed = DEFAULT_SEED): NewLawyer[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");
  const countries = prepareCountries();
  const randomizer = generateMersenne53Randomizer();
  randomizer.seed(seed);
  const next = () => randomizer.next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;

  const fakers = new Map<LocaleDefinition, Faker>();
  const fakerFor = (locale: LocaleDefinition) => {
    let f = fakers.get(locale);
    if (!f) {
      f = new Faker({ locale: [locale, en, base], randomizer });
      fakers.set(locale, f);
    }
    return f;
  };

  // Country of each row: exact shares, shuffled so ids do not cluster by country.
  const slots: number[] = [];
  allocate(
    count,
    countries.map((c) => c.plan.weight),
  ).forEach((n, i) => {
    for (let k = 0; k < n; k++) slots.push(i);
  });
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const tmp = slots[i] as number;
    slots[i] = slots[j] as number;
    slots[j] = tmp;
  }

  const areaCumulative: number[] = [];
  PRACTICE_AREA_WEIGHTS.reduce((s, w, i) => {
    areaCumulative[i] = s + w;
    return s + w;
  }, 0);

  const rows: NewLawyer[] = new Array(count);
  const usedEmails = new Set<string>();
  for (let i = 0; i < count; i++) {
    const country = countries[slots[i] as number] as PreparedCountry;
    const { plan } = country;
    const city = country.cities[pickCumulative(country.cumulative, next())] as CityRecord;
    const regional = plan.regional?.provinces.includes(city.province) ? plan.regional : undefined;
    const locale = regional?.locale ?? plan.locale;
    const lang = regional?.lang ?? plan.lang;
    const f = fakerFor(locale);

    // Names
    const sex = chance(0.5) ? "female" : "male";
    let first: string;
    let last: string;
    let partner: string;
    if (lang === "ja") {
      first = pick(JA_GIVEN);
      last = pick(JA_SURNAMES);
      partner = pick(JA_SURNAMES);
    } else if (lang === "ko") {
      first = pick(KO_GIVEN);
      last = pick(KO_SURNAMES);
      partner = pick(KO_SURNAMES);
    } else {
      first = fixMojibake(f.person.firstName(sex));
      last = fixMojibake(f.person.lastName(sex));
      partner = fixMojibake(f.person.lastName());
      if (lang === "el") {
        first = transliterateGreek(first);
        last = transliterateGreek(last);
        partner = transliterateGreek(partner);
      }
      // Germany's most common surname, so accent-insensitive search ("Muller") has something to find.
      if (lang === "de" && chance(0.07)) last = "Müller";
    }
    if (partner === last)
      partner = lang === "ja" || lang === "ko" ? pick(["Partners", "Associates"]) : partner;
    const name = `${first} ${last}`;

    // Firm, email, website
    const local = ["GB", "IE", "HK"].includes(plan.code) ? SOLICITOR_FIRMS : LOCAL_FIRMS[lang];
    const template = local && chance(0.6) ? pick(local) : pick(EN_FIRMS);
    const firm = template.replace("{A}", last).replace("{B}", partner);
    const domainBase = slug(template.includes("{B}") ? `${last} ${partner}` : `${last} law`);
    const domain = `${domainBase}${plan.code === "US" ? "" : `-${plan.code.toLowerCase()}`}.example`;
    // Unique per listing (an account claims the listing whose email it proves, issue 3): a
    // repeated name at the same firm domain gets a number, as a real mail system would.
    const mailbox = `${slug(first).replace(/-/g, ".")}.${slug(last).replace(/-/g, ".")}`;
    let email = `${mailbox}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${mailbox}${n}@${domain}`;
    usedEmails.add(email);
    const website = chance(0.9) ? `https://www.${domain}` : null;

    // Place
    const state = city.province || null;
    const location = [city.city, state, country.name].filter(Boolean).join(", ");

    // Phone: country example number with varied trailing digits, validated; 555-01XX in North America.
    let phone = "";
    if (plan.code === "US" || plan.code === "CA") {
      const area = (state && AREA_CODES[state]) ?? country.exampleNational.slice(0, 3);
      const parsed = parsePhoneNumberFromString(
        `${area}55501${int(0, 9)}${int(0, 9)}`,
        plan.code as CountryCode,
      );
      phone = parsed?.formatInternational() ?? "";
    } else {
      const ex = country.exampleNational;
      const vary = ex.length > 7 ? 4 : 3;
      for (let attempt = 0; attempt < 6 && !phone; attempt++) {
        let digits = "";
        for (let d = 0; d < vary; d++) digits += String(int(0, 9));
        const candidate = parsePhoneNumberFromString(
          ex.slice(0, ex.length - vary) + digits,
          plan.code as CountryCode,
        );
        if (candidate?.isValid()) phone = candidate.formatInternational();
      }
      if (!phone)
        phone = parsePhoneNumberFromString(ex, plan.code as CountryCode)?.formatInternational() ?? "";
    }

    // Address
    let street: string;
    if (lang === "ja")
      street = `${int(1, 5)}-${int(1, 30)}-${int(1, 20)} ${pick(JA_AREAS)}-${pick(["cho", "machi"])}`;
    else if (lang === "ko") street = `${int(1, 480)} ${pick(KO_STREETS)}`;
    else street = fixMojibake(f.location.streetAddress());
    if (lang === "el") street = transliterateGreek(street);
    let zip = "";
    if (lang === "ko") zip = String(int(10000, 63999));
    else if (plan.address !== "plain") {
      try {
        zip = f.location.zipCode();
      } catch {
        zip = "";
      }
    }
    let businessAddress: string;
    if (plan.address === "us")
      businessAddress = `${street}, ${city.city}${state ? `, ${state}` : ""} ${zip}`.trim();
    else if (plan.address === "eu") businessAddress = `${street}, ${zip ? `${zip} ` : ""}${city.city}`;
    else if (plan.address === "uk") businessAddress = `${street}, ${city.city}${zip ? ` ${zip}` : ""}`;
    else businessAddress = `${street}, ${city.city}`;

    // Practice
    const areaCount = pickCumulative([15, 45, 75, 90, 100], next()) + 1;
    const chosen = new Set<number>();
    while (chosen.size < areaCount) chosen.add(pickCumulative(areaCumulative, next()));
    const practiceAreas = [...chosen].sort((a, b) => a - b).map((k) => PRACTICE_AREAS[k] as string);

    const experience = 1 + Math.floor(44 * next() ** 1.5);
    const rating = Math.round((3 + 2 * Math.sqrt(next())) * 100) / 100;
    const reviewCount = Math.min(800, Math.floor(experience * (2 + 14 * next()) + 20 * next()));
    const verifiedListing = chance(0.85);

    // Hours in local time
    const week = plan.week ?? "Mon-Fri";
    const hours = pick(["9:00-17:00", "9:00-17:00", "8:30-17:30", "9:00-18:00", "8:00-16:30", "9:30-18:30"]);
    const workingHours = chance(0.18)
      ? `${week} ${hours}, Sat ${pick(["9:00-13:00", "10:00-14:00"])}`
      : `${week} ${hours}`;

    // Bio (English, 2-4 sentences)
    const areasText = listJoin(practiceAreas.map((a) => a.toLowerCase()));
    const years = `${experience} year${experience === 1 ? "" : "s"}`;
    const sentences = [
      pick([
        `${name} is a personal injury lawyer in ${city.city} with ${years} of experience.`,
        `${name} has represented personal injury victims in ${city.city} and across ${state ?? country.name} for ${years}.`,
        `With ${years} in personal injury law, ${name} helps clients in ${city.city} recover what they are owed.`,
      ]),
      pick([
        `The practice focuses on ${areasText} cases.`,
        `${firm} handles ${areasText} claims from first consultation to settlement or trial.`,
        `Core areas: ${areasText}.`,
      ]),
    ];
    if (chance(0.7))
      sentences.push(
        pick([
          "Initial consultations are free, and most cases are taken on a contingency fee.",
          "Clients value clear, regular updates and careful preparation for trial.",
          "Every case gets a written plan and a direct line to the lawyer handling it.",
          "Home and hospital visits can be arranged for clients who cannot travel.",
        ]),
      );
    if (chance(0.35))
      sentences.push(
        pick([
          `Consultations are available in English${lang === "en" ? "" : " and the local language"}.`,
          "Past results do not guarantee a similar outcome.",
          "Insurance negotiations are handled in-house.",
        ]),
      );

    const personalityTraits: Record<string, number> = {};
    for (const trait of PERSONALITY_TRAITS) personalityTraits[trait] = 1 + Math.floor(5 * (next() + next()));

    rows[i] = {
      name,
      firm,
      email,
      phone,
      location,
      country: country.name,
      countryCode: plan.code,
      state,
      city: city.city,
      latitude: city.lat,
      longitude: city.lng,
      timeZone: city.timezone,
      experience,
      rating,
      reviewCount,
      bio: sentences.join(" "),
      practiceAreas,
      imageUrl: null,
      businessLogo: null,
      businessAddress,
      website,
      googleReviewsUrl: chance(0.5)
        ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${firm}, ${location}`)}`
        : null,
      workingHours,
      verified: verifiedListing,
      verificationStatus: verifiedListing ? "verified" : "pending",
      personalityTraits,
      communicationStyle: pick(COMMUNICATION_STYLES),
      approachStyle: pick(APPROACH_STYLES),
      clientFocus: pick(PRIORITY_FOCUSES),
      availabilityLevel: pick(AVAILABILITY_LEVELS),
      caseComplexityPreference: pick(CASE_COMPLEXITIES),
    };
  }
  return rows;
}

/** ISO codes of the countries the generator uses, biggest share first. */
export const DEMO_COUNTRY_CODES: readonly string[] = COUNTRY_PLANS.map((p) => p.code);
