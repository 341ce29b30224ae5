/**
 * The browse and results section shared by the home page and /browse-lawyers (spec §2): the
 * filter sidebar (a slide-over panel with 'Show Filters' on small screens) beside the results.
 * Issue 19 §5: the slide-over has one title ('Filter Lawyers'), one close button (its ×, plus
 * Escape and the overlay) and a 'Show N results' button at its foot with the live count of the
 * URL's search; it stays open while filters change. Texts and country names in the page's
 * locale; the slide-over opens from the start side (right in Arabic).
 */
import { Box, Button, Drawer } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAdjustmentsHorizontal } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { activeFilterCount } from "../../../lib/filters.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { PlaceFacet } from "../../../lib/lawyer.ts";
import { useLocale } from "../../i18n/locale";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { countryName } from "../profile";
import type { DirectoryData } from "./directory.server";
import { FilterPanel } from "./FilterPanel";
import { placeWithCountry } from "./LocationSelect";
import { SearchResults } from "./SearchResults";

/**
 * Builds a location label lookup: a city's or region's name with its country when the facets
 * offer it and `t` is given (issue 19 §2), a country code's name in `locale` ("CA" -> "Kanada", by
 * Intl.DisplayNames), else the facets' label, else the value itself.
 */
export function makeLocationLabel(
  data: Pick<DirectoryData, "facets" | "site">,
  locale: Locale = "en",
  t?: TFunction,
) {
  const names = new Map<string, string>();
  for (const c of [...data.site.countries, ...data.facets.countries]) names.set(c.value, c.label);
  // Issue 19 §2: a city's or region's value ("Munich, DE") reads "München, Deutschland".
  const places = new Map<string, PlaceFacet>();
  for (const p of [...(data.facets.regions ?? []), ...(data.facets.cities ?? [])]) places.set(p.value, p);
  return (value: string) => {
    const place = places.get(value);
    if (place && t) return placeWithCountry(place, t, locale);
    return countryName(value, locale, names.get(value) ?? value);
  };
}

/**
 * Filters plus results for `data` at `action`, the page's localized path ("/", "/de/browse-lawyers").
 * `searchInPanel` false leaves the Search field out of the filter panel, for a page that has its
 * own search bar (browse; issue 19 §5: one search box).
 */
export function Directory({
  data,
  action,
  searchInPanel = true,
  ad,
}: {
  data: DirectoryData;
  action: string;
  searchInPanel?: boolean;
  /** The page's ad slot, placed after the first results (issue 19 §5). */
  ad?: React.ReactNode;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const locationLabel = makeLocationLabel(data, locale, t);
  const count = activeFilterCount(data.params);
  // The slide-over stays open while filters change (each debounced change updates the URL's
  // query string), so several filters can be set in a row. It closes on its × (Escape, the
  // overlay), on 'Show N results', and on navigation to another path.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on a change of path only
  useEffect(() => close(), [location.pathname]);

  const panel = (idPrefix: string, variant: "sidebar" | "drawer", onApply?: () => void) => (
    <FilterPanel
      params={data.params}
      countries={data.facets.countries}
      regions={data.facets.regions}
      cities={data.facets.cities}
      practiceAreas={data.facets.practiceAreas}
      languages={data.facets.languages}
      verifiedCount={data.facets.verified}
      respondsWithin24hCount={data.facets.respondsWithin24h ?? 0}
      freeConsultationCount={data.facets.freeConsultation ?? 0}
      noWinNoFeeCount={data.facets.feeModels?.find((m) => m.value === "contingency")?.count ?? 0}
      action={action}
      locationLabel={locationLabel}
      idPrefix={idPrefix}
      variant={variant}
      searchField={searchInPanel}
      onApply={onApply}
      distanceUnit={data.distanceUnit}
    />
  );

  return (
    <Box>
      <Button
        className="filters-toggle"
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls="filters-drawer"
        mb="md"
      >
        {count > 0
          ? t("filters.toggleWithCount", {
              label: opened ? t("filters.hideFilters") : t("filters.showFilters"),
              count,
            })
          : opened
            ? t("filters.hideFilters")
            : t("filters.showFilters")}
      </Button>
      <Drawer
        opened={opened}
        onClose={close}
        title={t("filters.title")}
        id="filters-drawer"
        // Mantine swaps left and right under its right-to-left direction itself: "left" is the
        // start side in every locale (seen at 390 px in Arabic: "right" opened on the left).
        position="left"
        size="min(100%, 380px)"
        closeButtonProps={{ "aria-label": t("filters.closeFilters") }}
        classNames={{ body: "filters-drawer-body" }}
      >
        {panel("mobile", "drawer", close)}
        <div className="filters-drawer-footer">
          <Button fullWidth onClick={close} data-testid="show-results">
            {t("filters.showResults", { count: data.error ? 0 : data.total })}
          </Button>
        </div>
      </Drawer>
      <ResponsiveGrid cols={12} spacing="lg">
        <GridCell span={{ base: 12, md: 4, lg: 3 }} className="filters-desktop">
          {panel("sidebar", "sidebar")}
        </GridCell>
        <GridCell span={{ base: 12, md: 8, lg: 9 }}>
          <SearchResults
            params={data.params}
            lawyers={data.lawyers}
            total={data.total}
            totalEstimated={data.totalEstimated ?? false}
            error={data.error}
            textNotice={data.textNotice}
            ignoredWords={data.ignoredWords}
            description={data.description}
            action={action}
            locationLabel={locationLabel}
            distanceUnit={data.distanceUnit}
            ad={ad}
            presentation={data.view ?? "list"}
            mapPoints={data.mapPoints ?? []}
            mapTiles={data.mapTiles ?? null}
            countryLine={data.countryLine ?? null}
            nearCountry={data.nearCountry ?? null}
          />
        </GridCell>
      </ResponsiveGrid>
    </Box>
  );
}
