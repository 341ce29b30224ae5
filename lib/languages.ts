/**
 * Languages a lawyer speaks (issue 14 §4): ISO 639-1 two-letter codes, their validation and
 * their display names. Names come from the runtime's CLDR data through `Intl.DisplayNames`, in
 * the locale the page passes (issue 14 §1: the page locale; "en" until the i18n layer passes one).
 */

/** Every ISO 639-1 code (183, from the ISO 639-1 registry as packaged by `iso-639-1` 3.1.6). */
export const ISO_639_1_CODES = [
  "aa",
  "ab",
  "ae",
  "af",
  "ak",
  "am",
  "an",
  "ar",
  "as",
  "av",
  "ay",
  "az",
  "ba",
  "be",
  "bg",
  "bi",
  "bm",
  "bn",
  "bo",
  "br",
  "bs",
  "ca",
  "ce",
  "ch",
  "co",
  "cr",
  "cs",
  "cu",
  "cv",
  "cy",
  "da",
  "de",
  "dv",
  "dz",
  "ee",
  "el",
  "en",
  "eo",
  "es",
  "et",
  "eu",
  "fa",
  "ff",
  "fi",
  "fj",
  "fo",
  "fr",
  "fy",
  "ga",
  "gd",
  "gl",
  "gn",
  "gu",
  "gv",
  "ha",
  "he",
  "hi",
  "ho",
  "hr",
  "ht",
  "hu",
  "hy",
  "hz",
  "ia",
  "id",
  "ie",
  "ig",
  "ii",
  "ik",
  "io",
  "is",
  "it",
  "iu",
  "ja",
  "jv",
  "ka",
  "kg",
  "ki",
  "kj",
  "kk",
  "kl",
  "km",
  "kn",
  "ko",
  "kr",
  "ks",
  "ku",
  "kv",
  "kw",
  "ky",
  "la",
  "lb",
  "lg",
  "li",
  "ln",
  "lo",
  "lt",
  "lu",
  "lv",
  "mg",
  "mh",
  "mi",
  "mk",
  "ml",
  "mn",
  "mr",
  "ms",
  "mt",
  "my",
  "na",
  "nb",
  "nd",
  "ne",
  "ng",
  "nl",
  "nn",
  "no",
  "nr",
  "nv",
  "ny",
  "oc",
  "oj",
  "om",
  "or",
  "os",
  "pa",
  "pi",
  "pl",
  "ps",
  "pt",
  "qu",
  "rm",
  "rn",
  "ro",
  "ru",
  "rw",
  "sa",
  "sc",
  "sd",
  "se",
  "sg",
  "si",
  "sk",
  "sl",
  "sm",
  "sn",
  "so",
  "sq",
  "sr",
  "ss",
  "st",
  "su",
  "sv",
  "sw",
  "ta",
  "te",
  "tg",
  "th",
  "ti",
  "tk",
  "tl",
  "tn",
  "to",
  "tr",
  "ts",
  "tt",
  "tw",
  "ty",
  "ug",
  "uk",
  "ur",
  "uz",
  "ve",
  "vi",
  "vo",
  "wa",
  "wo",
  "xh",
  "yi",
  "yo",
  "za",
  "zh",
  "zu",
] as const;

/** An ISO 639-1 code, e.g. "de". */
export type LanguageCode = (typeof ISO_639_1_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(ISO_639_1_CODES);

/** Most languages one listing may name (a bound for the URL, the importer and the database). */
export const MAX_LANGUAGES = 12;

/** True when `code` is an ISO 639-1 code in lower case ("de" yes, "DE", "deu", "xx" no). */
export function isLanguageCode(code: string): code is LanguageCode {
  return CODE_SET.has(code);
}

/**
 * Reads a comma- or space-separated list of language codes ("de, FR en") into lower-case
 * ISO 639-1 codes, duplicates removed, in the given order. Returns the codes and the entries
 * that are not codes (so callers can report them); never throws.
 */
export function parseLanguageList(input: string): { codes: LanguageCode[]; unknown: string[] } {
  const codes: LanguageCode[] = [];
  const unknown: string[] = [];
  for (const raw of input.split(/[\s,;]+/)) {
    const code = raw.trim().toLowerCase();
    if (!code) continue;
    if (!isLanguageCode(code)) unknown.push(raw.trim());
    else if (!codes.includes(code)) codes.push(code);
  }
  return { codes, unknown };
}

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The name of a language in `locale` ("de" -> "German" in "en", "Deutsch" in "de"), from
 * `Intl.DisplayNames`; the code itself when the runtime has no name or the locale is unknown.
 */
export function languageName(code: string, locale = "en"): string {
  let names = displayNames.get(locale);
  if (!names) {
    try {
      names = new Intl.DisplayNames([locale, "en"], { type: "language", fallback: "code" });
    } catch {
      names = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });
    }
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "German, English" for `["de", "en"]` in `locale` (Intl.ListFormat conjunction); "" for none. */
export function languageList(codes: readonly string[], locale = "en"): string {
  const names = codes.map((c) => languageName(c, locale));
  try {
    return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

/**
 * Languages the listing form offers as ticks (issue 28 §5): the languages of the site's eight
 * locales, then the most widely spoken others (Ethnologue 2024, total speakers: Chinese, Hindi,
 * Russian, Italian, Turkish, Polish, Korean). Every other ISO 639-1 language is one choice away.
 */
export const COMMON_LANGUAGES: readonly LanguageCode[] = [
  "en",
  "es",
  "fr",
  "de",
  "pt",
  "ar",
  "ja",
  "nl",
  "zh",
  "hi",
  "ru",
  "it",
  "tr",
  "pl",
  "ko",
];

/** What the listing form's language picker shows (languagePicker). */
export interface LanguagePicker {
  /** The listing's languages, ticked, in their stored order (the first is the listing's first language). */
  ticked: LanguageCode[];
  /** Common languages offered unticked: the page's language first, then by name in the page's language. */
  offered: LanguageCode[];
  /** Every other ISO 639-1 language, by name in the page's language: the "add another" list. */
  others: LanguageCode[];
}

/**
 * The picker of a listing's languages in `locale` (issue 28 §5): `selected` (stored ISO 639-1
 * codes; anything else is dropped) ticked first in their order, COMMON_LANGUAGES offered, every
 * other code in the list; each code appears exactly once. Sorted with Intl.Collator of `locale`
 * by languageName. Pure; never throws.
 */
export function languagePicker(selected: readonly string[], locale: string): LanguagePicker {
  const ticked: LanguageCode[] = [];
  for (const code of selected) if (isLanguageCode(code) && !ticked.includes(code)) ticked.push(code);
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(locale);
  } catch {
    collator = new Intl.Collator("en");
  }
  const byName = (a: LanguageCode, b: LanguageCode) =>
    collator.compare(languageName(a, locale), languageName(b, locale));
  const own = locale.slice(0, 2).toLowerCase();
  const offered = COMMON_LANGUAGES.filter((c) => !ticked.includes(c)).sort(
    (a, b) => Number(b === own) - Number(a === own) || byName(a, b),
  );
  const shown = new Set<string>([...ticked, ...offered]);
  const others = ISO_639_1_CODES.filter((c) => !shown.has(c)).sort(byName);
  return { ticked, offered, others };
}
