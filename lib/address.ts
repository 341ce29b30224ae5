/**
 * Postal addresses per country (issue 14 §2 "Addresses formatted per country with a well-kept
 * formatter"): OpenCage's address-formatting templates through @fragaria/address-formatter, so a
 * Japanese address starts with the postcode and prefecture, a German one puts the postcode
 * before the city, a US one "City, ST 12345". Pure and browser-safe.
 */
import addressFormatter from "@fragaria/address-formatter";
import { foldText } from "./text-fold.ts";

/** The parts of an address LexAtlas knows; every part is optional. */
export interface AddressParts {
  /** Street and house number as typed ("Hauptstraße 5", "1-2-3 Marunouchi"). */
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  /** Region, state or prefecture ("Bavaria", "Ontario", "Tokyo"). */
  state?: string | null;
  /** Country name to print on the last line; left out when absent. */
  country?: string | null;
}

/**
 * The lines of an address in the customs of `countryCode` (ISO 3166-1 alpha-2, any case; an
 * unknown code gives the formatter's generic order). Empty parts are left out; an address
 * without any part gives []. Example: formatAddress({ street: "Hauptstraße 5", postcode:
 * "10115", city: "Berlin", country: "Deutschland" }, "DE") -> ["Hauptstraße 5", "10115 Berlin",
 * "Deutschland"].
 */
export function formatAddress(parts: AddressParts, countryCode: string): string[] {
  const input: Record<string, string> = {};
  const put = (key: string, value: string | null | undefined) => {
    const text = value?.trim();
    if (text) input[key] = text;
  };
  put("road", parts.street);
  put("postcode", parts.postcode);
  put("city", parts.city);
  put("state", parts.state);
  put("country", parts.country);
  if (Object.keys(input).length === 0) return [];
  const code = countryCode.trim().toUpperCase();
  // A street typed as one text goes in `road`; the templates put the house number beside it.
  const lines = addressFormatter.format(input, {
    countryCode: /^[A-Z]{2}$/.test(code) ? code : undefined,
    output: "array",
    cleanupPostcode: false,
  });
  const country = parts.country?.trim();
  // The formatter adds no country unless asked, and may print its own English name: keep ours.
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== "" && (country || !isCountryOnlyLine(line, code)));
}

function isCountryOnlyLine(line: string, code: string): boolean {
  return code.length === 2 && line.toUpperCase() === code;
}

/** The placeholders of an address template (addressTemplateLines). */
export const ADDRESS_MARKS = { house: "HOUSEX", road: "ROADX", city: "CITYX", postcode: "POSTX" } as const;

const templates = new Map<string, string[]>();

/**
 * The lines of the country's address template (OpenCage through @fragaria/address-formatter)
 * with placeholders (ADDRESS_MARKS) for the house number, road, city and postcode, for a region
 * `state` (written, or its code, where the template writes it) and with or without a postcode.
 * Where the city equals the region the city is written as itself (the formatter drops the
 * repeat, which a placeholder would hide); where a template leaves the city out (a city-state's
 * "53 San Ming Avenue") a city line is added. Cached per country, region and shape. The one
 * template of the demo addresses (server/seed/generate.ts) and of reading them back
 * (storedAddressLines). Issue 14 §2, issue 28 §2.
 */
export function addressTemplateLines(
  countryCode: string,
  city: string,
  state: string | null,
  withPostcode: boolean,
): string[] {
  const cityInTemplate = state === city;
  const key = `${countryCode}|${state ?? ""}|${cityInTemplate ? city : ""}|${withPostcode ? 1 : 0}`;
  const hit = templates.get(key);
  if (hit) return hit;
  const lines = addressFormatter.format(
    {
      houseNumber: ADDRESS_MARKS.house,
      road: ADDRESS_MARKS.road,
      city: cityInTemplate ? city : ADDRESS_MARKS.city,
      // Where the template writes the region after the city, a region named like the city
      // repeats it ("Seoul Seoul", "Osaka, Osaka"): leave it out there.
      ...(state && !(state === city && (countryCode === "KR" || countryCode === "JP")) ? { state } : {}),
      ...(withPostcode ? { postcode: ADDRESS_MARKS.postcode } : {}),
      countryCode,
    },
    { output: "array" },
  );
  const cityMark = cityInTemplate ? city : ADDRESS_MARKS.city;
  if (!lines.some((l) => l.includes(cityMark))) lines.push(cityMark);
  const out = lines.map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean);
  templates.set(key, out);
  return out;
}

/** The parts of an address that fill a template. */
export interface TemplateParts {
  house: string;
  road: string;
  city: string;
  postcode: string;
}

/**
 * `lines` (addressTemplateLines) with the placeholders replaced by `parts` (the city also where
 * the template writes the stored city itself, `storedCity`), spaces collapsed. Pure.
 */
export function fillAddressTemplate(
  lines: readonly string[],
  parts: TemplateParts,
  storedCity: string,
): string[] {
  return lines.map((line) => {
    let out = line;
    if (storedCity && parts.city !== storedCity && !out.includes(ADDRESS_MARKS.city))
      out = out.split(storedCity).join(ADDRESS_MARKS.city);
    return out
      .replace(ADDRESS_MARKS.city, () => parts.city)
      .replace(ADDRESS_MARKS.house, () => parts.house)
      .replace(ADDRESS_MARKS.road, () => parts.road)
      .replace(ADDRESS_MARKS.postcode, () => parts.postcode)
      .replace(/\s+/g, " ")
      .trim();
  });
}

/** Japanese script (kanji, kana) in a text. */
const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Escapes a text for a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A regular expression that reads a one-line address written with `lines` (joined by ", "). */
function templatePattern(lines: readonly string[], storedCity: string): RegExp {
  let source = escapeRegExp(lines.join(", "));
  // The stored city written by the template itself may be written in the country's language.
  if (storedCity && !source.includes(ADDRESS_MARKS.city))
    source = source.split(escapeRegExp(storedCity)).join(ADDRESS_MARKS.city);
  const groups: Record<string, string> = {
    [ADDRESS_MARKS.house]: "(?<house>.+?)",
    [ADDRESS_MARKS.road]: "(?<road>.+)",
    [ADDRESS_MARKS.city]: "(?<city>.+?)",
    [ADDRESS_MARKS.postcode]: "(?<postcode>[^,]+?)",
  };
  const seen = new Set<string>();
  source = source.replace(/HOUSEX|ROADX|CITYX|POSTX/g, (mark) => {
    // A placeholder written twice (city and region alike) is the same text again.
    const name = /<(\w+)>/.exec(groups[mark] ?? "")?.[1] ?? "";
    if (seen.has(mark)) return `\\k<${name}>`;
    seen.add(mark);
    return groups[mark] ?? mark;
  });
  return new RegExp(`^${source}$`, "u");
}

/** What storedAddressLines knows of the listing besides its address text. */
export interface StoredAddressContext {
  /** The listing's city as stored (GeoNames' main name: "Munich"). */
  city: string;
  /** Other names the address may write the city with ("München"); the stored one is always known. */
  cityNames?: readonly string[];
  state: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

/**
 * The lines of a business address as stored (spec §3 `business_address`, one line) in the form
 * of the listing's country, never losing a part of it (issue 28 §2: "every stored component
 * must appear"):
 * - a Japanese address in Japanese script is written the Japanese way: the 〒 postcode on the
 *   first line, then prefecture, city, district and block without spaces
 *   ("〒100-0005", "東京都千代田区丸の内1-1-1");
 * - an address written with the country's template (the demo data's, and a lawyer's typed the
 *   usual way) is read back with it and laid out on the template's lines ("100 King St W, Suite
 *   5600, Toronto, ON M5X 1C9" -> "100 King St W, Suite 5600" / "Toronto, ON M5X 1C9");
 * - any other text keeps its own order, one line per comma-separated part (a part that is only a
 *   house number stays with the part before it), followed by the city (and region) in the
 *   country's form when the text does not name the city.
 * [] for an empty text. Pure; never throws. Postal addresses are the country's, whatever the
 * page's language: the same lines in every locale.
 */
export function storedAddressLines(text: string | null | undefined, ctx: StoredAddressContext): string[] {
  const address = text?.replace(/\s+/g, " ").trim() ?? "";
  if (!address) return [];
  const code = ctx.countryCode.trim().toUpperCase();
  if (code === "JP" && JAPANESE.test(address)) {
    const m = /^(〒\s?\d{3}-?\d{4})\s*(.*)$/u.exec(address);
    return m ? [m[1] as string, m[2] as string].filter(Boolean) : [address];
  }
  for (const withPostcode of [true, false]) {
    const lines = addressTemplateLines(code, ctx.city, ctx.state, withPostcode);
    const m = templatePattern(lines, ctx.city).exec(address);
    if (!m?.groups) continue;
    const named = foldText(m.groups.city ?? ctx.city);
    if (![ctx.city, ...(ctx.cityNames ?? [])].some((n) => foldText(n) === named)) continue;
    const parts: TemplateParts = {
      house: m.groups.house ?? "",
      road: m.groups.road ?? "",
      city: m.groups.city ?? ctx.city,
      postcode: m.groups.postcode ?? "",
    };
    const filled = fillAddressTemplate(lines, parts, ctx.city).filter(Boolean);
    // The template reads back what it wrote: the same text, only cut into lines.
    if (filled.join(", ") === address) return filled;
  }
  const parts = address.split(/\s*,\s*/).filter(Boolean);
  const lines: string[] = [];
  for (const part of parts) {
    if (lines.length > 0 && /^(?:\d+[\p{L}]?|s\/n\.?)$/u.test(part)) lines[lines.length - 1] += `, ${part}`;
    else lines.push(part);
  }
  const folded = address.toLocaleLowerCase();
  if (ctx.city && !folded.includes(ctx.city.toLocaleLowerCase())) {
    lines.push(...formatAddress({ city: ctx.city, state: ctx.state }, code));
  }
  return lines;
}
