/**
 * The lawyer's reminder of an unanswered case (issue 16 §3: "a reminder email to the lawyer at
 * 12 h"; spec §1 "lawyers respond within 24 hours"), sent once per case by the response sweep
 * (server/responses/sweep.ts) in the listing owner's language. Issue 28 §4: to a listing nobody
 * manages, responseClaimReminderEmail: nothing of the client, the claim's steps instead.
 */
import { CASE_FIELD_MAX, type ClaimSteps, claimBlocks, field } from "./case-shared.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The case waiting, its listing, its age in whole hours and the lawyer's link to it. */
export interface ResponseReminderParams {
  listingName: string;
  caseTitle: string;
  clientName: string;
  hours: number;
  /** `${origin}/<locale>/cases/${id}` */
  caseLink: string;
}

/** The reminder's content: greeting, which case has waited how long, the 24 h promise, the link. */
export function responseReminderContent(p: ResponseReminderParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  return {
    subject: t("responseReminder.subject", { client: field(p.clientName) }),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.hello")] },
      {
        lines: [
          t("responseReminder.intro", {
            listing: field(p.listingName),
            title: field(p.caseTitle),
            hours: p.hours,
          }),
        ],
      },
      { lines: [t("responseReminder.action")] },
      { lines: [t("case.openLawyer"), { href: p.caseLink }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The reminder as `{ subject, html, text }`. */
export function responseReminderEmail(
  p: ResponseReminderParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(responseReminderContent(p, locale), locale);
}

/** Issue 28 §4: the reminder to a listing nobody manages: its name, the case's age, the link, the claim. */
export interface ResponseClaimReminderParams {
  listingName: string;
  hours: number;
  caseLink: string;
  claim: ClaimSteps;
}

/** The claim reminder's content: a case has waited this long; nothing of it was sent here; the claim. */
export function responseClaimReminderContent(
  p: ResponseClaimReminderParams,
  locale: Locale = "en",
): EmailContent {
  const t = translator(locale);
  return {
    subject: t("responseReminder.waitingSubject"),
    subjectMaxLength: CASE_FIELD_MAX,
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t("responseReminder.waitingIntro", { listing: field(p.listingName), hours: p.hours })] },
      { lines: [t("caseNew.waitingSealed")] },
      ...claimBlocks(t, p.claim),
      { lines: [t("case.openLawyer"), { href: p.caseLink }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The claim reminder as `{ subject, html, text }`. */
export function responseClaimReminderEmail(
  p: ResponseClaimReminderParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(responseClaimReminderContent(p, locale), locale);
}
