/**
 * Keeping the wizard's answers in the browser tab (issue 5 QA: the answers survive Back,
 * Forward and a reload within the tab). One `sessionStorage` key holds versioned JSON,
 * `{ "v": 1, "answers": WizardAnswers }`; it is read once after hydration, written on every
 * change and removed after a successful submit. `sessionStorage` (not `localStorage`) because
 * the answers describe a person and a case: they end with the tab and are never shared
 * between tabs or left on a shared computer.
 *
 * Reading validates everything: a missing, unparsable or other-version record gives null, and
 * within a valid record each field that is malformed or out of range (a trait that is not an
 * integer from 1 to 10, a choice outside the spec's option list, a country that is not offered)
 * is ignored, keeping that field's fresh value. Storage that throws (disabled, full, blocked by
 * the browser's privacy settings) behaves as empty: the wizard then works as before, without
 * persistence.
 */

import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
  TRAIT_MAX,
  TRAIT_MIN,
} from "../../../lib/constants.ts";
import { isLanguageCode } from "../../../lib/languages.ts";
import type { TraitRatings } from "../../../lib/personality.ts";
import { initialAnswers, type WizardAnswers } from "./wizard";

/** The one sessionStorage key of the wizard's answers. */
export const WIZARD_STORAGE_KEY = "lexatlas.personality-assessment";

/** Version of the stored record; bump it when WizardAnswers changes shape. */
export const WIZARD_STORAGE_VERSION = 1;

/** The minimal Storage surface used here (window.sessionStorage in the browser, a stub in tests). */
export type AnswerStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The JSON text stored for `answers`. */
export function serializeAnswers(answers: WizardAnswers): string {
  return JSON.stringify({ v: WIZARD_STORAGE_VERSION, answers });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` when it is "" or one of `options`, else `fallback`. */
function choice<T extends string>(value: unknown, options: readonly T[], fallback: T | ""): T | "" {
  return value === "" || (typeof value === "string" && (options as readonly string[]).includes(value))
    ? (value as T | "")
    : fallback;
}

/**
 * Answers from stored text, validated field by field (see the module comment).
 * @param text the stored JSON text, or null when nothing is stored
 * @param countries the ISO alpha-2 codes the country select offers; a stored country outside
 *   them (and other than "" for Anywhere) is ignored
 * @param defaultCountry the fresh value of the country (the visitor's own, or "")
 * @returns the restored answers, or null when there is no usable record
 */
export function parseStoredAnswers(
  text: string | null,
  countries: ReadonlySet<string>,
  defaultCountry = "",
  defaultLanguage = "",
): WizardAnswers | null {
  if (text === null) return null;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(record) || record.v !== WIZARD_STORAGE_VERSION || !isObject(record.answers)) return null;
  const stored = record.answers;
  const fresh = initialAnswers(defaultCountry, defaultLanguage);
  const storedTraits = isObject(stored.traits) ? stored.traits : {};
  const traits = Object.fromEntries(
    PERSONALITY_TRAITS.map((t) => {
      const v = storedTraits[t];
      const ok = typeof v === "number" && Number.isInteger(v) && v >= TRAIT_MIN && v <= TRAIT_MAX;
      return [t, ok ? v : fresh.traits[t]];
    }),
  ) as TraitRatings;
  const country = stored.country;
  return {
    traits,
    communicationPreference: choice(stored.communicationPreference, COMMUNICATION_STYLES, ""),
    approachPreference: choice(stored.approachPreference, APPROACH_STYLES, ""),
    priorityFocus: choice(stored.priorityFocus, PRIORITY_FOCUSES, ""),
    caseType: choice(stored.caseType, ASSESSMENT_CASE_TYPES, ""),
    caseComplexity: choice(stored.caseComplexity, CASE_COMPLEXITIES, ""),
    timePreference: choice(stored.timePreference, TIME_PREFERENCES, ""),
    country:
      country === "" || (typeof country === "string" && countries.has(country)) ? country : fresh.country,
    language:
      stored.language === "" || (typeof stored.language === "string" && isLanguageCode(stored.language))
        ? stored.language
        : fresh.language,
    place: typeof stored.place === "string" ? stored.place.slice(0, 100) : fresh.place,
    near:
      typeof stored.near === "string" && /^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/.test(stored.near)
        ? stored.near
        : fresh.near,
  };
}

/**
 * The answers stored in `storage`, or null (nothing usable stored, or storage unavailable).
 * Never throws. Arguments as parseStoredAnswers.
 */
export function loadAnswers(
  storage: AnswerStorage | undefined,
  countries: ReadonlySet<string>,
  defaultCountry = "",
  defaultLanguage = "",
): WizardAnswers | null {
  try {
    return parseStoredAnswers(
      storage?.getItem(WIZARD_STORAGE_KEY) ?? null,
      countries,
      defaultCountry,
      defaultLanguage,
    );
  } catch {
    return null;
  }
}

/** Stores `answers`; a storage that throws (full, disabled) is ignored. Never throws. */
export function saveAnswers(storage: AnswerStorage | undefined, answers: WizardAnswers): void {
  try {
    storage?.setItem(WIZARD_STORAGE_KEY, serializeAnswers(answers));
  } catch {
    // Persistence is a convenience: the wizard keeps working from memory.
  }
}

/** Removes the stored answers (after a successful submit). Never throws. */
export function clearAnswers(storage: AnswerStorage | undefined): void {
  try {
    storage?.removeItem(WIZARD_STORAGE_KEY);
  } catch {
    // Nothing to do: the record is harmless and ends with the tab.
  }
}

/**
 * The tab's sessionStorage, or undefined on the server or when the browser refuses access
 * (reading `window.sessionStorage` itself throws a SecurityError when storage is blocked).
 */
export function tabStorage(): AnswerStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
