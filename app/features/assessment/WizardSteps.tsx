/**
 * The three steps of the assessment wizard (spec §2 "Assessment wizard", §5; issue 5): step 1 the
 * eight trait sliders, step 2 communication and approach, step 3 priority focus, case type,
 * complexity, timeline and the optional "Where is your case?" country. Each step draws the
 * answers it asks for and reports a change through `set`.
 */
import { NativeSelect, Stack } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
} from "../../../lib/constants.ts";
import { caseTypeKey } from "../../../lib/personality.ts";
import { ChoiceCards, type ChoiceOption } from "./ChoiceCards";
import { choiceCopy, type OptionGroup } from "./options";
import { PlaceField } from "./PlaceField";
import { TraitSliders } from "./TraitSliders";
import type { CountryOption, REQUIRED_CHOICES, WizardAnswers, WizardStep } from "./wizard";

/**
 * Catalog key of each step's title and lead (`steps.<key>.title`; spec §2: personality,
 * communication and approach, case details).
 */
export const STEP_KEYS: Record<WizardStep, "personality" | "communication" | "case"> = {
  1: "personality",
  2: "communication",
  3: "case",
};

/** Radio-card options for `values` in the order given, titled in the page's language. */
function choices<T extends string>(
  t: TFunction,
  values: readonly T[],
  group: OptionGroup,
): ChoiceOption<T>[] {
  return values.map((value) => ({ value, ...choiceCopy(t, group, value) }));
}

/** Case types with 'General Personal Injury' for Personal Injury (spec §5), by catalog key. */
function caseTypeOptions(t: TFunction): ChoiceOption<(typeof ASSESSMENT_CASE_TYPES)[number]>[] {
  return ASSESSMENT_CASE_TYPES.map((value) => ({ value, label: t(`caseTypes.${caseTypeKey(value)}`) }));
}

/** The answers a step shows, and how it changes one. */
interface StepProps {
  answers: WizardAnswers;
  set: <K extends keyof WizardAnswers>(key: K, value: WizardAnswers[K]) => void;
}

/** One of the six required choices (spec §5): which answer it sets, its legend and its cards. */
type Question = {
  [K in (typeof REQUIRED_CHOICES)[number]]: {
    field: K;
    legend: string;
    options: readonly ChoiceOption<Exclude<WizardAnswers[K], "">>[];
    hint?: string;
    columns?: 2 | 4;
  };
}[(typeof REQUIRED_CHOICES)[number]];

/** Step 2's questions: communication (required to continue) and approach. */
function communicationQuestions(t: TFunction): readonly Question[] {
  return [
    {
      field: "communicationPreference",
      legend: t("questions.communication"),
      hint: t("questions.communicationHint"),
      options: choices(t, COMMUNICATION_STYLES, "communication"),
    },
    {
      field: "approachPreference",
      legend: t("questions.approach"),
      options: choices(t, APPROACH_STYLES, "approach"),
    },
  ];
}

/** Step 3's questions: what matters most, case type, complexity and timeline. */
function caseQuestions(t: TFunction): readonly Question[] {
  return [
    { field: "priorityFocus", legend: t("questions.focus"), options: choices(t, PRIORITY_FOCUSES, "focus") },
    { field: "caseType", legend: t("questions.caseType"), options: caseTypeOptions(t), columns: 4 },
    {
      field: "caseComplexity",
      legend: t("questions.complexity"),
      options: choices(t, CASE_COMPLEXITIES, "complexity"),
    },
    {
      field: "timePreference",
      legend: t("questions.timeline"),
      options: choices(t, TIME_PREFERENCES, "timeline"),
    },
  ];
}

/** Each question as required radio cards, bound to its answer. */
function Questions({ questions, answers, set }: StepProps & { questions: readonly Question[] }) {
  return questions.map(({ field, ...question }) => (
    <ChoiceCards<string>
      key={field}
      {...question}
      name={field}
      value={answers[field]}
      // `field` and the option values come from the same Question, so the value fits the answer.
      onChange={(v) => set(field, v as WizardAnswers[typeof field])}
      required
    />
  ));
}

/** Step 1: the eight personality traits, each on a 1-10 slider. */
export function PersonalityStep({ answers, set }: StepProps) {
  return (
    <TraitSliders
      traits={answers.traits}
      onChange={(trait, value) => set("traits", { ...answers.traits, [trait]: value })}
    />
  );
}

/** Step 2: how the lawyer should communicate (required to continue) and the approach they take. */
export function CommunicationStep({ answers, set }: StepProps) {
  const { t } = useTranslation("assessment");
  return (
    <Stack gap="xl">
      <Questions questions={communicationQuestions(t)} answers={answers} set={set} />
    </Stack>
  );
}

/**
 * A case-step select whose value may be preset from the visitor (the country, the language): its
 * hint says so (`hintPreset`) while the chosen value is the non-empty `preset`, else `hint`.
 */
function PresetSelect({
  name,
  label,
  hint,
  hintPreset,
  preset,
  data,
  value,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  hintPreset: string;
  preset: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      label={label}
      description={value && value === preset ? hintPreset : hint}
      name={name}
      size="md"
      styles={{ label: { fontWeight: 600 } }}
      data={data}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/**
 * Step 3: what matters most, the case type, its complexity, the timeline, the optional
 * country (pre-selected from the browser's languages when `defaultCountry` is set) and the
 * optional preferred language (issue 14 §4; pre-selected from the browser's first language), and
 * the optional "Where are you?" place (issue 19 §2, PlaceField).
 */
export function CaseStep({
  answers,
  set,
  countries,
  defaultCountry,
  languages = [],
  defaultLanguage = "",
}: StepProps & {
  countries: readonly CountryOption[];
  defaultCountry: string;
  languages?: readonly CountryOption[];
  defaultLanguage?: string;
}) {
  const { t } = useTranslation("assessment");
  const countryOptions = [
    { value: "", label: t("questions.countryAnywhere") },
    ...countries.map((c) => ({ value: c.value, label: c.label })),
  ];
  return (
    <Stack gap="xl">
      <Questions questions={caseQuestions(t)} answers={answers} set={set} />
      <PresetSelect
        name="country"
        label={t("questions.country")}
        hint={t("questions.countryHint")}
        hintPreset={t("questions.countryHintDefault")}
        preset={defaultCountry}
        data={countryOptions}
        value={answers.country}
        onChange={(country) => set("country", country)}
      />
      <PlaceField
        place={answers.place}
        onChange={(place, near) => {
          set("place", place);
          set("near", near);
        }}
      />
      {languages.length > 0 && (
        <PresetSelect
          name="language"
          label={t("questions.language")}
          hint={t("questions.languageHint")}
          hintPreset={t("questions.languageHintDefault")}
          preset={defaultLanguage}
          data={[{ value: "", label: t("questions.languageNone") }, ...languages]}
          value={answers.language}
          onChange={(language) => set("language", language)}
        />
      )}
    </Stack>
  );
}
