/**
 * The lawyer's notice of a new case (issue 4; server/cases): no tracking token, sign-in needed.
 * Issue 17 §2 (two-stage intake; ABA Model Rule 1.18): it carries the conflict-check summary
 * only — never the description or the documents, which open after the lawyer accepts the case.
 * Issue 19 §5: to a listing nobody has claimed yet, it explains the three steps of the claim.
 */

import { CASE_FIELD_MAX, field } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The case's summary and the link to it (the case page, which asks the lawyer to sign in). */
export interface CaseNewParams {
  listingName: string;
  caseTitle: string;
  caseType: string;
  priority: string;
  clientName: string;
  /** Issue 17 §2 conflict-check facts (null when not given). */
  otherParty?: string | null;
  incidentPlace?: string | null;
  /** YYYY-MM-DD. */
  incidentDate?: string | null;
  /** `${origin}/cases/${id}` */
  caseLink: string;
  /**
   * Issue 19 §5: set when the listing has no account yet: how to claim it (issue 3's claim flow:
   * sign up as a lawyer with `email`, then "Send verification link" on the dashboard's "My
   * listing", then open the emailed /claim-listing link), with the sign-up page's address.
   */
  claim?: { signupLink: string; email: string };
}

/** The notice's content: the listing, title, type, priority and client, and the link. */
export function caseNewContent(p: CaseNewParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  return {
    subject: t("caseNew.subject", { type: p.caseType }),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t("caseNew.intro", { listing: field(p.listingName) })] },
      {
        lines: [
          t("caseNew.title", { title: field(p.caseTitle) }),
          t("caseNew.type", { type: p.caseType }),
          t("caseNew.priority", { priority: p.priority }),
          t("caseNew.client", { client: field(p.clientName) }),
          ...(p.otherParty ? [t("caseNew.otherParty", { party: field(p.otherParty) })] : []),
          ...(p.incidentPlace ? [t("caseNew.incidentPlace", { place: field(p.incidentPlace) })] : []),
          ...(p.incidentDate ? [t("caseNew.incidentDate", { date: p.incidentDate })] : []),
        ],
      },
      { lines: [t("caseNew.conflictCheck")] },
      ...(p.claim
        ? [
            { lines: [t("caseNew.claimIntro")] },
            {
              lines: [
                t("caseNew.claimStep1", { email: p.claim.email }),
                { href: p.claim.signupLink },
                t("caseNew.claimStep2"),
                t("caseNew.claimStep3"),
              ],
            },
          ]
        : []),
      { lines: [t("case.openLawyer"), { href: p.caseLink }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The notice as `{ subject, html, text }`. */
export function caseNewEmail(p: CaseNewParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(caseNewContent(p, locale), locale);
}
