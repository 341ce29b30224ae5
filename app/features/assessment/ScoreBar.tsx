/**
 * Match scores as the matches page shows them (spec §9 "Matching scores"): a number out of 10
 * with one decimal, coloured green at 8 or more, yellow at 6 or more, red below; a bar filled to
 * score × 10 per cent; and the overall label (9+ Excellent, 8 Great, 7 Good, 6 Fair, else Poor).
 * The bars are decorative: the number is always written next to them.
 */
import { useTranslation } from "react-i18next";
import { scoreColor, scoreLabel } from "../../../lib/personality.ts";
import { useLocale } from "../../i18n/locale";
import "./personality.css";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import hidden from "../../ui/hidden.module.css";

/**
 * A score out of 10 as text with one decimal in `locale`'s digits and separator (issue 14 §1),
 * e.g. 8.66 -> "8.7" (en), "8,7" (de).
 */
export function formatScore(score: number, locale = "en"): string {
  return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.round(score * 10) / 10,
  );
}

/** Width of a score's bar in per cent: score × 10, kept within 0..100 (spec §9). */
export function barPercent(score: number): number {
  return Math.max(0, Math.min(100, score * 10));
}

/**
 * The props of a score's bar and value: `score` on 0–10, `size` "lg" for the overall score,
 * `inherit` to take the colour from an enclosing `.pa-score[data-color]`.
 */
export interface ScoreProps {
  score: number;
  size?: "md" | "lg";
  inherit?: boolean;
}

/**
 * The bar alone: a grey track filled to score × 10 % in the score's colour; `inherit` leaves the
 * colour to an enclosing `.pa-score[data-color]` (SubScore: one colour attribute per sub-score).
 */
export function ScoreBar({ score, size = "md", inherit = false }: ScoreProps) {
  return (
    <div
      className={inherit ? "pa-score-track" : "pa-score pa-score-track"}
      data-color={inherit ? undefined : scoreColor(score)}
      data-size={size === "lg" ? size : undefined}
      aria-hidden="true"
    >
      {/* The width is the datum itself (score × 10 %), the one style attribute left per score. */}
      <div className="pa-score-fill" data-testid="score-fill" style={{ width: `${barPercent(score)}%` }} />
    </div>
  );
}

/**
 * "8.7/10" in the score's colour (the "/10" drawn by personality.css); screen readers hear "8.7
 * out of 10". `inherit` as ScoreBar's.
 */
export function ScoreValue({ score, size = "md", inherit = false }: ScoreProps) {
  const { t } = useTranslation("assessment");
  const text = formatScore(score, useLocale());
  return (
    <span
      className={inherit ? "pa-score-value" : "pa-score pa-score-value"}
      data-color={inherit ? undefined : scoreColor(score)}
      data-size={size === "lg" ? size : undefined}
    >
      <span aria-hidden="true">{text}</span>
      <span className={hidden.hidden}>{t("scores.outOf", { score: text })}</span>
    </span>
  );
}

/** The overall label pill, e.g. "Excellent", in the score's colour (spec §9). */
export function ScoreLabel({ score }: { score: number }) {
  const { t } = useTranslation("assessment");
  return (
    <span className="pa-score pa-score-label" data-color={scoreColor(score)} data-testid="score-label">
      {t(`scores.label.${scoreLabel(score)}`)}
    </span>
  );
}

/**
 * One sub-score of a match card's list (a `<div>` of the `<dl>`): its label, value and bar, the
 * colour set once on the item (issue 29 "Lean markup": ten cards of six sub-scores).
 */
export function SubScore({ label, score }: { label: string; score: number }) {
  return (
    <div className="pa-score" data-color={scoreColor(score)} data-testid="sub-score">
      <dt>{label}</dt>
      <dd>
        <ScoreValue score={score} inherit />
        <ScoreBar score={score} inherit />
      </dd>
    </div>
  );
}
