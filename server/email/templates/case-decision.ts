/**
 * The client's notices of the lawyer's answer to a case (issue 17 §2 "two-stage intake"): the case
 * was accepted for review (the lawyer found no conflict and now reads the description and the
 * documents), or declined, with the lawyer's reason when one was given and the way to send the
 * case to another lawyer (the case page's re-send form, with the client's consent). Written in
 * the case's language (cases.locale, issue 14 §1).
 */
import { CASE_FIELD_MAX, clientAccessBlock, clientLinkBlock, field } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The case, its lawyer and the client's way back to it. */
export interface CaseDecisionParams {
  clientName: string;
  caseTitle: string;
  /** The listing's name; null when the listing is gone ("Your lawyer"). */
  lawyerName: string | null;
  /** `${origin}/cases/${id}` in the client's language. */
  caseLink: string;
  clientHasAccount: boolean;
}

/** The accepted notice's content: greeting, who accepted which case, what happens next, the link. */
export function caseAcceptedContent(p: CaseDecisionParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const lawyer = field(p.lawyerName ?? t("case.yourLawyer"));
  return {
    subject: t("caseAccepted.subject"),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.helloName", { name: field(p.clientName) })] },
      { lines: [t("caseAccepted.intro", { lawyer, title: field(p.caseTitle) })] },
      { lines: [t("caseAccepted.next", { lawyer })] },
      clientLinkBlock(t, p.caseLink, p.clientHasAccount),
      { lines: [t("common.signature")] },
    ],
  };
}

/** The accepted notice as `{ subject, html, text }`. */
export function caseAcceptedEmail(p: CaseDecisionParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(caseAcceptedContent(p, locale), locale);
}

/** The declined notice's parameters: the reason (null when none) and, without an account, an access link. */
export interface CaseDeclinedParams extends CaseDecisionParams {
  reason: string | null;
  /** The case page with a fresh access token (a client without an account), server/cases/access-tokens.ts. */
  accessLink?: string;
}

/**
 * The declined notice's content: who declined, the reason (or that none was given), that the
 * lawyer never saw the description or the documents, how to send the case to another lawyer.
 */
export function caseDeclinedContent(p: CaseDeclinedParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const lawyer = field(p.lawyerName ?? t("case.yourLawyer"));
  return {
    subject: t("caseDeclined.subject"),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.helloName", { name: field(p.clientName) })] },
      { lines: [t("caseDeclined.intro", { lawyer, title: field(p.caseTitle) })] },
      {
        lines: p.reason ? [t("caseDeclined.reason"), p.reason] : [t("caseDeclined.noReason")],
      },
      { lines: [t("caseDeclined.notSeen", { lawyer })] },
      { lines: [t("caseDeclined.resend")] },
      clientAccessBlock(t, p.caseLink, p.clientHasAccount, p.accessLink),
      { lines: [t("common.signature")] },
    ],
  };
}

/** The declined notice as `{ subject, html, text }`. */
export function caseDeclinedEmail(p: CaseDeclinedParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(caseDeclinedContent(p, locale), locale);
}
