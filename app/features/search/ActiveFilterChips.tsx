/**
 * Removable chips of the active filters (spec §2 "removable chips", §4 "A chip's x clears only
 * that filter"). Each chip is a link to the same search without that filter (page 1), so it
 * works without JavaScript and Back restores it. Labels in the page's locale (issue 14 §2).
 * Issue 29 "Lean markup": plain links styled by filters.css (`.fp-chip`, the × drawn by CSS).
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type FilterChip, filterChips, searchHref } from "../../../lib/filters.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { SearchParams } from "../../../lib/search-state.ts";
import { useLocale } from "../../i18n/locale";
import { LocaleLink as Link } from "../../ui/LocaleLink";
import { practiceAreaLabel } from "../profile";
import { type DistanceUnit, formatDistance } from "./distance";
import "./filters.css";

/**
 * A chip's text in the page's locale, by its key (lib/filters.ts filterChips): the search text in
 * quotes, the location's name (`chip.label`, from `locationLabel`), a practice area's name,
 * "10+ years", "4.5+ stars", "Near your location", or with a radius "Within 25 km" / "Within 15 mi"
 * in the visitor's `unit` (issue 19 §2), "Free consultation", "No win, no fee" (issue 19 §1).
 */
export function chipLabel(
  chip: FilterChip,
  params: SearchParams,
  t: TFunction,
  locale: Locale,
  unit: DistanceUnit = "kilometer",
): string {
  if (chip.key === "query") return t("chips.query", { query: params.query ?? "" });
  if (chip.key.startsWith("practiceArea:")) return practiceAreaLabel(chip.key.slice(13), locale, t);
  if (chip.key === "experience") return t("filters.experienceValue", { years: params.experience });
  if (chip.key === "rating") return t("filters.ratingValue", { stars: params.rating });
  if (chip.key === "near")
    return params.radiusKm
      ? t("near.chip", { distance: formatDistance(params.radiusKm, locale, unit) })
      : t("chips.near");
  if (chip.key === "verified") return t("filters.verifiedOnly");
  if (chip.key === "respondsWithin24h") return t("filters.respondsWithin24h");
  if (chip.key === "freeConsultation") return t("fees:filters.freeConsultation");
  if (chip.key.startsWith("feeModel:")) return t(`fees:kinds.${chip.key.slice(9)}`);
  return chip.label;
}

/**
 * Chips for `params`; `emptyText` is shown when no filter is active (nothing when omitted).
 * `action` is the page's localized path ("/de/browse-lawyers"); `distanceUnit` words the radius
 * chip (issue 19 §2). Removing the "Within 25 km" chip removes the near-me search altogether
 * (point and radius): the radius select's "Any distance" keeps the point without a radius. With
 * `nearCountry` (issue 28 §1: the point's country when nothing else names the visitor's), that
 * link keeps it as `preferCountry`, so the whole directory then lists that country first.
 */
export function ActiveFilterChips({
  params,
  action,
  locationLabel,
  emptyText,
  distanceUnit = "kilometer",
  nearCountry = null,
}: {
  params: SearchParams;
  action: string;
  locationLabel: (value: string) => string;
  emptyText?: string;
  distanceUnit?: DistanceUnit;
  nearCountry?: string | null;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const chips = filterChips(params, locationLabel, locale);
  if (chips.length === 0) return emptyText ? <p className="fp-none">{emptyText}</p> : null;
  return (
    <div className="fp-chips" data-testid="filter-chips">
      {chips.map((chip) => {
        const label = chipLabel(chip, params, t, locale, distanceUnit);
        return (
          <Link
            key={chip.key}
            className="fp-chip"
            data-chip={chip.key}
            to={searchHref(
              action,
              chip.key === "near" && nearCountry && !params.preferCountry
                ? { ...chip.without, preferCountry: nearCountry }
                : chip.without,
            )}
            preventScrollReset
            aria-label={t("chips.remove", { label })}
          >
            {label}
          </Link>
        );
      })}
    </div>
  );
}
