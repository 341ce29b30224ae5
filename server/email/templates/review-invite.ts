/**
 * The client's invitation to review their lawyer when an engaged case closes (issue 16 §1
 * "Clients are invited by email when a case closes"; server/cases changeStatus sends it once per
 * case). It links into the case page (the tracking-link note for a visitor, as the status notice)
 * and says from which day the review form opens (REVIEW_MIN_DAYS_AFTER_ENGAGEMENT after the
 * engagement). Sources: FTC 16 CFR 465 and UK DMCC Act 2024 — invitations go to every engaged
 * client, not only happy ones.
 */

import { dateTimeFormat } from "../../../lib/i18n/intl-cache.ts";
import { CASE_FIELD_MAX, clientAccessBlock, field } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The case, the lawyer, the client's way back and the first day they may review. */
export interface ReviewInviteParams {
  clientName: string;
  caseTitle: string;
  /** The listing's name; null when the listing is gone ("Your lawyer"). */
  lawyerName: string | null;
  /** `${origin}/<locale>/cases/${id}` */
  caseLink: string;
  clientHasAccount: boolean;
  /**
   * For a client without an account: `${origin}/<locale>/cases/${id}?token=…` with an access token
   * minted for this email (server/cases/access-tokens.ts), opening the case on any device.
   */
  accessLink?: string;
  /** When the review form opens (engagement + 14 days); written as a date in the locale (UTC). */
  reviewFrom: Date;
}

/** The invitation's content: greeting, the case closed, when and where to review, the link. */
export function reviewInviteContent(p: ReviewInviteParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const lawyer = field(p.lawyerName ?? t("case.yourLawyer"));
  const date = dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(p.reviewFrom);
  return {
    subject: t("reviewInvite.subject", { lawyer }),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.helloName", { name: field(p.clientName) })] },
      { lines: [t("reviewInvite.intro", { lawyer, title: field(p.caseTitle) })] },
      { lines: [t("reviewInvite.when", { date }), t("reviewInvite.verified")] },
      clientAccessBlock(t, p.caseLink, p.clientHasAccount, p.accessLink),
      { lines: [t("common.signature")] },
    ],
  };
}

/** The invitation as `{ subject, html, text }`. */
export function reviewInviteEmail(p: ReviewInviteParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(reviewInviteContent(p, locale), locale);
}
