/**
 * The contact form (spec §2 "Contact", §3 "Contact form fields", §9 "Contact and legal"; issue 4
 * "Contact form"): stored in contact_messages, then emailed to SUPPORT_EMAIL as plain text with
 * the category, the priority and the response time promised for it.
 */

import { CONTACT_RESPONSE_HOURS } from "../../lib/constants.ts";
import { CONTACT_TEXTS, type ContactInput, ContactSchema } from "../../lib/contact.ts";
import { fieldErrorsOf } from "../../lib/messages.ts";
import { contactMessages } from "../db/schema.ts";
import type { MailMessage } from "../email/mailer.ts";
import { RateLimitedError, ValidationError } from "../errors.ts";
import type { DomainDeps } from "../services.ts";
import type { ContactService } from "./service.ts";

/**
 * Subject of the support email, e.g. "[Contact · Technical Support · high] Cannot sign in". The
 * visitor's subject is cut to 120 characters; line breaks cannot occur (the schema trims, and
 * nodemailer folds headers).
 */
export function contactSubject(m: Pick<ContactInput, "category" | "priority" | "subject">): string {
  const subject = m.subject.replace(/\s+/g, " ").slice(0, 120);
  return `[Contact · ${m.category} · ${m.priority}] ${subject}`;
}

/**
 * The email to the support team: every field as plain text, the priority with its promised
 * response time (spec §9), and the id of the stored row. Reply-To is not set: the address was
 * typed by a visitor and has not been verified, so the team answers it on purpose.
 */
export function contactEmail(to: string, id: string, m: ContactInput, receivedAt: Date): MailMessage {
  return {
    to,
    subject: contactSubject(m),
    text: [
      "A message arrived through the contact form of LexAtlas.",
      "",
      `Category: ${m.category}`,
      `Priority: ${m.priority} (we promised a response within ${CONTACT_RESPONSE_HOURS[m.priority]} hours)`,
      `Received: ${receivedAt.toISOString()}`,
      `Reference: ${id}`,
      "",
      `Name: ${m.name}`,
      `Email: ${m.email} (not verified)`,
      `Phone: ${m.phone ?? "not given"}`,
      `Subject: ${m.subject}`,
      "",
      m.message,
    ].join("\n"),
  };
}

/** Creates the process's contact service. */
export function createContactService({ db, config, mailer, rateLimits, logger }: DomainDeps): ContactService {
  return {
    async submit(input, meta) {
      const parsed = ContactSchema.safeParse(input);
      if (!parsed.success) {
        const fields = fieldErrorsOf(parsed.error);
        throw new ValidationError(Object.values(fields)[0] ?? CONTACT_TEXTS.invalid, fields);
      }
      try {
        await rateLimits.consume("contact-ip", meta.ip);
      } catch (err) {
        if (err instanceof RateLimitedError)
          throw new RateLimitedError(CONTACT_TEXTS.tooMany, err.retryAfterSeconds);
        throw err;
      }
      const m = parsed.data;
      const [row] = await db
        .insert(contactMessages)
        .values({
          name: m.name,
          email: m.email,
          phone: m.phone ?? null,
          subject: m.subject,
          category: m.category,
          message: m.message,
          priority: m.priority,
        })
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      const id = row?.id as string;
      logger.info({ contactId: id, category: m.category, priority: m.priority }, "contact message stored");
      // After storing: the message is kept even if the email cannot be sent (logged by the mailer).
      mailer.sendLater(contactEmail(config.SUPPORT_EMAIL, id, m, row?.createdAt ?? new Date()));
      return { id };
    },
  };
}
