/**
 * "Why this lawyer?" on a match (issue 16 §2): a native <details>/<summary> disclosure (keyboard
 * accessible, opens without JavaScript) under the match's explanation (server/matching/model.ts
 * explainRefs), showing how the overall score was made: each of the six sub-scores with its
 * weight from lib/ranking.ts MATCH_WEIGHTS (the weights the model computes with), the
 * preferred-language rule when it applied, the tie-break, and that payment never changes the
 * order, with a link to /how-ranking-works.
 */
import { Anchor, List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { genderSelect } from "../../../lib/grammatical-gender.ts";
import { parseMessageRef } from "../../../lib/i18n/message.ts";
import { MATCH_SCORE_KEYS, MATCH_WEIGHTS } from "../../../lib/ranking.ts";
import { useLocale } from "../../i18n/locale";
import { LocaleLink } from "../../ui/LocaleLink";
import type { ShownMatch } from "./matches";

/** The disclosure of one match's scoring, in the page's language. */
export function WhyThisMatch({ match }: { match: ShownMatch }) {
  const { t } = useTranslation("transparency");
  const { t: ta } = useTranslation("assessment");
  const locale = useLocale();
  const score = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // The model puts the language sentence first when the lawyer speaks the preferred language.
  const first = parseMessageRef(match.explanationRefs?.[0] ?? "");
  const speaks = first?.ns === "assessment" && first.key === "explanation.language";
  // Issue 28 §2: the words that agree with the lawyer take the listing's grammatical gender.
  const gender = genderSelect(match.lawyer?.grammaticalGender);
  return (
    <details className="why-this-lawyer" data-testid="why-this-match">
      <summary>
        <Text component="span" size="sm" fw={600} c="blue.9">
          {t("why.summary", { gender })}
        </Text>
      </summary>
      <Text size="sm" mt={6} fw={600}>
        {t("why.matchTitle")}
      </Text>
      <List size="sm" spacing={2} mt={4}>
        {speaks && <List.Item>{t("why.matchLanguage", { gender })}</List.Item>}
        {MATCH_SCORE_KEYS.map((k) => {
          const key = `${k}Score` as const;
          return (
            <List.Item key={k}>
              {t("why.matchSubScore", {
                label: ta(`scores.${key}`),
                score: score.format(match[key]),
                weight: MATCH_WEIGHTS[k] / 100,
              })}
            </List.Item>
          );
        })}
        <List.Item>{t("why.matchOverall", { score: score.format(match.overallScore) })}</List.Item>
      </List>
      <Text size="sm" mt={6}>
        {t("why.matchTies")} {t("why.noPayment")}{" "}
        <Anchor component={LocaleLink} to="/how-ranking-works" size="sm">
          {t("why.howLink")}
        </Anchor>
      </Text>
    </details>
  );
}
