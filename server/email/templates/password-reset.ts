/** The password reset email (issue 3 "Password reset"; server/accounts sends it). */
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** What the reset email shows: the account's first name and the one-time link (1 hour, RESET_TOKEN_TTL_MS). */
export interface PasswordResetParams {
  firstName: string;
  /** `${origin}/reset-password?token=…` */
  link: string;
}

/** The reset email's content: greeting, the link on a line of its own, its lifetime, what to do if unasked. */
export function passwordResetContent(p: PasswordResetParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  return {
    subject: t("reset.subject"),
    blocks: [
      { lines: [t("common.helloName", { name: p.firstName })] },
      { lines: [t("reset.intro")] },
      { lines: [{ href: p.link, label: t("reset.button"), button: true }] },
      { lines: [t("reset.expiry"), t("reset.ignore")] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The password reset email as `{ subject, html, text }`. */
export function passwordResetEmail(p: PasswordResetParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(passwordResetContent(p, locale), locale);
}
