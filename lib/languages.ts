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

/** A language and its name in the page's language. */
export interface LanguageOption {
  code: LanguageCode;
  name: string;
}

/**
 * Every ISO 639-1 language named in `locale` (languageName) and sorted by that name the locale's
 * way (Intl.Collator). Computed on the server and handed to the page (issue 28 §5): a browser's
 * ICU may lack names (Debian's Chromium names 51 of the 183 codes by their code) or sort
 * differently, which would make the hydrated form differ from the server's HTML.
 */
export function languageOptions(locale: string): LanguageOption[] {
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(locale);
  } catch {
    collator = new Intl.Collator("en");
  }
  return ISO_639_1_CODES.map((code) => ({ code, name: languageName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** What the listing form's language picker shows (languagePicker). */
export interface LanguagePicker {
  /** The listing's languages, ticked, in their stored order (the first is the listing's first language). */
  ticked: LanguageOption[];
  /** Common languages offered unticked: the page's language first, then by name. */
  offered: LanguageOption[];
  /** Every other ISO 639-1 language, by name: the "add another" list. */
  others: LanguageOption[];
}

/**
 * The picker of a listing's languages (issue 28 §5) from `options` (languageOptions of the page's
 * `locale`, in their order): `selected` (stored ISO 639-1 codes; anything else is dropped) ticked
 * first in their order, COMMON_LANGUAGES offered with the page's language first, every other
 * language in the list; each appears exactly once. Pure; never throws.
 */
export function languagePicker(
  selected: readonly string[],
  options: readonly LanguageOption[],
  locale: string,
): LanguagePicker {
  const byCode = new Map(options.map((o) => [o.code as string, o]));
  const option = (code: LanguageCode): LanguageOption => byCode.get(code) ?? { code, name: code };
  const ticked: LanguageOption[] = [];
  for (const code of selected)
    if (isLanguageCode(code) && !ticked.some((t) => t.code === code)) ticked.push(option(code));
  const taken = new Set<string>(ticked.map((t) => t.code));
  const own = locale.slice(0, 2).toLowerCase();
  const common = new Set<string>(COMMON_LANGUAGES);
  const offered = options.filter((o) => common.has(o.code) && !taken.has(o.code));
  offered.sort((a, b) => Number(b.code === own) - Number(a.code === own));
  const shown = new Set<string>([...taken, ...offered.map((o) => o.code)]);
  const others = options.filter((o) => !shown.has(o.code));
  return { ticked, offered, others };
}
