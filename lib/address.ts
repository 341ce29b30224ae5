/**
 * Postal addresses per country (issue 14 §2 "Addresses formatted per country with a well-kept
 * formatter"): OpenCage's address-formatting templates through @fragaria/address-formatter, so a
 * Japanese address starts with the postcode and prefecture, a German one puts the postcode
 * before the city, a US one "City, ST 12345". Pure and browser-safe.
 */
import addressFormatter from "@fragaria/address-formatter";

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

/**
 * Splits a free-text business address as stored ("Hauptstraße 5, 10115 Berlin", "12 Main St,
 * Springfield, IL 62701") around the listing's city into street and postcode, so
 * formatAddress can order the parts for the country. When the city is not in the text the
 * whole text is the street. Legacy rows hold one line (spec §3 `business_address`).
 */
export function splitStoredAddress(text: string, city: string): { street: string; postcode?: string } {
  const at = city ? text.toLocaleLowerCase().lastIndexOf(city.toLocaleLowerCase()) : -1;
  if (at <= 0) return { street: text.trim() };
  const before = text.slice(0, at).replace(/[\s,]+$/, "");
  const after = text.slice(at + city.length);
  const looksLikePostcode = (s: string) => /^[\p{L}\d][\p{L}\d -]{1,9}$/u.test(s) && /\d/.test(s);
  const pieces = before.split(/,\s*/);
  const last = pieces.at(-1)?.trim() ?? "";
  // "Hauptstraße 5, 10115" (postcode before the city) or "…, IL 62701" (after it).
  const tail = /([\p{L}\d][\p{L}\d -]{1,9})\s*$/u.exec(after.replace(/^[\s,]+/, ""))?.[1]?.trim();
  if (pieces.length > 1 && looksLikePostcode(last)) {
    return { street: pieces.slice(0, -1).join(", "), postcode: last };
  }
  // "IL 62701": a US/CA state code before the postcode is not part of it ("SW1A 2AA" is).
  const postcode =
    tail && looksLikePostcode(tail) ? (/^[A-Z]{2}\s+(\d[\d -]*)$/.exec(tail)?.[1] ?? tail) : undefined;
  return postcode ? { street: before, postcode } : { street: before };
}
