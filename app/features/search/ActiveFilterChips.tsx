/**
 * Removable chips of the active filters (spec §2 "removable chips", §4 "A chip's x clears only
 * that filter"). Each chip is a link to the same search without that filter (page 1), so it
 * works without JavaScript and Back restores it. Labels in the page's locale (issue 14 §2).
 */
import { Badge, Group, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type FilterChip, filterChips, searchHref } from "../../../lib/filters.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { SearchParams } from "../../../lib/search-state.ts";
import { useLocale } from "../../i18n/locale";
import { practiceAreaLabel } from "../profile";

/**
 * A chip's text in the page's locale, by its key (lib/filters.ts filterChips): the search text in
 * quotes, the location's name (`chip.label`, from `locationLabel`), a practice area's name,
 * "10+ years", "4.5+ stars", "Near your location", "Free consultation", "No win, no fee" (issue 19 §1).
 */
export function chipLabel(chip: FilterChip, params: SearchParams, t: TFunction, locale: Locale): string {
  if (chip.key === "query") return t("chips.query", { query: params.query ?? "" });
  if (chip.key.startsWith("practiceArea:")) return practiceAreaLabel(chip.key.slice(13), locale, t);
  if (chip.key === "experience") return t("filters.experienceValue", { years: params.experience });
  if (chip.key === "rating") return t("filters.ratingValue", { stars: params.rating });
  if (chip.key === "near") return t("chips.near");
  if (chip.key === "verified") return t("filters.verifiedOnly");
  if (chip.key === "respondsWithin24h") return t("filters.respondsWithin24h");
  if (chip.key === "freeConsultation") return t("fees:filters.freeConsultation");
  if (chip.key.startsWith("feeModel:")) return t(`fees:kinds.${chip.key.slice(9)}`);
  return chip.label;
}

/**
 * Chips for `params`; `emptyText` is shown when no filter is active (nothing when omitted).
 * `action` is the page's localized path ("/de/browse-lawyers").
 */
export function ActiveFilterChips({
  params,
  action,
  locationLabel,
  emptyText,
}: {
  params: SearchParams;
  action: string;
  locationLabel: (value: string) => string;
  emptyText?: string;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const chips = filterChips(params, locationLabel, locale);
  if (chips.length === 0) {
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  }
  return (
    <Group gap={6} data-testid="filter-chips">
      {chips.map((chip) => {
        const label = chipLabel(chip, params, t, locale);
        return (
          <Badge
            key={chip.key}
            component={Link}
            to={searchHref(action, chip.without)}
            preventScrollReset
            variant="outline"
            color="blue"
            size="lg"
            tt="none"
            radius="xl"
            rightSection={<IconX size={14} aria-hidden />}
            aria-label={t("chips.remove", { label })}
            style={{ cursor: "pointer", color: "#174a7c", fontWeight: 500 }}
          >
            {label}
          </Badge>
        );
      })}
    </Group>
  );
}
