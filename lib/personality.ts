/**
 * Personality assessment and matching: the contract shared by the wizard and matches pages
 * (app/routes/personality-*.tsx) and the API (server/api/personality.ts, server/matching/).
 * One zod schema for the assessment payload (spec §5 "Assessment", §7), the match and insights
 * shapes (spec §3 "Payloads and responses"), the display labels and the score colour/label rules
 * (spec §9 "Matching scores"). The matching model itself is documented in docs/matching.md.
 */
import { z } from "zod";
import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PERSONALITY_TRAITS,
  type PersonalityTrait,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
  TRAIT_MAX,
  TRAIT_MIN,
} from "./constants.ts";
import { msg } from "./i18n/message.ts";
import { parseJsonInput } from "./input-boundary.ts";
import { isLanguageCode } from "./languages.ts";
import type { LawyerDTO } from "./lawyer.ts";
import { optionKey } from "./option-key.ts";
import { AssessmentCaseTypeSchema } from "./taxonomy-schemas.ts";

/** A case type of the assessment (spec §5), e.g. "Car Accidents" or "Personal Injury". */
export type AssessmentCaseType = (typeof ASSESSMENT_CASE_TYPES)[number];
/** A communication preference (spec §5). */
export type CommunicationPreference = (typeof COMMUNICATION_STYLES)[number];
/** An approach preference (spec §5). */
export type ApproachPreference = (typeof APPROACH_STYLES)[number];
/** A priority focus (spec §5). */
export type PriorityFocus = (typeof PRIORITY_FOCUSES)[number];
/** A case complexity (spec §5). */
export type CaseComplexity = (typeof CASE_COMPLEXITIES)[number];
/** A timeline preference (spec §5). */
export type TimePreference = (typeof TIME_PREFERENCES)[number];
/** The eight ratings, each an integer TRAIT_MIN..TRAIT_MAX (spec §3). */
export type TraitRatings = Record<PersonalityTrait, number>;

/**
 * Display label of each assessment case type (spec §5: Personal Injury is displayed as
 * "General Personal Injury"); every other type is shown as its value. The types are the
 * assessment's view of the taxonomy (lib/taxonomy.ts, issue 19 §3).
 */
export const ASSESSMENT_CASE_TYPE_LABELS: Readonly<Record<AssessmentCaseType, string>> = Object.fromEntries(
  ASSESSMENT_CASE_TYPES.map((t) => [t, t === "Personal Injury" ? "General Personal Injury" : t]),
) as Record<AssessmentCaseType, string>;

/**
 * The catalog key of an assessment case type (issue 14 §1: labels are translated by key, the
 * stored value stays the spec's English): lib/option-key.ts optionKey, e.g. "Slip & Fall" ->
 * "slipFall", "Dog Bites" -> "dogBites".
 */
export const CASE_TYPE_KEYS: Readonly<Record<AssessmentCaseType, string>> = Object.fromEntries(
  ASSESSMENT_CASE_TYPES.map((t) => [t, optionKey(t)]),
) as Record<AssessmentCaseType, string>;

/** The catalog key of a case type (CASE_TYPE_KEYS). */
export function caseTypeKey(caseType: AssessmentCaseType): string {
  return CASE_TYPE_KEYS[caseType];
}

/** Display name of each trait slider (spec §3 trait names, in words). */
export const TRAIT_LABELS: Record<PersonalityTrait, string> = {
  openness: "Openness",
  conscientiousness: "Conscientiousness",
  extraversion: "Extraversion",
  agreeableness: "Agreeableness",
  neuroticism: "Neuroticism",
  assertiveness: "Assertiveness",
  patience: "Patience",
  techSavvy: "Tech Savvy",
};

/** Longest accepted session id, in characters (the column is varchar(100)). */
export const SESSION_ID_MAX_LENGTH = 100;

/**
 * A session id as the browser makes it (spec §4 "Assessment": a timestamp plus a random
 * string): milliseconds since 1970 (10 to 16 digits), a hyphen, then 1 to 64 lowercase base-36
 * characters, e.g. "1767225600000-k3j9x0q2ab". Nothing else is accepted (no spaces, slashes or
 * upper case), so an id is always safe in a URL path.
 */
export const SESSION_ID_PATTERN = /^[0-9]{10,16}-[a-z0-9]{1,64}$/;

/** True when `value` is a well-formed session id (SESSION_ID_PATTERN, ≤ SESSION_ID_MAX_LENGTH). */
export function isSessionId(value: string): boolean {
  return value.length <= SESSION_ID_MAX_LENGTH && SESSION_ID_PATTERN.test(value);
}

/** Length of the random part that newSessionId generates. */
const SESSION_RANDOM_LENGTH = 12;

/**
 * A new session id for the browser: `${Date.now()}-${12 random base-36 characters}` (spec §4),
 * from the Web Crypto API (browser and Node both have `globalThis.crypto`). Always matches
 * SESSION_ID_PATTERN.
 */
export function newSessionId(now: number = Date.now()): string {
  const bytes = new Uint32Array(SESSION_RANDOM_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  let random = "";
  for (const b of bytes) random += (b % 36).toString(36);
  return `${Math.trunc(now)}-${random}`;
}

/** Path of the matches page for a session (spec §2 route table). */
export function matchesPath(sessionId: string): string {
  return `/personality-matches/${encodeURIComponent(sessionId)}`;
}

/** The session id rule as a zod schema (used by the payload and by the API's path parameters). */
export const SessionIdSchema = z
  .string({
    error: (i) =>
      i.input === undefined
        ? msg("validation:zod.required")
        : msg("validation:zod.invalidType", { expected: "string" }),
  })
  .max(SESSION_ID_MAX_LENGTH, { error: msg("validation:zod.tooLong", { max: SESSION_ID_MAX_LENGTH }) })
  .regex(SESSION_ID_PATTERN, { error: msg("validation:zod.sessionId") });

/** One option list as a zod enum whose messages say "is required" or list the allowed values. */
function option<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (i) =>
      i.input === undefined || i.input === ""
        ? msg("validation:zod.required")
        : msg("validation:zod.oneOf", { options: values.join(", ") }),
  });
}

/** The message of a trait rating outside 1–10 or not whole (a catalog reference, issue 14 §1). */
const TRAIT_RANGE_MESSAGE = msg("validation:zod.wholeNumberRange", { min: TRAIT_MIN, max: TRAIT_MAX });

const traitRating = z
  .number({
    error: (i) => (i.input === undefined ? msg("validation:zod.required") : TRAIT_RANGE_MESSAGE),
  })
  .int({ error: TRAIT_RANGE_MESSAGE })
  .min(TRAIT_MIN, { error: TRAIT_RANGE_MESSAGE })
  .max(TRAIT_MAX, { error: TRAIT_RANGE_MESSAGE });

/** The eight ratings as an object with exactly the trait names of PERSONALITY_TRAITS. */
export const TraitRatingsSchema = z.strictObject(
  Object.fromEntries(PERSONALITY_TRAITS.map((t) => [t, traitRating])) as Record<
    PersonalityTrait,
    typeof traitRating
  >,
  {
    error: (i) =>
      i.code === "unrecognized_keys"
        ? msg("validation:zod.unknownTrait", {
            keys: i.keys.map((k) => `"${k}"`).join(", "),
            traits: PERSONALITY_TRAITS.join(", "),
          })
        : i.input === undefined
          ? msg("validation:zod.required")
          : msg("validation:zod.traits", { traits: PERSONALITY_TRAITS.join(", ") }),
  },
);

/** Reads the traits' JSON text (the spec's form sends a string); leaves anything else as it is. */
function parseTraitsText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return parseJsonInput(v);
  } catch {
    return v; // fails the object check with "must be a JSON object …"
  }
}

/**
 * Payload of POST /api/personality/assessment (spec §7; issue 5 "API"). `personalityTraits` is
 * the JSON text of the eight ratings as the spec's form sends it, e.g.
 * `"{\"openness\":5,…,\"techSavvy\":7}"`; API clients may send the object itself. Every trait
 * must be present, an integer from 1 to 10, and no other key is allowed. The six choices must be
 * one of the spec's options (spec §5). `country` (issue 5 "Where is your case?") is an optional
 * ISO 3166-1 alpha-2 code, upper-cased; "" or null means anywhere. Unknown top-level keys are
 * ignored. Messages are `validation:zod.*` catalog references (issue 14 §1) that the API puts
 * after the field's path (server/http.ts), e.g. `personalityTraits.openness: Enter a whole number
 * from 1 to 10.` in English, in the language of Accept-Language otherwise.
 */
export const AssessmentSchema = z.object({
  sessionId: SessionIdSchema,
  personalityTraits: z.preprocess(parseTraitsText, TraitRatingsSchema),
  communicationPreference: option(COMMUNICATION_STYLES),
  approachPreference: option(APPROACH_STYLES),
  priorityFocus: option(PRIORITY_FOCUSES),
  caseType: AssessmentCaseTypeSchema,
  caseComplexity: option(CASE_COMPLEXITIES),
  timePreference: option(TIME_PREFERENCES),
  country: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.trim().toUpperCase() : v),
    z
      .string({ error: msg("validation:zod.countryCode") })
      .regex(/^[A-Z]{2}$/, { error: msg("validation:zod.countryCode") })
      .optional(),
  ),
  /**
   * Preferred language (issue 14 §4): ISO 639-1, any case; "" or absent = no preference.
   * Lawyers who speak it rank above those who do not (docs/matching.md "Language").
   */
  language: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.trim().toLowerCase() : v),
    z
      .string({ error: msg("validation:zod.languageCode") })
      .refine(isLanguageCode, { error: msg("validation:zod.languageCode") })
      .optional(),
  ),
  /**
   * Where the client is (issue 19 §2 "the assessment asks where the client is"), optional: the
   * town or city as typed ("Hamburg"), named in the explanation ("32 km from Hamburg"). When
   * `near` is absent the server finds the place's position in the listings' place data.
   */
  place: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.trim() || undefined : v),
    z
      .string()
      .max(100, { error: msg("validation:zod.tooLong", { max: 100 }) })
      .optional(),
  ),
  /**
   * The client's position (issue 19 §2): "LAT,LNG" in degrees or `{ lat, lng }`, optional (from
   * the browser's location, or found from `place`). Lawyers nearby rank higher
   * (lib/ranking.ts MATCH_DISTANCE_BONUS).
   */
  near: z.preprocess(
    (v) => {
      if (v === "" || v === null) return undefined;
      if (typeof v !== "string") return v;
      const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(v);
      return m ? { lat: Number(m[1]), lng: Number(m[2]) } : v;
    },
    z
      .object(
        {
          lat: z
            .number()
            .min(-90, { error: msg("validation:zod.nearRange") })
            .max(90, {
              error: msg("validation:zod.nearRange"),
            }),
          lng: z
            .number()
            .min(-180, { error: msg("validation:zod.nearRange") })
            .max(180, {
              error: msg("validation:zod.nearRange"),
            }),
        },
        { error: msg("validation:zod.near") },
      )
      .optional(),
  ),
});

/** What the browser sends (before parsing): traits as JSON text or an object. */
export type AssessmentPayload = z.input<typeof AssessmentSchema>;
/** A validated assessment: traits parsed into numbers, country upper-cased or absent. */
export type Assessment = z.output<typeof AssessmentSchema>;

/** Answer of POST /api/personality/assessment (201, or 200 for an identical repeat). */
export interface AssessmentCreated {
  sessionId: string;
}

/**
 * One ranked match (spec §3 "Match result"; issue 5 "API"). Every score is a number from 0 to 10
 * with one decimal; `explanation` is one or more plain-language sentences naming the strongest
 * reasons (docs/matching.md). `lawyerId` equals `lawyer.id`.
 */
export interface MatchResult {
  lawyer: LawyerDTO;
  lawyerId: number;
  overallScore: number;
  personalityScore: number;
  communicationScore: number;
  approachScore: number;
  focusScore: number;
  availabilityScore: number;
  experienceScore: number;
  explanation: string;
  /**
   * The same sentences as lib/i18n/message.ts references (`assessment:explanation.…`), for a
   * page to show in its own language (issue 14 §1).
   */
  explanationRefs: string[];
}

/** The six sub-scores of a match, in display order, with their labels (issue 5 "Matches page"). */
export const SUB_SCORES = [
  { key: "personalityScore", label: "Personality" },
  { key: "communicationScore", label: "Communication" },
  { key: "approachScore", label: "Approach" },
  { key: "focusScore", label: "Focus" },
  { key: "availabilityScore", label: "Availability" },
  { key: "experienceScore", label: "Experience" },
] as const satisfies readonly { key: keyof MatchResult; label: string }[];

/** Answer of GET /api/personality/insights/{sessionId} (spec §3 "Insights response"). */
export interface InsightsResponse {
  insights: string[];
  /** The same sentences as lib/i18n/message.ts references, for a page in another language (issue 14 §1). */
  insightRefs: string[];
}

/** Colour of a score out of 10 (spec §9): at least 8 green, at least 6 yellow, else red. */
export function scoreColor(score: number): "green" | "yellow" | "red" {
  if (score >= 8) return "green";
  if (score >= 6) return "yellow";
  return "red";
}

/** Label of a score out of 10 (spec §9): ≥ 9 Excellent, ≥ 8 Great, ≥ 7 Good, ≥ 6 Fair, else Poor. */
export function scoreLabel(score: number): "Excellent" | "Great" | "Good" | "Fair" | "Poor" {
  if (score >= 9) return "Excellent";
  if (score >= 8) return "Great";
  if (score >= 7) return "Good";
  if (score >= 6) return "Fair";
  return "Poor";
}
