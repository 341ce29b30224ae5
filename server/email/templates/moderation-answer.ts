/**
 * The answer a moderator's decision sends (issue 15 §3 "Reports and corrections"): to a visitor who
 * reported a listing and left an email (dismissed, or the listing hidden), and to the requester of
 * a correction or a removal (accepted or declined). In the requester's locale, with the
 * moderator's reason quoted as written.
 */
import { type Locale, type MessageId, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** Which decision the email answers. */
export type ModerationOutcome =
  | "report.dismissed"
  | "report.hidden"
  | "correction.accepted"
  | "correction.declined"
  | "removal.accepted"
  | "removal.declined";

/** The decision, the listing it is about and the moderator's reason. */
export interface ModerationAnswerParams {
  outcome: ModerationOutcome;
  listingName: string;
  reason: string;
}

const BODY: Record<ModerationOutcome, MessageId> = {
  "report.dismissed": "moderation.reportDismissed",
  "report.hidden": "moderation.reportHidden",
  "correction.accepted": "moderation.correctionAccepted",
  "correction.declined": "moderation.correctionDeclined",
  "removal.accepted": "moderation.removalAccepted",
  "removal.declined": "moderation.removalDeclined",
};

/** The answer's content (see the module comment). */
export function moderationAnswerContent(p: ModerationAnswerParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const subject = p.outcome.startsWith("report.")
    ? t("moderation.reportSubject", { lawyer: p.listingName })
    : t("moderation.requestSubject", { lawyer: p.listingName });
  return {
    subject,
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t(BODY[p.outcome], { lawyer: p.listingName })] },
      { lines: [t("moderation.reasonLabel"), { quote: p.reason }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The answer email as `{ subject, html, text }`. */
export function moderationAnswerEmail(
  p: ModerationAnswerParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(moderationAnswerContent(p, locale), locale);
}
