/**
 * The lawyer's notice of the client's new message in a case's thread (issue 4; server/cases),
 * sent to the listing's address: the message as typed and the case link (sign-in needed). Issue
 * 28 §4: to a listing nobody manages, caseMessageWaitingEmail: no message, no name, the claim.
 */

import { CASE_FIELD_MAX, type ClaimSteps, claimBlocks, field } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The client's message to the lawyer. */
export interface CaseMessageToLawyerParams {
  clientName: string;
  caseTitle: string;
  body: string;
  /** `${origin}/cases/${id}` */
  caseLink: string;
}

/** The lawyer's notice: who wrote about which case, the message, the link (sign-in needed). */
export function caseMessageToLawyerContent(
  p: CaseMessageToLawyerParams,
  locale: Locale = "en",
): EmailContent {
  const t = translator(locale);
  return {
    subject: t("caseMessageLawyer.subject"),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t("caseMessageLawyer.intro", { client: field(p.clientName), title: field(p.caseTitle) })] },
      { lines: [{ verbatim: p.body }] },
      { lines: [t("case.openLawyer"), { href: p.caseLink }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The lawyer's notice as `{ subject, html, text }`. */
export function caseMessageToLawyerEmail(
  p: CaseMessageToLawyerParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(caseMessageToLawyerContent(p, locale), locale);
}

/** Issue 28 §4: the notice to a listing nobody manages: its name, the link and the claim's steps. */
export interface CaseMessageWaitingParams {
  listingName: string;
  caseLink: string;
  claim: ClaimSteps;
}

/** The content: a message about a waiting case arrived; nothing of it was sent here; the claim. */
export function caseMessageWaitingContent(p: CaseMessageWaitingParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  return {
    subject: t("caseMessageLawyer.subject"),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t("caseMessageLawyer.waitingIntro", { listing: field(p.listingName) })] },
      { lines: [t("caseNew.waitingSealed")] },
      ...claimBlocks(t, p.claim),
      { lines: [t("case.openLawyer"), { href: p.caseLink }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The waiting message notice as `{ subject, html, text }`. */
export function caseMessageWaitingEmail(
  p: CaseMessageWaitingParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(caseMessageWaitingContent(p, locale), locale);
}
