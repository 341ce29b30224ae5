/**
 * The client's notice of the lawyer's new message in a case's thread (issue 4; server/cases):
 * the message as typed and the client's way back to the case.
 */

import { CASE_FIELD_MAX, clientLinkBlock, field } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The lawyer's message to the client. */
export interface CaseMessageToClientParams {
  clientName: string;
  caseTitle: string;
  /** The listing's name; null when the listing is gone ("Your lawyer"). */
  lawyerName: string | null;
  body: string;
  /** `${origin}/cases/${id}` */
  caseLink: string;
  clientHasAccount: boolean;
}

/** The client's notice: who wrote about which case, the message, the way back. */
export function caseMessageToClientContent(
  p: CaseMessageToClientParams,
  locale: Locale = "en",
): EmailContent {
  const t = translator(locale);
  return {
    subject: t("caseMessageClient.subject"),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.helloName", { name: field(p.clientName) })] },
      {
        lines: [
          t("caseMessageClient.intro", {
            lawyer: field(p.lawyerName ?? t("case.yourLawyer")),
            title: field(p.caseTitle),
          }),
        ],
      },
      { lines: [{ verbatim: p.body }] },
      clientLinkBlock(t, p.caseLink, p.clientHasAccount),
      { lines: [t("common.signature")] },
    ],
  };
}

/** The client's notice as `{ subject, html, text }`. */
export function caseMessageToClientEmail(
  p: CaseMessageToClientParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(caseMessageToClientContent(p, locale), locale);
}
