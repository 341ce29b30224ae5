/** The client's notice that the lawyer changed a case's status (issue 4; server/cases). */
import type { CaseStatus } from "../../../lib/constants.ts";
import { CASE_FIELD_MAX, clientLinkBlock, field, statusLabelId } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The case, the new status, who changed it and the client's way back. */
export interface CaseStatusParams {
  clientName: string;
  caseTitle: string;
  /** The listing's name; null when the listing is gone ("Your lawyer"). */
  lawyerName: string | null;
  status: CaseStatus;
  /** `${origin}/cases/${id}` */
  caseLink: string;
  /** Whether the case belongs to an account (else it was sent with a tracking link). */
  clientHasAccount: boolean;
}

/** The notice's content: greeting, who changed the status to what, the link. */
export function caseStatusContent(p: CaseStatusParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const status = t(statusLabelId(p.status));
  return {
    subject: t("caseStatus.subject", { status }),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.helloName", { name: field(p.clientName) })] },
      {
        lines: [
          t("caseStatus.intro", {
            lawyer: field(p.lawyerName ?? t("case.yourLawyer")),
            title: field(p.caseTitle),
            status,
          }),
        ],
      },
      clientLinkBlock(t, p.caseLink, p.clientHasAccount),
      { lines: [t("common.signature")] },
    ],
  };
}

/** The notice as `{ subject, html, text }`. */
export function caseStatusEmail(p: CaseStatusParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(caseStatusContent(p, locale), locale);
}
