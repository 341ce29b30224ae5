/**
 * Case intake: the payload of the case form and of POST /api/cases, validated by the same zod
 * schema in the browser (app/features/cases/) and on the server
 * (server/api/cases.ts), with the field lengths of spec §3 "Case" and the options of spec §9
 * "Case form options"; the document rules of spec §5 (pdf, doc, docx, jpg, jpeg, png; 10 MB) and
 * issue 4 (at most 10 per case); the spec's toast texts (§8).
 */

import { z } from "zod";
import { BUDGETS, CASE_PRIORITIES, CASE_STATUSES, COMMUNICATION_METHODS } from "./constants.ts";
import { emailField } from "./email-address.ts";
import { msg } from "./i18n/message.ts";
import { MAX_INTEGER_ID } from "./ids.ts";
import { phoneCountryField, phoneField, withPhoneCountry } from "./phone.ts";
import { CaseTypeSchema } from "./taxonomy-schemas.ts";
import { multiLine, singleLine } from "./text.ts";

/** Largest accepted document, in bytes: 10 MB (spec §5 "a stated maximum of 10MB per file"). */
export const CASE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Most documents one case may carry (issue 4). */
export const CASE_DOCUMENT_MAX_COUNT = 10;
/** Longest case description, in characters (spec §3 gives none; a bound keeps requests sane). */
export const CASE_DESCRIPTION_MAX = 10_000;
/** Longest message in a case thread, in characters. */
export const CASE_MESSAGE_MAX = 5_000;

/**
 * Accepted document types (spec §5): file extension → the media type the file's content must
 * have. The type is checked from the content (magic bytes), never from the name (issue 4).
 */
export const CASE_DOCUMENT_TYPES = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
} as const;

/** The `accept` attribute of the document picker: ".pdf,.doc,.docx,.jpg,.jpeg,.png". */
export const CASE_DOCUMENT_ACCEPT = Object.keys(CASE_DOCUMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(",");

/**
 * A profile address ending in this fragment opens the case form at once (a match card's Contact
 * Lawyer, spec §2 "Matches"). Without JavaScript the profile shows, with its contacts and the
 * Submit Case link to the in-page form (`?form=case#submit-case`, issue 13 §4), where this
 * fragment names the form's section.
 */
export const SUBMIT_CASE_FRAGMENT = "#submit-case";

/** Texts of the case form and its toasts (spec §2 "Case form dialog", §8; verbatim). */
export const CASE_TEXTS = {
  dialogTitle: "Legal Case Management",
  successToastTitle: "Case Submitted Successfully",
  successToastBody: "Your case has been submitted to the lawyer. They will contact you soon.",
  failureToastTitle: "Submission Failed",
  failureToastBody: "There was an error submitting your case. Please try again.",
  // The spec's "The lawyer will respond within 24 hours." is said only where the listing can keep
  // it (issue 28 §4): the cases catalog's `responsePromise` (managed) or `success.waiting*`.
} as const;

/** Field messages shown next to the fields; the API answers the same text in `message`. */
export const CASE_FIELD_MESSAGES = {
  caseTitle: msg("validation:case.caseTitle"),
  caseType: msg("validation:case.caseType"),
  description: msg("validation:case.description"),
  clientName: msg("validation:case.clientName"),
  clientEmail: msg("validation:case.clientEmail"),
  clientPhone: msg("validation:case.clientPhone"),
  healthDataConsent: msg("validation:case.healthDataConsent"),
  incidentDate: msg("validation:case.incidentDate"),
  incidentDateFuture: msg("validation:case.incidentDateFuture"),
  tooLong: (max: number) => msg("validation:tooLong", { max }),
} as const;

/**
 * A required trimmed text of at most `max` characters, without control characters; one line
 * unless `lines` is "many" (then tabs and line breaks are kept; lib/text.ts says why).
 */
const trimmed = (max: number, required: string, lines: "one" | "many" = "one") =>
  (lines === "one" ? singleLine : multiLine)(
    z.string({ error: required }).trim().min(1, required).max(max, CASE_FIELD_MESSAGES.tooLong(max)),
  );
const optionalTrimmed = (max: number) =>
  singleLine(z.string().trim().max(max, CASE_FIELD_MESSAGES.tooLong(max)))
    .optional()
    .transform((v) => (v ? v : undefined));

/** The earliest incident date the form accepts (issue 17 §2: a conflict-check fact, not a guess). */
export const INCIDENT_DATE_MIN = "1900-01-01";

/**
 * Whether `value` (YYYY-MM-DD) is a real calendar date on or after INCIDENT_DATE_MIN. Whether it
 * is in the future is decided by the server's injectable clock (server/cases, isFutureDate).
 */
export function isIncidentDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    value >= INCIDENT_DATE_MIN
  );
}

/**
 * Whether the date `value` (YYYY-MM-DD) lies after `now`'s day. The day is taken at UTC+14, the
 * earliest calendar on Earth, so nobody is refused the date that is "today" where they live.
 */
export function isFutureDate(value: string, now: Date): boolean {
  const latestToday = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  return value > latestToday;
}

/**
 * Issue 17 §1 / GDPR Art. 9(2)(a): the explicit consent to process the health information of the
 * case. JSON sends `true`; a form's checkbox sends "true" or "on". Anything else (missing, false)
 * is refused with the field error on `healthDataConsent`.
 */
export const healthDataConsentField = z.preprocess(
  (v) => (v === "true" || v === "on" ? true : v),
  z.literal(true, { error: CASE_FIELD_MESSAGES.healthDataConsent }),
);

/**
 * The case payload (spec §3 "Case submission payload"): caseTitle, caseType, description,
 * priority (default medium), dateNeeded (optional), clientName, clientEmail, clientPhone,
 * preferredCommunication (default email), budget (optional), lawyerId. Lengths from spec §3
 * "Case". Multipart forms send every value as text, so `lawyerId` is coerced. Issue 14 §2: the
 * name in any script (NFC), an RFC 6531 email, the phone in any digits, read in `phoneCountry`
 * (the lawyer's country) when national, stored as E.164.
 */
export const CaseSubmissionSchema = withPhoneCountry(
  z.object({
    caseTitle: trimmed(255, CASE_FIELD_MESSAGES.caseTitle),
    caseType: CaseTypeSchema,
    description: trimmed(CASE_DESCRIPTION_MAX, CASE_FIELD_MESSAGES.description, "many"),
    priority: z.enum(CASE_PRIORITIES).default("medium"),
    dateNeeded: optionalTrimmed(50),
    clientName: trimmed(255, CASE_FIELD_MESSAGES.clientName).normalize("NFC"),
    clientEmail: emailField(CASE_FIELD_MESSAGES.clientEmail, CASE_FIELD_MESSAGES.tooLong(255)),
    clientPhone: phoneField(CASE_FIELD_MESSAGES.clientPhone, 50, CASE_FIELD_MESSAGES.tooLong(50)),
    /** The country a national clientPhone is read in: the lawyer's (issue 14 §2). */
    phoneCountry: phoneCountryField,
    preferredCommunication: z.enum(COMMUNICATION_METHODS).default("email"),
    budget: z.enum(BUDGETS).optional(),
    lawyerId: z.coerce.number().int().positive().max(MAX_INTEGER_ID),
    /** Issue 17 §2 conflict check: the other party (a person or a company), optional. */
    otherParty: optionalTrimmed(255),
    /** Issue 17 §2: when the incident happened (YYYY-MM-DD, from 1900; not in the future, checked by the server's clock). */
    incidentDate: optionalTrimmed(10).refine((v) => v === undefined || isIncidentDate(v), {
      error: CASE_FIELD_MESSAGES.incidentDate,
    }),
    /** Issue 17 §2: where the incident happened (city, region, country: the jurisdiction). */
    incidentPlace: optionalTrimmed(255),
    /** Issue 17 §1: explicit consent to process health data (GDPR Art. 9(2)(a)); required. */
    healthDataConsent: healthDataConsentField,
  }),
  { clientPhone: CASE_FIELD_MESSAGES.clientPhone },
);

/** A validated case payload. */
export type CaseSubmission = z.infer<typeof CaseSubmissionSchema>;
/** The case form's values before validation. */
export type CaseSubmissionInput = z.input<typeof CaseSubmissionSchema>;

/** Required fields of each step (spec §4 "Case form"; issue 17 §1: step 3, documents, needs the health-data consent). */
export const CASE_STEP_REQUIRED = {
  1: ["caseTitle", "caseType", "description"],
  2: ["clientName", "clientEmail", "clientPhone"],
  3: ["healthDataConsent"],
} as const satisfies Record<1 | 2 | 3, readonly (keyof CaseSubmissionInput)[]>;

/** A status change by the case's lawyer (issue 4: pending, reviewing, accepted, engaged (issue 16 §1) or declined, closed). */
export const CaseStatusChangeSchema = z.object({
  status: z.enum(CASE_STATUSES, {
    error: msg("validation:case.status", { options: CASE_STATUSES.join(", ") }),
  }),
});

/**
 * The lawyer's acceptance for review (issue 17 §2; ABA Model Rule 1.18: a conflict check comes
 * before the lawyer learns more): `noConflict: true` confirms the conflict check found none.
 */
export const CaseAcceptSchema = z.object({
  noConflict: z.literal(true, { error: msg("validation:case.noConflict") }),
});

/** Longest reason of a decline, in characters. */
export const DECLINE_REASON_MAX = 1000;

/** The lawyer's decline (issue 17 §2): an optional reason the client sees. */
export const CaseDeclineSchema = z.object({
  reason: multiLine(
    z.string().trim().max(DECLINE_REASON_MAX, CASE_FIELD_MESSAGES.tooLong(DECLINE_REASON_MAX)),
  )
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** A message in a case thread, by either party. */
export const CaseMessageSchema = z.object({
  body: trimmed(CASE_MESSAGE_MAX, msg("validation:case.messageBody"), "many"),
});

/** Display labels of the case statuses. */
export const CASE_STATUS_LABELS = {
  pending: "Pending",
  reviewing: "Under review",
  accepted: "Accepted",
  engaged: "Engaged",
  declined: "Declined",
  closed: "Closed",
} as const satisfies Record<(typeof CASE_STATUSES)[number], string>;

/**
 * Why a case access token was minted (issue 16 §1 review invitation, §3 24 h late notice): each
 * such email to a client without an account carries its own private link (server/cases/access-tokens.ts).
 */
export const CASE_ACCESS_TOKEN_PURPOSES = ["invite", "late_notice"] as const;

/** One of CASE_ACCESS_TOKEN_PURPOSES. */
export type CaseAccessTokenPurpose = (typeof CASE_ACCESS_TOKEN_PURPOSES)[number];

/** How long an emailed case access link opens the case, in days (the submission's link never expires). */
export const CASE_ACCESS_TOKEN_DAYS = 60;
