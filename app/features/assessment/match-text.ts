/**
 * The matches page's server-made sentences in the page's language (issue 14 §1): the match
 * explanation and the insights arrive as lib/i18n/message.ts references
 * (`assessment:explanation.…`, `assessment:insights.…`, made by server/matching); this renders
 * them with the page's `t`, turning a `country` argument (ISO alpha-2) into the country's name in
 * the page's language (Intl.DisplayNames), and joins sentences as the language writes them
 * (Japanese without spaces).
 */
import type { TFunction } from "i18next";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { parseMessageRef, translateMessage } from "../../../lib/i18n/message.ts";
import { regionName } from "../../../lib/i18n/region-name.ts";

/** Country names read with "the" in an English sentence ("in the United Kingdom"). */
const WITH_THE =
  /^(United |Republic |Democratic )|Islands$|^(Netherlands|Philippines|Bahamas|Gambia|Maldives|Seychelles|Comoros|Czechia|Dominican Republic|Central African Republic)$/;

/** The name of a country code in `locale` ("DE" -> "Deutschland" in de), with "the" where English needs it. */
function countryName(code: string, locale: Locale): string {
  const name = regionName(code, locale) ?? code;
  return locale === "en" && WITH_THE.test(name) ? `the ${name}` : name;
}

/** The name of a language code in `locale` ("de" -> "German" in en, "Deutsch" in de); the code if unknown. */
function languageName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One sentence: a reference translated with `t` (its `country` and `language` arguments, ISO
 * codes, named in `locale`), or plain text (an older server's English sentence) as it is.
 */
export function matchSentence(t: TFunction, locale: Locale, message: string): string {
  const ref = parseMessageRef(message);
  if (!ref) return message;
  const values = { ...ref.values };
  // Issue 28 §2: a reference made before listings had a gender reads in neutral wording.
  if (ref.ns === "assessment" && values.gender === undefined) values.gender = "other";
  if (values.country) values.country = countryName(values.country, locale);
  if (values.language) values.language = languageName(values.language, locale);
  return translateMessage(
    t as never,
    `${ref.ns}:${ref.key}?${new URLSearchParams(values).toString()}`,
    locale,
  );
}

/** Several sentences as one paragraph: separated by a space, or by nothing in Japanese. */
export function matchParagraph(t: TFunction, locale: Locale, messages: readonly string[]): string {
  return messages.map((m) => matchSentence(t, locale, m)).join(locale === "ja" ? "" : " ");
}
