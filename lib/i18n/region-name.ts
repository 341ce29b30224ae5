/**
 * Country and territory names in a locale, the same on the server and in the browser.
 *
 * Intl.DisplayNames reads the ICU data of the runtime, and Node's full ICU and Chromium's differ
 * for four codes: Node says "Sonderverwaltungsregion Hongkong" and "Palästinensische
 * Autonomiegebiete" where Chromium says "Hongkong" and "Palästina" (the same in all eight
 * locales; measured 2026-11-27 over every ISO 3166-1 code, Node 24.21 against Chromium 156,
 * language names all equal). A name rendered on the server and again while hydrating must be
 * the same text, or React throws away the server's HTML (error #418) and, with it, what the
 * visitor already typed. So these four come from this table, every other name from
 * Intl.DisplayNames. The names chosen are the short ones people use (CLDR's alt="short"), as
 * Chromium shows them.
 */
const SAME_EVERYWHERE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  HK: {
    en: "Hong Kong",
    de: "Hongkong",
    fr: "Hong Kong",
    es: "Hong Kong",
    "pt-BR": "Hong Kong",
    nl: "Hongkong",
    ja: "香港",
    ar: "هونغ كونغ",
  },
  MO: {
    en: "Macao",
    de: "Macau",
    fr: "Macao",
    es: "Macao",
    "pt-BR": "Macau",
    nl: "Macau",
    ja: "マカオ",
    ar: "مكاو",
  },
  PS: {
    en: "Palestine",
    de: "Palästina",
    fr: "Palestine",
    es: "Palestina",
    "pt-BR": "Palestina",
    nl: "Palestina",
    ja: "パレスチナ",
    ar: "فلسطين",
  },
  FK: {
    en: "Falkland Islands",
    de: "Falklandinseln",
    fr: "Îles Malouines",
    es: "Islas Malvinas",
    "pt-BR": "Ilhas Malvinas",
    nl: "Falklandeilanden",
    ja: "フォークランド諸島",
    ar: "جزر فوكلاند",
  },
};

/**
 * The name of an ISO 3166-1 alpha-2 code in `locale` ("DE", "de" -> "Deutschland"; "HK", "de"
 * -> "Hongkong"), identical in Node and in the browser (issue 14 §1 and §2). Undefined when the
 * code names no region or the locale is not one the runtime knows; never throws.
 * @param code two letters, any case
 * @param locale a BCP 47 tag (one of the site's locales, or any other)
 */
export function regionName(code: string, locale: string): string | undefined {
  if (!/^[A-Za-z]{2}$/.test(code)) return undefined;
  const upper = code.toUpperCase();
  const fixed = SAME_EVERYWHERE[upper];
  if (fixed) {
    const name = fixed[locale] ?? fixed[locale.split("-")[0] ?? ""];
    if (name) return name;
  }
  try {
    return new Intl.DisplayNames([locale], { type: "region", fallback: "none" }).of(upper) ?? undefined;
  } catch {
    return undefined;
  }
}
