/**
 * Customer messages (spec §2 "Lawyer profile" Send Message, §3 "CustomerMessage" and
 * "MessageReply"; issue 4 "Tracking and messages"): the payload of the profile's Send Message
 * form and of POST /api/lawyers/{id}/messages, and of a lawyer's reply, validated by the same zod
 * schemas in the browser (app/features/messages/) and on the server
 * (server/messages, server/api/messages.ts). Field lengths are the columns of
 * `customer_messages` (spec §3 gives none for the text; MESSAGE_TEXT_MAX bounds it).
 */

import { z } from "zod";
import { emailField } from "./email-address.ts";
import { firstFieldErrors } from "./field-errors.ts";
import { msg } from "./i18n/message.ts";
import { phoneCountryField, phoneField, withPhoneCountry } from "./phone.ts";
import { multiLine, singleLine } from "./text.ts";

/** Longest message or reply, in characters (the `text` columns have no bound; issue 4 sets one). */
export const MESSAGE_TEXT_MAX = 5_000;

/** Texts of the Send Message dialog, its toasts and the inbox. */
export const MESSAGE_TEXTS = {
  button: "Send Message",
  dialogTitle: (lawyerName: string) => `Send a message to ${lawyerName}`,
  submit: "Send Message",
  submitting: "Sending Message...",
  successTitle: "Message sent",
  successBody: (lawyerName: string) =>
    `Your message has been sent to ${lawyerName}. Replies come to the email address you gave.`,
  failureTitle: "Error",
  failureBody: "Failed to send message. Please try again.",
  invalid: "Please check the highlighted fields.",
  unknownLawyer: "Lawyer not found",
  notFound: "Message not found",
  noListing: "Your account is not linked to a listing, so it has no inbox.",
  notLawyer: "Only lawyer accounts have an inbox.",
  replySent: "Your reply has been sent by email.",
  tooMany: "Too many messages from your network. Please try again later.",
  tooManyReplies: "You have sent many replies in the last hour. Please try again later.",
  notJson: "The request body must be JSON (Content-Type: application/json).",
  tooLarge: "The request body is too large (at most 64 KB).",
} as const;

/** Field messages shown next to the fields; the API answers the same text in `message`. */
export const MESSAGE_FIELD_MESSAGES = {
  name: msg("validation:message.name"),
  email: msg("validation:message.email"),
  phone: msg("validation:message.phone"),
  subject: msg("validation:message.subject"),
  message: msg("validation:message.message"),
  reply: msg("validation:message.reply"),
  tooLong: (max: number) => msg("validation:tooLong", { max }),
} as const;

/**
 * A required trimmed text of at most `max` characters, without control characters; one line
 * unless `lines` is "many" (then tabs and line breaks are kept). lib/text.ts says why.
 */
const required = (max: number, message: string, lines: "one" | "many" = "one") =>
  (lines === "one" ? singleLine : multiLine)(
    z.string({ error: message }).trim().min(1, message).max(max, MESSAGE_FIELD_MESSAGES.tooLong(max)),
  );

/**
 * The Send Message payload (spec §3 "CustomerMessage"): name (255), email (255, an address),
 * phone (optional, 50; digits, spaces and + ( ) . -), subject (255), message (MESSAGE_TEXT_MAX).
 * An empty phone becomes undefined.
 */
export const CustomerMessageSchema = withPhoneCountry(
  z.object({
    name: required(255, MESSAGE_FIELD_MESSAGES.name).normalize("NFC"),
    email: emailField(MESSAGE_FIELD_MESSAGES.email, MESSAGE_FIELD_MESSAGES.tooLong(255)),
    phone: z.preprocess(
      (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
      phoneField(MESSAGE_FIELD_MESSAGES.phone, 50, MESSAGE_FIELD_MESSAGES.tooLong(50)).optional(),
    ),
    /** The country a national phone is read in: the visitor's region (issue 14 §2). */
    phoneCountry: phoneCountryField,
    subject: required(255, MESSAGE_FIELD_MESSAGES.subject),
    message: required(MESSAGE_TEXT_MAX, MESSAGE_FIELD_MESSAGES.message, "many"),
  }),
  { phone: MESSAGE_FIELD_MESSAGES.phone },
);

/** A validated Send Message payload. */
export type CustomerMessageInput = z.infer<typeof CustomerMessageSchema>;
/** The Send Message form's field names. */
export type CustomerMessageField = Exclude<keyof z.input<typeof CustomerMessageSchema>, "phoneCountry">;
/** The form's fields in order. */
export const CUSTOMER_MESSAGE_FIELDS = ["name", "email", "phone", "subject", "message"] as const;

/** A lawyer's reply (spec §3 "MessageReply"): at most MESSAGE_TEXT_MAX characters. */
export const MessageReplySchema = z.object({
  reply: required(MESSAGE_TEXT_MAX, MESSAGE_FIELD_MESSAGES.reply, "many"),
});

/** The first message of each top-level field of a zod error, e.g. `{ email: "Enter a valid …" }`. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  return firstFieldErrors(error) as Record<string, string>;
}

/** True for a message id as the database makes them (a UUID); anything else is a 404. */
export { isUuid as isMessageId } from "./ids.ts";
