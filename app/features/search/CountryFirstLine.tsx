/**
 * "Lawyers in Brazil first · Search all countries" above the results (issue 28 §1 "The visitor's
 * country first"): says that the visitor's country is ordered first and offers a plain link to
 * the same search with `preferCountry=none` (page 1, every other parameter kept), so it works
 * without JavaScript. After "Search all countries" it says so and links back ("… · Lawyers in
 * Brazil first", which drops `preferCountry`). The country is named in the page's language.
 */
import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { searchHref, withChanges } from "../../../lib/filters.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { PREFER_NONE } from "../../../lib/preferred-country.ts";
import type { SearchParams } from "../../../lib/search-state.ts";
import { useLocale } from "../../i18n/locale";
import { LocaleLink as Link } from "../../ui/LocaleLink";
import { countryName } from "../profile";
import type { CountryLine } from "./directory.server";

/** English country names written with "the" that the rule of englishCountryPhrase does not catch. */
const ENGLISH_THE: ReadonlySet<string> = new Set([
  "Netherlands",
  "Philippines",
  "Bahamas",
  "Maldives",
  "Seychelles",
  "Comoros",
  "Gambia",
]);

/**
 * An English country name as it follows "in" ("in the United States", "in the Netherlands", "in
 * Brazil"): "the" before the names of a union or a republic, of islands, and ENGLISH_THE. Other
 * locales word the line with the name after a colon or without an article (their catalogs).
 */
export function englishCountryPhrase(name: string): string {
  return /^United |Republic| Islands$/.test(name) || ENGLISH_THE.has(name) ? `the ${name}` : name;
}

/** The country's name as the line shows it in `locale`. */
function lineCountry(code: string, locale: Locale): string {
  const name = countryName(code, locale);
  return locale === "en" ? englishCountryPhrase(name) : name;
}

/** The line for `line` under the results heading; nothing when null. `href` of a search: withView. */
export function CountryFirstLine({
  line,
  params,
  action,
  href = (h) => h,
}: {
  line: CountryLine | null | undefined;
  params: SearchParams;
  /** The page's localized path ("/pt-br", "/browse-lawyers"). */
  action: string;
  href?: (href: string) => string;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  if (!line) return null;
  const country = lineCountry(line.country, locale);
  const first = t("results.countryFirst", { country });
  const all = t("results.allCountries");
  if (line.mode === "first")
    return (
      <Text size="sm" data-testid="country-first">
        {first} ·{" "}
        <Anchor
          component={Link}
          to={href(`${searchHref(action, withChanges(params, { preferCountry: PREFER_NONE }))}#results`)}
          preventScrollReset
          data-testid="all-countries"
        >
          {all}
        </Anchor>
      </Text>
    );
  return (
    <Text size="sm" data-testid="country-first">
      {t("results.allCountriesShown")} ·{" "}
      <Anchor
        component={Link}
        to={href(`${searchHref(action, withChanges(params, { preferCountry: undefined }))}#results`)}
        preventScrollReset
        data-testid="country-first-again"
      >
        {first}
      </Anchor>
    </Text>
  );
}
