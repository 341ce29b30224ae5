/**
 * The matches page's contract (spec §2 "Matches", §8; issue 5 "Matches page"): its texts and the
 * data its loader answers. The texts are the English catalog's (namespace "assessment",
 * `matches.*`); the page shows them in its own language (issue 14 §1).
 */
import { type LawyerDTO, pickLawyerFields } from "../../../lib/lawyer.ts";
import type { MatchResult } from "../../../lib/personality.ts";
import type { PhoneDisplay } from "../../../lib/phone.ts";

/**
 * The fields of a lawyer that a match card shows (MatchCard, WhyThisMatch): the loader sends only
 * these, so the page's hydration data carries no personality attributes, addresses or fee terms
 * of ten lawyers (issue 29 "Lean markup": hydration data counts too).
 */
export const MATCH_CARD_FIELDS = [
  "id",
  "name",
  "firm",
  "imageUrl",
  "business_logo",
  "rating",
  "reviewCount",
  "countryCode",
  "location",
  "verification_status",
  "experience",
  "practiceAreas",
  "bio",
  "email",
  "grammaticalGender",
  "workingHours",
  "timeZone",
] as const satisfies readonly (keyof LawyerDTO)[];

/** A lawyer as a match card needs it: a subset of LawyerDTO. */
export type MatchCardLawyer = Pick<LawyerDTO, (typeof MATCH_CARD_FIELDS)[number]>;

/** Picks the match card's fields (MATCH_CARD_FIELDS) from a full lawyer. */
export function toMatchCardLawyer(lawyer: LawyerDTO): MatchCardLawyer {
  return pickLawyerFields(lawyer, MATCH_CARD_FIELDS);
}

/**
 * One match as the page shows it: the API's MatchResult, its lawyer cut to MATCH_CARD_FIELDS, plus the lawyer's phone written for the
 * visitor by the loader (national in the visitor's own country, else international; the `tel:`
 * link E.164: issue 14 §2); null for a demo listing whose made-up number is in no range reserved
 * for fiction (issue 28 §4: no number, no link).
 */
export type ShownMatch = Omit<MatchResult, "lawyer"> & {
  lawyer: MatchCardLawyer;
  phone: PhoneDisplay | null;
};

/** The spec's texts of this page, verbatim (spec §2 "Matches"), as the English catalog holds them. */
export const MATCHES_TEXT = {
  errorTitle: "Error Loading Matches",
  errorBody: "We couldn't load your personality matches. Please try again.",
  empty: "No matches found. Try adjusting your assessment criteria.",
} as const;

/** What the page renders: the ranked matches and insights, or the error state. */
export type MatchesData =
  | {
      state: "ok";
      matches: ShownMatch[];
      /** Insight sentences as lib/i18n/message.ts references (or plain text), see match-text.ts. */
      insights: string[];
    }
  | { state: "error"; matches: []; insights: [] };
