/**
 * What the assessment wizard shows for each answer (spec §2 "Assessment wizard", §3 the eight
 * traits, §5 "Assessment" option lists; issue 14 §1): the catalog keys of the visible names and
 * one-line descriptions in namespace "assessment". The stored values themselves come from
 * lib/constants.ts and never change with the language.
 */
import type { TFunction } from "i18next";
import type { PersonalityTrait } from "../../../lib/constants.ts";

/** Catalog group of each choice question's options (`options.<group>.<value>.label`). */
export type OptionGroup = "communication" | "approach" | "focus" | "complexity" | "timeline";

/** One choice card: the visible title and a line that says what it means. */
export interface ChoiceCopy {
  label: string;
  description: string;
}

/** A choice's title and description in the page's language. */
export function choiceCopy(t: TFunction, group: OptionGroup, value: string): ChoiceCopy {
  return {
    label: t(`options.${group}.${value}.label`),
    description: t(`options.${group}.${value}.description`),
  };
}

/**
 * One trait slider: the psychologist's name of the trait (shown only in the explanation, issue
 * 19 §4 "reviewed for tact"), its plain-language label, the question it answers and what its
 * two ends mean.
 */
export interface TraitCopy {
  name: string;
  label: string;
  question: string;
  low: string;
  high: string;
}

/** A trait's texts in the page's language (`traits.<trait>.*`). */
export function traitCopy(t: TFunction, trait: PersonalityTrait): TraitCopy {
  return {
    name: t(`traits.${trait}.name`),
    label: t(`traits.${trait}.label`),
    question: t(`traits.${trait}.question`),
    low: t(`traits.${trait}.low`),
    high: t(`traits.${trait}.high`),
  };
}
