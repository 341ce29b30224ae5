/**
 * The matching model (docs/matching.md): worked examples that pin the documented formulas, and
 * properties checked with fast-check over random clients and lawyers (issue 5 "The matching
 * model"): scores in [0, 10], determinism, monotonicity of each sub-score in the client's answer,
 * explanations that claim only what the scores support.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  AVAILABILITY_LEVELS,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  PRACTICE_AREAS,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
} from "../../lib/constants.ts";
import type { TraitRatings } from "../../lib/personality.ts";
import {
  CASE_TYPE_AREAS,
  compareRank,
  coversCaseType,
  explain,
  type MatchClient,
  type MatchLawyer,
  overallTenths,
  REASON_MIN_TENTHS,
  reasonKeys,
  SCORE_KEYS,
  scoreTenths,
  WEIGHTS,
} from "./model.ts";

const traitsOf = (v: number): TraitRatings =>
  Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, v])) as TraitRatings;

const CLIENT: MatchClient = {
  personalityTraits: traitsOf(5),
  communicationPreference: "direct",
  approachPreference: "methodical",
  priorityFocus: "results",
  caseType: "Car Accidents",
  caseComplexity: "complex",
  timePreference: "flexible",
};

const LAWYER: MatchLawyer = {
  id: 7,
  name: "Emily Johnson",
  practiceAreas: ["Car Accidents"],
  experience: 20,
  rating: 5,
  reviewCount: 100,
  personalityTraits: traitsOf(5),
  communicationStyle: "direct",
  approachStyle: "methodical",
  clientFocus: "results",
  availabilityLevel: "flexible",
  caseComplexityPreference: "complex",
};

describe("worked examples (the numbers in docs/matching.md)", () => {
  it("a lawyer who matches every answer scores 10 everywhere", () => {
    expect(scoreTenths(CLIENT, LAWYER)).toEqual({
      personality: 100,
      communication: 100,
      approach: 100,
      focus: 100,
      availability: 100,
      experience: 100,
      overall: 100,
    });
  });

  it("computes the documented example", () => {
    const client: MatchClient = {
      ...CLIENT,
      personalityTraits: { ...traitsOf(5), openness: 8, patience: 9 },
      communicationPreference: "empathetic",
      timePreference: "immediate",
      caseComplexity: "simple",
    };
    const lawyer: MatchLawyer = {
      ...LAWYER,
      personalityTraits: { ...traitsOf(6), openness: 2, patience: 9 },
      communicationStyle: "collaborative",
      availabilityLevel: "planned",
      experience: 12,
      rating: 4.6,
    };
    // Traits: |8-2| + |9-9| + 6 × |5-6| = 12 over 8 traits: 100 × (72 - 12) / 72 = 83.3 → 83.
    // Experience: years 60 (12 of 20), rating 92, complexity simple × complex 60:
    // (40×60 + 30×92 + 30×60) / 100 = 69.6 → 70.
    const t = scoreTenths(client, lawyer);
    expect(t).toEqual({
      personality: 83,
      communication: 70,
      approach: 100,
      focus: 100,
      availability: 20,
      experience: 70,
      // (25×83 + 20×70 + 15×100 + 15×100 + 10×20 + 15×70) / 100 = 77.25 → 77
      overall: 77,
    });
    expect(explain(client, lawyer, t)).toBe(
      "You want a methodical approach, and that is how Emily Johnson works. " +
        "Like you, Emily Johnson puts results first. " +
        "Emily Johnson's personality is close to yours, especially in patience and conscientiousness.",
    );
  });

  it("names the shared communication style with the lawyer's name, not a pronoun", () => {
    const lawyer = {
      ...LAWYER,
      approachStyle: "aggressive",
      clientFocus: "speed",
      availabilityLevel: "planned",
    };
    const client = { ...CLIENT, personalityTraits: traitsOf(1) };
    const lawyerFar = { ...lawyer, personalityTraits: traitsOf(10), experience: 0, rating: 0 };
    const t = scoreTenths(client, lawyerFar);
    expect(reasonKeys(t)).toEqual(["communication", "availability"]);
    expect(explain(client, lawyerFar, t)).toBe(
      "You prefer direct communication, and so does Emily Johnson. Your timeline is flexible, and Emily Johnson works to a planned schedule.",
    );
  });

  it("uses 'an' before an approach that starts with a vowel ('You want an aggressive approach')", () => {
    const client = { ...CLIENT, approachPreference: "aggressive" as const };
    const lawyer = { ...LAWYER, approachStyle: "aggressive" };
    const t = scoreTenths(client, lawyer);
    expect(explain(client, lawyer, t)).toContain(
      "You want an aggressive approach, and that is how Emily Johnson works.",
    );
  });

  it("says it is a partial match when no sub-score reaches 7", () => {
    const lawyer: MatchLawyer = {
      ...LAWYER,
      personalityTraits: traitsOf(10),
      communicationStyle: "empathetic",
      approachStyle: "creative",
      clientFocus: "cost",
      availabilityLevel: null,
      caseComplexityPreference: "simple",
      experience: 0,
      rating: 1,
    };
    const t = scoreTenths({ ...CLIENT, personalityTraits: traitsOf(1) }, lawyer);
    expect(reasonKeys(t)).toEqual([]);
    expect(explain(CLIENT, lawyer, t)).toBe(
      "Emily Johnson handles cases like yours, but none of the six scores reaches 7 out of 10, so this is a partial match.",
    );
  });

  it("gives unknown lawyer attributes the neutral 5.0", () => {
    const unknown: MatchLawyer = {
      ...LAWYER,
      personalityTraits: null,
      communicationStyle: null,
      approachStyle: null,
      clientFocus: null,
      availabilityLevel: null,
      caseComplexityPreference: null,
    };
    const t = scoreTenths(CLIENT, unknown);
    expect([t.personality, t.communication, t.approach, t.focus, t.availability]).toEqual([
      50, 50, 50, 50, 50,
    ]);
    expect(t.experience).toBe(85); // (40×100 + 30×100 + 30×50) / 100
  });

  it("weights sum to 100 percent", () => {
    expect(Object.values(WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe("candidates", () => {
  it("maps each case type to practice areas; Personal Injury and Other to general practices", () => {
    expect(coversCaseType(["Car Accidents"], "Car Accidents")).toBe(true);
    expect(coversCaseType(["Motorcycle Accidents"], "Car Accidents")).toBe(false);
    expect(coversCaseType(["Premises Liability"], "Slip & Fall")).toBe(true);
    expect(coversCaseType(["Dog Bites", "Birth Injury"], "Other")).toBe(false);
    expect(coversCaseType(["Dog Bites", "Birth Injury", "Mass Torts"], "Other")).toBe(true);
    expect(coversCaseType(["Dog Bites", "Dog Bites", "Mass Torts"], "Personal Injury")).toBe(false);
    for (const t of ASSESSMENT_CASE_TYPES) expect(CASE_TYPE_AREAS).toHaveProperty([t]);
  });
});

const trait = fc.integer({ min: 1, max: 10 });
const traitsArb = fc.record(
  Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, trait])) as Record<keyof TraitRatings, typeof trait>,
);
const clientArb: fc.Arbitrary<MatchClient> = fc.record({
  personalityTraits: traitsArb,
  communicationPreference: fc.constantFrom(...COMMUNICATION_STYLES),
  approachPreference: fc.constantFrom(...APPROACH_STYLES),
  priorityFocus: fc.constantFrom(...PRIORITY_FOCUSES),
  caseType: fc.constantFrom(...ASSESSMENT_CASE_TYPES),
  caseComplexity: fc.constantFrom(...CASE_COMPLEXITIES),
  timePreference: fc.constantFrom(...TIME_PREFERENCES),
});
const orNull = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null, freq: 5 });
const lawyerArb: fc.Arbitrary<MatchLawyer> = fc.record({
  id: fc.integer({ min: 1, max: 2_000_000 }),
  name: fc.constantFrom("Emily Johnson", "Kenji Sato", "Ana María Pérez"),
  practiceAreas: fc.subarray([...PRACTICE_AREAS]),
  experience: fc.integer({ min: 0, max: 80 }),
  rating: fc.integer({ min: 0, max: 500 }).map((r) => r / 100),
  reviewCount: fc.nat(5000),
  // Partial ratings too: a lawyer may lack some traits.
  personalityTraits: orNull(
    fc.record(
      Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, trait])) as Record<
        keyof TraitRatings,
        typeof trait
      >,
      { requiredKeys: [] },
    ),
  ),
  communicationStyle: orNull(fc.constantFrom(...COMMUNICATION_STYLES)),
  approachStyle: orNull(fc.constantFrom(...APPROACH_STYLES)),
  clientFocus: orNull(fc.constantFrom(...PRIORITY_FOCUSES)),
  availabilityLevel: orNull(fc.constantFrom(...AVAILABILITY_LEVELS)),
  caseComplexityPreference: orNull(fc.constantFrom(...CASE_COMPLEXITIES)),
}) as fc.Arbitrary<MatchLawyer>;

describe("properties", () => {
  it("every score is a whole number of tenths in [0, 100] (0.0 to 10.0 with one decimal)", () => {
    fc.assert(
      fc.property(clientArb, lawyerArb, (c, l) => {
        const t = scoreTenths(c, l);
        for (const k of [...SCORE_KEYS, "overall"] as const) {
          expect(Number.isInteger(t[k])).toBe(true);
          expect(t[k]).toBeGreaterThanOrEqual(0);
          expect(t[k]).toBeLessThanOrEqual(100);
        }
        expect(t.overall).toBe(overallTenths(t));
      }),
      { numRuns: 2000 },
    );
  });

  it("is deterministic: the same input gives the same scores and explanation", () => {
    fc.assert(
      fc.property(clientArb, lawyerArb, (c, l) => {
        const a = scoreTenths(structuredClone(c), structuredClone(l));
        const b = scoreTenths(c, l);
        expect(a).toEqual(b);
        expect(explain(c, l, a)).toBe(explain(structuredClone(c), structuredClone(l), b));
      }),
    );
  });

  it("moving a trait rating one step toward the lawyer's never lowers the personality score", () => {
    fc.assert(
      fc.property(clientArb, lawyerArb, fc.constantFrom(...PERSONALITY_TRAITS), (c, l, t) => {
        const target = l.personalityTraits?.[t];
        fc.pre(target !== undefined && target !== c.personalityTraits[t]);
        const moved = {
          ...c,
          personalityTraits: {
            ...c.personalityTraits,
            [t]: c.personalityTraits[t] + Math.sign((target as number) - c.personalityTraits[t]),
          },
        };
        expect(scoreTenths(moved, l).personality).toBeGreaterThanOrEqual(scoreTenths(c, l).personality);
      }),
      { numRuns: 2000 },
    );
  });

  it("choosing the lawyer's own option never lowers that sub-score", () => {
    const cases = [
      ["communicationPreference", "communicationStyle", "communication"],
      ["approachPreference", "approachStyle", "approach"],
      ["priorityFocus", "clientFocus", "focus"],
      ["timePreference", "availabilityLevel", "availability"],
      ["caseComplexity", "caseComplexityPreference", "experience"],
    ] as const;
    fc.assert(
      fc.property(clientArb, lawyerArb, fc.constantFrom(...cases), (c, l, [answer, attribute, key]) => {
        const value = l[attribute];
        fc.pre(value !== null);
        const moved = { ...c, [answer]: value } as MatchClient;
        expect(scoreTenths(moved, l)[key]).toBeGreaterThanOrEqual(scoreTenths(c, l)[key]);
      }),
      { numRuns: 2000 },
    );
  });

  it("the explanation names at most three reasons, each with a sub-score of at least 7.0, and the lawyer by name", () => {
    fc.assert(
      fc.property(clientArb, lawyerArb, (c, l) => {
        const t = scoreTenths(c, l);
        const keys = reasonKeys(t);
        expect(keys.length).toBeLessThanOrEqual(3);
        for (const k of keys) expect(t[k]).toBeGreaterThanOrEqual(REASON_MIN_TENTHS);
        // The strongest reasons: no unnamed sub-score is higher than a named one.
        const weakestNamed = Math.min(...keys.map((k) => t[k]));
        for (const k of SCORE_KEYS)
          if (!keys.includes(k) && keys.length === 3) expect(t[k]).toBeLessThanOrEqual(weakestNamed);
        const text = explain(c, l, t);
        expect(text).toContain(l.name);
        expect(text).not.toMatch(/\b(he|she|his|her|him)\b/i);
        expect(text).not.toMatch(/undefined|null|NaN/);
        // "and so does" / "Like you" / "as you prefer" only for the very same option.
        if (text.includes("communication, and so does"))
          expect(l.communicationStyle).toBe(c.communicationPreference);
        if (text.includes("that is how")) expect(l.approachStyle).toBe(c.approachPreference);
        if (text.includes("Like you,")) expect(l.clientFocus).toBe(c.priorityFocus);
        if (/prefers [a-z ]+ like yours/.test(text))
          expect(l.caseComplexityPreference).toBe(c.caseComplexity);
        if (keys.length === 0) expect(text).toContain("partial match");
      }),
      { numRuns: 2000 },
    );
  });

  it("orders by overall score, then rating, then review count, then id (a total order)", () => {
    const key = fc.record({
      overall: fc.integer({ min: 0, max: 100 }),
      rating: fc.constantFrom(4, 4.5, 5),
      reviewCount: fc.constantFrom(1, 2),
      id: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(key, key, (a, b) => {
        const ab = compareRank(a, b);
        // Antisymmetric. (Summed, not negated: toBe uses Object.is, and -0 is not 0 for equal keys.)
        expect(Math.sign(ab) + Math.sign(compareRank(b, a))).toBe(0);
        if (ab === 0) expect(a).toEqual(b);
        if (a.overall !== b.overall) expect(ab < 0).toBe(a.overall > b.overall);
        else if (a.rating !== b.rating) expect(ab < 0).toBe(a.rating > b.rating);
        else if (a.reviewCount !== b.reviewCount) expect(ab < 0).toBe(a.reviewCount > b.reviewCount);
        else expect(ab < 0).toBe(a.id < b.id);
      }),
    );
  });
});
