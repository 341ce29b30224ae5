/**
 * Demo addresses that belong to their city (issue 28 §2 "postcodes of demo data that belong to
 * their city; Japanese addresses in Japanese order and script with a 〒 postcode"): the postcode
 * ranges of the big cities, the city written as the country writes it ("80331 München"), and
 * the Japanese form of an address in Japan. Used by generate.ts; the draws stay the generator's
 * (a postcode is made from the digits it drew), so no other field of the demo data moves.
 */
import { addressTemplateLines, fillAddressTemplate } from "../../lib/address.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import { localizedCityName, localizedRegionName } from "../search/place-names.ts";

/**
 * Postcode shapes of big cities, "CC|GeoNames name" -> one of `starts` (the city's ranges), then
 * `rest` ("#" digit, "?" capital letter, anything else literal), from the postal operators'
 * published ranges: Deutsche Post's Leitzonen, Canada Post's forward sortation areas (M5x central
 * Toronto), Correios' CEP ranges (São Paulo 01000-000 to 05999-999), Japan Post (東京都千代田区
 * 100-xxxx), USPS ZIP prefixes, Royal Mail's London districts, La Poste's arrondissements.
 * A listing in any other city gets no postcode (cityPostcode): a made-up postcode of the
 * country's pattern would name another town (a Dortmund office at "85487", Bavaria; Hakodate at
 * "〒323-…", Tochigi), docs/formats.md "Addresses".
 */
export const CITY_POSTCODES: Readonly<Record<string, { starts: readonly string[]; rest: string }>> = {
  "DE|Munich": { starts: ["80", "81"], rest: "###" },
  "DE|Berlin": { starts: ["10", "12", "13"], rest: "###" },
  "DE|Hamburg": { starts: ["20", "22"], rest: "###" },
  "DE|Köln": { starts: ["50", "51"], rest: "###" },
  "DE|Frankfurt am Main": { starts: ["60"], rest: "###" },
  "DE|Stuttgart": { starts: ["70"], rest: "###" },
  "DE|Düsseldorf": { starts: ["40"], rest: "###" },
  "AT|Vienna": { starts: ["10", "11", "12"], rest: "#0" },
  "CH|Zürich": { starts: ["80"], rest: "##" },
  "CA|Toronto": { starts: ["M5"], rest: "? #?#" },
  "CA|Montréal": { starts: ["H2", "H3"], rest: "? #?#" },
  "CA|Vancouver": { starts: ["V5", "V6"], rest: "? #?#" },
  "CA|Calgary": { starts: ["T2", "T3"], rest: "? #?#" },
  "CA|Ottawa": { starts: ["K1", "K2"], rest: "? #?#" },
  "US|New York City": { starts: ["100", "101", "102"], rest: "##" },
  "US|Los Angeles": { starts: ["900"], rest: "##" },
  "US|Chicago": { starts: ["606"], rest: "##" },
  "US|Houston": { starts: ["770"], rest: "##" },
  "US|San Francisco": { starts: ["941"], rest: "##" },
  "US|Miami": { starts: ["331"], rest: "##" },
  "US|Boston": { starts: ["021"], rest: "##" },
  "US|Seattle": { starts: ["981"], rest: "##" },
  "GB|London": { starts: ["EC1A", "EC4M", "WC2N", "SW1A", "W1J"], rest: " #??" },
  "GB|Manchester": { starts: ["M1", "M2"], rest: " #??" },
  "GB|Birmingham": { starts: ["B1", "B2"], rest: " #??" },
  "AU|Sydney": { starts: ["20"], rest: "##" },
  "AU|Melbourne": { starts: ["30"], rest: "##" },
  "AU|Brisbane": { starts: ["40"], rest: "##" },
  "FR|Paris": { starts: ["7500", "7501"], rest: "#" },
  "NL|Amsterdam": { starts: ["10"], rest: "## ??" },
  "NL|Rotterdam": { starts: ["30"], rest: "## ??" },
  "JP|Tokyo": { starts: ["100-"], rest: "####" },
  "JP|Osaka": { starts: ["530-"], rest: "####" },
  "JP|Yokohama": { starts: ["220-"], rest: "####" },
  "JP|Nagoya": { starts: ["450-"], rest: "####" },
  "BR|São Paulo": { starts: ["01", "02", "03", "04", "05"], rest: "###-###" },
  "BR|Rio de Janeiro": { starts: ["20", "21", "22"], rest: "###-###" },
  "ES|Madrid": { starts: ["280"], rest: "##" },
  "ES|Barcelona": { starts: ["080"], rest: "##" },
  "IT|Rome": { starts: ["001"], rest: "##" },
  "IT|Milan": { starts: ["201"], rest: "##" },
  "MX|Mexico City": { starts: ["06", "03", "11"], rest: "###" },
  "IN|Mumbai": { starts: ["400"], rest: "###" },
};

const LETTERS = "ABCEGHJKLMNPRSTVWXY";

/**
 * The postcode of a listing in `city` (GeoNames name) of `countryCode`: one in the city's range
 * (CITY_POSTCODES) made from the digits of `drawn` (the postcode the generator drew in the
 * country's pattern; deterministic, no new draw): ("DE", "Munich", "03478") -> "80478";
 * ("BR", "São Paulo", "46340-871") -> a 01…–05… CEP. "" where the city has no range (issue 28
 * §2: a demo postcode belongs to its city or is left out, never another town's) and for an
 * empty `drawn` (a country without postcodes).
 */
export function cityPostcode(countryCode: string, city: string, drawn: string): string {
  const shape = CITY_POSTCODES[`${countryCode}|${city}`];
  if (!shape || !drawn) return "";
  const digits = (drawn.match(/\d/g) ?? ["0"]).map(Number);
  let at = 0;
  const nextDigit = () => digits[at++ % digits.length] as number;
  const start = shape.starts[nextDigit() % shape.starts.length] as string;
  const rest = shape.rest.replace(/[#?]/g, (c) =>
    c === "#" ? String(nextDigit()) : (LETTERS[(nextDigit() * 7 + at) % LETTERS.length] as string),
  );
  return start + rest;
}

/** The locale whose place names a country's addresses use, by its firm language (demo-places.ts). */
const ADDRESS_LOCALES: Readonly<Record<string, Locale>> = {
  de: "de",
  fr: "fr",
  es: "es",
  pt: "pt-BR",
  nl: "nl",
};

/**
 * The city as the country's addresses write it: its GeoNames name in the country's language for
 * German, French, Spanish, Portuguese and Dutch ("München", "Wien", "Ciudad de México",
 * "Bruxelles" in a French-speaking Belgian address), else the stored name. Arabic-speaking
 * countries' demo addresses are in Latin letters (street names as the signs give them in
 * English), so their cities stay Latin too.
 */
export function addressCityName(city: string, countryCode: string, lang: string): string {
  const locale = ADDRESS_LOCALES[lang];
  return locale ? localizedCityName(city, countryCode, locale) : city;
}

/**
 * One address line in the country's format ("Musterstraße 12, 80331 München"): the OpenCage
 * template (lib/address.ts addressTemplateLines) filled with the parts, lines joined by ", ".
 * `city` is the stored GeoNames name, `localCity` the one the address writes.
 */
export function templateAddress(
  countryCode: string,
  city: string,
  localCity: string,
  state: string | null,
  house: string,
  road: string,
  postcode: string,
): string {
  const lines = addressTemplateLines(countryCode, city, state, postcode !== "");
  return fillAddressTemplate(lines, { house, road, city: localCity, postcode }, city)
    .filter(Boolean)
    .join(", ");
}

/** Japanese district names in kanji, in the order of demo-names.ts JA_AREAS (romanised). */
export const JA_AREAS_KANJI = [
  "中央",
  "西",
  "東",
  "北",
  "南",
  "栄",
  "本町",
  "新町",
  "丸の内",
  "神田",
] as const;
/** Tokyo's central wards, for an address in Tokyo (the city itself is the metropolis, 東京都). */
const TOKYO_WARDS = ["千代田区", "中央区", "港区", "新宿区", "渋谷区"] as const;

/**
 * A Japanese address in Japanese order and script (issue 28 §2): "〒" and the postcode, then
 * prefecture, city, district and block without spaces: ("Tokyo", "Tokyo", 8 (丸の内), "1-1-1",
 * "100-0005") -> "〒100-0005 東京都千代田区丸の内1-1-1" (Tokyo's ward picked by the block
 * number); ("Osaka", "Osaka", …) -> "〒530-0001 大阪府大阪市中央1-2-3". Names from GeoNames
 * (place-names.ts); a city GeoNames names in no Japanese script keeps its romanised name.
 */
export function japaneseAddress(
  city: string,
  state: string | null,
  area: number,
  house: string,
  postcode: string,
): string {
  const prefecture = state ? (localizedRegionName(state, "JP", "ja") ?? state) : "";
  const cityJa = localizedCityName(city, "JP", "ja");
  const district = JA_AREAS_KANJI[area % JA_AREAS_KANJI.length] as string;
  const municipality =
    city === "Tokyo"
      ? (TOKYO_WARDS[Number(house.split("-")[0] ?? 0) % TOKYO_WARDS.length] as string)
      : `${cityJa}${/[市区町村]$/u.test(cityJa) ? "" : "市"}`;
  const line = `${prefecture}${municipality}${district}${house}`;
  return postcode ? `〒${postcode} ${line}` : line;
}
