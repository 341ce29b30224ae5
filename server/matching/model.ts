/**
 * The matching model (issue 5 "The matching model"; written down in docs/matching.md): which
 * listings are candidates for a case type, the six sub-scores, the overall score, the order and
 * the plain-language explanation. Pure functions with no I/O, so the property tests
 * (model.test.ts) and the fast ranking over the in-memory column store (candidates.ts) use the
 * same tables.
 *
 * Every score is kept as an integer number of tenths (0..100) inside the model, so the overall
 * score is an exact integer computation from the six displayed sub-scores that anyone can redo
 * by hand; the API shows tenths / 10 (one decimal).
 */
import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  AVAILABILITY_LEVELS,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  PRIORITY_FOCUSES,
  type PracticeArea,
  TIME_PREFERENCES,
  TRAIT_MAX,
  TRAIT_MIN,
} from "../../lib/constants.ts";
import { genderSelect } from "../../lib/grammatical-gender.ts";
import { greatCircleKm } from "../../lib/great-circle.ts";
import { numberFormat } from "../../lib/i18n/intl-cache.ts";
import { msg, parseMessageRef } from "../../lib/i18n/message.ts";
import { languageName } from "../../lib/languages.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { type Assessment, type AssessmentCaseType, TRAIT_LABELS } from "../../lib/personality.ts";
import {
  MATCH_EXPERIENCE_PARTS,
  MATCH_SCORE_KEYS,
  MATCH_WEIGHTS,
  type MatchScoreKey,
  matchDistanceBonus,
} from "../../lib/ranking.ts";
import { areasForAssessmentType, GENERAL_PRACTICE_MIN_AREAS, handlesAreas } from "../../lib/taxonomy.ts";

/**
 * Practice areas that cover each assessment case type (issue 5: "a table in the code and the
 * doc"), read from the one taxonomy (issue 19 §3, lib/taxonomy.ts, docs/taxonomy.md): a listing
 * is a candidate when it lists at least one of the areas, exactly the lawyers the directory's
 * filter with those areas shows. Slip & Fall includes Premises Liability because the spec's
 * synonym group treats them as one subject (spec §5). `null` means "general practices"
 * (GENERAL_PRACTICE_MIN_AREAS): the spec's Personal Injury and Other name no single area.
 */
export const CASE_TYPE_AREAS: Readonly<Record<AssessmentCaseType, readonly PracticeArea[] | null>> =
  Object.fromEntries(ASSESSMENT_CASE_TYPES.map((t) => [t, areasForAssessmentType(t)])) as Record<
    AssessmentCaseType,
    readonly PracticeArea[] | null
  >;

/** lib/taxonomy.ts GENERAL_PRACTICE_MIN_AREAS (docs/matching.md "Candidates"). */
export { GENERAL_PRACTICE_MIN_AREAS };

/**
 * True when a listing with these practice areas is a candidate for the case type: it lists one of
 * CASE_TYPE_AREAS[caseType], or, for Personal Injury and Other, at least
 * GENERAL_PRACTICE_MIN_AREAS distinct areas (lib/taxonomy.ts handlesAreas).
 */
export function coversCaseType(practiceAreas: readonly string[], caseType: AssessmentCaseType): boolean {
  return handlesAreas(practiceAreas, CASE_TYPE_AREAS[caseType]);
}

/**
 * Sub-score keys in display order (same order as SUB_SCORES in lib/personality.ts): the shared
 * constant of lib/ranking.ts, which /how-ranking-works states (issue 16 §2).
 */
export const SCORE_KEYS = MATCH_SCORE_KEYS;
/** One of the six sub-scores. */
export type ScoreKey = MatchScoreKey;

/**
 * Weight of each sub-score in the overall score, in percent (sum 100): lib/ranking.ts
 * MATCH_WEIGHTS, the figures /how-ranking-works states (issue 16 §2; reasons there).
 */
export const WEIGHTS: Readonly<Record<ScoreKey, number>> = MATCH_WEIGHTS;

/** Tenths given to a part of a sub-score when the lawyer's attribute is unknown (null): neutral 5.0. */
export const UNKNOWN_TENTHS = 50;

/**
 * Compatibility of the client's communication preference (row) with the lawyer's communication
 * style (column), 0..10. Same style 10; direct and analytical are both fact-first (7), empathetic
 * and collaborative both relationship-first (7); opposite ends score lowest.
 */
export const COMMUNICATION_TABLE: Record<string, Record<string, number>> = {
  direct: { direct: 10, empathetic: 3, analytical: 7, collaborative: 5 },
  empathetic: { direct: 3, empathetic: 10, analytical: 3, collaborative: 7 },
  analytical: { direct: 7, empathetic: 3, analytical: 10, collaborative: 5 },
  collaborative: { direct: 5, empathetic: 7, analytical: 5, collaborative: 10 },
};

/**
 * Compatibility of the client's approach preference (row) with the lawyer's approach style
 * (column), 0..10. Same approach 10; aggressive and diplomatic are opposites (2); the others are
 * partly compatible (4 to 6), never high enough to be named as a reason.
 */
export const APPROACH_TABLE: Record<string, Record<string, number>> = {
  aggressive: { aggressive: 10, diplomatic: 2, methodical: 5, creative: 5 },
  diplomatic: { aggressive: 2, diplomatic: 10, methodical: 6, creative: 6 },
  methodical: { aggressive: 5, diplomatic: 6, methodical: 10, creative: 4 },
  creative: { aggressive: 5, diplomatic: 6, methodical: 4, creative: 10 },
};

/**
 * Compatibility of the client's priority focus (row) with the lawyer's client focus (column),
 * 0..10. Same focus 10; speed and cost go together (a quick resolution costs less, 7), so do
 * thoroughness and results (7); speed against thoroughness is the real trade-off (2).
 */
export const FOCUS_TABLE: Record<string, Record<string, number>> = {
  speed: { speed: 10, thoroughness: 2, cost: 7, results: 5 },
  thoroughness: { speed: 2, thoroughness: 10, cost: 3, results: 7 },
  cost: { speed: 7, thoroughness: 3, cost: 10, results: 4 },
  results: { speed: 5, thoroughness: 7, cost: 4, results: 10 },
};

/**
 * Fit of the client's timeline (row) with the lawyer's availability level (column), 0..10. Same
 * value 10; a client with a flexible timeline is well served by anyone (8); a client who needs
 * help immediately is poorly served by a lawyer who works to a planned schedule (2).
 */
export const AVAILABILITY_TABLE: Record<string, Record<string, number>> = {
  immediate: { immediate: 10, flexible: 6, planned: 2 },
  flexible: { immediate: 8, flexible: 10, planned: 8 },
  planned: { immediate: 6, flexible: 8, planned: 10 },
};

/**
 * Fit of the client's case complexity (row) with the lawyer's preferred complexity (column),
 * 0..10, used inside the experience score. Same value 10; a lawyer who prefers complex cases
 * can take a simple one (6) more easily than the reverse (3).
 */
export const COMPLEXITY_TABLE: Record<string, Record<string, number>> = {
  simple: { simple: 10, complex: 6, uncertain: 8 },
  complex: { simple: 3, complex: 10, uncertain: 6 },
  uncertain: { simple: 6, complex: 8, uncertain: 10 },
};

/** Years of practice at which the experience part is full (spec §9's green badge starts at 20). */
export const FULL_EXPERIENCE_YEARS = 20;

/** Shares of the experience score, in percent: years, rating, complexity fit (lib/ranking.ts, sum 100). */
export const EXPERIENCE_PARTS = MATCH_EXPERIENCE_PARTS;

/** Smallest sub-score, in tenths, that the explanation may name as a reason (7.0 of 10). */
export const REASON_MIN_TENTHS = 70;

/** How many reasons the explanation names at most. */
export const MAX_REASONS = 3;

/** How many matches the list returns (issue 5). */
export const MATCH_LIMIT = 10;

/** The lawyer attributes the model reads (a LawyerDTO has them all). */
export type MatchLawyer = Pick<
  LawyerDTO,
  | "id"
  | "name"
  | "practiceAreas"
  | "experience"
  | "rating"
  | "reviewCount"
  | "personalityTraits"
  | "communicationStyle"
  | "approachStyle"
  | "clientFocus"
  | "availabilityLevel"
  | "caseComplexityPreference"
> &
  Partial<Pick<LawyerDTO, "languages" | "latitude" | "longitude" | "grammaticalGender">>;

/** The client answers the model reads (a validated Assessment has them all). */
export type MatchClient = Pick<
  Assessment,
  | "personalityTraits"
  | "communicationPreference"
  | "approachPreference"
  | "priorityFocus"
  | "caseComplexity"
  | "timePreference"
  | "caseType"
> &
  Partial<Pick<Assessment, "language" | "place" | "near">>;

/**
 * Kilometres from the client's position to the lawyer's office (great circle, issue 19 §2), or
 * null when either is unknown.
 */
export function clientDistanceKm(
  client: Pick<MatchClient, "near">,
  lawyer: Pick<MatchLawyer, "latitude" | "longitude">,
): number | null {
  if (!client.near || lawyer.latitude == null || lawyer.longitude == null) return null;
  return greatCircleKm(client.near.lat, client.near.lng, lawyer.latitude, lawyer.longitude);
}

/** The order bonus in tenths for this client and lawyer (lib/ranking.ts MATCH_DISTANCE_BONUS). */
export function distanceBonus(
  client: Pick<MatchClient, "near">,
  lawyer: Pick<MatchLawyer, "latitude" | "longitude">,
): number {
  return matchDistanceBonus(clientDistanceKm(client, lawyer));
}

/**
 * True when the client named a preferred language and the lawyer speaks it (issue 14 §4,
 * docs/matching.md "Language"): such lawyers rank before the others; scores are unchanged.
 */
export function speaksPreferred(
  client: Pick<MatchClient, "language">,
  lawyer: Pick<MatchLawyer, "languages">,
): boolean {
  return client.language !== undefined && (lawyer.languages ?? []).includes(client.language);
}

/** The six sub-scores and the overall score of one lawyer for one client, in tenths (0..100). */
export type Tenths = Record<ScoreKey | "overall", number>;

/** Clamps a lawyer's trait rating into TRAIT_MIN..TRAIT_MAX; NaN (not a number) stays NaN. */
export function clampTrait(v: unknown): number {
  const n = typeof v === "number" ? v : Number.NaN;
  if (Number.isNaN(n)) return Number.NaN;
  return Math.min(TRAIT_MAX, Math.max(TRAIT_MIN, n));
}

/**
 * Personality score in tenths from the sum of absolute differences over the traits the lawyer
 * has: 100 × (1 − sum / (9 × count)), rounded half up; 9 is the widest gap on the 1..10 scale.
 * Identical ratings give 100, opposite ends on every trait give 0; a lawyer without ratings gets
 * UNKNOWN_TENTHS. Exported for the fast path, which passes the same sum and count.
 */
export function personalityTenthsFrom(sumDiff: number, count: number): number {
  if (count === 0) return UNKNOWN_TENTHS;
  const span = (TRAIT_MAX - TRAIT_MIN) * count;
  return Math.round(((span - sumDiff) * 100) / span);
}

/** Personality score in tenths: similarity of the eight ratings (docs/matching.md). */
export function personalityTenths(
  client: MatchClient["personalityTraits"],
  lawyer: MatchLawyer["personalityTraits"],
): number {
  let sum = 0;
  let count = 0;
  for (const t of PERSONALITY_TRAITS) {
    const l = clampTrait(lawyer?.[t]);
    if (Number.isNaN(l)) continue;
    sum += Math.abs(client[t] - l);
    count++;
  }
  return personalityTenthsFrom(sum, count);
}

/** Looks up a compatibility table in tenths; UNKNOWN_TENTHS when the lawyer's value is null or unknown. */
export function tableTenths(
  table: Record<string, Record<string, number>>,
  client: string,
  lawyer: string | null,
): number {
  const v = lawyer === null ? undefined : table[client]?.[lawyer];
  return v === undefined ? UNKNOWN_TENTHS : v * 10;
}

/**
 * The lawyer's own part of the experience score, in hundredths of tenths: EXPERIENCE_PARTS.years
 * × years (tenths, full at FULL_EXPERIENCE_YEARS) + EXPERIENCE_PARTS.rating × rating (× 2 to the
 * 10 scale, tenths). Independent of the client, so the store keeps it per lawyer.
 */
export function experienceBase(years: number, rating: number): number {
  const y = Math.round((Math.min(Math.max(years, 0), FULL_EXPERIENCE_YEARS) * 100) / FULL_EXPERIENCE_YEARS);
  const r = Math.round(Math.min(Math.max(rating, 0), 5) * 20);
  return EXPERIENCE_PARTS.years * y + EXPERIENCE_PARTS.rating * r;
}

/**
 * Experience score in tenths: EXPERIENCE_PARTS of years (full at FULL_EXPERIENCE_YEARS), rating
 * (× 2 to the 10 scale) and complexity fit (COMPLEXITY_TABLE), rounded half up.
 */
export function experienceTenths(years: number, rating: number, complexityTenths: number): number {
  return Math.round((experienceBase(years, rating) + EXPERIENCE_PARTS.complexity * complexityTenths) / 100);
}

/** Overall score in tenths: the WEIGHTS-weighted mean of the six sub-scores (tenths), rounded half up. */
export function overallTenths(s: Record<ScoreKey, number>): number {
  let sum = 0;
  for (const k of SCORE_KEYS) sum += WEIGHTS[k] * s[k];
  return Math.round(sum / 100);
}

/**
 * The six sub-scores and the overall score of `lawyer` for `client`, in tenths (0..100).
 * Deterministic; each sub-score depends only on the answers named in docs/matching.md.
 */
export function scoreTenths(client: MatchClient, lawyer: MatchLawyer): Tenths {
  const subs: Record<ScoreKey, number> = {
    personality: personalityTenths(client.personalityTraits, lawyer.personalityTraits),
    communication: tableTenths(
      COMMUNICATION_TABLE,
      client.communicationPreference,
      lawyer.communicationStyle,
    ),
    approach: tableTenths(APPROACH_TABLE, client.approachPreference, lawyer.approachStyle),
    focus: tableTenths(FOCUS_TABLE, client.priorityFocus, lawyer.clientFocus),
    availability: tableTenths(AVAILABILITY_TABLE, client.timePreference, lawyer.availabilityLevel),
    experience: experienceTenths(
      lawyer.experience,
      lawyer.rating,
      tableTenths(COMPLEXITY_TABLE, client.caseComplexity, lawyer.caseComplexityPreference),
    ),
  };
  return { ...subs, overall: overallTenths(subs) };
}

/**
 * A ranked item's sort key: speaks the client's preferred language (issue 14 §4), overall score,
 * then rating, then review count (all descending), then id.
 */
export interface RankKey {
  /** Speaks the client's preferred language; absent = false (no preference: all equal). */
  speaks?: boolean;
  overall: number;
  /** Distance bonus in tenths (issue 19 §2, MATCH_DISTANCE_BONUS); absent = 0. */
  bonus?: number;
  rating: number;
  reviewCount: number;
  id: number;
}

/**
 * Order of the match list (issue 5): lawyers who speak the client's preferred language first
 * (issue 14 §4), then higher overall score plus distance bonus (issue 19 §2); ties by higher rating, then more reviews, then lower
 * id. Negative when `a` ranks before `b`.
 */
export function compareRank(a: RankKey, b: RankKey): number {
  return (
    Number(b.speaks ?? false) - Number(a.speaks ?? false) ||
    b.overall + (b.bonus ?? 0) - (a.overall + (a.bonus ?? 0)) ||
    b.rating - a.rating ||
    b.reviewCount - a.reviewCount ||
    a.id - b.id
  );
}

const COMPLEXITY_PHRASES: Record<string, string> = {
  simple: "straightforward cases",
  complex: "complex cases",
  uncertain: "cases whose complexity is not yet clear",
};
const FOCUS_PHRASES: Record<string, string> = {
  speed: "speed",
  thoroughness: "thoroughness",
  cost: "keeping costs down",
  results: "results",
};
const AVAILABILITY_PHRASES: Record<string, string> = {
  immediate: "can start right away",
  flexible: "works to a flexible timeline",
  planned: "works to a planned schedule",
};
const TIME_PHRASES: Record<string, string> = {
  immediate: "you need help right away",
  flexible: "your timeline is flexible",
  planned: "you prefer a planned timeline",
};

/** Joins words as "a", "a and b", "a, b and c". */
function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Upper-cases the first letter. */
/** "an aggressive", "a diplomatic": the indefinite article for an option word (all start with a letter). */
function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The reason sentence for one sub-score, stating only facts that the score rests on: "and so
 * does" only for the same value, the traits named only when they differ by at most one point.
 */
function reasonSentence(key: ScoreKey, client: MatchClient, lawyer: MatchLawyer): string {
  const name = lawyer.name;
  switch (key) {
    case "communication":
      return lawyer.communicationStyle === client.communicationPreference
        ? `You prefer ${client.communicationPreference} communication, and so does ${name}.`
        : `${name}'s ${lawyer.communicationStyle} communication style is close to the ${client.communicationPreference} style you prefer.`;
    case "approach":
      return lawyer.approachStyle === client.approachPreference
        ? `You want ${withArticle(client.approachPreference)} approach, and that is how ${name} works.`
        : `${name}'s ${lawyer.approachStyle} approach is close to the ${client.approachPreference} one you asked for.`;
    case "focus":
      return lawyer.clientFocus === client.priorityFocus
        ? `Like you, ${name} puts ${FOCUS_PHRASES[client.priorityFocus]} first.`
        : `${name} puts ${FOCUS_PHRASES[lawyer.clientFocus ?? ""] ?? lawyer.clientFocus} first, which goes well with your priority of ${FOCUS_PHRASES[client.priorityFocus]}.`;
    case "availability":
      return lawyer.availabilityLevel === client.timePreference
        ? `${name} ${AVAILABILITY_PHRASES[client.timePreference]}, as you prefer.`
        : `${capitalize(TIME_PHRASES[client.timePreference] ?? "")}, and ${name} ${AVAILABILITY_PHRASES[lawyer.availabilityLevel ?? ""] ?? "is available"}.`;
    case "personality": {
      const close = PERSONALITY_TRAITS.map((t) => ({
        t,
        d: Math.abs(client.personalityTraits[t] - clampTrait(lawyer.personalityTraits?.[t])),
      }))
        .filter((x) => x.d <= 1)
        .sort((a, b) => a.d - b.d)
        .slice(0, 2)
        .map((x) => TRAIT_LABELS[x.t].toLowerCase());
      return close.length > 0
        ? `${name}'s personality is close to yours, especially in ${listJoin(close)}.`
        : `${name}'s personality is close to yours across the eight traits.`;
    }
    case "experience": {
      const years = `${lawyer.experience} ${lawyer.experience === 1 ? "year" : "years"} of experience`;
      const rating = `a ${lawyer.rating.toFixed(1)} rating`;
      const complexity =
        lawyer.caseComplexityPreference === client.caseComplexity
          ? `, and prefers ${COMPLEXITY_PHRASES[client.caseComplexity]} like yours`
          : "";
      return `${name} has ${years}, ${rating}${complexity}.`;
    }
  }
}

/**
 * The sub-scores the explanation names, strongest first: at most MAX_REASONS of those at least
 * REASON_MIN_TENTHS (7.0); ties by the larger weight, then display order. Empty when none
 * reaches 7.0.
 */
export function reasonKeys(tenths: Tenths): ScoreKey[] {
  return SCORE_KEYS.filter((k) => tenths[k] >= REASON_MIN_TENTHS)
    .sort(
      (a, b) =>
        tenths[b] - tenths[a] || WEIGHTS[b] - WEIGHTS[a] || SCORE_KEYS.indexOf(a) - SCORE_KEYS.indexOf(b),
    )
    .slice(0, MAX_REASONS);
}

/**
 * The plain-language explanation of a match (issue 5): one sentence per reasonKeys entry, using
 * the lawyer's name (we hold no gender data), e.g. "You prefer direct communication, and so does
 * Emily Johnson." With no sub-score at 7.0 or above it says so instead of inventing a reason.
 * When the lawyer speaks the client's preferred language, a first sentence says so (issue 14 §4);
 * `locale` names the language (Intl.DisplayNames). When the client gave a position, the next
 * sentence names the distance ("Emily Johnson's office is 32 km from Hamburg.", issue 19 §2).
 */
export function explain(client: MatchClient, lawyer: MatchLawyer, tenths: Tenths, locale = "en"): string {
  // The language comes first: it is why this lawyer is ranked where they are (issue 14 §4).
  const language =
    client.language && speaksPreferred(client, lawyer)
      ? `${lawyer.name} speaks ${languageName(client.language, locale)}, your preferred language, so is listed ahead of lawyers who do not. `
      : "";
  const km = clientDistanceKm(client, lawyer);
  const distance =
    km === null
      ? ""
      : `${lawyer.name}'s office is ${km < 1 ? "within 1 km of" : `${roundKm(km)} km from`} ${client.place ?? "you"}. `;
  const reasons = reasonKeys(tenths);
  if (reasons.length === 0)
    return `${language}${distance}${lawyer.name} handles cases like yours, but none of the six scores reaches 7 out of 10, so this is a partial match.`;
  return language + distance + reasons.map((k) => reasonSentence(k, client, lawyer)).join(" ");
}

/**
 * The reason of one sub-score as a catalog reference (issue 14 §1: the matches page shows the
 * explanation in its own language): the same facts as reasonSentence, as the key
 * `assessment:explanation.<key>.<variant>` with the option values and the name as ICU arguments
 * (lib/i18n/message.ts). The English catalog renders exactly reasonSentence's text (tested).
 */
function reasonRef(key: ScoreKey, client: MatchClient, lawyer: MatchLawyer): string {
  const name = lawyer.name;
  switch (key) {
    case "communication":
      return lawyer.communicationStyle === client.communicationPreference
        ? msg("assessment:explanation.communication.same", { name, style: client.communicationPreference })
        : msg("assessment:explanation.communication.close", {
            name,
            style: client.communicationPreference,
            lawyerStyle: lawyer.communicationStyle ?? "",
          });
    case "approach":
      return lawyer.approachStyle === client.approachPreference
        ? msg("assessment:explanation.approach.same", { name, approach: client.approachPreference })
        : msg("assessment:explanation.approach.close", {
            name,
            approach: client.approachPreference,
            lawyerApproach: lawyer.approachStyle ?? "",
          });
    case "focus":
      return lawyer.clientFocus === client.priorityFocus
        ? msg("assessment:explanation.focus.same", { name, focus: client.priorityFocus })
        : msg("assessment:explanation.focus.other", {
            name,
            focus: client.priorityFocus,
            lawyerFocus: lawyer.clientFocus ?? "",
          });
    case "availability":
      return lawyer.availabilityLevel === client.timePreference
        ? msg("assessment:explanation.availability.same", { name, time: client.timePreference })
        : msg("assessment:explanation.availability.other", {
            name,
            time: client.timePreference,
            availability: lawyer.availabilityLevel ?? "",
          });
    case "personality": {
      const close = PERSONALITY_TRAITS.map((t) => ({
        t,
        d: Math.abs(client.personalityTraits[t] - clampTrait(lawyer.personalityTraits?.[t])),
      }))
        .filter((x) => x.d <= 1)
        .sort((a, b) => a.d - b.d)
        .slice(0, 2)
        .map((x) => x.t);
      if (close.length === 2)
        return msg("assessment:explanation.personality.two", {
          name,
          trait: close[0] ?? "",
          trait2: close[1] ?? "",
        });
      if (close.length === 1)
        return msg("assessment:explanation.personality.one", { name, trait: close[0] ?? "" });
      return msg("assessment:explanation.personality.all", { name });
    }
    case "experience": {
      const values = { name, years: lawyer.experience, rating: lawyer.rating.toFixed(1) };
      return lawyer.caseComplexityPreference === client.caseComplexity
        ? msg("assessment:explanation.experience.complexity", {
            ...values,
            complexity: client.caseComplexity,
          })
        : msg("assessment:explanation.experience.plain", values);
    }
  }
}

/** The client's preferred language (ISO 639-1) when the lawyer speaks it, else undefined (issue 14 §4). */
function spokenPreference(client: MatchClient, lawyer: MatchLawyer): string | undefined {
  return client.language && speaksPreferred(client, lawyer) ? client.language : undefined;
}

/**
 * The explanation of a match as catalog references, one per sentence (issue 14 §1): what
 * `explain` says, for the page to render in its locale with translateMessage. When the lawyer
 * speaks the client's preferred language a first sentence says so (its `language` argument is
 * the ISO 639-1 code; the page names it in its own language).
 */
export function explainRefs(client: MatchClient, lawyer: MatchLawyer, tenths: Tenths): string[] {
  // Issue 28 §2: every sentence carries `gender` (lib/grammatical-gender.ts genderSelect), so the
  // languages whose words agree with the lawyer ("تتحدث", "placée") take the listing's form, and
  // a listing that states none reads in neutral wording.
  const gender = genderSelect(lawyer.grammaticalGender);
  return sentenceRefs(client, lawyer, tenths).map((ref) => withArguments(ref, { gender }));
}

/** A reference with more ICU arguments (lib/i18n/message.ts); plain text as it is. */
function withArguments(ref: string, extra: Record<string, string>): string {
  const parsed = parseMessageRef(ref);
  return parsed ? msg(`${parsed.ns}:${parsed.key}`, { ...parsed.values, ...extra }) : ref;
}

/** The sentences of explainRefs, before their `gender` argument. */
function sentenceRefs(client: MatchClient, lawyer: MatchLawyer, tenths: Tenths): string[] {
  const language = spokenPreference(client, lawyer);
  const first = language ? [msg("assessment:explanation.language", { name: lawyer.name, language })] : [];
  const km = clientDistanceKm(client, lawyer);
  if (km !== null) first.push(distanceRef(lawyer.name, km, client.place));
  const reasons = reasonKeys(tenths);
  if (reasons.length === 0) return [...first, msg("assessment:explanation.partial", { name: lawyer.name })];
  return [...first, ...reasons.map((k) => reasonRef(k, client, lawyer))];
}

/**
 * The distance sentence as a catalog reference (issue 19 §2): "… is 32 km from Hamburg." /
 * "… from you." (no place typed), "… within 1 km of …" below 1 km. Same words as `explain`.
 */
function distanceRef(name: string, km: number, place: string | undefined): string {
  if (km < 1)
    return place
      ? msg("assessment:explanation.distanceNear", { name, place })
      : msg("assessment:explanation.distanceNearYou", { name });
  return place
    ? msg("assessment:explanation.distance", { name, km: Math.round(km), place })
    : msg("assessment:explanation.distanceFromYou", { name, km: Math.round(km) });
}

/** Whole kilometres in English digits with grouping ("32", "1,204"), as the catalog's `{km, number}` writes them. */
function roundKm(km: number): string {
  return numberFormat("en").format(Math.round(km));
}

/** Converts tenths to the API's one-decimal score (73 → 7.3). */
export function toScore(tenths: number): number {
  return tenths / 10;
}

// Keep the option lists and the tables in step: a new option without a row fails at import.
for (const [table, rows, cols] of [
  [COMMUNICATION_TABLE, COMMUNICATION_STYLES, COMMUNICATION_STYLES],
  [APPROACH_TABLE, APPROACH_STYLES, APPROACH_STYLES],
  [FOCUS_TABLE, PRIORITY_FOCUSES, PRIORITY_FOCUSES],
  [AVAILABILITY_TABLE, TIME_PREFERENCES, AVAILABILITY_LEVELS],
  [COMPLEXITY_TABLE, CASE_COMPLEXITIES, CASE_COMPLEXITIES],
] as const) {
  for (const r of rows)
    for (const c of cols) {
      const v = table[r]?.[c];
      if (v === undefined || v < 0 || (r === c ? v !== 10 : v >= 10))
        throw new Error(`matching table is missing or wrong at ${r} × ${c}`);
    }
}
