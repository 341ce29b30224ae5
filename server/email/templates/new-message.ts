/**
 * The lawyer's notice of a customer message (spec §2 "Lawyer profile"; issue 4; server/messages):
 * who wrote, the subject and the message as typed, and where to answer: the dashboard's inbox,
 * which needs signing in (the notice carries no link that works without it).
 */
import { DEFAULT_LOCALE, isLocale, localizePath } from "../../../lib/i18n/locales.ts";
import { formatPhone } from "../../../lib/phone.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, linked, type RenderedEmail, renderEmail } from "./layout.ts";

/** The message and who sent it (unverified: a visitor typed all of it). */
export interface NewMessageParams {
  /**
   * The site origin; the inbox link is `${origin}/dashboard#inbox` in English and
   * `${origin}/{locale}/dashboard#inbox` in the recipient's other language (issue 14 §1).
   */
  origin: string;
  listingName: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | undefined;
  subject: string;
  message: string;
}

/**
 * The notice's content (see the module comment) in `locale`, the language of the account that
 * manages the listing; its inbox link opens the dashboard in that language (issue 14 §1).
 */
export function newMessageContent(p: NewMessageParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  const who = {
    name: p.customerName,
    email: p.customerEmail,
    phone: p.customerPhone ? formatPhone(p.customerPhone, null) : "",
  };
  return {
    subject: t("newMessage.subject"),
    blocks: [
      { lines: [t("common.helloName", { name: p.listingName })] },
      {
        flow: true,
        lines: [
          t("newMessage.intro1"),
          linked(t("newMessage.intro2"), {
            href: `${p.origin}${localizePath("/dashboard#inbox", isLocale(locale) ? locale : DEFAULT_LOCALE)}`,
          }),
        ],
      },
      {
        lines: [
          t(p.customerPhone ? "newMessage.fromWithPhone" : "newMessage.from", who),
          t("newMessage.subjectLine", { subject: p.subject }),
        ],
      },
      { lines: [{ verbatim: p.message }] },
      { flow: true, lines: [t("newMessage.warning1"), t("newMessage.warning2")] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The notice as `{ subject, html, text }`. */
export function newMessageEmail(p: NewMessageParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(newMessageContent(p, locale), locale);
}
