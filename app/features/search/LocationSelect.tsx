/**
 * The browse filter's location control (issue 19 §2: "The browse location filter offers cities
 * and regions as well as countries (with counts), from the same place data"): one native select
 * named `location` with three groups, Countries / Regions / Cities, each option with its count
 * of listed lawyers ("Bayern, Deutschland (12)"). A native select, so it works without
 * JavaScript (the panel's GET form submits it), is keyboard accessible and searchable by typing
 * the first letters, and shows as the platform's picker on phones.
 *
 * Values: a country's ISO code ("DE"), a region's or city's "<stored name>, <code>" ("Bavaria,
 * DE", "Munich, DE": server/search/place-facets.ts), which the server resolves to exactly that
 * place. Labels arrive in the page's language (countries by Intl.DisplayNames, cities and
 * regions localized by the directory loader with the names the cards show).
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { FacetCount, PlaceFacet } from "../../../lib/lawyer.ts";
import { useLocale } from "../../i18n/locale";
import { countryName } from "../profile";
import { FilterSelect } from "./FacetOptions";

/** A city's or region's name with its country in `locale` ("München, Deutschland"). */
export function placeWithCountry(place: PlaceFacet, t: TFunction, locale: Locale): string {
  return t("places.inCountry", { place: place.label, country: countryName(place.countryCode, locale) });
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
 * The grouped options: "All Locations", then Countries, Regions and Cities (each sorted by name
 * in `locale`, empty groups left out), with the current value first when no group offers it
 * (labelled by `currentLabel`, e.g. a location typed in the URL).
 */
export function groupedLocationOptions(
  facets: { countries: FacetCount[]; regions: PlaceFacet[]; cities: PlaceFacet[] },
  current: string | undefined,
  currentLabel: (value: string) => string,
  t: TFunction,
  locale: Locale,
) {
  const collator = new Intl.Collator(locale);
  const option = (value: string, name: string, count: number) => ({
    value,
    label: t("filters.locationOption", { name, count }),
  });
  const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
  const countries = facets.countries
    .map((c) => ({ name: countryName(c.value, locale, c.label), c }))
    .sort(byName)
    .map(({ name, c }) => option(c.value, name, c.count));
  const places = (list: PlaceFacet[]) =>
    list
      .map((p) => ({ name: placeWithCountry(p, t, locale), p }))
      .sort(byName)
      .map(({ name, p }) => option(p.value, name, p.count));
  const groups = [
    { group: t("places.countries"), items: countries },
    { group: t("places.regions"), items: places(facets.regions) },
    { group: t("places.cities"), items: places(facets.cities) },
  ].filter((g) => g.items.length > 0);
  const offered = groups.some((g) => g.items.some((o) => o.value === current));
  return [
    { value: "", label: t("filters.allLocations") },
    ...(current && !offered ? [{ value: current, label: currentLabel(current) }] : []),
    ...groups,
  ];
}

/** Props of LocationSelect. */
export interface LocationSelectProps {
  countries: FacetCount[];
  regions: PlaceFacet[];
  cities: PlaceFacet[];
  /** The selected location value ("" = all). */
  value: string;
  onChange: (value: string) => void;
  /** Label of a value no option offers (the chips' lookup). */
  currentLabel: (value: string) => string;
  /** The select's id (its label points at it). */
  id: string;
}

/**
 * The grouped location select of the filter panel (see the module comment): a native `<select>`
 * with `<optgroup>`s, styled by filters.css (issue 29 "Lean markup").
 */
export function LocationSelect({
  countries,
  regions,
  cities,
  value,
  onChange,
  currentLabel,
  id,
}: LocationSelectProps) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const options = groupedLocationOptions(
    { countries, regions, cities },
    value || undefined,
    currentLabel,
    t,
    locale,
  );
  const option = (o: { value: string; label: string }) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  return (
    <FilterSelect
      id={id}
      label={t("filters.location")}
      name="location"
      testId="location-select"
      value={value}
      onChange={onChange}
    >
      {options.map((o) =>
        "group" in o ? (
          <optgroup key={o.group} label={o.group}>
            {o.items.map(option)}
          </optgroup>
        ) : (
          option(o)
        ),
      )}
    </FilterSelect>
  );
}
