/**
 * The match explanation and insights in the page's language (issue 14 §1): the references the
 * model returns (explainRefs, insightRefsFor) render, with the English catalog, exactly the
 * English sentences of explain and insightsFor (the API's text), for random clients and lawyers;
 * and they render in German and Japanese from those locales' catalogs.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { matchParagraph } from "../../app/features/assessment/match-text.ts";
import { ensureLocale, getT } from "../../app/i18n/i18n.ts";
import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  AVAILABILITY_LEVELS,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
} from "../../lib/constants.ts";
import { translateMessage } from "../../lib/i18n/message.ts";
import type { Assessment, TraitRatings } from "../../lib/personality.ts";
import { insightRefsFor, insightsFor } from "./insights.ts";
import {
  explain,
  explainRefs,
  type MatchClient,
  type MatchLawyer,
  SCORE_KEYS,
  scoreTenths,
  type Tenths,
} from "./model.ts";

const traits = fc
  .tuple(...PERSONALITY_TRAITS.map(() => fc.integer({ min: 1, max: 10 })))
  .map((vs) => Object.fromEntries(PERSONALITY_TRAITS.map((t, i) => [t, vs[i]])) as TraitRatings);

const client = fc.record({
  sessionId: fc.constant("1767225600000-abc"),
  personalityTraits: traits,
  communicationPreference: fc.constantFrom(...COMMUNICATION_STYLES),
  approachPreference: fc.constantFrom(...APPROACH_STYLES),
  priorityFocus: fc.constantFrom(...PRIORITY_FOCUSES),
  caseType: fc.constantFrom(...ASSESSMENT_CASE_TYPES),
  caseComplexity: fc.constantFrom(...CASE_COMPLEXITIES),
  timePreference: fc.constantFrom(...TIME_PREFERENCES),
}) satisfies fc.Arbitrary<MatchClient & Assessment>;

const lawyer: fc.Arbitrary<MatchLawyer> = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  name: fc.constantFrom("Emily Johnson", "Ana Müller", "O'Brien & Co"),
  practiceAreas: fc.constant(["Car Accidents"]),
  experience: fc.integer({ min: 0, max: 45 }),
  rating: fc.integer({ min: 0, max: 50 }).map((r) => r / 10),
  reviewCount: fc.integer({ min: 0, max: 500 }),
  personalityTraits: fc.option(traits, { nil: null }),
  communicationStyle: fc.option(fc.constantFrom(...COMMUNICATION_STYLES), { nil: null }),
  approachStyle: fc.option(fc.constantFrom(...APPROACH_STYLES), { nil: null }),
  clientFocus: fc.option(fc.constantFrom(...PRIORITY_FOCUSES), { nil: null }),
  availabilityLevel: fc.option(fc.constantFrom(...AVAILABILITY_LEVELS), { nil: null }),
  caseComplexityPreference: fc.option(fc.constantFrom(...CASE_COMPLEXITIES), { nil: null }),
});

/** A lawyer with every attribute filled in (forced reasons may name any of them). */
const fullLawyer: fc.Arbitrary<MatchLawyer> = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  name: fc.constantFrom("Emily Johnson", "Ana Müller", "O'Brien & Co"),
  practiceAreas: fc.constant(["Car Accidents"]),
  experience: fc.integer({ min: 0, max: 45 }),
  rating: fc.integer({ min: 0, max: 50 }).map((r) => r / 10),
  reviewCount: fc.integer({ min: 0, max: 500 }),
  personalityTraits: traits,
  communicationStyle: fc.constantFrom(...COMMUNICATION_STYLES),
  approachStyle: fc.constantFrom(...APPROACH_STYLES),
  clientFocus: fc.constantFrom(...PRIORITY_FOCUSES),
  availabilityLevel: fc.constantFrom(...AVAILABILITY_LEVELS),
  caseComplexityPreference: fc.constantFrom(...CASE_COMPLEXITIES),
});

/** Tenths that name any three sub-scores as reasons, so every sentence kind is reached. */
const forcedTenths: fc.Arbitrary<Tenths> = fc
  .shuffledSubarray([...SCORE_KEYS], { minLength: 0, maxLength: 6 })
  .map((high) => {
    const t = Object.fromEntries(SCORE_KEYS.map((k) => [k, high.includes(k) ? 90 : 40])) as Tenths;
    t.overall = 60;
    return t;
  });

beforeAll(async () => {
  await Promise.all([ensureLocale("en"), ensureLocale("de"), ensureLocale("ja"), ensureLocale("ar")]);
});

/** The sentences as the matches page shows them (app/features/assessment/match-text.ts). */
const render = (locale: "en" | "de" | "ja" | "ar", refs: string[]) =>
  matchParagraph(getT(locale, "assessment"), locale, refs);

describe("match explanations and insights as catalog references (issue 14 §1)", () => {
  it("render in English exactly as the API's explanation", () => {
    fc.assert(
      fc.property(client, lawyer, (c, l) => {
        const tenths = scoreTenths(c, l);
        expect(render("en", explainRefs(c, l, tenths))).toBe(explain(c, l, tenths));
      }),
      { numRuns: 300 },
    );
    // Any three reasons, so every sentence kind and variant is compared.
    fc.assert(
      fc.property(client, fullLawyer, forcedTenths, (c, l, tenths) => {
        expect(render("en", explainRefs(c, l, tenths))).toBe(explain(c, l, tenths));
      }),
      { numRuns: 500 },
    );
  });

  it("render the insights in English exactly as the API's insights (no country)", () => {
    fc.assert(
      fc.property(client, (c) => {
        const t = getT("en", "assessment");
        expect(insightRefsFor(c).map((r) => translateMessage(t as never, r))).toEqual(insightsFor(c));
      }),
      { numRuns: 200 },
    );
  });

  it("come out in German and Japanese", () => {
    const c: MatchClient = {
      personalityTraits: Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, 5])) as TraitRatings,
      communicationPreference: "direct",
      approachPreference: "diplomatic",
      priorityFocus: "cost",
      caseType: "Car Accidents",
      caseComplexity: "complex",
      timePreference: "immediate",
    };
    const l: MatchLawyer = {
      id: 1,
      name: "Ana Müller",
      practiceAreas: ["Car Accidents"],
      experience: 12,
      rating: 4.5,
      reviewCount: 10,
      personalityTraits: null,
      communicationStyle: "direct",
      approachStyle: "diplomatic",
      clientFocus: "cost",
      availabilityLevel: "immediate",
      caseComplexityPreference: "complex",
    };
    const tenths = Object.fromEntries([...SCORE_KEYS, "overall"].map((k) => [k, 50])) as Tenths;
    tenths.communication = 100;
    tenths.experience = 95;
    const refs = explainRefs(c, l, tenths);
    expect(render("en", refs)).toBe(
      "You prefer direct communication, and so does Ana Müller. Ana Müller has 12 years of experience, a 4.5 rating, and prefers complex cases like yours.",
    );
    expect(render("de", refs)).toBe(
      "Sie bevorzugen eine direkte Kommunikation, und Ana Müller ebenfalls. Ana Müller hat 12 Jahre Berufserfahrung, eine Bewertung von 4,5 und bevorzugt komplexe Fälle wie Ihren.",
    );
    expect(render("ja", refs)).toBe(
      "あなたは率直なコミュニケーションを好み、Ana Müller さんも同じです。Ana Müller さんは経験 12 年、評価 4.5 で、あなたの案件のような複雑な案件を得意としています。",
    );
  });
});

describe("the preferred-language sentence (issue 14 §4)", () => {
  it("comes first, naming the language in the page's language, when the lawyer speaks it", () => {
    const c = {
      personalityTraits: Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, 5])) as TraitRatings,
      communicationPreference: "direct",
      approachPreference: "diplomatic",
      priorityFocus: "cost",
      caseType: "Car Accidents",
      caseComplexity: "complex",
      timePreference: "immediate",
      language: "de",
    } as MatchClient;
    const l = {
      id: 1,
      name: "Ana Müller",
      practiceAreas: ["Car Accidents"],
      experience: 12,
      rating: 4.5,
      reviewCount: 10,
      personalityTraits: null,
      communicationStyle: null,
      approachStyle: null,
      clientFocus: null,
      availabilityLevel: null,
      caseComplexityPreference: null,
      languages: ["en", "de"],
    } as MatchLawyer;
    const tenths = Object.fromEntries([...SCORE_KEYS, "overall"].map((k) => [k, 50])) as Tenths;
    const refs = explainRefs(c, l, tenths);
    expect(refs).toHaveLength(2);
    expect(render("en", refs)).toMatch(
      /^Ana Müller speaks German, your preferred language, so is listed ahead of lawyers who do not\. Ana Müller handles cases like yours/,
    );
    expect(render("de", refs)).toMatch(/^Ana Müller spricht Deutsch, Ihre bevorzugte Sprache/);
    expect(render("ja", refs)).toMatch(/^Ana Müller さんはあなたの希望言語であるドイツ語を話すため/);
    // No preferred language, or one the lawyer does not speak: no such sentence.
    expect(explainRefs({ ...c, language: "fr" } as MatchClient, l, tenths)).toHaveLength(1);
  });
});

describe("the scope sentence names the taxonomy's areas (issue 19 §3)", () => {
  it("in the reader's language, with 'or' between them", () => {
    const c = {
      personalityTraits: Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, 5])) as TraitRatings,
      communicationPreference: "direct",
      approachPreference: "diplomatic",
      priorityFocus: "cost",
      caseType: "Dog Bites",
      caseComplexity: "complex",
      timePreference: "immediate",
    } as Assessment;
    const [dog] = insightRefsFor(c);
    expect(matchParagraph(getT("en", "assessment"), "en", [dog as string])).toBe(
      "For Dog Bites cases we match verified lawyers who list Dog Bites.",
    );
    const [slip] = insightRefsFor({ ...c, caseType: "Slip & Fall" });
    expect(matchParagraph(getT("de", "assessment"), "de", [slip as string])).toContain(
      "Rechtsgebiet Sturzunfälle oder Verkehrssicherungspflicht.",
    );
    const [brain] = insightRefsFor({ ...c, caseType: "Brain Injury" });
    expect(matchParagraph(getT("de", "assessment"), "de", [brain as string])).toContain("„Hirnverletzung“");
    expect(insightsFor({ ...c, caseType: "Birth Injury" })[0]).toBe(
      "For Birth Injury cases we match verified lawyers who list Birth Injury or Medical Malpractice.",
    );
  });
});

/**
 * Issue 28 §2: the Arabic words that agree with the lawyer. Each pair is the masculine and the
 * feminine form the explanation uses (a verb's prefix ي/ت, an adjective's ة).
 */
const ARABIC_FORMS = [
  ["يتحدث", "تتحدث"],
  ["يتولى", "تتولى"],
  ["يعمل", "تعمل"],
  ["يضع", "تضع"],
  ["يستطيع", "تستطيع"],
  // With its "and": the client's own "تفضّل" ("you prefer") is not about the lawyer.
  ["ويفضّل", "وتفضّل"],
  ["متاح", "متاحة"],
] as const;

/** The forms of `gender` ("masculine" 0, "feminine" 1) found as whole words in `text`. */
function formsIn(text: string, which: 0 | 1): string[] {
  return ARABIC_FORMS.map((pair) => pair[which]).filter((w) =>
    new RegExp(`(^|[\\s،.و])${w}([\\s،.]|$)`).test(text),
  );
}

describe("issue 28 §2: grammatical gender in the Arabic explanation", () => {
  const withLanguage = (c: MatchClient): MatchClient => ({ ...c, language: "ar" }) as MatchClient;
  const speaker = (l: MatchLawyer, g: MatchLawyer["grammaticalGender"]): MatchLawyer => ({
    ...l,
    languages: ["ar"],
    grammaticalGender: g,
  });

  it("(property) a woman lawyer's sentences use only feminine forms, a man's only masculine ones", () => {
    fc.assert(
      fc.property(client, fullLawyer, forcedTenths, (c, l, tenths) => {
        const her = render("ar", explainRefs(withLanguage(c), speaker(l, "feminine"), tenths));
        expect(formsIn(her, 0), her).toEqual([]);
        const him = render("ar", explainRefs(withLanguage(c), speaker(l, "masculine"), tenths));
        expect(formsIn(him, 1), him).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("(property) a listing that states no gender, or neutral, reads in neutral wording", () => {
    fc.assert(
      fc.property(
        client,
        fullLawyer,
        forcedTenths,
        fc.constantFrom(null, "neutral" as const),
        (c, l, tenths, g) => {
          const text = render("ar", explainRefs(withLanguage(c), speaker(l, g), tenths));
          expect([...formsIn(text, 0), ...formsIn(text, 1)], text).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the feminine forms for Huda, the neutral ones without a gender", () => {
    const c = {
      personalityTraits: Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, 5])) as TraitRatings,
      communicationPreference: "direct",
      approachPreference: "aggressive",
      priorityFocus: "results",
      caseType: "Car Accidents",
      caseComplexity: "simple",
      timePreference: "immediate",
      language: "ar",
    } as MatchClient;
    const l = {
      id: 1,
      name: "هدى الدوسري",
      practiceAreas: ["Car Accidents"],
      experience: 27,
      rating: 5,
      reviewCount: 1,
      personalityTraits: null,
      communicationStyle: null,
      approachStyle: null,
      clientFocus: "results",
      availabilityLevel: null,
      caseComplexityPreference: "simple",
      languages: ["ar", "en"],
    } as MatchLawyer;
    const tenths = {
      ...Object.fromEntries(SCORE_KEYS.map((k) => [k, 40])),
      focus: 100,
      experience: 100,
      overall: 76,
    } as Tenths;
    const her = render("ar", explainRefs(c, { ...l, grammaticalGender: "feminine" }, tenths));
    expect(her).toContain("تتحدث هدى الدوسري العربية");
    expect(her).toContain("مثلك، تضع هدى الدوسري النتائج في المقام الأول.");
    expect(her).toContain("وتفضّل القضايا البسيطة مثل قضيتك");
    const anyone = render("ar", explainRefs(c, l, tenths));
    expect(anyone).toContain("العربية، لغتك المفضلة، من لغات هدى الدوسري");
    expect(anyone).toContain("مثلك، الأولوية لدى هدى الدوسري هي النتائج.");
    expect([...formsIn(anyone, 0), ...formsIn(anyone, 1)]).toEqual([]);
  });
});
