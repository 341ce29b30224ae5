/**
 * The languages a lawyer speaks (issue 14 §4), as one line with a language icon: "Speaks German
 * and English" ("Spricht Deutsch und Englisch" on a German page). Names come from
 * Intl.DisplayNames and the list from Intl.ListFormat in the page locale (lib/languages.ts); the
 * sentence from the profile catalog. Nothing when the listing names no language. Used by the
 * profile page and the result cards.
 */
import { Group, Text } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { languageList } from "../../../lib/languages.ts";
import { useLocale } from "../../i18n/locale";

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
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="languages">
      <IconLanguage
        size={16}
        style={{ flex: "none", marginTop: 2 }}
        aria-hidden
        color="var(--mantine-color-gray-7)"
      />
      <Text size={size}>
        {t("languages.speaks", { languages: languageList(languages, locale ?? pageLocale) })}
      </Text>
    </Group>
  );
}
