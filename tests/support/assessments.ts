/**
 * Assessment fixtures shared by the matching tests (spec §7 "Personality assessment payload";
 * issue 5): one set of trait scores, and a whole assessment for car accidents in Canada that the
 * fixture listing "Aaron Clarke" (verified, Canada, Car Accidents) matches.
 */
import { AssessmentSchema, newSessionId } from "../../lib/personality.ts";

/** Trait scores 1–10 of spec §7, as an object (the payload sends them as JSON text). */
export const TEST_TRAITS = {
  openness: 7,
  conscientiousness: 8,
  extraversion: 4,
  agreeableness: 6,
  neuroticism: 3,
  assertiveness: 5,
  patience: 6,
  techSavvy: 9,
};

/** A parsed assessment for car accidents in Canada with a new session id each call. */
export function canadaCarAccidentAssessment() {
  return AssessmentSchema.parse({
    sessionId: newSessionId(),
    personalityTraits: JSON.stringify(TEST_TRAITS),
    communicationPreference: "direct",
    approachPreference: "methodical",
    priorityFocus: "results",
    caseType: "Car Accidents",
    caseComplexity: "complex",
    timePreference: "flexible",
    country: "CA",
  });
}
