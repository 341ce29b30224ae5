/**
 * Contract of the contact form (spec §2 "Contact", §3 "Contact form fields", §4; issue 4): each
 * message is stored and emailed to SUPPORT_EMAIL. Implemented in server/contact/index.ts; used
 * by POST /api/contact (server/api/contact.ts) and the contact page's action
 * (app/routes/contact.tsx), which imports only these types.
 */

import type { Locale } from "../../lib/i18n/locales.ts";

/** The contact form as the contact page's action and POST /api/contact use it. */
export interface ContactService {
  /**
   * Validates `input` with ContactSchema (lib/contact.ts), counts one attempt of `ip` under
   * 'contact-ip', stores a contact_messages row, then emails it to SUPPORT_EMAIL with the
   * category, the priority and its promised response time (in the background: the row is
   * stored even if the email fails). The email is written in English, the support team's one
   * language (docs/i18n.md "Emails"), and names the `locale` the visitor wrote in (the page's, or
   * the API request's Accept-Language; English when absent) so the reply can be in theirs.
   * Answers the new row's id.
   * @throws ValidationError invalid fields, 429 past 'contact-ip'
   */
  submit(input: unknown, meta: { ip: string; locale?: Locale }): Promise<{ id: string }>;
}
