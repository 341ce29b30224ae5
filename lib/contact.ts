/**
 * The contact form (spec §2 "Contact", §3 "Contact form fields", §4 "Contact form", §5, §8, §9
 * "Contact and legal"; issue 4 "Contact form"): its zod schema, shared by the contact page's form
 * and action (app/routes/contact.tsx) and POST /api/contact, and the spec's texts, verbatim.
 * Spec §5 gives no length bounds; the schema applies the column lengths of `contact_messages`
 * and CONTACT_MESSAGE_MAX (docs/spec-deviations.md).
 */

import { z } from "zod";
import { CASE_PRIORITIES, CONTACT_CATEGORIES, CONTACT_RESPONSE_HOURS } from "./constants.ts";
import { emailField } from "./email-address.ts";
import { msg } from "./i18n/message.ts";
import { phoneCountryField, phoneField, withPhoneCountry } from "./phone.ts";
import { multiLine, singleLine } from "./text.ts";

/** Longest contact message, in characters (the column is text; spec §5 gives no bound). */
export const CONTACT_MESSAGE_MAX = 5_000;

/** The contact form's texts (spec §4, §8; verbatim where the spec gives them). */
export const CONTACT_TEXTS = {
  submit: "Send Message",
  sending: "Sending Message...",
  successBanner:
    "Thank you for your message! We've received your inquiry and will respond within our stated timeframe based on the priority level you selected.",
  successToastTitle: "Message Sent Successfully",
  successToastBody: "Thank you for contacting us. We'll get back to you within 24 hours.",
  failureToastTitle: "Error",
  failureToastBody: "Failed to send message. Please try again.",
  invalid: "Please check the highlighted fields.",
  tooMany: "Too many messages from your network. Please try again later.",
  notJson: "The request body must be JSON (Content-Type: application/json).",
  tooLarge: "The request body is too large (at most 64 KB).",
} as const;

/** Field messages shown next to the fields; the API answers the same text in `message`. */
export const CONTACT_FIELD_MESSAGES = {
  name: msg("validation:contact.name"),
  email: msg("validation:contact.email"),
  phone: msg("validation:contact.phone"),
  subject: msg("validation:contact.subject"),
  category: msg("validation:contact.category"),
  message: msg("validation:contact.message"),
  priority: msg("validation:contact.priority"),
  tooLong: (max: number) => msg("validation:tooLong", { max }),
} as const;

/** Labels of the priorities with the promised response time (spec §9), e.g. "Medium (24 hours)". */
export const CONTACT_PRIORITY_LABELS = Object.fromEntries(
  CASE_PRIORITIES.map((p) => [
    p,
    `${p[0]?.toUpperCase()}${p.slice(1)} (response within ${CONTACT_RESPONSE_HOURS[p]} hours)`,
  ]),
) as Record<(typeof CASE_PRIORITIES)[number], string>;

/**
 * A required trimmed text of at most `max` characters, without control characters; one line
 * unless `lines` is "many" (then tabs and line breaks are kept). lib/text.ts says why.
 */
const required = (max: number, message: string, lines: "one" | "many" = "one") =>
  (lines === "one" ? singleLine : multiLine)(
    z.string({ error: message }).trim().min(1, message).max(max, CONTACT_FIELD_MESSAGES.tooLong(max)),
  );

/**
 * The contact form (spec §3 "Contact form fields"): name (255), email (255, an address), phone
 * (optional, 50), subject (255), category (one of CONTACT_CATEGORIES), message
 * (CONTACT_MESSAGE_MAX), priority (low, medium, high, urgent; default medium). Required per
 * spec §5: name, email, subject, category, message. An empty phone becomes undefined, an empty
 * priority medium.
 */
export const ContactSchema = withPhoneCountry(
  z.object({
    name: required(255, CONTACT_FIELD_MESSAGES.name).normalize("NFC"),
    email: emailField(CONTACT_FIELD_MESSAGES.email, CONTACT_FIELD_MESSAGES.tooLong(255)),
    phone: z.preprocess(
      (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
      phoneField(CONTACT_FIELD_MESSAGES.phone, 50, CONTACT_FIELD_MESSAGES.tooLong(50)).optional(),
    ),
    /** The country a national phone is read in: the visitor's region (issue 14 §2). */
    phoneCountry: phoneCountryField,
    subject: required(255, CONTACT_FIELD_MESSAGES.subject),
    category: z.enum(CONTACT_CATEGORIES, { error: CONTACT_FIELD_MESSAGES.category }),
    message: required(CONTACT_MESSAGE_MAX, CONTACT_FIELD_MESSAGES.message, "many"),
    priority: z.preprocess(
      (v) => (v === "" || v === null || v === undefined ? "medium" : v),
      z.enum(CASE_PRIORITIES, { error: CONTACT_FIELD_MESSAGES.priority }),
    ),
  }),
  { phone: CONTACT_FIELD_MESSAGES.phone },
);

/** A validated contact message. */
export type ContactInput = z.infer<typeof ContactSchema>;
/** The contact form's fields in order. */
export const CONTACT_FIELDS = [
  "name",
  "email",
  "phone",
  "subject",
  "category",
  "message",
  "priority",
] as const;
/** One of the contact form's field names. */
export type ContactField = (typeof CONTACT_FIELDS)[number];
