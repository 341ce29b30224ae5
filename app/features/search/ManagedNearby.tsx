/**
 * Lawyers who answer on LexAtlas near a listing nobody manages (issue 28 §4: "offer managed lawyers
 * nearby ... a small list on the profile and the confirmation"): at most three, from
 * GET /api/lawyers/{id}/managed-nearby's rule (server/search/managed-nearby.ts: same country, a
 * shared practice area, nearest first). Each names the lawyer (a link to the profile), the firm,
 * the place with its flag, the distance when known (the visitor's unit) and the measured response
 * time. Without any, one sentence and a link to the country's lawyers. Used by the profile of an
 * unmanaged listing and by the case form's confirmation.
 */
import { Anchor, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../i18n/locale";
import { LocationLine } from "../../ui/Flag";
import { LocaleLink } from "../../ui/LocaleLink";
import { ResponseTimeLine } from "../profile";
import { type DistanceUnit, formatDistance } from "./distance";
import type { LawyerCardData } from "./LawyerCard";

/** Props of ManagedNearby. */
export interface ManagedNearbyProps {
  /** The managed listings (the loader's card data, places in the page's language). */
  lawyers: readonly LawyerCardData[];
  /** The unmanaged listing's country (ISO 3166-1 alpha-2): the link when the list is empty. */
  countryCode: string;
  /** The visitor's distance unit (kilometres unless the loader says miles). */
  distanceUnit?: DistanceUnit;
  /** The heading's level: 2 on the profile, 4 inside the confirmation. */
  headingOrder?: 2 | 3 | 4;
}

/** The short list of managed lawyers nearby, or the link to search the country (see the module comment). */
export function ManagedNearby({
  lawyers,
  countryCode,
  distanceUnit = "kilometer",
  headingOrder = 2,
}: ManagedNearbyProps) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  return (
    <Stack gap="xs" component="section" aria-labelledby="managed-nearby-heading" data-testid="managed-nearby">
      <Title order={headingOrder} size="h4" id="managed-nearby-heading">
        {t("managedNearby.title")}
      </Title>
      {lawyers.length === 0 ? (
        <Text size="sm" data-testid="managed-nearby-none">
          {t("managedNearby.none")}{" "}
          <Anchor
            component={LocaleLink}
            to={`/browse-lawyers?${new URLSearchParams({ location: countryCode })}`}
            inherit
          >
            {t("managedNearby.searchCountry")}
          </Anchor>
        </Text>
      ) : (
        <List listStyleType="none" spacing="xs" ps={0}>
          {lawyers.map((l) => (
            <List.Item key={l.id} data-testid="managed-nearby-item">
              <Card withBorder padding="sm" radius="md">
                <Stack gap={2}>
                  <Anchor component={LocaleLink} to={`/lawyer/${l.id}`} fw={700}>
                    {l.name}
                  </Anchor>
                  {l.firm && (
                    <Text size="sm" c="dimmed">
                      {l.firm}
                    </Text>
                  )}
                  <Group gap="sm" wrap="wrap">
                    <LocationLine countryCode={l.countryCode} location={l.location} />
                    {l.distanceKm !== undefined && (
                      <Text size="sm" fw={600} c="blue.9">
                        {t("card.away", { distance: formatDistance(l.distanceKm, locale, distanceUnit) })}
                      </Text>
                    )}
                  </Group>
                  <ResponseTimeLine stats={l.responseStats} managed={l.managed} />
                </Stack>
              </Card>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
