/**
 * What the verification forms send and who may send it (issue 15 §2): the admission, request and
 * decision schemas, the one mapping of a zod failure to a ValidationError with each message next
 * to its field, the listing a lawyer acts for and the audit actor of a user.
 */
import { z } from "zod";
import type { PublicUser } from "../../lib/account.ts";
import { CHECK_KINDS } from "../../lib/constants.ts";
import { MAX_INTEGER_ID } from "../../lib/ids.ts";
import { nullRecord } from "../../lib/input-boundary.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import { VERIFICATION_MESSAGES } from "./service.ts";

const year = z.coerce.number().int().min(1900).max(2100);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: VERIFICATION_MESSAGES.invalid })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/** An admission as the dashboard form sends it. */
export const AdmissionInputSchema = z.object({
  admissionId: z.coerce.number().int().positive().max(MAX_INTEGER_ID).optional(),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: VERIFICATION_MESSAGES.invalid }),
  region: optionalText(100),
  regulator: z.string().trim().min(2, { message: VERIFICATION_MESSAGES.invalid }).max(255),
  licenceNumber: z.string().trim().min(1, { message: VERIFICATION_MESSAGES.invalid }).max(100),
  yearAdmitted: z.preprocess((v) => (v === "" || v == null ? undefined : v), year.optional()),
});

/** The request form's fields (kinds as a list; the details of the picked kinds). */
export const RequestInputSchema = z.object({
  kinds: z.array(z.enum(CHECK_KINDS)).min(1, { message: VERIFICATION_MESSAGES.pickKind }),
  admissionIds: z.array(z.coerce.number().int().positive()).default([]),
  note: optionalText(2000),
  insuranceCarrier: optionalText(255),
  insuranceCover: optionalText(100),
  insuranceExpiry: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.iso.date({ message: VERIFICATION_MESSAGES.invalid }).optional(),
  ),
  educationSchool: optionalText(255),
  educationDegree: optionalText(255),
  educationYear: z.preprocess((v) => (v === "" || v == null ? undefined : v), year.optional()),
});

/** The moderator's decision form. */
export const DecisionInputSchema = z.object({
  decision: z.enum(["approve", "reject"]),
  reason: optionalText(2000),
  method: z.enum(["register_lookup", "document_reviewed"]).default("register_lookup"),
  registerUrl: optionalText(500),
});

/**
 * The validation error of a zod failure, each field's first message next to it (a catalog
 * reference, else VERIFICATION_MESSAGES.invalid); the error's message is the first field's.
 */
export function validationOf(error: z.ZodError): ValidationError {
  const fields = nullRecord<string>();
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "form");
    if (!Object.hasOwn(fields, name))
      fields[name] = issue.message.startsWith("errors:") ? issue.message : VERIFICATION_MESSAGES.invalid;
  }
  const first = Object.values(fields)[0] ?? VERIFICATION_MESSAGES.invalid;
  return new ValidationError(first, fields);
}

/**
 * The listing id a lawyer acts for (issue 15 §2: only a listing's owner enters admissions and
 * requests). @throws ForbiddenError for any account without a listing
 */
export function listingOf(user: PublicUser): number {
  if (user.role !== "lawyer" || user.lawyerId === null)
    throw new ForbiddenError(VERIFICATION_MESSAGES.noListing);
  return user.lawyerId;
}

/** The audit log's actor for `user` (server/audit recordAudit). */
export const actorOf = (user: PublicUser) => ({ userId: user.id, role: user.role });
