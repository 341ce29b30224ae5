/**
 * The wizard's enabled/disabled rules and its payload (spec §2 "Assessment wizard", §5
 * "Assessment", §7): the payload the page sends is one the API's schema accepts.
 */
import { describe, expect, it } from "vitest";
import { PERSONALITY_TRAITS } from "../../../lib/constants.ts";
import { AssessmentSchema, newSessionId } from "../../../lib/personality.ts";
import {
  canGoBack,
  canGoNext,
  canSubmit,
  furthestStep,
  initialAnswers,
  parseStep,
  progressPercent,
  REQUIRED_CHOICES,
  stepSearch,
  toPayload,
  type WizardAnswers,
} from "./wizard";

const complete: WizardAnswers = {
  ...initialAnswers(),
  communicationPreference: "direct",
  approachPreference: "methodical",
  priorityFocus: "results",
  caseType: "Personal Injury",
  caseComplexity: "complex",
  timePreference: "flexible",
};

describe("wizard rules", () => {
  it("starts with every trait at 5, no choice made and the given country", () => {
    const a = initialAnswers("CA");
    expect(Object.keys(a.traits)).toEqual([...PERSONALITY_TRAITS]);
    expect(Object.values(a.traits).every((v) => v === 5)).toBe(true);
    for (const k of REQUIRED_CHOICES) expect(a[k]).toBe("");
    expect(a.country).toBe("CA");
    expect(initialAnswers().country).toBe("");
  });

  it("Previous is disabled on step 1 only", () => {
    expect(canGoBack(1)).toBe(false);
    expect(canGoBack(2)).toBe(true);
    expect(canGoBack(3)).toBe(true);
  });

  it("Next needs a communication preference on step 2, and nothing else", () => {
    const a = initialAnswers();
    expect(canGoNext(1, a)).toBe(true);
    expect(canGoNext(2, a)).toBe(false);
    expect(canGoNext(2, { ...a, approachPreference: "creative" })).toBe(false);
    expect(canGoNext(2, { ...a, communicationPreference: "empathetic" })).toBe(true);
    expect(canGoNext(3, complete)).toBe(false);
  });

  it("Get My Matches needs all six choices and is off while submitting", () => {
    expect(canSubmit(complete, false)).toBe(true);
    expect(canSubmit(complete, true)).toBe(false);
    for (const k of REQUIRED_CHOICES) expect(canSubmit({ ...complete, [k]: "" }, false)).toBe(false);
    // The country is optional.
    expect(canSubmit({ ...complete, country: "" }, false)).toBe(true);
  });

  it("shows 33, 67 and 100 percent", () => {
    expect([progressPercent(1), progressPercent(2), progressPercent(3)]).toEqual([33, 67, 100]);
  });
});

describe("the step in the URL (issue 5 QA)", () => {
  it("reads ?step=2 and ?step=3, and step 1 from anything else", () => {
    expect(parseStep("2")).toBe(2);
    expect(parseStep("3")).toBe(3);
    for (const v of [null, "", "1", "0", "4", "-2", "2.0", "2.5", " 2", "abc", "02"])
      expect(parseStep(v)).toBe(1);
  });

  it("writes step 1 as the plain address and the others as ?step=n", () => {
    expect([stepSearch(1), stepSearch(2), stepSearch(3)]).toEqual(["", "?step=2", "?step=3"]);
    for (const s of [1, 2, 3] as const)
      expect(parseStep(new URLSearchParams(stepSearch(s)).get("step"))).toBe(s);
  });

  it("falls back to the first step whose required answers are missing", () => {
    const fresh = initialAnswers();
    // Step 1 needs nothing (the sliders have defaults), so step 2 is reachable at once.
    expect(furthestStep(fresh)).toBe(2);
    expect(furthestStep({ ...fresh, approachPreference: "creative" })).toBe(2);
    expect(furthestStep({ ...fresh, communicationPreference: "direct" })).toBe(3);
    expect(furthestStep(complete)).toBe(3);
  });
});

describe("toPayload with a preferred language (issue 14 §4)", () => {
  it("sends the language when chosen and leaves it out for no preference", () => {
    expect(toPayload(newSessionId(), { ...complete, language: "de" }).language).toBe("de");
    expect(toPayload(newSessionId(), { ...complete, language: "" })).not.toHaveProperty("language");
    expect(
      AssessmentSchema.safeParse(toPayload(newSessionId(), { ...complete, language: "ar" })).success,
    ).toBe(true);
  });
});

describe("toPayload", () => {
  it("sends the traits as JSON text and is accepted by the API's schema", () => {
    const id = newSessionId();
    const answers = { ...complete, traits: { ...complete.traits, openness: 10, techSavvy: 1 } };
    const payload = toPayload(id, answers);
    expect(typeof payload.personalityTraits).toBe("string");
    expect(JSON.parse(payload.personalityTraits as string)).toEqual(answers.traits);
    expect(payload).not.toHaveProperty("country");
    const parsed = AssessmentSchema.parse(payload);
    expect(parsed.sessionId).toBe(id);
    expect(parsed.personalityTraits.openness).toBe(10);
    expect(parsed.caseType).toBe("Personal Injury");
  });

  it("adds the country only when one is chosen", () => {
    const parsed = AssessmentSchema.parse(toPayload(newSessionId(), { ...complete, country: "GB" }));
    expect(parsed.country).toBe("GB");
  });

  it("refuses an incomplete assessment", () => {
    expect(() => toPayload(newSessionId(), { ...complete, timePreference: "" })).toThrow(/timePreference/);
  });
});
