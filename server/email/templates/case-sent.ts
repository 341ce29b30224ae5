/**
 * The client's confirmation that a case was sent, with the way to follow it (issue 4; server/cases).
 * Issue 28 §4: it promises nothing the listing cannot keep: for a managed listing what the response
 * process does (asked to answer within 24 hours, reminded at 12, the client told at 24 with the
 * one-click re-send; server/responses); for a listing nobody manages that it has not joined
 * LexAtlas, what LexAtlas does instead, and that the case can go to another lawyer at once.
 */

import { RESPONSE_DEADLINE_HOURS } from "../../../lib/response-times.ts";
import { CASE_FIELD_MAX, field } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The case, the listing it went to, and the link to follow it. */
export interface CaseSentParams {
  clientName: string;
  caseTitle: string;
  lawyerName: string;
  /** "" when the listing has no firm. */
  lawyerFirm: string;
  /** Issue 28 §4: an account with a confirmed email manages the listing (server/listings/managed.ts). */
  lawyerManaged: boolean;
  /** `${origin}/cases/${id}`: shown to a client with an account. */
  caseLink: string;
  /**
   * `${origin}/cases/${id}?token=…` for a client without an account (the only way back, private);
   * omitted for a client with an account, who gets `caseLink`.
   */
  trackingLink?: string;
}

/** The confirmation's content: greeting, what was sent to whom, how to follow it. */
export function caseSentContent(p: CaseSentParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const params = { title: field(p.caseTitle), lawyer: field(p.lawyerName), firm: field(p.lawyerFirm) };
  return {
    subject: t("caseSent.subject", { lawyer: p.lawyerName }),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.helloName", { name: field(p.clientName) })] },
      ...(p.lawyerManaged
        ? [
            { lines: [t(p.lawyerFirm ? "caseSent.introWithFirm" : "caseSent.intro", params)] },
            {
              lines: [
                t("caseSent.managedNext", { lawyer: field(p.lawyerName), hours: RESPONSE_DEADLINE_HOURS }),
              ],
            },
          ]
        : [
            { lines: [t(p.lawyerFirm ? "caseSent.waitingIntroWithFirm" : "caseSent.waitingIntro", params)] },
            { lines: [t("caseSent.waitingNext"), t("caseSent.waitingResend")] },
          ]),
      ...(p.trackingLink === undefined
        ? [{ lines: [t("caseSent.followAccount"), { href: p.caseLink }] }]
        : [
            { lines: [t("caseSent.followToken"), { href: p.trackingLink }] },
            { lines: [t("caseSent.keepPrivate")] },
          ]),
      { lines: [t("common.signature")] },
    ],
  };
}

/** The confirmation as `{ subject, html, text }`. */
export function caseSentEmail(p: CaseSentParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(caseSentContent(p, locale), locale);
}
