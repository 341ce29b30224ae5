/**
 * Place names of the world for search (issue 14 §3; docs/search.md "Place names"): every name of
 * every GeoNames city of server/seed/cities.ts (local, English and alternate names in any script)
 * and every country name of i18n-iso-countries in the site's languages, keyed by lib/text-fold.ts
 * foldText. Location resolution (location.ts) reads it so "München", "Munich", "ミュンヘン" and
 * "ميونيخ" all reach the lawyers of Munich, and typo correction never turns a real place name into
 * another place. Built once per process (about 1.5 s, on first use).
 */
import countries from "i18n-iso-countries";
import { foldText, hasCjk } from "../../lib/text-fold.ts";
import { type CityRecord, cityTable } from "../seed/cities.ts";

/** Alternate names are indexed for cities of at least this many inhabitants; main names for all. */
export const ALTERNATE_NAMES_MIN_POPULATION = 15_000;

/** Languages whose country names are known (the site's and a few more typed by visitors). */
const COUNTRY_NAME_LANGS = ["en", "de", "fr", "es", "pt", "nl", "ja", "ar", "it", "zh", "ko", "ru", "hi"];

/** The place names of the world, by folded key. */
export interface Gazetteer {
  cities: readonly CityRecord[];
  /** Folded name -> indexes into `cities`, most populous first. */
  cityIds: Map<string, number[]>;
  /** Folded country name in any of COUNTRY_NAME_LANGS -> ISO 3166-1 alpha-2 code. */
  countries: Map<string, string>;
  /** CJK city names (no spaces), for cutting Japanese queries into words. */
  cjkWords: Set<string>;
}

let built: Gazetteer | undefined;

function isCode(name: string): boolean {
  return /^[A-Z0-9]{2,4}$/.test(name);
}

/** The gazetteer of this process (see the module comment). Throws only if the packages are missing. */
export function getGazetteer(): Gazetteer {
  if (built) return built;
  const cities = [...cityTable()].sort((a, b) => b.pop - a.pop);
  const cityIds = new Map<string, number[]>();
  const cjkWords = new Set<string>();
  const add = (name: string, i: number) => {
    if (!name || name.length > 80 || isCode(name)) return;
    const key = foldText(name);
    if (!key) return;
    const list = cityIds.get(key);
    if (!list) cityIds.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
    if (hasCjk(key) && !key.includes(" ")) cjkWords.add(key);
  };
  cities.forEach((c, i) => {
    add(c.city, i);
    if (c.city_ascii !== c.city) add(c.city_ascii, i);
    if (c.pop >= ALTERNATE_NAMES_MIN_POPULATION) for (const n of c.alternateNames) add(n, i);
  });
  const byCountry = new Map<string, string>();
  for (const lang of COUNTRY_NAME_LANGS) {
    for (const [code, names] of Object.entries(countries.getNames(lang, { select: "all" }))) {
      for (const n of names as string[]) {
        const key = foldText(n);
        if (key && !byCountry.has(key)) byCountry.set(key, code);
        if (hasCjk(key) && !key.includes(" ")) cjkWords.add(key);
      }
    }
  }
  built = { cities, cityIds, countries: byCountry, cjkWords };
  return built;
}

/** Every name of a city (main, ASCII and alternates), folded and distinct. */
export function cityNameKeys(c: CityRecord): string[] {
  return [...new Set([c.city, c.city_ascii, ...c.alternateNames].map(foldText).filter(Boolean))];
}
