/**
 * The assessment contract (lib/personality.ts): payload validation with messages that name the
 * field (spec §5, §7), the browser's session ids (spec §4), labels and the score colour/label
 * rules (spec §9).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ASSESSMENT_CASE_TYPES, PERSONALITY_TRAITS } from "./constants.ts";
import { msg } from "./i18n/message.ts";
import {
  ASSESSMENT_CASE_TYPE_LABELS,
  AssessmentSchema,
  isSessionId,
  matchesPath,
  newSessionId,
  SESSION_ID_MAX_LENGTH,
  scoreColor,
  scoreLabel,
  TRAIT_LABELS,
} from "./personality.ts";

const traits = Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, 5]));
const valid = {
  sessionId: "1767225600000-k3j9x0q2ab",
  personalityTraits: JSON.stringify(traits),
  communicationPreference: "direct",
  approachPreference: "creative",
  priorityFocus: "cost",
  caseType: "Personal Injury",
  caseComplexity: "simple",
  timePreference: "planned",
};

/** The first issue as the API words it: "<field>: <message>". */
function firstIssue(input: unknown): string {
  const r = AssessmentSchema.safeParse(input);
  if (r.success) return "ok";
  const i = r.error.issues[0];
  return `${i?.path.join(".")}: ${i?.message}`;
}

describe("AssessmentSchema", () => {
  it("parses the spec's payload: traits JSON text into numbers", () => {
    expect(AssessmentSchema.parse(valid)).toEqual({ ...valid, personalityTraits: traits });
  });

  it("accepts the traits as an object, upper-cases the country, and treats '' or null as anywhere", () => {
    expect(AssessmentSchema.parse({ ...valid, personalityTraits: traits, country: "ca" }).country).toBe("CA");
    expect(AssessmentSchema.parse({ ...valid, country: "" }).country).toBeUndefined();
    expect(AssessmentSchema.parse({ ...valid, country: null }).country).toBeUndefined();
  });

  it.each([
    [
      { communicationPreference: "loud" },
      "communicationPreference: validation:zod.oneOf?options=direct%2C+empathetic%2C+analytical%2C+collaborative",
    ],
    [{ caseType: undefined }, "caseType: validation:zod.required"],
    [{ priorityFocus: "" }, "priorityFocus: validation:zod.required"],
    [
      { personalityTraits: JSON.stringify({ ...traits, openness: 11 }) },
      "personalityTraits.openness: validation:zod.wholeNumberRange?min=1&max=10",
    ],
    [
      { personalityTraits: { ...traits, techSavvy: "7" } },
      "personalityTraits.techSavvy: validation:zod.wholeNumberRange?min=1&max=10",
    ],
    [
      { personalityTraits: "[1,2,3]" },
      `personalityTraits: ${msg("validation:zod.traits", { traits: PERSONALITY_TRAITS.join(", ") })}`,
    ],
    [{ sessionId: "1767225600000-ABC" }, "sessionId: validation:zod.sessionId"],
    [{ sessionId: 17 }, "sessionId: validation:zod.invalidType?expected=string"],
    [{ country: "CAN" }, "country: validation:zod.countryCode"],
  ])("rejects %j with a message naming the field", (over, message) => {
    expect(firstIssue({ ...valid, ...over })).toBe(message);
  });

  it("accepts every trait rating from 1 to 10 and nothing else", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PERSONALITY_TRAITS), fc.double(), (t, v) => {
        const ok = AssessmentSchema.safeParse({ ...valid, personalityTraits: { ...traits, [t]: v } }).success;
        expect(ok).toBe(Number.isInteger(v) && v >= 1 && v <= 10);
      }),
    );
  });
});

describe("session ids", () => {
  it("newSessionId is a timestamp plus a random base-36 string that passes the rule", () => {
    const id = newSessionId(1767225600000);
    expect(id).toMatch(/^1767225600000-[a-z0-9]{12}$/);
    expect(isSessionId(id)).toBe(true);
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it("isSessionId refuses anything unsafe in a path or too long", () => {
    for (const bad of [
      "",
      "abc",
      "1767225600000-",
      "1767225600000-a/b",
      "1767225600000-a b",
      "x1767225600000-a",
    ])
      expect(isSessionId(bad)).toBe(false);
    expect(isSessionId(`1767225600000-${"a".repeat(64)}`)).toBe(true);
    expect(isSessionId(`1767225600000-${"a".repeat(65)}`)).toBe(false);
    expect(SESSION_ID_MAX_LENGTH).toBe(100);
    expect(matchesPath("1767225600000-abc")).toBe("/personality-matches/1767225600000-abc");
  });
});

describe("labels and score rules (spec §5, §9)", () => {
  it("shows Personal Injury as General Personal Injury and every other type as itself", () => {
    for (const t of ASSESSMENT_CASE_TYPES)
      expect(ASSESSMENT_CASE_TYPE_LABELS[t]).toBe(t === "Personal Injury" ? "General Personal Injury" : t);
    expect(TRAIT_LABELS.techSavvy).toBe("Tech Savvy");
  });

  it.each([
    [10, "green", "Excellent"],
    [9, "green", "Excellent"],
    [8.9, "green", "Great"],
    [8, "green", "Great"],
    [7.9, "yellow", "Good"],
    [7, "yellow", "Good"],
    [6, "yellow", "Fair"],
    [5.9, "red", "Poor"],
    [0, "red", "Poor"],
  ])("score %d is %s and %s", (score, color, label) => {
    expect(scoreColor(score)).toBe(color);
    expect(scoreLabel(score)).toBe(label);
  });
});
