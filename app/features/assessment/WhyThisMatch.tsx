/**
 * "Why this lawyer?" on a match (issue 16 §2): a native <details>/<summary> disclosure (keyboard
 * accessible, opens without JavaScript) under the match's explanation (server/matching/model.ts
 * explainRefs), showing how the overall score was made: each of the six sub-scores with its
 * weight from lib/ranking.ts MATCH_WEIGHTS (the weights the model computes with), the
 * preferred-language rule when it applied, the tie-break, and that payment never changes the
 * order, with a link to /how-ranking-works.
 */
import { useTranslation } from "react-i18next";
import { genderSelect } from "../../../lib/grammatical-gender.ts";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { parseMessageRef } from "../../../lib/i18n/message.ts";
import { MATCH_SCORE_KEYS, MATCH_WEIGHTS } from "../../../lib/ranking.ts";
import { useLocale } from "../../i18n/locale";
import anchor from "../../ui/Anchor.module.css";
import { LocaleLink } from "../../ui/LocaleLink";
import classes from "../../ui/Why.module.css";
import type { ShownMatch } from "./matches";

/** The disclosure of one match's scoring, in the page's language. */
export function WhyThisMatch({ match }: { match: ShownMatch }) {
  const { t } = useTranslation("transparency");
  const { t: ta } = useTranslation("assessment");
  const locale = useLocale();
  const score = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // The model puts the language sentence first when the lawyer speaks the preferred language.
  const first = parseMessageRef(match.explanationRefs?.[0] ?? "");
  const speaks = first?.ns === "assessment" && first.key === "explanation.language";
  // Issue 28 §2: the words that agree with the lawyer take the listing's grammatical gender.
  const gender = genderSelect(match.lawyer?.grammaticalGender);
  return (
    <details className="why-this-lawyer" data-testid="why-this-match">
      <summary>
        <span className={classes.summary}>{t("why.summary", { gender })}</span>
      </summary>
      <p className={classes.title}>{t("why.matchTitle")}</p>
      <ul className={classes.list}>
        {speaks && <li>{t("why.matchLanguage", { gender })}</li>}
        {MATCH_SCORE_KEYS.map((k) => {
          const key = `${k}Score` as const;
          return (
            <li key={k}>
              {t("why.matchSubScore", {
                label: ta(`scores.${key}`),
                score: score.format(match[key]),
                weight: MATCH_WEIGHTS[k] / 100,
              })}
            </li>
          );
        })}
        <li>{t("why.matchOverall", { score: score.format(match.overallScore) })}</li>
      </ul>
      <p className={classes.text}>
        {`${t("why.matchTies")} ${t("why.noPayment")} `}
        <LocaleLink to="/how-ranking-works" className={anchor.anchor}>
          {t("why.howLink")}
        </LocaleLink>
      </p>
    </details>
  );
}
