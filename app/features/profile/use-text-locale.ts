/**
 * The locale the surrounding translations speak, for Intl formats in components that may render
 * outside a router (cards in unit tests, match cards): the language of the i18next instance of
 * the nearest I18nextProvider, which pages fix to the URL's locale (issue 14 §1). English when
 * the instance speaks no supported locale.
 */
import { useTranslation } from "react-i18next";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../lib/i18n/locales.ts";

/** The page's locale as its translations know it ("de" under `instanceFor("de")`). */
export function useTextLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
