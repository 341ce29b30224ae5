/**
 * The shapes a review's writers send (issue 16 §1), shared by the API (server/api/reviews.ts),
 * the case page's form and the dashboard's reply and report forms, so browser and server check
 * the same bounds (lib/reviews.ts). Also the text rules: no links in a review (400 with a field
 * error) and the detection of third parties' personal data (email addresses, phone numbers via
 * libphonenumber-js), which holds a review for moderation instead of refusing it. Sources: FTC 16
 * CFR 465 (reviews must be genuine, not suppressed), UK DMCC Act 2024 (proactive steps), EU
 * Omnibus 2019/2161; see ../shared/research/trust-and-regulation.md.
 */
import { findPhoneNumbersInText } from "libphonenumber-js/max";
import { z } from "zod";
import { msg } from "./i18n/message.ts";
import {
  REVIEW_ASPECTS,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REMOVAL_REASONS,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_REASONS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
} from "./reviews.ts";
import { multiLine, singleLine } from "./text.ts";

/** Bounds of a report's details, in characters. */
export const REVIEW_REPORT_DETAILS_MIN = 10;
export const REVIEW_REPORT_DETAILS_MAX = 2_000;

const LINK_MESSAGE = msg("validation:review.links");

/** A web address: a scheme, `www.`, or a bare domain with a common top-level domain. */
const LINK_PATTERN =
  /(?:\b[a-z][a-z0-9+.-]*:\/\/\S+)|(?:\bwww\.\S+)|(?:\b[a-z0-9-]{2,}(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|app|law|legal|lawyer|attorney|eu|uk|us|de|fr|es|nl|it|pt|br|jp|ae|sa|ca|au|in)\b(?![@\w]))/iu;
/** An email address (personal data, not a link: held for moderation). */
const EMAIL_PATTERN = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;

/** Whether `text` contains a web address (issue 16 §1 "no links"); email addresses are not links here. */
export function containsLink(text: string): boolean {
  return LINK_PATTERN.test(text.replace(new RegExp(EMAIL_PATTERN.source, "gu"), " "));
}

/**
 * Whether `text` seems to carry a third party's contact data: an email address, or a phone number
 * libphonenumber-js finds (international, or national for `defaultCountry`, the lawyer's
 * country). Such a review is kept but held `pending` for a moderator (issue 16 §1; GDPR Art. 6).
 */
export function containsPersonalData(text: string, defaultCountry?: string): boolean {
  if (EMAIL_PATTERN.test(text)) return true;
  const country = defaultCountry && /^[A-Z]{2}$/.test(defaultCountry) ? defaultCountry : undefined;
  // biome-ignore lint/suspicious/noExplicitAny: libphonenumber-js's CountryCode union
  return findPhoneNumbersInText(text, country as any).length > 0;
}

const RATING_MESSAGE = msg("validation:review.rating", { min: REVIEW_RATING_MIN, max: REVIEW_RATING_MAX });
/** A whole number of stars, REVIEW_RATING_MIN to MAX (a form sends it as text). */
const stars = () =>
  z.coerce
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(REVIEW_RATING_MIN, RATING_MESSAGE)
    .max(REVIEW_RATING_MAX, RATING_MESSAGE);

const TITLE_MESSAGE = msg("validation:review.title", { min: REVIEW_TITLE_MIN, max: REVIEW_TITLE_MAX });
const TEXT_MESSAGE = msg("validation:review.text", { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX });

/**
 * A review as its client writes it (POST and PATCH /api/cases/{id}/review; the case page's form):
 * `rating` and `ratings.{communication,responsiveness,outcome}` whole numbers 1–5, `title`
 * (one line, REVIEW_TITLE_MIN–MAX) and `text` (REVIEW_TEXT_MIN–MAX), neither with a link.
 */
export const ReviewInputSchema = z.object({
  rating: stars(),
  ratings: z.object(
    Object.fromEntries(REVIEW_ASPECTS.map((a) => [a, stars()])) as Record<
      (typeof REVIEW_ASPECTS)[number],
      ReturnType<typeof stars>
    >,
    {
      error: msg("validation:review.rating", {
        field: "ratings",
        min: REVIEW_RATING_MIN,
        max: REVIEW_RATING_MAX,
      }),
    },
  ),
  title: singleLine(
    z
      .string({ error: TITLE_MESSAGE })
      .trim()
      .min(REVIEW_TITLE_MIN, TITLE_MESSAGE)
      .max(REVIEW_TITLE_MAX, TITLE_MESSAGE),
  ).refine((v) => !containsLink(v), LINK_MESSAGE),
  text: multiLine(
    z
      .string({ error: TEXT_MESSAGE })
      .trim()
      .min(REVIEW_TEXT_MIN, TEXT_MESSAGE)
      .max(REVIEW_TEXT_MAX, TEXT_MESSAGE),
  ).refine((v) => !containsLink(v), LINK_MESSAGE),
});
/** A validated review. */
export type ReviewInput = z.output<typeof ReviewInputSchema>;

const REPLY_MESSAGE = msg("validation:review.reply", { max: REVIEW_REPLY_MAX });
/** The lawyer's one public reply (POST /api/reviews/{id}/reply): 1–REVIEW_REPLY_MAX characters, no link. */
export const ReviewReplySchema = z.object({
  reply: multiLine(
    z.string({ error: REPLY_MESSAGE }).trim().min(1, REPLY_MESSAGE).max(REVIEW_REPLY_MAX, REPLY_MESSAGE),
  ).refine((v) => !containsLink(v), LINK_MESSAGE),
});

const DETAILS_MESSAGE = msg("validation:review.reportDetails", {
  min: REVIEW_REPORT_DETAILS_MIN,
  max: REVIEW_REPORT_DETAILS_MAX,
});
/** The lawyer's report of a review (POST /api/reviews/{id}/report): a policy reason and details. */
export const ReviewReportSchema = z.object({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: msg("validation:review.reason") }),
  details: multiLine(
    z
      .string({ error: DETAILS_MESSAGE })
      .trim()
      .min(REVIEW_REPORT_DETAILS_MIN, DETAILS_MESSAGE)
      .max(REVIEW_REPORT_DETAILS_MAX, DETAILS_MESSAGE),
  ),
});

/** A moderator's decision on a review (the back office): publish, or reject/remove with a policy reason. */
export const ReviewDecisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("publish") }),
  z.object({
    decision: z.enum(["reject", "remove"]),
    reason: z.enum(REVIEW_REMOVAL_REASONS, { error: msg("validation:review.reason") }),
  }),
]);
/** A validated moderator decision. */
export type ReviewDecision = z.output<typeof ReviewDecisionSchema>;
