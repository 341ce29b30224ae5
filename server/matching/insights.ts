/**
 * Insights for the matches page (spec §3 "Insights response"; issue 5 "API"): a few sentences
 * derived only from the client's own answers, saying what kind of lawyer suits them and why, and
 * how the list was chosen (docs/matching.md "Insights"). Deterministic: the same answers give the
 * same sentences.
 */
import { PERSONALITY_TRAITS, type PersonalityTrait, TRAIT_DEFAULT } from "../../lib/constants.ts";
import { msg } from "../../lib/i18n/message.ts";
import { practiceAreaList } from "../../lib/i18n/practice-area-terms.ts";
import { ASSESSMENT_CASE_TYPE_LABELS, type Assessment, caseTypeKey } from "../../lib/personality.ts";
import { countryName } from "../seed/countries.ts";
import { CASE_TYPE_AREAS, GENERAL_PRACTICE_MIN_AREAS } from "./model.ts";

const COMMUNICATION: Record<string, string> = {
  direct:
    "You prefer direct communication: a lawyer who gives clear, straight answers and tells you plainly where your case stands will suit you.",
  empathetic:
    "You prefer empathetic communication: a lawyer who listens, understands how the injury affects your life and explains things patiently will suit you.",
  analytical:
    "You prefer analytical communication: a lawyer who walks you through the evidence, the figures and each option in detail will suit you.",
  collaborative:
    "You prefer collaborative communication: a lawyer who involves you in decisions and keeps you updated at every step will suit you.",
};

const APPROACH: Record<string, string> = {
  aggressive:
    "You want an aggressive approach, so look for a lawyer ready to push hard with insurers and to go to trial if the offer is too low.",
  diplomatic:
    "You want a diplomatic approach, so a lawyer who negotiates calmly for a fair settlement without needless conflict fits you.",
  methodical:
    "You want a methodical approach, so a lawyer who builds the case step by step with thorough documentation fits you.",
  creative: "You want a creative approach, so a lawyer who looks for unusual angles and solutions fits you.",
};

const FOCUS: Record<string, string> = {
  speed: "Speed matters most to you: ask each lawyer how long cases like yours usually take.",
  thoroughness:
    "Thoroughness matters most to you: ask how the lawyer will investigate and document your case.",
  cost: "Cost matters most to you: ask about contingency fees and what you pay if the case is lost.",
  results: "Results matter most to you: ask about the outcomes of cases like yours.",
};

const COMPLEXITY_AND_TIME: Record<string, string> = {
  simple: "Your case seems straightforward",
  complex: "Your case is complex",
  uncertain: "You are not yet sure how complex your case is",
};
const COMPLEXITY_HINT: Record<string, string> = {
  simple: "lawyers who prefer straightforward cases score higher on experience for you",
  complex: "lawyers with long experience who prefer complex cases score higher for you",
  uncertain: "a first consultation can clarify it, and lawyers open to any complexity score well for you",
};
const TIME: Record<string, string> = {
  immediate: "Because you need help immediately, lawyers who can start right away rank higher.",
  flexible: "Because your timeline is flexible, most lawyers' availability suits you.",
  planned: "Because you prefer a planned timeline, lawyers who work to a set schedule rank higher.",
};

/** A sentence for a rating far from the middle: [high (8 to 10), low (1 to 2)]. */
const TRAITS: Record<PersonalityTrait, [string, string]> = {
  openness: [
    "You are open to new ideas, so a lawyer who sets out several options before recommending one will suit you.",
    "You prefer proven paths, so a lawyer who recommends one clear course of action will suit you.",
  ],
  conscientiousness: [
    "You are organised and careful: keep every medical record, receipt and letter, and expect the same care from your lawyer.",
    "You may prefer someone else to handle the paperwork: ask each lawyer what they will take care of for you.",
  ],
  extraversion: [
    "You like to talk things through, so a lawyer who is easy to reach by phone or in person will suit you.",
    "You may prefer written updates: ask whether the lawyer can keep you informed by email.",
  ],
  agreeableness: [
    "You value cooperation, so a lawyer who seeks a fair agreement without needless conflict may suit you.",
    "You are ready to stand your ground, so a lawyer who pushes back firmly on insurers may suit you.",
  ],
  neuroticism: [
    "Legal matters can be stressful: a lawyer who explains each step and checks in regularly can make it easier.",
    "You stay calm under pressure, which helps through negotiations that can take months.",
  ],
  assertiveness: [
    "You speak up for yourself, so a lawyer who welcomes your input will suit you.",
    "A lawyer who takes the lead and speaks up for you will suit you.",
  ],
  patience: [
    "Your patience is an asset: injury claims often take months, and waiting for a fair offer can pay off.",
    "You want quick progress: ask each lawyer for a realistic timeline up front.",
  ],
  techSavvy: [
    "You are comfortable with technology, so a lawyer who shares documents online and answers by email will suit you.",
    "You may prefer fewer apps and portals: ask whether the lawyer can meet in person or talk by phone.",
  ],
};

/** Country names read with "the" in a sentence ("in the United Kingdom", "in the Netherlands"). */
const WITH_THE =
  /^(United |Republic |Democratic )|Islands$|^(Netherlands|Philippines|Bahamas|Gambia|Maldives|Seychelles|Comoros|Czech Republic|Dominican Republic|Central African Republic)$/;

/** "in Canada", "in the United Kingdom"; the code itself when it names no known country. */
function inCountry(code: string): string {
  const name = countryName(code) ?? code;
  return `in ${WITH_THE.test(name) ? "the " : ""}${name}`;
}

/** Ratings at least this far from the default (5) count as pronounced: 8 and above, 2 and below. */
const PRONOUNCED = 3;
/** At most this many trait sentences. */
const MAX_TRAIT_INSIGHTS = 2;

/**
 * The insights for one assessment (issue 5): how the candidates were chosen (case type, areas,
 * country), the communication and approach that suit the client, what to ask given their
 * priority, what their complexity and timeline mean for the ranking, and up to two sentences for
 * the most pronounced trait ratings (8 or more, 2 or less; ties in PERSONALITY_TRAITS order).
 * Between five and seven sentences.
 */
export function insightsFor(a: Assessment): string[] {
  const label = ASSESSMENT_CASE_TYPE_LABELS[a.caseType];
  const areas = CASE_TYPE_AREAS[a.caseType];
  const where = a.country ? ` ${inCountry(a.country)}` : "";
  const scope =
    areas === null
      ? `For ${label} cases we match verified general practices${where}: lawyers who list at least ${GENERAL_PRACTICE_MIN_AREAS} practice areas.`
      : `For ${label} cases we match verified lawyers${where} who list ${practiceAreaList(areas, "en")}.`;
  const traits = PERSONALITY_TRAITS.map((t) => ({ t, v: a.personalityTraits[t] }))
    .filter((x) => Math.abs(x.v - TRAIT_DEFAULT) >= PRONOUNCED)
    .sort((x, y) => Math.abs(y.v - TRAIT_DEFAULT) - Math.abs(x.v - TRAIT_DEFAULT))
    .slice(0, MAX_TRAIT_INSIGHTS)
    .map((x) => TRAITS[x.t][x.v > TRAIT_DEFAULT ? 0 : 1]);
  return [
    scope,
    COMMUNICATION[a.communicationPreference] as string,
    APPROACH[a.approachPreference] as string,
    FOCUS[a.priorityFocus] as string,
    `${COMPLEXITY_AND_TIME[a.caseComplexity]}: ${COMPLEXITY_HINT[a.caseComplexity]}. ${TIME[a.timePreference]}`,
    ...traits,
  ];
}

/** The trait sentences to show: at most MAX_TRAIT_INSIGHTS pronounced ratings, as [trait, high]. */
function pronouncedTraits(a: Assessment): [PersonalityTrait, boolean][] {
  return PERSONALITY_TRAITS.map((t) => ({ t, v: a.personalityTraits[t] }))
    .filter((x) => Math.abs(x.v - TRAIT_DEFAULT) >= PRONOUNCED)
    .sort((x, y) => Math.abs(y.v - TRAIT_DEFAULT) - Math.abs(x.v - TRAIT_DEFAULT))
    .slice(0, MAX_TRAIT_INSIGHTS)
    .map((x) => [x.t, x.v > TRAIT_DEFAULT]);
}

/**
 * The same insights as insightsFor, as lib/i18n/message.ts references in namespace "assessment"
 * (issue 14 §1), for the matches page to show in its own language. `country` arguments are ISO
 * alpha-2 codes; the page turns them into the country's name in its language.
 */
export function insightRefsFor(a: Assessment): string[] {
  const caseType = caseTypeKey(a.caseType);
  const general = CASE_TYPE_AREAS[a.caseType] === null;
  // The taxonomy's areas of the case type (issue 19 §3), named by the page in its language.
  const areasArg = (CASE_TYPE_AREAS[a.caseType] ?? []).join(",");
  const scope = general
    ? a.country
      ? msg("assessment:insights.scope.generalIn", {
          caseType,
          min: GENERAL_PRACTICE_MIN_AREAS,
          country: a.country,
        })
      : msg("assessment:insights.scope.general", { caseType, min: GENERAL_PRACTICE_MIN_AREAS })
    : a.country
      ? msg("assessment:insights.scope.areasIn", { caseType, country: a.country, areas: areasArg })
      : msg("assessment:insights.scope.areas", { caseType, areas: areasArg });
  return [
    scope,
    msg(`assessment:insights.communication.${a.communicationPreference}`),
    msg(`assessment:insights.approach.${a.approachPreference}`),
    msg(`assessment:insights.focus.${a.priorityFocus}`),
    msg(`assessment:insights.caseAndTime.${a.caseComplexity}`, { time: a.timePreference }),
    ...pronouncedTraits(a).map(([t, high]) =>
      msg(`assessment:insights.traits.${t}.${high ? "high" : "low"}`),
    ),
  ];
}
