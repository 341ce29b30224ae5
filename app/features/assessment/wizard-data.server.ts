/**
 * The wizard page's data (issue 5 "The wizard"): the countries that have lawyers, for the "Where
 * is your case?" select, and the visitor's own country among them, read from Accept-Language;
 * the languages lawyers speak for "Preferred language" and the visitor's own (issue 14 §4).
 * Server-only: the route's loader calls it.
 */

import type { RouterContextProvider } from "react-router";
import { regionName } from "../../../lib/i18n/region-name.ts";
import { languageName } from "../../../lib/languages.ts";
import { DEFAULT_SEARCH } from "../../../lib/search-params.ts";
import { servicesContext } from "../../context";
import { requestLocale } from "../../i18n/locale";
import { countryFromAcceptLanguage, languageFromAcceptLanguage } from "./accept-language";
import type { CountryOption, WizardData } from "./wizard";

/**
 * The countries that have lawyers (site-wide facet counts, cached by the search layer), named
 * and sorted in the page's language (Intl.DisplayNames, issue 14 §1), and the visitor's own country among them when the Accept-Language header names one.
 * A failed facet query is logged and leaves the list empty (the select then offers "Anywhere"
 * only); the wizard still works.
 */
export async function loadWizardData(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<WizardData> {
  const { logger, directory } = context.get(servicesContext);
  const locale = requestLocale(request);
  let countries: CountryOption[] = [];
  let languages: CountryOption[] = [];
  try {
    const facets = await directory.getFacets(DEFAULT_SEARCH);
    countries = facets.countries
      .map((c) => ({
        value: c.value,
        label: (locale === "en" ? undefined : regionName(c.value, locale)) ?? c.label,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
    languages = facets.languages
      .map((l) => ({ value: l.value, label: languageName(l.value, locale) }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  } catch (err) {
    logger.error({ err }, "assessment: country list failed");
  }
  const defaultCountry = countryFromAcceptLanguage(
    request.headers.get("accept-language"),
    new Set(countries.map((c) => c.value)),
  );
  const defaultLanguage = languageFromAcceptLanguage(
    request.headers.get("accept-language"),
    new Set(languages.map((l) => l.value)),
  );
  return { countries, defaultCountry, languages, defaultLanguage };
}
