/**
 * The shapes a review's writers send (issue 16 §1), shared by the API (server/api/reviews.ts),
 * the case page's form and the dashboard's reply and report forms, so browser and server check
 * the same bounds (lib/reviews.ts). Also the text rules, by lib/contact-details.ts (issue 27 §2):
 * no links in a review or a reply (400 naming the link), no contact details in a reply (400), and
 * third parties' contact data in a review (email addresses, phone numbers), which holds it for
 * moderation instead of refusing it. Sources: FTC 16
 * CFR 465 (reviews must be genuine, not suppressed), UK DMCC Act 2024 (proactive steps), EU
 * Omnibus 2019/2161; see ../shared/research/trust-and-regulation.md.
 */
import { z } from "zod";
import { firstLink } from "./contact-details.ts";
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

/**
 * Refuses a text with a link (issue 16 §1 "no links"; issue 27 §2: found by
 * lib/contact-details.ts, whatever its top-level domain), naming what was found so the writer
 * sees what to change.
 */
function noLink(value: string, ctx: z.RefinementCtx) {
  const found = firstLink(value);
  if (found) ctx.addIssue({ code: "custom", message: msg("validation:review.links", { found }) });
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
  ).superRefine(noLink),
  text: multiLine(
    z
      .string({ error: TEXT_MESSAGE })
      .trim()
      .min(REVIEW_TEXT_MIN, TEXT_MESSAGE)
      .max(REVIEW_TEXT_MAX, TEXT_MESSAGE),
  ).superRefine(noLink),
});
/** A validated review. */
export type ReviewInput = z.output<typeof ReviewInputSchema>;

const REPLY_MESSAGE = msg("validation:review.reply", { max: REVIEW_REPLY_MAX });
/**
 * The lawyer's one public reply (POST /api/reviews/{id}/reply): 1–REVIEW_REPLY_MAX characters,
 * no link. The review service also refuses an email address or a phone number in it (read in the
 * listing's country; REPLY_CONTACT_MESSAGE): a reply cannot be held for a moderator like a review.
 */
export const ReviewReplySchema = z.object({
  reply: multiLine(
    z.string({ error: REPLY_MESSAGE }).trim().min(1, REPLY_MESSAGE).max(REVIEW_REPLY_MAX, REPLY_MESSAGE),
  ).superRefine(noLink),
});
/** Field error of a reply with an email address or a phone number (issue 27 §2). */
export const REPLY_CONTACT_MESSAGE = msg("validation:review.replyContact");

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
