/**
 * The email that proves an account's address before it creates a listing showing it (security
 * review of issue 3; see listing-link.ts for what it may say).
 */
import type { Locale } from "./catalog.ts";
import type { EmailContent, RenderedEmail } from "./layout.ts";
import { renderEmail } from "./layout.ts";
import { type LinkEmailParams, linkContent } from "./listing-link.ts";

/** The verification email's content: what was asked and the link that verifies the address. */
export function emailVerificationContent(p: LinkEmailParams, locale: Locale = "en"): EmailContent {
  return linkContent("verify", p, locale);
}

/** The verification email as `{ subject, html, text }`. */
export function emailVerificationEmail(p: LinkEmailParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(emailVerificationContent(p, locale), locale);
}
