/**
 * "Why this lawyer?" on a search result under sort=relevance (issue 16 §2): a native
 * <details>/<summary> disclosure (keyboard accessible, opens without JavaScript) listing the
 * factors the server computed (server/search/why.ts; lib/ranking.ts RelevanceFactor), in the
 * page's language, with a link to /how-ranking-works.
 */

import { useTranslation } from "react-i18next";
import { type GrammaticalGender, genderSelect } from "../../../lib/grammatical-gender.ts";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import type { RelevanceFactor } from "../../../lib/ranking.ts";
import { useLocale } from "../../i18n/locale";
import anchor from "../../ui/Anchor.module.css";
import { LocaleLink } from "../../ui/LocaleLink";
import classes from "../../ui/Why.module.css";
import { countryName, practiceAreaLabel } from "../profile";
import { type DistanceUnit, formatDistance } from "./distance";

/** One factor as a sentence in the page's language. */
function useFactorText() {
  const { t } = useTranslation("transparency");
  const locale = useLocale();
  const oneDecimal = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (f: RelevanceFactor, unit: DistanceUnit): string => {
    switch (f.kind) {
      case "words":
        if (f.field === "practiceArea")
          return t("why.words.practiceArea", { area: practiceAreaLabel(f.value ?? "", locale) });
        return t(`why.words.${f.field ?? "level1"}`);
      case "distance":
        return t("why.distance", { distance: formatDistance(f.km, locale, unit) });
      case "rating":
        return t("why.rating", { rating: oneDecimal.format(f.rating), reviews: f.reviewCount });
      case "verifiedOnly":
        return t("why.verifiedOnly");
      case "country":
        // Issue 28 §1: ordered first as a lawyer of the visitor's country.
        return t("why.country", { country: countryName(f.countryCode, locale) });
    }
  };
}

/**
 * The disclosure of one result's factors; nothing when `why` is absent or empty (other sorts).
 * @param lawyerId the result's id, for a unique test id
 */
export function WhyThisLawyer({
  why,
  distanceUnit = "kilometer",
  grammaticalGender = null,
}: {
  why: RelevanceFactor[] | undefined;
  distanceUnit?: DistanceUnit;
  /** The listing's (issue 28 §2): the heading agrees with it ("Pourquoi cette avocate ?"). */
  grammaticalGender?: GrammaticalGender | null;
}) {
  const { t } = useTranslation("transparency");
  const text = useFactorText();
  if (!why || why.length === 0) return null;
  return (
    <details className="why-this-lawyer" data-testid="why-this-lawyer">
      <summary>
        <span className={classes.summary}>
          {t("why.summary", { gender: genderSelect(grammaticalGender) })}
        </span>
      </summary>
      <p className={classes.text}>{t("why.intro")}</p>
      <ul className={classes.list}>
        {why.map((f) => (
          <li key={`${f.kind}-${"field" in f ? f.field : ""}`}>{text(f, distanceUnit)}</li>
        ))}
      </ul>
      <p className={classes.text}>
        {`${t("why.noPayment")} `}
        <LocaleLink to="/how-ranking-works" className={anchor.anchor}>
          {t("why.howLink")}
        </LocaleLink>
      </p>
    </details>
  );
}
