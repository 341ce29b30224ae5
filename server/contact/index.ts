/**
 * The contact form (spec §2 "Contact", §3 "Contact form fields", §9 "Contact and legal"; issue 4
 * "Contact form"): stored in contact_messages, then emailed to SUPPORT_EMAIL with the category,
 * the priority and the response time promised for it (server/email/templates/contact.ts).
 */

import { CONTACT_TEXTS, ContactSchema } from "../../lib/contact.ts";
import { DEFAULT_LOCALE } from "../../lib/i18n/locales.ts";
import { fieldErrorsOf } from "../../lib/messages.ts";
import { contactMessages } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { contactEmail } from "../email/templates/index.ts";
import { RateLimitedError, ValidationError } from "../errors.ts";
import type { ContactService } from "./service.ts";

/** Creates the process's contact service. */
export function createContactService({
  db,
  clock,
  config,
  mailer,
  rateLimits,
  logger,
}: DomainDeps): ContactService {
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
          createdAt: clock.now(),
        })
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      const id = row?.id as string;
      logger.info({ contactId: id, category: m.category, priority: m.priority }, "contact message stored");
      // After storing: the message is kept even if the email cannot be sent (logged by the mailer).
      // In English, the support team's language (docs/i18n.md), naming the visitor's language.
      const mail = contactEmail({
        id,
        message: m,
        receivedAt: row?.createdAt ?? clock.now(),
        writerLocale: meta.locale ?? DEFAULT_LOCALE,
      });
      mailer.sendLater(mail.then((rendered) => ({ to: config.SUPPORT_EMAIL, ...rendered })));
      return { id };
    },
  };
}
