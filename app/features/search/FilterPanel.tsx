/**
 * The filter panel 'Filter Lawyers' (spec §2 "Filter panel", §4 "Filter panel", §5 "Filter
 * sliders", §9): a card with a collapse toggle, sections in spec order (Search, Location,
 * Practice Areas, then Languages with counts (issue 14 §4), Minimum Experience, Minimum Rating,
 * Active Filters), a badge with the
 * active-filter count and 'Clear All' when it is above 0.
 *
 * It is a real `<Form method="get">`: without JavaScript the Apply button submits it; with
 * JavaScript every change is applied to the URL after a 300 ms debounce (spec §9), resetting to
 * page 1 (spec §4), so the Apply button is shown only without JavaScript (issue 19 §5). All 12
 * practice areas are listed in full, never in a clipped scroll box (issue 19 §5). In the phone
 * slide-over (`variant="drawer"`) the slide-over's own title and × stand for the card's title
 * and collapse toggle, so there is one title and one way to close (issue 19 §5). Counts come from the facets (issue 2 §3). Texts, numbers, country and
 * practice-area names in the page's locale; `action` is the page's localized path (issue 14 §2).
 */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  NativeSelect,
  Slider,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSearch } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import {
  EXPERIENCE_MAX,
  FILTER_DEBOUNCE_MS,
  PRACTICE_AREAS,
  RATING_MAX,
  RATING_STEP,
} from "../../../lib/constants.ts";
import {
  activeFilterCount,
  clearFilters,
  type FilterState,
  searchHref,
  withChanges,
} from "../../../lib/filters.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { languageName } from "../../../lib/languages.ts";
import type { FacetCount, PlaceFacet } from "../../../lib/lawyer.ts";
import { radiusOptionsKm } from "../../../lib/near.ts";
import type { SearchParams } from "../../../lib/search-state.ts";
import { useLocale, useLocaleNavigate } from "../../i18n/locale";
import { LocaleLink as Link } from "../../ui/LocaleLink";
import { countryName, practiceAreaLabel } from "../profile";
import { ActiveFilterChips } from "./ActiveFilterChips";
import { type DistanceUnit, formatDistance } from "./distance";
import { LocationSelect } from "./LocationSelect";

/** Local, editable filter state of the panel. */
interface PanelState {
  query: string;
  location: string;
  practiceAreas: string[];
  languages: string[];
  verified: boolean;
  /** Issue 16 §3: usually responds within 24 h. */
  respondsWithin24h: boolean;
  /** Issue 19 §1: free first consultation. */
  freeConsultation: boolean;
  /** Issue 19 §1: the fee model filter ("contingency" is "No win, no fee"), "" for none. */
  feeModel: string;
  experience: number;
  rating: number;
  /** Issue 19 §2: radius around `near` in km, "" = any distance (only shown with `near`). */
  radiusKm: string;
}

function fromParams(p: SearchParams): PanelState {
  return {
    query: p.query ?? "",
    location: p.location ?? "",
    practiceAreas: [...p.practiceAreas],
    languages: [...(p.languages ?? [])],
    verified: p.verified ?? false,
    respondsWithin24h: p.respondsWithin24h ?? false,
    freeConsultation: p.freeConsultation ?? false,
    feeModel: p.feeModel ?? "",
    experience: p.experience,
    rating: p.rating,
    radiusKm: p.radiusKm ? String(p.radiusKm) : "",
  };
}

function stateKey(s: PanelState): string {
  return JSON.stringify([
    s.query.trim(),
    s.location,
    [...s.practiceAreas].sort(),
    [...s.languages].sort(),
    s.verified,
    s.respondsWithin24h,
    s.freeConsultation,
    s.feeModel,
    s.experience,
    s.rating,
    s.radiusKm,
  ]);
}

/**
 * Location options: facet countries with their counts ("Canada (812)", "Kanada (812)": names
 * from Intl.DisplayNames, counts from Intl.NumberFormat of `locale`), sorted by name in the
 * locale, plus the current location if it is not among them. No flag emoji: native selects
 * cannot show the SVG flags, and Windows renders flag emoji as letter pairs.
 */
export function locationOptions(
  countries: FacetCount[],
  current: string | undefined,
  t: TFunction,
  locale: Locale,
) {
  const collator = new Intl.Collator(locale);
  const opts = countries
    .map((c) => ({ name: countryName(c.value, locale, c.label), c }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ name, c }) => ({ value: c.value, label: t("filters.locationOption", { name, count: c.count }) }));
  if (current && !countries.some((c) => c.value === current))
    opts.unshift({ value: current, label: countryName(current, locale, current) });
  return [{ value: "", label: t("filters.allLocations") }, ...opts];
}

/**
 * A "minimum" filter slider from 0 (spec §5 "Filter sliders": experience, rating): its title with
 * the chosen value as text beside it, and the slider named `name` with its two end marks.
 */
function MinimumSlider({
  title,
  titleId,
  name,
  max,
  step,
  value,
  onChange,
  valueLabel,
  thumbLabel,
  endLabels,
}: {
  title: string;
  titleId?: string;
  name: string;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
  valueLabel: (value: number) => string;
  thumbLabel: string;
  endLabels: [string, string];
}) {
  return (
    <div>
      <Group justify="space-between">
        <Text fw={500} size="sm" id={titleId}>
          {title}
        </Text>
        <Text size="sm" c="blue.9" fw={600}>
          {valueLabel(value)}
        </Text>
      </Group>
      <Slider
        mt="xs"
        mb="lg"
        mx="xl"
        name={name}
        min={0}
        max={max}
        step={step}
        value={value}
        onChange={onChange}
        // The value is shown as text above; a floating label would overlap it.
        label={null}
        thumbLabel={thumbLabel}
        thumbValueText={(v) => valueLabel(v)}
        marks={[
          { value: 0, label: endLabels[0] },
          { value: max, label: endLabels[1] },
        ]}
      />
    </div>
  );
}

/** Props of FilterPanel. */
export interface FilterPanelProps {
  /** The current search (from the URL). */
  params: SearchParams;
  /** Facet counts under the current filters. */
  countries: FacetCount[];
  /** Regions and cities with counts (issue 19 §2), offered beside the countries. */
  regions?: PlaceFacet[];
  cities?: PlaceFacet[];
  practiceAreas: FacetCount[];
  /** Languages spoken by the matches, with counts (issue 14 §4); none shown when empty. */
  languages?: FacetCount[];
  /** Verified listings among the matches of the other filters (issue 15 §2 "Verified only"). */
  verifiedCount?: number;
  /** Listings that usually respond within 24 h among the matches of the other filters (issue 16 §3). */
  respondsWithin24hCount?: number;
  /** Listings with a free first consultation among the matches of the other filters (issue 19 §1). */
  freeConsultationCount?: number;
  /** Listings offering "no win, no fee" (feeModel=contingency) among the matches of the other filters (issue 19 §1). */
  noWinNoFeeCount?: number;
  /** Path the form submits to ("/" or "/browse-lawyers"). */
  action: string;
  /** Display name of a location value, for chips. */
  locationLabel: (value: string) => string;
  /** Distinguishes the sidebar and the slide-over copies (form ids). */
  idPrefix: string;
  /** Called after an explicit 'Apply Filters' (the slide-over closes on it). */
  onApply?: () => void;
  /** The visitor's distance unit: the radius select's options and words (issue 19 §2). */
  distanceUnit?: DistanceUnit;
  /**
   * "sidebar" (default): a card with its title and collapse toggle; "drawer": the body only,
   * inside the phone slide-over that carries the title and the close button (issue 19 §5).
   */
  variant?: "sidebar" | "drawer";
  /**
   * Whether the panel has its own Search field (default true). The browse page has its search
   * bar above, so its panel has none and carries the query as a hidden field (issue 19 §5: one
   * search box).
   */
  searchField?: boolean;
}

/**
 * A yes/no filter (`name=true` when ticked) with the number of lawyers it would leave, e.g.
 * "Verified only" (issue 15 §2) and "Responds within 24 h" (issue 16 §3).
 */
function SwitchFilter({
  name,
  value = "true",
  label,
  checked,
  testId,
  count,
  onChange,
}: {
  name: string;
  /** The value sent when ticked ("true"; "contingency" for feeModel). */
  value?: string;
  label: string;
  checked: boolean;
  testId: string;
  count: number;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Checkbox
        name={name}
        value={value}
        label={label}
        checked={checked}
        data-testid={testId}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <Badge variant="light" color="gray" size="sm" styles={{ root: { color: "#343a40" } }}>
        {new Intl.NumberFormat(locale).format(count)}
        <VisuallyHidden> {t("filters.lawyersHidden", { count })}</VisuallyHidden>
      </Badge>
    </Group>
  );
}

/** The 'Filter Lawyers' card. */
export function FilterPanel({
  params,
  countries,
  regions = [],
  cities = [],
  practiceAreas,
  languages = [],
  verifiedCount = 0,
  respondsWithin24hCount = 0,
  freeConsultationCount = 0,
  noWinNoFeeCount = 0,
  action,
  locationLabel,
  idPrefix,
  onApply,
  distanceUnit = "kilometer",
  variant = "sidebar",
  searchField = true,
}: FilterPanelProps) {
  const { t } = useTranslation(["search", "fees"]);
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const [state, setState] = useState<PanelState>(() => fromParams(params));
  const [expanded, setExpanded] = useState(true);
  const bodyId = useId();
  const appliedKey = useRef(stateKey(fromParams(params)));

  // Follow the URL (back/forward, chips, Clear All) unless it is what this panel just applied.
  const urlKey = stateKey(fromParams(params));
  useEffect(() => {
    if (urlKey !== appliedKey.current) {
      appliedKey.current = urlKey;
      setState(fromParams(params));
    }
  }, [urlKey, params]);

  const apply = (s: PanelState) => {
    const key = stateKey(s);
    if (key === appliedKey.current) return;
    appliedKey.current = key;
    const next = withChanges(params, {
      query: s.query.trim() || undefined,
      location: s.location || undefined,
      practiceAreas: s.practiceAreas as SearchParams["practiceAreas"],
      languages: s.languages as SearchParams["languages"],
      verified: s.verified,
      respondsWithin24h: s.respondsWithin24h,
      freeConsultation: s.freeConsultation,
      feeModel: (s.feeModel || undefined) as SearchParams["feeModel"],
      experience: s.experience,
      rating: s.rating,
      radiusKm: params.near && s.radiusKm ? Number(s.radiusKm) : undefined,
    });
    navigate(searchHref(action, next), { preventScrollReset: true });
  };

  // Report changes after the 300 ms debounce (spec §4, §9).
  const latest = useRef(apply);
  latest.current = apply;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const t = setTimeout(() => latest.current(state), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [state]);

  const filters: FilterState = state;
  const count = activeFilterCount(filters);
  const facetCount = new Map(practiceAreas.map((f) => [f.value, f.count]));
  const formId = `${idPrefix}-filters`;

  return (
    <Card
      withBorder={variant === "sidebar"}
      shadow={variant === "sidebar" ? "sm" : undefined}
      padding={variant === "sidebar" ? "md" : 0}
      className="filter-panel"
      data-variant={variant}
      component="section"
      aria-labelledby={variant === "sidebar" ? `${formId}-title` : undefined}
      aria-label={variant === "drawer" ? t("filters.title") : undefined}
    >
      {variant === "sidebar" && (
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Title order={2} fz={18} style={{ whiteSpace: "nowrap" }} id={`${formId}-title`}>
              {t("filters.title")}
            </Title>
            {count > 0 && (
              <Badge color="blue" circle data-testid="active-filter-count">
                {new Intl.NumberFormat(locale).format(count)}
                <VisuallyHidden> {t("filters.activeFiltersHidden", { count })}</VisuallyHidden>
              </Badge>
            )}
          </Group>
          <Group gap={0} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setExpanded((e) => !e)}
              aria-expanded={expanded}
              aria-controls={bodyId}
              aria-label={expanded ? t("filters.collapse") : t("filters.expand")}
            >
              {expanded ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
            </ActionIcon>
          </Group>
        </Group>
      )}
      {count > 0 && (
        <Group justify="space-between" mt={4} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t("filters.activeCount", { count })}
          </Text>
          <Button
            px={6}
            component={Link}
            to={searchHref(action, clearFilters(params))}
            preventScrollReset
            variant="subtle"
            size="compact-sm"
            onClick={() => setState(fromParams(clearFilters(params)))}
          >
            {t("filters.clearAll")}
          </Button>
        </Group>
      )}
      <Collapse expanded={variant === "drawer" || expanded} id={bodyId}>
        <Form
          method="get"
          action={action}
          id={formId}
          preventScrollReset
          onSubmit={(e) => {
            e.preventDefault();
            apply(state);
            onApply?.();
          }}
        >
          {params.sort !== "relevance" && <input type="hidden" name="sort" value={params.sort} />}
          {params.pageSize !== 12 && <input type="hidden" name="pageSize" value={params.pageSize} />}
          {params.near && <input type="hidden" name="near" value={`${params.near.lat},${params.near.lng}`} />}
          {/* Issue 28 §1: the chosen country first (or none) stays with the search. */}
          {params.preferCountry && <input type="hidden" name="preferCountry" value={params.preferCountry} />}
          {!searchField && state.query && <input type="hidden" name="query" value={state.query} />}
          <Stack gap="lg" mt={variant === "sidebar" ? "md" : 0}>
            {searchField && (
              <TextInput
                label={t("filters.search")}
                name="query"
                type="search"
                placeholder={t("filters.searchPlaceholder")}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={state.query}
                maxLength={200}
                onChange={(e) => {
                  const query = e.currentTarget.value;
                  setState((s) => ({ ...s, query }));
                }}
              />
            )}
            {/* Issue 19 §2: countries, regions and cities with counts (LocationSelect.tsx). */}
            <LocationSelect
              countries={countries}
              regions={regions}
              cities={cities}
              value={state.location}
              currentLabel={locationLabel}
              onChange={(location) => setState((s) => ({ ...s, location }))}
            />
            {/* Issue 19 §2: the near-me radius, a GET field like the others (works without JS). */}
            {params.near && (
              <NativeSelect
                label={t("near.radius")}
                name="radiusKm"
                data-testid="near-radius"
                data={[
                  { value: "", label: t("near.anyDistance") },
                  ...radiusOptionsKm(distanceUnit, params.radiusKm).map((km) => ({
                    value: String(km),
                    label: t("near.option", { distance: formatDistance(km, locale, distanceUnit) }),
                  })),
                ]}
                value={state.radiusKm}
                onChange={(e) => {
                  const radiusKm = e.currentTarget.value;
                  setState((s) => ({ ...s, radiusKm }));
                }}
              />
            )}
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={500} size="sm" mb={6}>
                {t("filters.practiceAreas")}
              </Text>
              <div>
                <Stack gap={8}>
                  {PRACTICE_AREAS.map((area) => {
                    const checked = state.practiceAreas.includes(area);
                    const n = facetCount.get(area) ?? 0;
                    return (
                      <Group key={area} justify="space-between" wrap="nowrap" gap="xs">
                        <Checkbox
                          name="practiceAreas"
                          value={area}
                          label={practiceAreaLabel(area, locale, t)}
                          checked={checked}
                          onChange={(e) => {
                            const on = e.currentTarget.checked;
                            setState((s) => ({
                              ...s,
                              practiceAreas: on
                                ? [...s.practiceAreas, area]
                                : s.practiceAreas.filter((a) => a !== area),
                            }));
                          }}
                        />
                        <Badge variant="light" color="gray" size="sm" styles={{ root: { color: "#343a40" } }}>
                          {new Intl.NumberFormat(locale).format(n)}
                          <VisuallyHidden> {t("filters.lawyersHidden", { count: n })}</VisuallyHidden>
                        </Badge>
                      </Group>
                    );
                  })}
                </Stack>
              </div>
            </fieldset>
            <SwitchFilter
              name="verified"
              label={t("filters.verifiedOnly")}
              checked={state.verified}
              testId="verified-only"
              count={verifiedCount}
              onChange={(on) => setState((s) => ({ ...s, verified: on }))}
            />
            {/* Issue 16 §3: median first response <= 24 h from at least 5 cases. */}
            <SwitchFilter
              name="respondsWithin24h"
              label={t("filters.respondsWithin24h")}
              checked={state.respondsWithin24h}
              testId="responds-within-24h"
              count={respondsWithin24hCount}
              onChange={(on) => setState((s) => ({ ...s, respondsWithin24h: on }))}
            />
            {/* Issue 19 §1: fees and first meeting. */}
            <SwitchFilter
              name="freeConsultation"
              label={t("fees:filters.freeConsultation")}
              checked={state.freeConsultation}
              testId="free-consultation"
              count={freeConsultationCount}
              onChange={(on) => setState((s) => ({ ...s, freeConsultation: on }))}
            />
            {state.feeModel !== "" && state.feeModel !== "contingency" ? (
              // Another fee model from the URL or the API's link: kept when the form is sent.
              <input type="hidden" name="feeModel" value={state.feeModel} />
            ) : (
              <SwitchFilter
                name="feeModel"
                value="contingency"
                label={t("fees:filters.noWinNoFee")}
                checked={state.feeModel === "contingency"}
                testId="no-win-no-fee"
                count={noWinNoFeeCount}
                onChange={(on) => setState((s) => ({ ...s, feeModel: on ? "contingency" : "" }))}
              />
            )}
            {languages.length > 0 && (
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" fw={500} size="sm" mb={6}>
                  {t("filters.languages")}
                </Text>
                <div style={{ maxHeight: 200, overflowY: "auto", paddingInlineEnd: 4 }}>
                  <Stack gap={8}>
                    {languages.map((lang) => (
                      <Group key={lang.value} justify="space-between" wrap="nowrap" gap="xs">
                        <Checkbox
                          name="languages"
                          value={lang.value}
                          label={languageName(lang.value, locale)}
                          lang={lang.value}
                          checked={state.languages.includes(lang.value)}
                          onChange={(e) => {
                            const on = e.currentTarget.checked;
                            setState((s) => ({
                              ...s,
                              languages: on
                                ? [...s.languages, lang.value]
                                : s.languages.filter((l) => l !== lang.value),
                            }));
                          }}
                        />
                        <Badge variant="light" color="gray" size="sm" styles={{ root: { color: "#343a40" } }}>
                          {new Intl.NumberFormat(locale).format(lang.count)}
                          <VisuallyHidden>
                            {" "}
                            {t("filters.lawyersHidden", { count: lang.count })}
                          </VisuallyHidden>
                        </Badge>
                      </Group>
                    ))}
                  </Stack>
                </div>
              </fieldset>
            )}
            <MinimumSlider
              title={t("filters.minimumExperience")}
              titleId={`${formId}-exp`}
              name="experience"
              max={EXPERIENCE_MAX}
              step={1}
              value={state.experience}
              onChange={(experience) => setState((s) => ({ ...s, experience }))}
              valueLabel={(years) => t("filters.experienceValue", { years })}
              thumbLabel={t("filters.minimumExperienceThumb")}
              endLabels={[
                t("filters.experienceZero", { years: 0 }),
                t("filters.experienceValue", { years: EXPERIENCE_MAX }),
              ]}
            />
            <MinimumSlider
              title={t("filters.minimumRating")}
              name="rating"
              max={RATING_MAX}
              step={RATING_STEP}
              value={state.rating}
              onChange={(rating) => setState((s) => ({ ...s, rating }))}
              valueLabel={(stars) =>
                stars > 0 ? t("filters.ratingValue", { stars }) : t("filters.anyRating")
              }
              thumbLabel={t("filters.minimumRatingThumb")}
              endLabels={[t("filters.anyRating"), t("filters.ratingMax", { stars: RATING_MAX })]}
            />
            <div>
              <Text fw={500} size="sm" mb={6}>
                {t("filters.activeFilters")}
              </Text>
              <ActiveFilterChips
                params={params}
                action={action}
                locationLabel={locationLabel}
                emptyText={t("filters.none")}
                distanceUnit={distanceUnit}
              />
            </div>
            {/* With JavaScript every change applies at once: the button is for no-JS only. */}
            <Button type="submit" variant="default" fullWidth className="nojs-only">
              {t("filters.apply")}
            </Button>
          </Stack>
        </Form>
      </Collapse>
    </Card>
  );
}
