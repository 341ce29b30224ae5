/**
 * The email to the support team for a contact form message (spec §2 "Contact", §9; issue 4;
 * server/contact): every field as typed, the priority with its promised response time
 * (CONTACT_RESPONSE_HOURS), and the id of the stored row.
 */

import { CONTACT_RESPONSE_HOURS } from "../../../lib/constants.ts";
import type { ContactInput } from "../../../lib/contact.ts";
import { formatPhone } from "../../../lib/phone.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The stored message: its fields, id, when it arrived and the language its writer used. */
export interface ContactParams {
  id: string;
  message: ContactInput;
  receivedAt: Date;
  /** The locale of the page (or API request) the visitor wrote from; default English. */
  writerLocale?: Locale;
}

/** A locale's name in `locale` with its tag, e.g. ("de", "en") -> "German (de)". */
function languageName(tag: string, locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: "language" }).of(tag) ?? tag;
  return `${name} (${tag})`;
}

/**
 * The support email's subject, e.g. "[Contact · Technical Support · high] Cannot sign in": the
 * visitor's subject with whitespace collapsed and cut to 120 characters.
 */
export function contactSubject(
  m: Pick<ContactInput, "category" | "priority" | "subject">,
  locale: Locale = "en",
): string {
  const subject = m.subject.replace(/\s+/g, " ").slice(0, 120);
  return translator(locale)("contact.subject", { category: m.category, priority: m.priority, subject });
}

/**
 * The support email's content (see the module comment) in `locale` (English: the support team
 * reads one language, docs/i18n.md "Emails"), with the language the visitor wrote in.
 */
export function contactContent(
  { id, message: m, receivedAt, writerLocale = "en" }: ContactParams,
  locale: Locale = "en",
): EmailContent {
  const t = translator(locale);
  return {
    subject: contactSubject(m, locale),
    blocks: [
      { lines: [t("contact.intro")] },
      {
        lines: [
          t("contact.category", { category: m.category }),
          t("contact.priority", { priority: m.priority, hours: CONTACT_RESPONSE_HOURS[m.priority] }),
          t("contact.received", { at: receivedAt.toISOString() }),
          t("contact.reference", { id }),
          t("contact.language", { language: languageName(writerLocale, locale) }),
        ],
      },
      {
        lines: [
          t("contact.name", { name: m.name }),
          t("contact.email", { email: m.email }),
          t("contact.phone", { phone: m.phone ? formatPhone(m.phone, null) : t("contact.phoneNotGiven") }),
          t("contact.subjectLine", { subject: m.subject }),
        ],
      },
      { lines: [{ verbatim: m.message }] },
    ],
  };
}

/** The support email as `{ subject, html, text }`. */
export function contactEmail(p: ContactParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(contactContent(p, locale), locale);
}
