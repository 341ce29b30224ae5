/**
 * Sending the assessment (spec §7 "POST /api/personality/assessment", §8): the request the
 * wizard's Get My Matches makes from the browser, and the alert shown when it fails.
 */
import { DEFAULT_LOCALE, type Locale } from "../../../lib/i18n/locales.ts";
import { toPayload, type WizardAnswers } from "./wizard";

/**
 * The alert of a failed submit, verbatim (spec §8 "Assessment submit failure"): the English
 * catalog's `wizard.submitError`, which the wizard shows in the page's language (issue 14 §1).
 */
export const SUBMIT_ERROR = "Sorry, there was an error submitting your assessment. Please try again.";

/**
 * POSTs the assessment (spec §7) with `Accept-Language: locale` (the page's, issue 28 §2: the
 * answer's messages in the language of the page, not of the browser). Resolves when the server
 * accepted it.
 * @throws Error "{status}: {body text}" (or the status text when the body is empty) for a
 *   non-2xx answer (spec §8), or the fetch error when the request did not complete
 */
export async function postAssessment(
  sessionId: string,
  answers: WizardAnswers,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const response = await fetch("/api/personality/assessment", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": locale },
    body: JSON.stringify(toPayload(sessionId, answers)),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
}
