/**
 * Country names and codes for the demo data and the import command (issue 2 §2): friendly
 * English names from i18n-iso-countries with overrides for long official names, and a resolver
 * that accepts a name, an alias, an ISO alpha-2 or alpha-3 code.
 */
import { createRequire } from "node:module";
import countries from "i18n-iso-countries";

const require = createRequire(import.meta.url);
countries.registerLocale(require("i18n-iso-countries/langs/en.json"));

/** Short names people use, for ISO codes whose English name in the package is long or official. */
const FRIENDLY_NAMES: Record<string, string> = {
  US: "United States",
  GB: "United Kingdom",
  RU: "Russia",
  KR: "South Korea",
  KP: "North Korea",
  CN: "China",
  TW: "Taiwan",
  VN: "Vietnam",
  IR: "Iran",
  SY: "Syria",
  LA: "Laos",
  BN: "Brunei",
  BO: "Bolivia",
  VE: "Venezuela",
  TZ: "Tanzania",
  MD: "Moldova",
  MK: "North Macedonia",
  CD: "DR Congo",
  CG: "Congo",
  GM: "Gambia",
  FM: "Micronesia",
  PS: "Palestine",
  VA: "Vatican City",
  CZ: "Czech Republic",
  TR: "Turkey",
  FK: "Falkland Islands",
  VG: "British Virgin Islands",
  VI: "U.S. Virgin Islands",
  MF: "Saint Martin",
  SX: "Sint Maarten",
  BQ: "Caribbean Netherlands",
};

/** Extra names that resolve to a code (lower-case, unaccented keys). */
const EXTRA_ALIASES: Record<string, string> = {
  usa: "US",
  "u.s.": "US",
  "u.s.a.": "US",
  america: "US",
  "united states of america": "US",
  uk: "GB",
  "u.k.": "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  holland: "NL",
  "the netherlands": "NL",
  korea: "KR",
  "republic of korea": "KR",
  turkiye: "TR",
  czechia: "CZ",
  "ivory coast": "CI",
  uae: "AE",
};

/** Lower-case, accent-free key for comparing names ("Türkiye" -> "turkiye"). */
export function foldKey(s: string): string {
  return s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Friendly English name for an ISO 3166-1 alpha-2 code, e.g. "US" -> "United States"; undefined if unknown. */
export function countryName(iso2: string): string | undefined {
  const code = iso2.toUpperCase();
  return FRIENDLY_NAMES[code] ?? countries.getName(code, "en", { select: "official" });
}

let nameIndex: Map<string, string> | undefined;
function getNameIndex(): Map<string, string> {
  if (nameIndex) return nameIndex;
  const index = new Map<string, string>();
  for (const [code, names] of Object.entries(countries.getNames("en", { select: "all" }))) {
    for (const n of names) index.set(foldKey(n), code);
  }
  for (const [code, n] of Object.entries(FRIENDLY_NAMES)) index.set(foldKey(n), code);
  for (const [n, code] of Object.entries(EXTRA_ALIASES)) index.set(n, code);
  nameIndex = index;
  return index;
}

/**
 * Resolves a country given as an ISO alpha-2 code ("CA"), alpha-3 code ("CAN"), English name
 * or common alias ("Canada", "USA", "UK", "Türkiye"), case- and accent-insensitively.
 * Returns `{ code, name }` with the friendly name, or null when it is not a country.
 */
export function resolveCountry(input: string): { code: string; name: string } | null {
  const raw = input.trim();
  if (!raw) return null;
  let code: string | undefined;
  if (/^[A-Za-z]{2}$/.test(raw) && countries.isValid(raw.toUpperCase())) code = raw.toUpperCase();
  else if (/^[A-Za-z]{3}$/.test(raw)) code = countries.alpha3ToAlpha2(raw.toUpperCase());
  if (!code) code = getNameIndex().get(foldKey(raw));
  if (!code) return null;
  const name = countryName(code);
  return name ? { code, name } : null;
}
