/**
 * The assessment wizard's rules as pure functions (spec §2 "Assessment wizard", §4 and §5
 * "Assessment", §9 "The wizard has 3 steps"): the answers a visitor builds up, when Next and
 * Get My Matches are enabled, the progress figure, and the payload POSTed to
 * /api/personality/assessment (spec §7). The page (AssessmentWizard.tsx, use-wizard.ts) only
 * renders these.
 */
import {
  type APPROACH_STYLES,
  type ASSESSMENT_CASE_TYPES,
  type CASE_COMPLEXITIES,
  type COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  type PRIORITY_FOCUSES,
  type TIME_PREFERENCES,
  TRAIT_DEFAULT,
} from "../../../lib/constants.ts";
import type { AssessmentPayload, TraitRatings } from "../../../lib/personality.ts";

/** One option of the country select: ISO alpha-2 code and country name. */
export interface CountryOption {
  value: string;
  label: string;
}

/**
 * What the wizard page renders from: the country options and the pre-selected country ("" for
 * none); the preferred-language options (ISO 639-1 code and name, issue 14 §4) and the
 * pre-selected language ("" for no preference).
 */
export interface WizardData {
  countries: CountryOption[];
  defaultCountry: string;
  languages?: CountryOption[];
  defaultLanguage?: string;
}

/** Number of wizard steps (spec §9). */
export const WIZARD_STEPS = 3;

/** A wizard step: 1 personality, 2 communication and approach, 3 case details (spec §2). */
export type WizardStep = 1 | 2 | 3;

/** A choice not made yet is "" (spec §5: "All six choices must be non-empty to submit"). */
type Choice<T extends readonly string[]> = T[number] | "";

/** Everything the visitor has answered so far. */
export interface WizardAnswers {
  /** The eight ratings, 1..10, each starting at 5 (spec §3). */
  traits: TraitRatings;
  communicationPreference: Choice<typeof COMMUNICATION_STYLES>;
  approachPreference: Choice<typeof APPROACH_STYLES>;
  priorityFocus: Choice<typeof PRIORITY_FOCUSES>;
  caseType: Choice<typeof ASSESSMENT_CASE_TYPES>;
  caseComplexity: Choice<typeof CASE_COMPLEXITIES>;
  timePreference: Choice<typeof TIME_PREFERENCES>;
  /** Optional ISO alpha-2 code of "Where is your case?"; "" means anywhere (issue 5). */
  country: string;
  /** Optional ISO 639-1 code of the preferred language; "" means no preference (issue 14 §4). */
  language: string;
  /** Optional "Where are you?" town or city (issue 19 §2); "" when not given. */
  place: string;
  /** The browser's position "LAT,LNG" when the visitor used their location (issue 19 §2), else "". */
  near: string;
}

/** The six choices that must all be made before submitting (spec §5). */
export const REQUIRED_CHOICES = [
  "communicationPreference",
  "approachPreference",
  "priorityFocus",
  "caseType",
  "caseComplexity",
  "timePreference",
] as const satisfies readonly (keyof WizardAnswers)[];

/**
 * Fresh answers: every trait at TRAIT_DEFAULT (5), no choice made, the given country and language.
 * @param country default of "Where is your case?" (ISO alpha-2 or "")
 * @param language default of "Preferred language" (ISO 639-1 or "")
 */
export function initialAnswers(country = "", language = ""): WizardAnswers {
  return {
    traits: Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, TRAIT_DEFAULT])) as TraitRatings,
    communicationPreference: "",
    approachPreference: "",
    priorityFocus: "",
    caseType: "",
    caseComplexity: "",
    timePreference: "",
    country,
    language,
    place: "",
    near: "",
  };
}

/**
 * Whether Next is enabled on `step` (spec §2): always on step 1; on step 2 only once a
 * communication preference is chosen (spec §5); step 3 has no Next.
 */
export function canGoNext(step: WizardStep, answers: WizardAnswers): boolean {
  if (step === 1) return true;
  if (step === 2) return answers.communicationPreference !== "";
  return false;
}

/** Whether Previous is enabled: everywhere but step 1 (spec §2). */
export function canGoBack(step: WizardStep): boolean {
  return step > 1;
}

/**
 * Whether Get My Matches is enabled (spec §2, §5): all six choices made and not submitting.
 * @param submitting true while the POST (and the navigation after it) is under way
 */
export function canSubmit(answers: WizardAnswers, submitting: boolean): boolean {
  return !submitting && REQUIRED_CHOICES.every((k) => answers[k] !== "");
}

/** The progress bar's percentage for `step`, rounded: 33, 67, 100 (spec §2 "with a percentage"). */
export function progressPercent(step: WizardStep): number {
  return Math.round((step / WIZARD_STEPS) * 100);
}

/**
 * The body of POST /api/personality/assessment (spec §7): the traits as JSON text, the six
 * choices and, when chosen, the country. Call only when canSubmit is true.
 * @throws Error when a required choice is still empty (a programming error, not user input)
 */
export function toPayload(sessionId: string, answers: WizardAnswers): AssessmentPayload {
  const missing = REQUIRED_CHOICES.filter((k) => answers[k] === "");
  if (missing.length > 0) throw new Error(`assessment incomplete: ${missing.join(", ")}`);
  const traits = Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, answers.traits[t]]));
  return {
    sessionId,
    personalityTraits: JSON.stringify(traits),
    communicationPreference: answers.communicationPreference as AssessmentPayload["communicationPreference"],
    approachPreference: answers.approachPreference as AssessmentPayload["approachPreference"],
    priorityFocus: answers.priorityFocus as AssessmentPayload["priorityFocus"],
    caseType: answers.caseType as AssessmentPayload["caseType"],
    caseComplexity: answers.caseComplexity as AssessmentPayload["caseComplexity"],
    timePreference: answers.timePreference as AssessmentPayload["timePreference"],
    ...(answers.country ? { country: answers.country } : {}),
    ...(answers.language ? { language: answers.language } : {}),
    ...(answers.place.trim() ? { place: answers.place.trim() } : {}),
    ...(answers.near ? { near: answers.near } : {}),
  };
}

/**
 * The step a `?step=` search value names (issue 5 QA: the step lives in the URL so that the
 * browser's Back and Forward move between steps). Missing, malformed or out-of-range values
 * ("0", "4", "2.5", "abc") name step 1.
 * @param value the raw `step` search parameter, or null when absent
 */
export function parseStep(value: string | null): WizardStep {
  if (value === "2") return 2;
  if (value === "3") return 3;
  return 1;
}

/**
 * The search string of `step`'s URL: "" for step 1 (the wizard's plain address, its canonical
 * URL), "?step=2" and "?step=3" otherwise.
 */
export function stepSearch(step: WizardStep): string {
  return step === 1 ? "" : `?step=${step}`;
}

/**
 * The furthest step `answers` allow (issue 5 QA: a direct load of ?step=3 with incomplete
 * answers falls back to the first step whose required answers are missing). A step is
 * reachable when Next is enabled on every step before it (spec §2, §5): step 1 needs nothing,
 * so step 2 is always reachable; step 3 needs a communication preference.
 */
export function furthestStep(answers: WizardAnswers): WizardStep {
  let step: WizardStep = 1;
  while (step < WIZARD_STEPS && canGoNext(step, answers)) step = (step + 1) as WizardStep;
  return step;
}
