/**
 * The browse and results section shared by the home page and /browse-lawyers (spec §2): the
 * filter sidebar (a slide-over panel with 'Show Filters' / 'Hide Filters' on small screens)
 * beside the results. The slide-over stays open while filters change and closes only when the
 * visitor hides it, applies the filters explicitly, or goes to another page.
 */
import { Box, Button, Drawer } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAdjustmentsHorizontal } from "@tabler/icons-react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { activeFilterCount } from "../../../lib/filters.ts";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import type { DirectoryData } from "./directory.server";
import { FilterPanel } from "./FilterPanel";
import { SearchResults } from "./SearchResults";

/** Builds a location label lookup from facet countries ("CA" -> "Canada"). */
export function makeLocationLabel(data: Pick<DirectoryData, "facets" | "site">) {
  const names = new Map<string, string>();
  for (const c of [...data.site.countries, ...data.facets.countries]) names.set(c.value, c.label);
  return (value: string) => names.get(value) ?? value;
}

/** Filters plus results for `data` at `action` ("/" or "/browse-lawyers"). */
export function Directory({ data, action }: { data: DirectoryData; action: string }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const locationLabel = makeLocationLabel(data);
  const count = activeFilterCount(data.params);
  // The slide-over stays open while filters change (each debounced change updates the URL's
  // query string), so several filters can be set in a row. It closes on 'Hide Filters', its
  // close button, Escape or the overlay, on 'Apply Filters', and on navigation to another path.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on a change of path only
  useEffect(() => close(), [location.pathname]);

  const panel = (idPrefix: string, onApply?: () => void) => (
    <FilterPanel
      params={data.params}
      countries={data.facets.countries}
      practiceAreas={data.facets.practiceAreas}
      languages={data.facets.languages}
      action={action}
      locationLabel={locationLabel}
      idPrefix={idPrefix}
      onApply={onApply}
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
        {opened ? "Hide Filters" : "Show Filters"}
        {count > 0 ? ` (${count})` : ""}
      </Button>
      <Drawer
        opened={opened}
        onClose={close}
        title="Filters"
        id="filters-drawer"
        position="left"
        size="min(100%, 380px)"
        closeButtonProps={{ "aria-label": "Close filters" }}
      >
        <Button
          variant="default"
          fullWidth
          mb="md"
          onClick={close}
          aria-controls="filters-drawer"
          aria-expanded
        >
          Hide Filters
        </Button>
        {panel("mobile", close)}
      </Drawer>
      <ResponsiveGrid cols={12} spacing="lg">
        <GridCell span={{ base: 12, md: 4, lg: 3 }} className="filters-desktop">
          {panel("sidebar")}
        </GridCell>
        <GridCell span={{ base: 12, md: 8, lg: 9 }}>
          <SearchResults
            params={data.params}
            lawyers={data.lawyers}
            total={data.total}
            error={data.error}
            textNotice={data.textNotice}
            action={action}
            locationLabel={locationLabel}
          />
        </GridCell>
      </ResponsiveGrid>
    </Box>
  );
}
