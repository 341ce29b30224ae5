/**
 * The results' map view (issue 19 §1 "Where and when"; `view=map` on home and browse): the map of
 * the page's offices beside an ordered list of the same results (name linking to the profile,
 * firm, address, distance when the search had a `near` point). The list is the accessible and
 * no-JavaScript form of the map: it stays when tiles cannot load, and each entry's "Show on map"
 * is no separate control (markers are focusable on the map itself). Results without an office
 * position are listed with "No map position".
 */
import { Anchor, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import type { MapTiles } from "../../../lib/map-tiles.ts";
import { useLocale } from "../../i18n/locale";
import { LocaleLink } from "../../ui/LocaleLink";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { type MapPoint, OfficeMap } from "../map";
import { type DistanceUnit, formatDistance } from "./distance";
import type { LawyerCardData } from "./LawyerCard";

/** The map and the list of the page's results; `points` are the results with a position. */
export function ResultsMap({
  lawyers,
  points,
  tiles,
  distanceUnit = "kilometer",
}: {
  lawyers: readonly LawyerCardData[];
  points: readonly MapPoint[];
  tiles: MapTiles | null;
  distanceUnit?: DistanceUnit;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const byId = new Map(points.map((p) => [p.id, p]));
  return (
    <ResponsiveGrid cols={12} spacing="md">
      <GridCell span={{ base: 12, lg: 7 }}>
        <OfficeMap points={points} tiles={tiles} label={t("mapView.mapLabel")} height={460} />
      </GridCell>
      <GridCell span={{ base: 12, lg: 5 }}>
        <Card withBorder padding="md" component="section" aria-labelledby="office-list-heading">
          <Text component="h3" fw={600} size="md" id="office-list-heading" mb="xs">
            {t("mapView.listHeading")}
          </Text>
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: "none" }} data-testid="office-list">
            {lawyers.map((l, i) => {
              const p = byId.get(l.id);
              return (
                <li key={l.id} data-testid="office-list-item">
                  <Group gap={8} wrap="nowrap" align="flex-start">
                    <Text size="sm" c="dimmed" fw={600} miw={22} aria-hidden>
                      {numberFormat(locale).format(i + 1)}
                    </Text>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor component={LocaleLink} to={`/lawyer/${l.id}`} fw={600} size="sm">
                        {l.name}
                      </Anchor>
                      <Text size="xs">{p?.firm}</Text>
                      <Text size="xs" c="dimmed">
                        {p ? p.address : `${l.location} · ${t("mapView.noPosition")}`}
                      </Text>
                      {l.distanceKm !== undefined && (
                        <Text size="xs" c="dimmed">
                          {t("mapView.distance", {
                            distance: formatDistance(l.distanceKm, locale, distanceUnit),
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </li>
              );
            })}
          </Stack>
        </Card>
      </GridCell>
    </ResponsiveGrid>
  );
}
