/**
 * The client's notice that the lawyer has not answered within 24 hours (issue 16 §3: "at 24 h
 * without answer the client is told and offered to send the same case ... to another lawyer of
 * their choice in one click"), sent once per case by the response sweep (server/responses/sweep.ts)
 * in the case's language (cases.locale). The link opens the case page, where the offer is.
 */
import { CASE_FIELD_MAX, clientAccessBlock, field } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The case, its lawyer, and the client's way back to it. */
export interface ResponseLateParams {
  clientName: string;
  caseTitle: string;
  /** The listing's name; null when the listing is gone ("Your lawyer"). */
  lawyerName: string | null;
  /** `${origin}/<locale>/cases/${id}` */
  caseLink: string;
  /** Whether the case belongs to an account (else it was sent with a tracking link). */
  clientHasAccount: boolean;
  /**
   * For a client without an account: `${origin}/<locale>/cases/${id}?token=…` with an access token
   * minted for this email (server/cases/access-tokens.ts), opening the case on any device.
   */
  accessLink?: string;
}

/** The notice's content: greeting, who has not answered, the offer, the link. */
export function responseLateContent(p: ResponseLateParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const lawyer = field(p.lawyerName ?? t("case.yourLawyer"));
  return {
    subject: t("responseLate.subject", { lawyer }),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.helloName", { name: field(p.clientName) })] },
      { lines: [t("responseLate.intro", { lawyer, title: field(p.caseTitle) })] },
      { lines: [t("responseLate.offer")] },
      clientAccessBlock(t, p.caseLink, p.clientHasAccount, p.accessLink),
      { lines: [t("common.signature")] },
    ],
  };
}

/** The notice as `{ subject, html, text }`. */
export function responseLateEmail(p: ResponseLateParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(responseLateContent(p, locale), locale);
}
