/**
 * The results column of the browse page (spec §2 "Browse/search page", §4 "Search list"):
 * demo-data note, '{n} Lawyers Found', removable chips, sort select, grid/list toggle, page
 * size select, the cards, pagination, and the loading (6 skeleton cards), empty ('No lawyers
 * found' with Clear Filters) and error ('Search failed' with Retry Search) states. Texts and
 * numbers in the page's locale, distances in the visitor's unit (issue 14 §2).
 */
import { ActionIcon, Button, Card, Group, NativeSelect, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconLayoutGrid, IconList, IconMap, IconSearchOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigation } from "react-router";
import { splitForAd } from "../../../lib/ads.ts";
import { MAX_RESULT_WINDOW, PAGE_SIZES, SORT_OPTIONS } from "../../../lib/constants.ts";
import {
  beyondResultWindow,
  clearFilters,
  pageCount,
  searchHref,
  withChanges,
} from "../../../lib/filters.ts";
import type { MapTiles } from "../../../lib/map-tiles.ts";
import { pendingListing, type SearchParams, searchToQueryString } from "../../../lib/search-state.ts";
import { useLocale, useLocaleNavigate } from "../../i18n/locale";
import { DemoDataNotice } from "../../ui/DemoDataNotice";
import { LocaleLink as Link } from "../../ui/LocaleLink";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import type { MapPoint } from "../map";
import { practiceAreaLabel } from "../profile";
import { ActiveFilterChips } from "./ActiveFilterChips";
import { CountryFirstLine } from "./CountryFirstLine";
import type { CountryLine } from "./directory.server";
import { type DistanceUnit, formatDistance } from "./distance";
import { LawyerCard, type LawyerCardData } from "./LawyerCard";
import { ResultsMap } from "./ResultsMap";
import { type DirectoryView, withView } from "./view";

/** `href` (a search URL, maybe with a #fragment) in the `view` presentation. */
function withViewHref(href: string, view: DirectoryView): string {
  if (view === "list") return href;
  const [path = "", fragment] = href.split("#");
  const q = path.indexOf("?");
  const withMap =
    q < 0 ? `${path}${withView("", view)}` : `${path.slice(0, q)}${withView(path.slice(q), view)}`;
  return fragment === undefined ? withMap : `${withMap}#${fragment}`;
}

import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { PaginationNav } from "./PaginationNav";

/** Number of skeleton cards while loading (spec §2). */
export const SKELETON_CARDS = 6;

/** Props of SearchResults. */
export interface SearchResultsProps {
  params: SearchParams;
  lawyers: LawyerCardData[];
  total: number;
  /** Issue 29: `total` is an estimate (the search facts are still being built): "About N Lawyers Found". */
  totalEstimated?: boolean;
  error: boolean;
  /** How the search text was read (searchTextNotice), shown under the count; null for none. */
  textNotice?: string | null;
  /** Typed words left out of the search because no lawyer matches them (issue 14 §3). */
  ignoredWords?: string[];
  /**
   * When the query read as a description of what happened (issue 19 §4): the practice areas it
   * was read as and the place it named, shown above the results; absent otherwise.
   */
  description?: { areas: string[]; location: string | null; placeNotUsed?: "near" } | null;
  /** Localized path of the page ("/", "/de/browse-lawyers"). */
  action: string;
  locationLabel: (value: string) => string;
  /** The visitor's unit for card distances (kilometres when absent). */
  distanceUnit?: DistanceUnit;
  /**
   * An ad slot shown after the first results (issue 19 §5: never between the search box and the
   * results; lib/ads.ts AD_AFTER_RESULTS; after the empty state or the map when there are no cards), or nothing.
   */
  ad?: React.ReactNode;
  /** Issue 19 §1: cards ("list", default) or the map with the list of offices (`view=map`). */
  presentation?: DirectoryView;
  /** The map view's offices with a position (directory.server.ts mapPointsOf). */
  mapPoints?: MapPoint[];
  /** The configured map tiles, null when maps are off. */
  mapTiles?: MapTiles | null;
  /** Issue 28 §1: "Lawyers in Brazil first · Search all countries" (directory.server.ts). */
  countryLine?: CountryLine | null;
  /** Issue 28 §1: the near-me point's country, kept when the near-me chip is removed. */
  nearCountry?: string | null;
}

/**
 * "List | Map" (issue 19 §1): two links to the same search in the other presentation, so the
 * switch works without JavaScript; the current one is marked aria-current.
 */
function ViewSwitch({ presentation }: { presentation: DirectoryView }) {
  const { t } = useTranslation("search");
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.delete("view");
  const base = query.toString() ? `?${query.toString()}` : "";
  const link = (view: DirectoryView, label: string, icon: React.ReactNode) => (
    <Button
      component={Link}
      to={`${location.pathname}${withView(base, view)}#results`}
      preventScrollReset
      size="sm"
      variant={presentation === view ? "filled" : "default"}
      aria-current={presentation === view ? "page" : undefined}
      leftSection={icon}
      data-testid={`view-${view}`}
    >
      {label}
    </Button>
  );
  return (
    <Button.Group aria-label={t("mapView.switchLabel")}>
      {link("list", t("mapView.list"), <IconList size={16} aria-hidden />)}
      {link("map", t("mapView.map"), <IconMap size={16} aria-hidden />)}
    </Button.Group>
  );
}

function SkeletonCard() {
  return (
    <Card withBorder padding="lg" data-testid="skeleton-card" aria-hidden>
      <Group wrap="nowrap">
        <Skeleton height={56} width={56} radius="md" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={16} width="70%" />
          <Skeleton height={12} width="50%" />
        </Stack>
      </Group>
      <Stack gap={8} mt="md">
        <Skeleton height={12} width="80%" />
        <Skeleton height={12} width="60%" />
        <Skeleton height={20} width="40%" />
      </Stack>
    </Card>
  );
}

/** Hidden inputs carrying the current search, so the sort/page-size form keeps every filter. */
function CurrentSearchInputs({ params }: { params: SearchParams }) {
  const q = new URLSearchParams(
    searchToQueryString({ ...params, sort: undefined, pageSize: undefined, page: 1 }),
  );
  return (
    <>
      {[...q.entries()].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** The results section. */
export function SearchResults({
  params,
  lawyers,
  total,
  totalEstimated = false,
  error,
  textNotice,
  ignoredWords = [],
  description,
  action,
  locationLabel,
  distanceUnit,
  ad,
  presentation = "list",
  mapPoints = [],
  mapTiles = null,
  countryLine = null,
  nearCountry = null,
}: SearchResultsProps) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const number = numberFormat(locale);
  const listOf = (items: string[]) => new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
  const navigation = useNavigation();
  const navigate = useLocaleNavigate();
  const location = useLocation();
  const [view, setView] = useState<"grid" | "list">("grid");
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const totalPages = pageCount(total, params.pageSize);
  // While a new search loads, the selects already show what was chosen.
  const shown = loading && navigation.location ? pendingListing(navigation.location.search, params) : params;
  const go = (changes: Partial<SearchParams>) =>
    navigate(withViewHref(searchHref(action, withChanges(params, changes)), presentation), {
      preventScrollReset: true,
    });

  let body: React.ReactNode;
  if (loading) {
    body = (
      <ResponsiveGrid cols={{ base: 1, sm: 2, lg: view === "grid" ? 3 : 1 }} aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <SkeletonCard key={i} />
        ))}
      </ResponsiveGrid>
    );
  } else if (error) {
    body = (
      <Card withBorder padding="xl" ta="center" role="alert">
        <Stack align="center" gap="sm">
          <IconAlertTriangle size={40} color="var(--mantine-color-red-8)" aria-hidden />
          <Title order={3}>{t("results.failedTitle")}</Title>
          <Text c="dimmed">{t("results.failedText")}</Text>
          <Button component={Link} to={`${location.pathname}${location.search}`} preventScrollReset>
            {t("results.retry")}
          </Button>
        </Stack>
      </Card>
    );
  } else if (lawyers.length === 0) {
    // No results: the ad (if any) still comes after the results area, never above it.
    body = (
      <>
        <Card withBorder padding="xl" ta="center">
          <Stack align="center" gap="sm">
            <IconSearchOff size={40} color="var(--mantine-color-gray-7)" aria-hidden />
            <Title order={3}>{t("results.emptyTitle")}</Title>
            <Text c="dimmed">{t("results.emptyText")}</Text>
            <Button
              component={Link}
              to={searchHref(action, clearFilters(params))}
              preventScrollReset
              variant="default"
            >
              {t("results.clearFilters")}
            </Button>
          </Stack>
        </Card>
        {ad}
      </>
    );
  } else if (presentation === "map") {
    body = (
      <>
        <ResultsMap lawyers={lawyers} points={mapPoints} tiles={mapTiles} distanceUnit={distanceUnit} />
        {ad}
      </>
    );
  } else {
    const { before, after } = splitForAd(lawyers);
    const grid = (cards: LawyerCardData[]) => (
      <ResponsiveGrid cols={view === "grid" ? { base: 1, sm: 2, lg: 3 } : { base: 1 }} spacing="md">
        {cards.map((l) => (
          <LawyerCard key={l.id} lawyer={l} view={view} distanceUnit={distanceUnit} />
        ))}
      </ResponsiveGrid>
    );
    body = (
      <>
        {grid(before)}
        {ad}
        {after.length > 0 && grid(after)}
      </>
    );
  }

  return (
    <section id="results" aria-labelledby="results-heading" tabIndex={-1} style={{ scrollMarginTop: 80 }}>
      <Stack gap="md">
        {/* Issue 15 §2: the demo-data notice only where demo listings are shown. */}
        {lawyers.some((l) => l.demo) && <DemoDataNotice compact />}
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h3" id="results-heading" aria-live="polite">
            {error
              ? t("results.heading")
              : params.near && params.radiusKm
                ? t("near.count", {
                    count: total,
                    distance: formatDistance(params.radiusKm, locale, distanceUnit),
                  })
                : t(totalEstimated ? "results.countAbout" : "results.count", { count: total })}
          </Title>
          <Form method="get" action={`${action}#results`} preventScrollReset>
            <CurrentSearchInputs params={params} />
            {presentation === "map" && <input type="hidden" name="view" value="map" />}
            <Group gap="xs" align="flex-end" wrap="wrap">
              <NativeSelect
                label={t("results.sortBy")}
                name="sort"
                size="sm"
                // Issue 19 §5: as wide as its longest option ("Most Experienced"), never clipped.
                styles={{ input: { width: "auto", maxWidth: "100%" } }}
                data={SORT_OPTIONS.map((o) => ({ value: o.value, label: t(`sort.${o.value}`) }))}
                value={shown.sort}
                onChange={(e) => go({ sort: e.currentTarget.value as SearchParams["sort"] })}
              />
              <NativeSelect
                label={t("results.perPage")}
                name="pageSize"
                size="sm"
                w={90}
                data={PAGE_SIZES.map((n) => ({ value: String(n), label: number.format(n) }))}
                value={String(shown.pageSize)}
                onChange={(e) => go({ pageSize: Number(e.currentTarget.value) })}
              />
              <Button type="submit" variant="default" size="sm" className="nojs-only">
                {t("results.update")}
              </Button>
              <ViewSwitch presentation={presentation} />
              {/* Card layout (grid or rows): only with the cards, not in the map view. */}
              {presentation !== "map" && (
                <Group gap={4} className="js-only" role="group" aria-label={t("results.view")}>
                  <ActionIcon
                    size="lg"
                    variant={view === "grid" ? "filled" : "default"}
                    aria-pressed={view === "grid"}
                    aria-label={t("results.gridView")}
                    onClick={() => setView("grid")}
                  >
                    <IconLayoutGrid size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    size="lg"
                    variant={view === "list" ? "filled" : "default"}
                    aria-pressed={view === "list"}
                    aria-label={t("results.listView")}
                    onClick={() => setView("list")}
                  >
                    <IconList size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Form>
        </Group>
        {!error && (
          <CountryFirstLine
            line={countryLine}
            params={params}
            action={action}
            href={(h) => withViewHref(h, presentation)}
          />
        )}
        {textNotice && !error && (
          <Text size="sm" c="dimmed" role="status">
            {textNotice}
          </Text>
        )}
        {description && description.areas.length > 0 && !error && (
          <div data-testid="description-areas" role="status">
            <Text size="sm" fw={600}>
              {description.location
                ? t(
                    description.placeNotUsed === "near" ? "description.readAsInNear" : "description.readAsIn",
                    {
                      areas: listOf(description.areas.map((a) => practiceAreaLabel(a, locale))),
                      place: description.location,
                    },
                  )
                : t("description.readAs", {
                    areas: listOf(description.areas.map((a) => practiceAreaLabel(a, locale))),
                  })}
            </Text>
            <Text size="xs" c="dimmed">
              {t("description.hint")}
            </Text>
          </div>
        )}
        {ignoredWords.length > 0 && !error && (
          <Text size="sm" c="dimmed" data-testid="ignored-words">
            {t("results.ignoredWords", {
              words: new Intl.ListFormat(locale, { type: "conjunction" }).format(
                ignoredWords.map((w) => `“${w}”`),
              ),
            })}
          </Text>
        )}
        <ActiveFilterChips
          params={params}
          action={action}
          locationLabel={locationLabel}
          distanceUnit={distanceUnit}
          nearCountry={nearCountry}
        />
        {body}
        {!loading && !error && (
          <PaginationNav
            params={params}
            totalPages={totalPages}
            action={action}
            presentation={presentation}
          />
        )}
        {!loading && !error && total > 0 && (
          <Text size="sm" c="dimmed" ta="center">
            {t("results.pageOf", {
              page: Math.min(params.page, Math.max(totalPages, 1)),
              total: Math.max(totalPages, 1),
            })}
          </Text>
        )}
        {!loading && !error && beyondResultWindow(total, params.pageSize) && (
          <Text size="sm" c="dimmed" ta="center" data-testid="result-window">
            {t("results.beyondWindow", { total, max: MAX_RESULT_WINDOW })}
          </Text>
        )}
      </Stack>
    </section>
  );
}
