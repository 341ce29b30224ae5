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
 *
 * Issue 29 "Lean markup": native elements styled by classes in filters.css (no Mantine Group,
 * Checkbox or Badge per option, no inline `style`, the tick drawn by CSS, the sliders native
 * ranges), so the panel stays a small part of the page (budget: filter-panel-budget.test.tsx).
 *
 * Parts: the facet groups and options (FacetOptions.tsx), the location and near-me radius
 * selects (LocationSelect.tsx, RadiusSelect.tsx), the minimum sliders (MinimumSlider.tsx) and
 * the panel's state (filter-panel-state.ts).
 */
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
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { languageName } from "../../../lib/languages.ts";
import type { FacetCount, PlaceFacet } from "../../../lib/lawyer.ts";
import type { SearchParams } from "../../../lib/search-state.ts";
import { useLocale, useLocaleNavigate } from "../../i18n/locale";
import { LocaleLink as Link } from "../../ui/LocaleLink";
import { practiceAreaLabel } from "../profile";
import { ActiveFilterChips } from "./ActiveFilterChips";
import type { DistanceUnit } from "./distance";
import { FacetGroup, FilterOption } from "./FacetOptions";
import { changesOf, fromParams, type PanelState, stateKey } from "./filter-panel-state";
import { LocationSelect } from "./LocationSelect";
import { MinimumSlider } from "./MinimumSlider";
import { RadiusSelect } from "./RadiusSelect";
import "./filters.css";
// The badge's hidden words use the global .visually-hidden-label defined there.
import "../../ui/hidden.module.css";

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
    const next = withChanges(params, changesOf(s, params));
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
  const number = numberFormat(locale);
  /** The shown count and its hidden words, for a FilterOption. */
  const counted = (n: number) => ({
    count: number.format(n),
    countText: t("filters.lawyersHidden", { count: n }),
  });
  /** A yes/no filter (`name=true` when ticked): "Verified only" (issue 15 §2) and the others. */
  const yesNo = (
    name: "verified" | "respondsWithin24h" | "freeConsultation",
    label: string,
    testId: string,
    n: number,
  ) => (
    <FilterOption
      name={name}
      value="true"
      label={label}
      checked={state[name]}
      testId={testId}
      {...counted(n)}
      onChange={(on) => setState((s) => ({ ...s, [name]: on }))}
    />
  );
  /** Adds or removes `value` in a list filter of the state. */
  const toggle = (key: "practiceAreas" | "languages") => (value: string, on: boolean) =>
    setState((s) => ({ ...s, [key]: on ? [...s[key], value] : s[key].filter((v) => v !== value) }));

  return (
    <section
      className="filter-panel fp"
      data-variant={variant}
      aria-labelledby={variant === "sidebar" ? `${formId}-title` : undefined}
      aria-label={variant === "drawer" ? t("filters.title") : undefined}
    >
      {variant === "sidebar" && (
        <div className="fp-head">
          <h2 id={`${formId}-title`}>{t("filters.title")}</h2>
          {count > 0 && (
            <span className="fp-badge" data-testid="active-filter-count">
              {number.format(count)}
              <span className="visually-hidden-label">{` ${t("filters.activeFiltersHidden", { count })}`}</span>
            </span>
          )}
          <button
            type="button"
            className="fp-icon-btn"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-label={expanded ? t("filters.collapse") : t("filters.expand")}
          />
        </div>
      )}
      {count > 0 && (
        <div className="fp-active">
          <span>{t("filters.activeCount", { count })}</span>
          <Link
            className="fp-link"
            to={searchHref(action, clearFilters(params))}
            preventScrollReset
            onClick={() => setState(fromParams(clearFilters(params)))}
          >
            {t("filters.clearAll")}
          </Link>
        </div>
      )}
      <div id={bodyId} hidden={variant === "sidebar" && !expanded}>
        <Form
          method="get"
          action={action}
          id={formId}
          className="fp-form"
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
          {searchField && (
            <div>
              <label className="fp-label" htmlFor={`${formId}-query`}>
                {t("filters.search")}
              </label>
              <input
                id={`${formId}-query`}
                className="fp-field fp-search"
                name="query"
                type="search"
                placeholder={t("filters.searchPlaceholder")}
                value={state.query}
                maxLength={200}
                onChange={(e) => {
                  const query = e.currentTarget.value;
                  setState((s) => ({ ...s, query }));
                }}
              />
            </div>
          )}
          {/* Issue 19 §2: countries, regions and cities with counts (LocationSelect.tsx). */}
          <LocationSelect
            id={`${formId}-location`}
            countries={countries}
            regions={regions}
            cities={cities}
            value={state.location}
            currentLabel={locationLabel}
            onChange={(location) => setState((s) => ({ ...s, location }))}
          />
          {/* Issue 19 §2: the near-me radius, a GET field like the others (works without JS). */}
          {params.near && (
            <RadiusSelect
              id={`${formId}-radius`}
              value={state.radiusKm}
              currentKm={params.radiusKm}
              distanceUnit={distanceUnit}
              onChange={(radiusKm) => setState((s) => ({ ...s, radiusKm }))}
            />
          )}
          <FacetGroup
            legend={t("filters.practiceAreas")}
            name="practiceAreas"
            values={PRACTICE_AREAS.map((area) => ({
              value: area,
              label: practiceAreaLabel(area, locale, t),
              count: facetCount.get(area) ?? 0,
            }))}
            selected={state.practiceAreas}
            counted={counted}
            onToggle={toggle("practiceAreas")}
          />
          <div className="fp-switches">
            {yesNo("verified", t("filters.verifiedOnly"), "verified-only", verifiedCount)}
            {/* Issue 16 §3: median first response <= 24 h from at least 5 cases. */}
            {yesNo(
              "respondsWithin24h",
              t("filters.respondsWithin24h"),
              "responds-within-24h",
              respondsWithin24hCount,
            )}
            {/* Issue 19 §1: fees and first meeting. */}
            {yesNo(
              "freeConsultation",
              t("fees:filters.freeConsultation"),
              "free-consultation",
              freeConsultationCount,
            )}
            {state.feeModel !== "" && state.feeModel !== "contingency" ? (
              // Another fee model from the URL or the API's link: kept when the form is sent.
              <input type="hidden" name="feeModel" value={state.feeModel} />
            ) : (
              <FilterOption
                name="feeModel"
                value="contingency"
                label={t("fees:filters.noWinNoFee")}
                checked={state.feeModel === "contingency"}
                testId="no-win-no-fee"
                {...counted(noWinNoFeeCount)}
                onChange={(on) => setState((s) => ({ ...s, feeModel: on ? "contingency" : "" }))}
              />
            )}
          </div>
          {languages.length > 0 && (
            <FacetGroup
              legend={t("filters.languages")}
              name="languages"
              values={languages.map((lang) => ({ ...lang, label: languageName(lang.value, locale) }))}
              selected={state.languages}
              counted={counted}
              onToggle={toggle("languages")}
              scroll
            />
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
            titleId={`${formId}-rating`}
            name="rating"
            max={RATING_MAX}
            step={RATING_STEP}
            value={state.rating}
            onChange={(rating) => setState((s) => ({ ...s, rating }))}
            valueLabel={(stars) => (stars > 0 ? t("filters.ratingValue", { stars }) : t("filters.anyRating"))}
            thumbLabel={t("filters.minimumRatingThumb")}
            endLabels={[t("filters.anyRating"), t("filters.ratingMax", { stars: RATING_MAX })]}
          />
          <div>
            <div className="fp-sub">{t("filters.activeFilters")}</div>
            <ActiveFilterChips
              params={params}
              action={action}
              locationLabel={locationLabel}
              emptyText={t("filters.none")}
              distanceUnit={distanceUnit}
            />
          </div>
          {/* With JavaScript every change applies at once: the button is for no-JS only. */}
          <button type="submit" className="fp-apply nojs-only">
            {t("filters.apply")}
          </button>
        </Form>
      </div>
    </section>
  );
}
