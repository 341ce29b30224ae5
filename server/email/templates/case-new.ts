/**
 * The lawyer's notice of a new case (issue 4; server/cases): no tracking token, sign-in needed.
 * Issue 17 §2 (two-stage intake; ABA Model Rule 1.18): it carries the conflict-check summary
 * only — never the description or the documents, which open after the lawyer accepts the case.
 * Issue 28 §4 (GDPR Art. 9; docs/spec-deviations.md): the address of a listing nobody manages has
 * not been confirmed by anyone, so its notice (caseWaitingEmail) carries nothing about the client
 * or what happened — only the listing, the case type and the three steps of the claim (issue 19 §5).
 */

import { CASE_FIELD_MAX, type ClaimSteps, claimBlocks, field } from "./case-shared.ts";
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
      { lines: [t("case.openLawyer"), { href: p.caseLink }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The notice as `{ subject, html, text }`. */
export function caseNewEmail(p: CaseNewParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(caseNewContent(p, locale), locale);
}

/**
 * What the notice to a listing nobody manages may say (issue 28 §4): the listing's own public name,
 * the case type, the case link (it asks to sign in with the account that manages the listing) and
 * how to claim it. No field of the client's: nobody has confirmed this address.
 */
export interface CaseWaitingParams {
  listingName: string;
  caseType: string;
  caseLink: string;
  claim: ClaimSteps;
}

/** The waiting notice's content: a case of this type waits, nothing of it was sent here, the claim. */
export function caseWaitingContent(p: CaseWaitingParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  return {
    subject: t("caseNew.waitingSubject", { type: p.caseType }),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t("caseNew.waitingIntro", { listing: field(p.listingName), type: p.caseType })] },
      { lines: [t("caseNew.waitingSealed")] },
      ...claimBlocks(t, p.claim),
      { lines: [t("case.openLawyer"), { href: p.caseLink }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The waiting notice as `{ subject, html, text }`. */
export function caseWaitingEmail(p: CaseWaitingParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(caseWaitingContent(p, locale), locale);
}
