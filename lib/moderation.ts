/**
 * Reports, hidden listings and correction/removal requests (issue 15 §3 "Reports and
 * corrections"): the reasons, states and the zod schemas shared by the pages' forms and actions
 * and the moderation service (server/moderation). A report names one of REPORT_REASONS; a hidden
 * listing keeps one of HIDDEN_REASONS, which its 410 page states in general terms (the
 * moderator's own note stays in the audit log). Avvo's and the LSO's practice of correcting a
 * listing on request and letting the lawyer answer is in ../shared/research/trust-and-regulation.md
 * [S1][S20]; the right to ask for erasure of data about oneself is GDPR Art. 17.
 */
import { z } from "zod";
import { emailField } from "./email-address.ts";
import { msg } from "./i18n/message.ts";
import { multiLine } from "./text.ts";

/** Why a visitor reports a listing (issue 15 §3). */
export const REPORT_REASONS = ["wrong_information", "not_a_lawyer", "misconduct", "impersonation"] as const;
/** One of REPORT_REASONS. */
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report's states: open until a moderator dismisses it or hides the listing. */
export const REPORT_STATUSES = ["open", "dismissed", "hidden"] as const;
/** One of REPORT_STATUSES. */
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The general reason a hidden listing's 410 page states: a report's reason or a removal request. */
export const HIDDEN_REASONS = [...REPORT_REASONS, "removal_request"] as const;
/** One of HIDDEN_REASONS. */
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** A correction of the facts a lawyer cannot edit, or the removal of an unclaimed listing. */
export const CORRECTION_KINDS = ["correction", "removal"] as const;
/** One of CORRECTION_KINDS. */
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** What a correction is about: the listing's bar admissions or its discipline statement. */
export const CORRECTION_FIELDS = ["admissions", "discipline"] as const;
/** One of CORRECTION_FIELDS. */
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/** A correction's states: open until a moderator accepts or declines it. */
export const CORRECTION_STATUSES = ["open", "accepted", "declined"] as const;
/** One of CORRECTION_STATUSES. */
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** Shortest and longest details of a report or request, in characters. */
export const DETAILS_MIN = 20;
export const DETAILS_MAX = 2_000;
/** Longest moderator reason, in characters (it goes to the audit log and the answer email). */
export const MODERATOR_REASON_MAX = 1_000;

/** Messages next to the fields (catalog references, translated by the page). */
export const MODERATION_MESSAGES = {
  reason: msg("moderation:errors.reason"),
  detailsShort: msg("moderation:errors.detailsShort", { min: DETAILS_MIN }),
  detailsLong: msg("moderation:errors.detailsLong", { max: DETAILS_MAX }),
  email: msg("moderation:errors.email"),
  emailLong: msg("validation:tooLong", { max: 255 }),
  field: msg("moderation:errors.field"),
  note: msg("moderation:errors.note"),
  noteLong: msg("validation:tooLong", { max: MODERATOR_REASON_MAX }),
  invalid: msg("moderation:errors.invalid"),
  tooMany: msg("moderation:errors.tooMany"),
} as const;

/** Details: required, trimmed, DETAILS_MIN..DETAILS_MAX characters, line breaks kept. */
const details = multiLine(
  z
    .string({ error: MODERATION_MESSAGES.detailsShort })
    .trim()
    .min(DETAILS_MIN, MODERATION_MESSAGES.detailsShort)
    .max(DETAILS_MAX, MODERATION_MESSAGES.detailsLong),
);

/** An empty string or null becomes undefined (an optional field left empty). */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

/** The report form (issue 15 §3): reason, details, optional email for the answer. */
export const ReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reason }),
  details,
  email: z.preprocess(
    blankToUndefined,
    emailField(MODERATION_MESSAGES.email, MODERATION_MESSAGES.emailLong).optional(),
  ),
});
/** A validated report. */
export type ReportInput = z.infer<typeof ReportSchema>;
/** The report form's fields in order. */
export const REPORT_FIELDS = ["reason", "details", "email"] as const;

/** A lawyer's correction request (issue 15 §3): which facts, and what is wrong. */
export const CorrectionSchema = z.object({
  field: z.enum(CORRECTION_FIELDS, { error: MODERATION_MESSAGES.field }),
  details,
});
/** The correction form's fields in order. */
export const CORRECTION_FORM_FIELDS = ["field", "details"] as const;

/** A removal request for an unclaimed listing (issue 15 §3): the requester's email and why. */
export const RemovalSchema = z.object({
  email: emailField(MODERATION_MESSAGES.email, MODERATION_MESSAGES.emailLong),
  details,
});
/** The removal form's fields in order. */
export const REMOVAL_FIELDS = ["email", "details"] as const;

/** A moderator's reason: required, at most MODERATOR_REASON_MAX characters. */
export const ModeratorNoteSchema = multiLine(
  z
    .string({ error: MODERATION_MESSAGES.note })
    .trim()
    .min(1, MODERATION_MESSAGES.note)
    .max(MODERATOR_REASON_MAX, MODERATION_MESSAGES.noteLong),
);
