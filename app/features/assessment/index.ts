/**
 * Assessment: the personality assessment and its matches (spec §2 "Assessment wizard",
 * "Personality matches", §4, §5; issue 5): the three-step wizard (its steps, its state kept in
 * the URL and the tab's storage, and the submission), and the matches page's cards, score bars
 * and insights. The wizard's loader data comes from ./wizard-data.server.ts, which only the
 * route's loader imports (it is server-only, so it is not here).
 */
export { AssessmentWizard } from "./AssessmentWizard";
export { InsightsCard } from "./InsightsCard";
export { contactHref, MatchCard } from "./MatchCard";
export { retryOnce } from "./retry";
export { postAssessment, SUBMIT_ERROR } from "./submit";
export type { CountryOption, WizardAnswers, WizardData } from "./wizard";
