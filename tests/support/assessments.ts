/**
 * Assessment fixtures shared by the matching tests (spec §7 "Personality assessment payload";
 * issue 5): one set of trait scores, and a whole assessment for car accidents in Canada that the
 * fixture listing "Aaron Clarke" (verified, Canada, Car Accidents) matches.
 */
import fc from "fast-check";
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
} from "../../lib/constants.ts";
import { AssessmentSchema, newSessionId, type TraitRatings } from "../../lib/personality.ts";

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

/**
 * The payload of an assessment for car accidents in Canada (as POST /api/personality/assessment
 * takes it: the traits as JSON text), with a new session id each call and `over` on top.
 */
export function canadaCarAccidentPayload(over: Record<string, unknown> = {}) {
  return {
    sessionId: newSessionId(),
    personalityTraits: JSON.stringify(TEST_TRAITS),
    communicationPreference: "direct",
    approachPreference: "methodical",
    priorityFocus: "results",
    caseType: "Car Accidents",
    caseComplexity: "complex",
    timePreference: "flexible",
    country: "CA",
    ...over,
  };
}

/** A parsed assessment for car accidents in Canada with a new session id each call. */
export function canadaCarAccidentAssessment() {
  return AssessmentSchema.parse(canadaCarAccidentPayload());
}

/**
 * The answers of an assessment as fast-check arbitraries, for the matching property tests: every
 * trait 1–10 and each choice of spec §5. Spread into `fc.record` beside the test's own fields
 * (session id, country, language, position).
 */
export function assessmentAnswerArbitraries() {
  const trait = fc.integer({ min: TRAIT_MIN, max: TRAIT_MAX });
  return {
    personalityTraits: fc.record(
      Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, trait])) as Record<
        keyof TraitRatings,
        typeof trait
      >,
    ),
    communicationPreference: fc.constantFrom(...COMMUNICATION_STYLES),
    approachPreference: fc.constantFrom(...APPROACH_STYLES),
    priorityFocus: fc.constantFrom(...PRIORITY_FOCUSES),
    caseType: fc.constantFrom(...ASSESSMENT_CASE_TYPES),
    caseComplexity: fc.constantFrom(...CASE_COMPLEXITIES),
    timePreference: fc.constantFrom(...TIME_PREFERENCES),
  };
}
