/**
 * Browse by country (spec §2, §9): cards with a flag, the country and its number of lawyers
 * from the data (docs/design.md "Honest numbers"), each linking to /?location={code} in the page's
 * locale; country names from Intl.DisplayNames and counts in the locale's numbers and plurals
 * (issue 14 §2).
 */
import { Card, Group, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FacetCount } from "../../../lib/lawyer.ts";
import { useLocale } from "../../i18n/locale";
import { Flag } from "../../ui/Flag";
import { LocaleLink } from "../../ui/LocaleLink";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { countryName } from "../profile";

/** How many country cards to show (the spec shows 8). */
export const COUNTRY_CARDS = 8;

/** The browse-by-country section; nothing when there is no data. */
export function CountryBrowse({ countries }: { countries: FacetCount[] }) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const top = [...countries].sort((a, b) => b.count - a.count).slice(0, COUNTRY_CARDS);
  if (top.length === 0) return null;
  return (
    <section aria-labelledby="by-country-heading">
      <Title order={2} id="by-country-heading" mb="xs">
        {t("countries.title")}
      </Title>
      <Text c="dimmed" mb="md">
        {t("countries.intro", { count: countries.length })}
      </Text>
      <ResponsiveGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {top.map((c) => (
          <Card
            key={c.value}
            withBorder
            padding="md"
            component={LocaleLink}
            to={`/?location=${encodeURIComponent(c.value)}`}
            className="country-card"
          >
            <Group gap="sm" wrap="nowrap">
              <Flag code={c.value} height={24} />
              <div>
                <Text fw={700}>{countryName(c.value, locale, c.label)}</Text>
                <Text size="sm" c="dimmed">
                  {t("countries.lawyers", { count: c.count })}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </ResponsiveGrid>
    </section>
  );
}
