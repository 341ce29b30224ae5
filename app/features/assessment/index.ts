/**
 * Assessment: the personality assessment and its matches (spec §2 "Assessment wizard",
 * "Personality matches", §4, §5; issue 5): the three-step wizard (its steps, its state kept in
 * the URL and the tab's storage, and the submission), and the matches page with its cards, score
 * bars and insights. The loaders' data come from ./wizard-data.server.ts and
 * ./matches-data.server.ts, which only the routes' loaders import (server-only, so not here).
 */
export { AssessmentWizard } from "./AssessmentWizard";
export { InsightsCard } from "./InsightsCard";
export { contactHref, MatchCard } from "./MatchCard";
export { AssessmentNotFound, MatchesErrorView, MatchesPage } from "./MatchesPage";
export { MATCHES_TEXT, type MatchesData } from "./matches";
export { retryOnce } from "./retry";
export { postAssessment, SUBMIT_ERROR } from "./submit";
export type { CountryOption, WizardAnswers, WizardData } from "./wizard";
