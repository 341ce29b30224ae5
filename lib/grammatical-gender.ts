/**
 * How a listing wants to be spoken about (issue 28 §2 "Grammatical gender through ICU select where
 * the listing states it, gender-neutral wording otherwise"): the optional `grammaticalGender` of a
 * listing. The values are CLDR's names of the grammatical genders a message may agree with
 * ("feminine", "masculine"; Unicode LDML part 6, grammatical features), plus "neutral", which asks
 * for gender-neutral wording (not CLDR's "neuter", a noun class no one uses for a person). Null (the
 * listing says nothing) reads like "neutral". It is a choice of wording, never shown, filtered or
 * ranked on (docs/i18n.md "Grammatical gender").
 */

/** The values a listing may state (schema CHECK, API, import, listing form). */
export const GRAMMATICAL_GENDERS = ["feminine", "masculine", "neutral"] as const;

/** A stated grammatical gender. */
export type GrammaticalGender = (typeof GRAMMATICAL_GENDERS)[number];

/** True for one of GRAMMATICAL_GENDERS. */
export function isGrammaticalGender(value: unknown): value is GrammaticalGender {
  return typeof value === "string" && (GRAMMATICAL_GENDERS as readonly string[]).includes(value);
}

/**
 * The value of the `gender` argument of a catalog message about a lawyer in the third person:
 * "feminine" or "masculine" when the listing states it, else "other" — the branch every
 * `{gender, select, … other {…}}` message writes in gender-neutral wording.
 * @param gender the listing's grammaticalGender (anything else, null or undefined: "other")
 */
export function genderSelect(gender: unknown): "feminine" | "masculine" | "other" {
  return gender === "feminine" || gender === "masculine" ? gender : "other";
}
