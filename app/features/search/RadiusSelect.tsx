import { useTranslation } from "react-i18next";
import { radiusOptionsKm } from "../../../lib/near.ts";
import { useLocale } from "../../i18n/locale";
import { type DistanceUnit, formatDistance } from "./distance";
import { FilterSelect } from "./FacetOptions";

/**
 * The near-me radius of the filter panel (issue 19 §2): a native select named `radiusKm`, a GET
 * field like the others (it works without JavaScript), "Any distance" ("" = no radius) then the
 * radii of `distanceUnit` (lib/near.ts radiusOptionsKm, keeping `currentKm` when the URL has an
 * odd one), each shown in the visitor's unit and the page's locale. `value` is in km as text.
 */
export function RadiusSelect({
  id,
  value,
  currentKm,
  distanceUnit,
  onChange,
}: {
  id: string;
  value: string;
  currentKm: number | undefined;
  distanceUnit: DistanceUnit;
  onChange: (radiusKm: string) => void;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  return (
    <FilterSelect
      id={id}
      label={t("near.radius")}
      name="radiusKm"
      testId="near-radius"
      value={value}
      onChange={onChange}
    >
      <option value="">{t("near.anyDistance")}</option>
      {radiusOptionsKm(distanceUnit, currentKm).map((km) => (
        <option key={km} value={String(km)}>
          {t("near.option", { distance: formatDistance(km, locale, distanceUnit) })}
        </option>
      ))}
    </FilterSelect>
  );
}
