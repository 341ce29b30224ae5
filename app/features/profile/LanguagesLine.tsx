/**
 * The languages a lawyer speaks (issue 14 §4), as one line with a language icon: "Speaks German,
 * English". Names come from Intl.DisplayNames in `locale` (lib/languages.ts), so they are in the
 * page's language. Nothing when the listing names no language.
 * Used by the profile page and the result cards.
 */
import { Group, Text } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { languageName } from "../../../lib/languages.ts";

/** Props of LanguagesLine. */
export interface LanguagesLineProps {
  /** ISO 639-1 codes, in the listing's order. */
  languages: readonly string[];
  /** Locale of the names ("en" until the i18n layer passes the page locale). */
  locale?: string;
  size?: "xs" | "sm" | "md";
}

/** "Speaks German, English" with an icon; null for an empty list. */
export function LanguagesLine({ languages, locale = "en", size = "sm" }: LanguagesLineProps) {
  if (languages.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="languages">
      <IconLanguage
        size={16}
        style={{ flex: "none", marginTop: 2 }}
        aria-hidden
        color="var(--mantine-color-gray-7)"
      />
      <Text size={size}>Speaks {languages.map((code) => languageName(code, locale)).join(", ")}</Text>
    </Group>
  );
}
