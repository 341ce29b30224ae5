/**
 * The reminder a listing's owner gets 30 days before one of its checks falls due (issue 15 §2
 * "Ongoing monitoring": "emails the lawyer 30 days before"; sent by the daily job,
 * server/verification/daily.ts), in the owner's language (users.locale). It names the check, the
 * listing and the due date and links to the dashboard's listing page; registers re-checked
 * periodically as the source of truth: research notes [S16][S20][S27].
 */
import { isLocale, localizePath } from "../../../lib/i18n/locales.ts";
import type { CheckKind } from "../../../lib/verification.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, oneLine, type RenderedEmail, renderEmail } from "./layout.ts";

/** The checks that fall due on one day, their listing, the due day (YYYY-MM-DD) and the dashboard link. */
export interface VerificationReminderParams {
  kinds: CheckKind[];
  listing: string;
  dueOn: string;
  /** The site's origin; the link opens /dashboard/listing in the recipient's language. */
  origin: string;
}

/** The reminder's content: greeting, which checks are due when, what to do, the link. */
export function verificationReminderContent(
  p: VerificationReminderParams,
  locale: Locale = "en",
): EmailContent {
  const t = translator(locale);
  const lang = isLocale(locale) ? locale : "en";
  // "licence and discipline", in the recipient's language.
  const kind = new Intl.ListFormat(lang, { type: "conjunction" }).format(
    p.kinds.map((k) => t(`recheck.kind.${k}`)),
  );
  return {
    subject: t("recheck.subject", { kind, date: p.dueOn }),
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t("recheck.intro", { kind, listing: oneLine(p.listing), date: p.dueOn })] },
      {
        lines: [
          t("recheck.action"),
          {
            href: `${p.origin}${localizePath("/dashboard/listing", lang)}`,
            label: t("recheck.button"),
            button: true,
          },
        ],
      },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The reminder as `{ subject, html, text }`. */
export function verificationReminderEmail(
  p: VerificationReminderParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(verificationReminderContent(p, locale), locale);
}
