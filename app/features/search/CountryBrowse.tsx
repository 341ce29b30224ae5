/**
 * Browse by country (spec §2, §9): cards with a flag, the country and its number of lawyers
 * from the data (DESIGN.md "Honest numbers"), each linking to /?location={code}.
 */
import { Card, Group, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { FacetCount } from "../../../lib/lawyer.ts";
import { Flag } from "../../ui/Flag";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";

/** How many country cards to show (the spec shows 8). */
export const COUNTRY_CARDS = 8;

/** The browse-by-country section; nothing when there is no data. */
export function CountryBrowse({ countries }: { countries: FacetCount[] }) {
  const top = [...countries].sort((a, b) => b.count - a.count).slice(0, COUNTRY_CARDS);
  if (top.length === 0) return null;
  return (
    <section aria-labelledby="by-country-heading">
      <Title order={2} id="by-country-heading" mb="xs">
        Browse by Country
      </Title>
      <Text c="dimmed" mb="md">
        Lawyers in {countries.length} {countries.length === 1 ? "country" : "countries"}. The countries with
        the most listings:
      </Text>
      <ResponsiveGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {top.map((c) => (
          <Card
            key={c.value}
            withBorder
            padding="md"
            component={Link}
            to={`/?location=${encodeURIComponent(c.value)}`}
            className="country-card"
          >
            <Group gap="sm" wrap="nowrap">
              <Flag code={c.value} height={24} />
              <div>
                <Text fw={700}>{c.label}</Text>
                <Text size="sm" c="dimmed">
                  {c.count.toLocaleString("en-US")} {c.count === 1 ? "lawyer" : "lawyers"}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </ResponsiveGrid>
    </section>
  );
}
