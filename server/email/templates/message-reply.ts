/**
 * The email that carries a lawyer's reply to the customer (spec §3 "MessageReply"; issue 4;
 * server/messages): the reply, then the customer's own message quoted, and how to answer
 * (server/messages sets Reply-To to the listing's public contact email).
 */
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** The reply, the message it answers and the listing that wrote it. */
export interface MessageReplyParams {
  customerName: string;
  listingName: string;
  /** "" when the listing has no firm. */
  listingFirm: string;
  listingEmail: string;
  /** The customer's subject. */
  subject: string;
  /** The customer's message, quoted line by line. */
  original: string;
  reply: string;
}

/** The reply email's content (see the module comment). */
export function messageReplyContent(p: MessageReplyParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const who = p.listingFirm ? t("reply.who", { lawyer: p.listingName, firm: p.listingFirm }) : p.listingName;
  return {
    subject: t("reply.subject", { lawyer: p.listingName }),
    blocks: [
      { lines: [t("common.helloName", { name: p.customerName })] },
      { lines: [t("reply.intro", { who, subject: p.subject })] },
      { lines: [{ verbatim: p.reply }] },
      { lines: [t("reply.yourMessage"), { quote: p.original }] },
      { lines: [t("reply.answer", { email: p.listingEmail })] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The reply email as `{ subject, html, text }`. */
export function messageReplyEmail(p: MessageReplyParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(messageReplyContent(p, locale), locale);
}
