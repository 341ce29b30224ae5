/**
 * The languages a lawyer speaks (issue 14 §4), as one line with a language icon: "Speaks German
 * and English" ("Spricht Deutsch und Englisch" on a German page). Names come from
 * Intl.DisplayNames and the list from Intl.ListFormat in the page locale (lib/languages.ts); the
 * sentence from the profile catalog. Nothing when the listing names no language. Used by the
 * profile page and the result cards.
 */
import { useTranslation } from "react-i18next";
import { languageList } from "../../../lib/languages.ts";
import { useLocale } from "../../i18n/locale";
import { Icon } from "../../ui/icons";
import classes from "./parts.module.css";

/** Props of LanguagesLine. */
export interface LanguagesLineProps {
  /** ISO 639-1 codes, in the listing's order. */
  languages: readonly string[];
  /** Locale of the names; the page locale when not given. */
  locale?: string;
  size?: "xs" | "sm" | "md";
}

/** "Speaks German and English" with an icon; null for an empty list. */
export function LanguagesLine({ languages, locale, size = "sm" }: LanguagesLineProps) {
  const { t } = useTranslation("profile");
  const pageLocale = useLocale();
  if (languages.length === 0) return null;
  return (
    <div className={classes.line} data-testid="languages">
      <Icon name="language" size={16} />
      <p className={classes.text} data-size={size === "sm" ? undefined : size}>
        {t("languages.speaks", { languages: languageList(languages, locale ?? pageLocale) })}
      </p>
    </div>
  );
}
