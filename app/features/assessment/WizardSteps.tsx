/**
 * The three steps of the assessment wizard (spec §2 "Assessment wizard", §5; issue 5): step 1 the
 * eight trait sliders, step 2 communication and approach, step 3 priority focus, case type,
 * complexity, timeline and the optional "Where is your case?" country. Each step draws the
 * answers it asks for and reports a change through `set`.
 */
import { NativeSelect, Stack } from "@mantine/core";
import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
} from "../../../lib/constants.ts";
import { ASSESSMENT_CASE_TYPE_LABELS } from "../../../lib/personality.ts";
import { ChoiceCards, type ChoiceOption } from "./ChoiceCards";
import {
  APPROACH_COPY,
  type ChoiceCopy,
  COMMUNICATION_COPY,
  COMPLEXITY_COPY,
  FOCUS_COPY,
  TIMELINE_COPY,
} from "./options";
import { TraitSliders } from "./TraitSliders";
import type { CountryOption, REQUIRED_CHOICES, WizardAnswers, WizardStep } from "./wizard";

/** Visible title and lead of each step (spec §2: personality, communication and approach, case details). */
export const STEP_COPY: Record<WizardStep, { title: string; lead: string }> = {
  1: {
    title: "Your Personality",
    lead: "Rate yourself on each trait from 1 to 10. There are no right or wrong answers; 5 is the middle.",
  },
  2: {
    title: "Communication & Approach",
    lead: "How would you like your lawyer to talk with you, and to handle your case?",
  },
  3: {
    title: "Your Case",
    lead: "Tell us what matters most and what kind of case you have.",
  },
};

/** Turns a value → copy table into radio-card options, in the order of `values`. */
function choices<T extends string>(values: readonly T[], copy: Record<T, ChoiceCopy>): ChoiceOption<T>[] {
  return values.map((value) => ({ value, ...copy[value] }));
}

const COMMUNICATION_OPTIONS = choices(COMMUNICATION_STYLES, COMMUNICATION_COPY);
const APPROACH_OPTIONS = choices(APPROACH_STYLES, APPROACH_COPY);
const FOCUS_OPTIONS = choices(PRIORITY_FOCUSES, FOCUS_COPY);
const COMPLEXITY_OPTIONS = choices(CASE_COMPLEXITIES, COMPLEXITY_COPY);
const TIMELINE_OPTIONS = choices(TIME_PREFERENCES, TIMELINE_COPY);
/** Case types with 'General Personal Injury' for Personal Injury (spec §5). */
const CASE_TYPE_OPTIONS: ChoiceOption<(typeof ASSESSMENT_CASE_TYPES)[number]>[] = ASSESSMENT_CASE_TYPES.map(
  (value) => ({ value, label: ASSESSMENT_CASE_TYPE_LABELS[value] }),
);

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
const COMMUNICATION_QUESTIONS: readonly Question[] = [
  {
    field: "communicationPreference",
    legend: "How do you prefer your lawyer to communicate?",
    hint: "Required to continue.",
    options: COMMUNICATION_OPTIONS,
  },
  {
    field: "approachPreference",
    legend: "What approach should your lawyer take?",
    options: APPROACH_OPTIONS,
  },
];

/** Step 3's questions: what matters most, case type, complexity and timeline. */
const CASE_QUESTIONS: readonly Question[] = [
  { field: "priorityFocus", legend: "What matters most to you?", options: FOCUS_OPTIONS },
  { field: "caseType", legend: "What type of case do you have?", options: CASE_TYPE_OPTIONS, columns: 4 },
  { field: "caseComplexity", legend: "How complex is your case?", options: COMPLEXITY_OPTIONS },
  { field: "timePreference", legend: "When do you need a lawyer?", options: TIMELINE_OPTIONS },
];

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
  return (
    <Stack gap="xl">
      <Questions questions={COMMUNICATION_QUESTIONS} answers={answers} set={set} />
    </Stack>
  );
}

/**
 * Step 3: what matters most, the case type, its complexity, the timeline, the optional
 * country (pre-selected from the browser's languages when `defaultCountry` is set) and the
 * optional preferred language (issue 14 §4; pre-selected from the browser's first language).
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
  const countryOptions = [
    { value: "", label: "Anywhere" },
    ...countries.map((c) => ({ value: c.value, label: c.label })),
  ];
  return (
    <Stack gap="xl">
      <Questions questions={CASE_QUESTIONS} answers={answers} set={set} />
      <NativeSelect
        label="Where is your case?"
        description={
          answers.country && answers.country === defaultCountry
            ? "Optional. Pre-selected from your browser's language settings; we only match lawyers in the country you choose."
            : "Optional. We only match lawyers in the country you choose."
        }
        name="country"
        size="md"
        styles={{ label: { fontWeight: 600 } }}
        data={countryOptions}
        value={answers.country}
        onChange={(e) => set("country", e.currentTarget.value)}
      />
      {languages.length > 0 && (
        <NativeSelect
          label="Preferred language"
          description={
            answers.language && answers.language === defaultLanguage
              ? "Optional. Pre-selected from your browser's language settings; lawyers who speak it are listed first."
              : "Optional. Lawyers who speak it are listed first."
          }
          name="language"
          size="md"
          styles={{ label: { fontWeight: 600 } }}
          data={[{ value: "", label: "No preference" }, ...languages]}
          value={answers.language}
          onChange={(e) => set("language", e.currentTarget.value)}
        />
      )}
    </Stack>
  );
}
